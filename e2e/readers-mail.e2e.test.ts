import { expect, it } from 'vitest';
import { register, SiteClient } from './reliability/support.js';
import { startSmtpServer, type ReceivedMail } from '../src/test-support/smtp.js';
import { Journey, expectAccessible } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

/**
 * Email worth opening and comments that can be edited, in Chromium with a real SMTP server in the
 * test: the whole article in the message that arrives, the one-click unsubscribe address opened in
 * a browser (JavaScript on and off), and an author editing their comment.
 */
const smtp = await startSmtpServer();

describeInBrowser('email worth opening and editable comments in the browser', () => {
  const site = useSite({ SMTP_URL: smtp.url, MAIL_FROM: 'Broadsheet <news@mail.test>' });

  /** A reader with a confirmed address, subscribed to a new channel, and the email of its first article. */
  async function subscribedReader(title: string, content: string): Promise<{ mail: ReceivedMail; channelName: string; article: { id: number; slug: string } }> {
    const author = await register(site.server.url, 'maildesk');
    const channelName = `Ferry Desk ${uniqueUsername('')}`;
    const channel = (await author.client.post('/api/channels', { name: channelName, description: 'Ferries' })).body.id as number;
    const reader = await register(site.server.url, 'mailreader');
    const address = `${reader.username}@mail.test`.toLowerCase();
    await reader.client.put('/api/user/email', { email: address, currentPassword: 'correct-horse' });
    const [confirmation] = await smtp.waitFor(1, (m) => m.to.includes(address));
    const token = /confirm-email\?token=([^\s>"]+)/.exec(confirmation!.text)![1];
    expect((await reader.client.post('/api/email/confirm', { token })).status).toBe(200);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    const article = (await author.client.post('/api/articles', { title, content, channelId: channel })).body as { id: number; slug: string };
    const [mail] = await smtp.waitFor(1, (m) => m.to.includes(address) && m.subject.startsWith(title));
    return { mail: mail!, channelName, article };
  }
  const oneClickOf = (mail: ReceivedMail) => {
    const url = new URL(/^<(.+)>$/.exec(mail.header('List-Unsubscribe')!)![1]!);
    return `${url.pathname}${url.search}`;
  };

  it('delivers the whole article by email, then unsubscribes from the List-Unsubscribe address opened in the browser', async () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `<p>Crossing ${i + 1}: the morning ferry leaves at seven and returns by noon.</p>`);
    const { mail, channelName, article } = await subscribedReader('Ferries run again', `<h2>Timetable</h2>${paragraphs.join('')}`);
    expect(mail.size).toBeLessThanOrEqual(100 * 1024);
    for (let i = 1; i <= 12; i++) {
      expect(mail.html).toContain(`Crossing ${i}: the morning ferry`);
      expect(mail.text).toContain(`Crossing ${i}: the morning ferry`);
    }
    expect(mail.html).toContain(`href="${site.server.url}/articles/${article.slug}-${article.id}#comments"`);

    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    await journey.goto(oneClickOf(mail));
    await journey.expectPath('/unsubscribe');
    await expect.poll(() => page.getByText(`This link stops emails about new articles from ${channelName}.`).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Unsubscribe from new articles from ${channelName}` }).click();
    await expect.poll(() => page.getByText('You will not get these emails any more.').isVisible()).toBe(true);
    await expectAccessible(page, 'unsubscribed');

    // A link that is not ours.
    await journey.goto('/api/email/unsubscribe?token=1.2.not-a-real-signature');
    await expect.poll(() => page.getByText('This unsubscribe link is not valid').isVisible()).toBe(true);
    await journey.close();
  });

  it('unsubscribes with JavaScript off: the page says what the link stops, and its button is a plain form', async () => {
    const { mail, channelName } = await subscribedReader('Ferry strike called off', '<p>The strike is off.</p>');
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(oneClickOf(mail));
    expect(new URL(page.url()).pathname).toBe('/unsubscribe');
    expect(await page.getByText(`This link stops emails about new articles from ${channelName}.`).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Unsubscribe from new articles from ${channelName}` }).click();
    await page.getByText('You will not get these emails any more.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/unsubscribe');

    await page.goto('/unsubscribe?token=broken');
    expect(await page.getByText('This unsubscribe link is not valid').isVisible()).toBe(true);
    await page.goto('/unsubscribe');
    expect(await page.getByText('This unsubscribe link is not valid').isVisible()).toBe(true);
    await context.close();
  });

  it("lets the author edit their comment in place, shows it as edited, and offers no Edit on others' comments", async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const me = uniqueUsername('editor');
    await registerThroughApiSignedIn(journey, me);
    const channel = await api<{ id: number }>(page, 'POST', '/api/channels', { name: uniqueUsername('Quay Desk'), description: 'Quay news' });
    const article = await api<{ id: number; slug: string }>(page, 'POST', '/api/articles', {
      title: 'Quay lights repaired',
      content: '<p>The lights on the quay work again.</p>',
      channelId: channel.body.id,
    });
    expect((await api(page, 'POST', `/api/articles/${article.body.id}/comments`, { content: 'Finaly fixed!' })).status).toBe(201);
    const other = await register(site.server.url, 'neighbour');
    expect((await other.client.post(`/api/articles/${article.body.id}/comments`, { content: 'Not before time.' })).status).toBe(201);

    await journey.goto(`/articles/${article.body.slug}-${article.body.id}`);
    const comments = page.locator('#comments');
    const mine = comments.getByRole('listitem', { name: `Comment by ${me}` });
    const theirs = comments.getByRole('listitem', { name: `Comment by ${other.username}` });
    expect(await theirs.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await mine.getByRole('button', { name: 'Edit' }).click();
    const field = mine.getByLabel('Edit your comment');
    await field.fill('');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => mine.getByText('Comment cannot be empty').isVisible()).toBe(true);
    await field.fill('Finally fixed!');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => mine.getByText('Finally fixed!').isVisible()).toBe(true);
    await expect.poll(() => mine.getByText('(edited)').isVisible()).toBe(true);
    await expectAccessible(page, 'edited comment');

    // The server's render says so too.
    const html = await (await fetch(`${site.server.url}/articles/${article.body.slug}-${article.body.id}`)).text();
    expect(html).toContain('Finally fixed!');
    expect(html).toContain('(edited)');
    expect(html).not.toContain('Finaly fixed!');
    expect((await new SiteClient(site.server.url).get(`/api/articles/${article.body.id}/comments`)).body[0]).toMatchObject({ content: 'Finally fixed!', editedAt: expect.any(String) });
    await journey.close();
  });
});
