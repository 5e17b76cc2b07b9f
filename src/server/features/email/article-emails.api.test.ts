import { describe, expect, it } from 'vitest';
import { confirmAddress, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { MAX_ARTICLE_EMAIL_BYTES } from './mail-sender.js';

/**
 * New-article emails as a real SMTP server receives them: the whole article while it fits, as much
 * as fits otherwise, the excerpt when the channel's owner chose it.
 */
let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@mail.test`;
const paragraph = (i: number) => `<p>Paragraph ${i}: the harbour board met again tonight and talked about the ferries, the tides and the fish market for a long while.</p>`;

describe.each(testDatabases())('new-article emails on %s', (kind) => {
  const t = useTestApp(kind);
  const mailbox = useSmtpSender(t);
  const { deliver } = mailbox;

  async function desk() {
    const owner = await signedInClient(t, 'wiredesk');
    const channel = (await owner.client.post('/api/channels', { name: `Harbour Wire ${++n}`, description: 'Harbour news' })).json() as { id: number; name: string };
    const reader = await signedInClient(t, 'subscriber');
    const email = address('reader');
    await confirmAddress(reader.client, email, deliver);
    await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    return { owner, channel, email };
  }
  const publish = async (client: TestClient, channelId: number, title: string, content: string) => {
    const response = await client.post('/api/articles', { title, content, channelId });
    expect(response.statusCode).toBe(201);
    await mailbox.sender.drain();
    await mailbox.sender.drain();
    return response.json() as { id: number; slug: string };
  };
  const received = (who: string, title: string) => mailbox.smtp.received.filter((m) => m.to.includes(who.toLowerCase()) && m.subject.startsWith(title));

  it('carries the whole article: its text in HTML and plain text, its author and channel, and a Comment link', async () => {
    const { owner, channel, email } = await desk();
    const content = `<h2>The vote</h2>${paragraph(1)}<ul><li>Ferries every hour</li><li>A new quay</li></ul><blockquote>We waited long enough.</blockquote>${paragraph(2)}<p><a href="/channels/${channel.id}">More from the desk</a></p>`;
    const article = await publish(owner.client, channel.id, 'Harbour board votes', content);
    const [mail] = received(email, 'Harbour board votes');
    const url = `http://localhost:3000/articles/${article.slug}-${article.id}`;

    expect(mail!.html).toContain('The vote</h2>');
    expect(mail!.html).toContain('Paragraph 1: the harbour board');
    expect(mail!.html).toContain('Paragraph 2: the harbour board');
    expect(mail!.html).toMatch(/<p style="[^"]*font-size:18px[^"]*">Paragraph 1/);
    expect(mail!.html).toContain(`href="http://localhost:3000/channels/${channel.id}"`);
    expect(mail!.html).toContain(`By ${owner.username} in ${channel.name}`);
    expect(mail!.html).toContain(`href="${url}#comments"`);
    expect(mail!.html).not.toContain('Continue reading');
    expect(mail!.text).toContain('Paragraph 2: the harbour board');
    expect(mail!.text).toContain('- Ferries every hour\n- A new quay');
    expect(mail!.text).toContain(`By ${owner.username} in ${channel.name}`);
    expect(mail!.text).toContain(`Comment: ${url}#comments`);
    expect(mail!.size).toBeLessThanOrEqual(MAX_ARTICLE_EMAIL_BYTES);
  });

  it('keeps a long article under 100 KB: as many whole paragraphs as fit, then "Continue reading on Broadsheet"', async () => {
    const { owner, channel, email } = await desk();
    const content = Array.from({ length: 1200 }, (_, i) => paragraph(i + 1)).join('');
    expect(content.length).toBeGreaterThan(150_000);
    const article = await publish(owner.client, channel.id, 'The long harbour report', content);
    const [mail] = received(email, 'The long harbour report');
    expect(mail!.size).toBeLessThanOrEqual(MAX_ARTICLE_EMAIL_BYTES);
    expect(mail!.size).toBeGreaterThan(MAX_ARTICLE_EMAIL_BYTES * 0.8);
    expect(mail!.html).toContain('Paragraph 1: ');
    expect(mail!.html).not.toContain('Paragraph 1200: ');
    expect(mail!.html).toContain('Continue reading on Broadsheet');
    const url = `http://localhost:3000/articles/${article.slug}-${article.id}`;
    expect(mail!.text).toContain(`Continue reading on Broadsheet: ${url}`);
    expect(mail!.text).toContain(`Comment: ${url}#comments`);
    // The footer survives the cut: the reader can still unsubscribe.
    expect(mail!.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);
    // Whole paragraphs only: the last one shown ends as written.
    expect(mail!.html).toMatch(/for a long while\.<\/p><\/div>/);
  });

  it('sends the excerpt only when the owner chose it in the channel, and lets only the owner choose', async () => {
    const { owner, channel, email } = await desk();
    const stranger = await signedInClient(t, 'stranger');
    expect((await owner.client.get(`/api/channels/${channel.id}`)).json().emailExcerptOnly).toBe(false);
    expect((await stranger.client.patch(`/api/channels/${channel.id}`, { emailExcerptOnly: true })).statusCode).toBe(403);
    expect((await owner.client.patch(`/api/channels/${channel.id}`, { emailExcerptOnly: 'yes' })).statusCode).toBe(400);
    expect((await new TestClient(() => t.app).patch(`/api/channels/${channel.id}`, { emailExcerptOnly: true })).statusCode).toBe(401);
    const chosen = await owner.client.patch(`/api/channels/${channel.id}`, { emailExcerptOnly: true });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ emailExcerptOnly: true, name: channel.name });

    const content = Array.from({ length: 40 }, (_, i) => paragraph(i + 1)).join('');
    const article = await publish(owner.client, channel.id, 'Excerpt from the harbour', content);
    const [mail] = received(email, 'Excerpt from the harbour');
    expect(mail!.html).toContain('Paragraph 1: ');
    expect(mail!.html).not.toContain('Paragraph 40: ');
    expect(mail!.html).toContain('Read the article');
    expect(mail!.text).toContain(`Read the article: http://localhost:3000/articles/${article.slug}-${article.id}`);
    expect(mail!.text).toContain(`By ${owner.username} in ${channel.name}`);
    expect(mail!.text).toContain('Comment: ');
  });
});
