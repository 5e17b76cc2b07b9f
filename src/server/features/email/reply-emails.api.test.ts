import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../../contract/email.js';
import { confirmAddress, linkIn, testSender, tokenOf, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { createSmtpTransport } from './mail-transport.js';

/**
 * Reply notifications through the outbox, received by a real SMTP server: who gets one, what it
 * carries, one email per thread an hour, and the switch that stops them.
 */
let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@mail.test`;
const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('reply emails on %s', (kind) => {
  const t = useTestApp(kind);
  const mailbox = useSmtpSender(t);
  const { deliver } = mailbox;
  const repliesTo = (who: string) => mailbox.smtp.received.filter((m) => m.to.includes(who.toLowerCase()) && /replied to your comment|new replies to your comment/.test(m.subject));

  async function discussion(t: TestApp) {
    const writer = await signedInClient(t, 'replydesk');
    const channel = (await writer.client.post('/api/channels', { name: `Reply Desk ${++n}`, description: 'Talk' })).json().id as number;
    const article = (await writer.client.post('/api/articles', { title: `Harbour plans ${n}`, content: '<p>Plans.</p>', channelId: channel })).json() as { id: number; slug: string };
    const ada = await signedInClient(t, 'ada');
    const email = address('ada');
    await confirmAddress(ada.client, email, deliver);
    const top = (await ada.client.post(`/api/articles/${article.id}/comments`, { content: 'I like the plans.' })).json() as { id: number };
    return { article, ada, email, top };
  }
  const reply = async (client: TestClient, articleId: number, parentId: number, content: string) => {
    const response = await client.post(`/api/articles/${articleId}/comments`, { content, parent_id: parentId });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number };
  };

  it('emails the author of a comment when someone replies, with the reply, the conversation and an unsubscribe link', async () => {
    const { article, ada, email, top } = await discussion(t);
    const bo = await signedInClient(t, 'bo');
    await reply(bo.client, article.id, top.id, 'Me too, <b>especially</b> the park.');
    await mailbox.sender.drain();

    const [mail, ...more] = repliesTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(new RegExp(`^${bo.username} replied to your comment on Harbour plans \\d+$`));
    expect(mail!.text).toContain('Me too, <b>especially</b> the park.');
    expect(mail!.html).toContain('Me too, &lt;b&gt;especially&lt;/b&gt; the park.');
    const conversation = `http://localhost:3000/articles/${article.slug}-${article.id}#comments`;
    expect(mail!.text).toContain(`Read the conversation: ${conversation}`);
    expect(mail!.html).toContain(`href="${conversation}"`);
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.header('List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[^>]+>$/);

    // The link in the email stops reply emails, and says so before it does.
    const link = linkIn(mail!.text, '/unsubscribe');
    const anonymous = new TestClient(() => t.app);
    expect((await anonymous.get(`/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(link))}`)).json()).toEqual({ scope: 'replies', channelName: null, notify: 'each' });
    expect((await anonymous.post(`/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(link))}`, {})).json().message).toBe(EMAIL_MESSAGES.unsubscribed);
    expect((await ada.client.get('/api/user/notifications')).json().replies).toBe(false);
    await reply(bo.client, article.id, top.id, 'Still there?');
    await mailbox.sender.drain();
    const later = testSender(t, createSmtpTransport(mailbox.smtp.url), { now: () => Date.now() + 2 * HOUR });
    await later.drain();
    await later.stop();
    expect(repliesTo(email)).toHaveLength(1);
  });

  it('sends at most one email per thread an hour, the replies of that hour together', async () => {
    const { article, ada, email, top } = await discussion(t);
    const bo = await signedInClient(t, 'bo');
    const cy = await signedInClient(t, 'cy');
    await reply(bo.client, article.id, top.id, 'First answer');
    await mailbox.sender.drain();
    expect(repliesTo(email)).toHaveLength(1);

    await reply(cy.client, article.id, top.id, 'Second answer');
    // A reply to a reply joins the thread, and its author's own words never mail themselves.
    await reply(ada.client, article.id, top.id, 'Thanks, both');
    await reply(bo.client, article.id, top.id, 'Third answer');
    await mailbox.sender.drain();
    expect(repliesTo(email)).toHaveLength(1);

    const anHourLater = testSender(t, createSmtpTransport(mailbox.smtp.url), { now: () => Date.now() + HOUR + 60_000 });
    await anHourLater.drain();
    await anHourLater.stop();
    const mails = repliesTo(email);
    expect(mails).toHaveLength(2);
    const batch = mails[1]!;
    expect(batch.subject).toMatch(/^2 new replies to your comment on Harbour plans/);
    expect(batch.text).toContain('Second answer');
    expect(batch.text).toContain('Third answer');
    expect(batch.text).not.toContain('First answer');
    expect(batch.text).not.toContain('Thanks, both');
    void ada;
  });

  it('sends nothing for a reply to yourself, to an address not confirmed, or with reply emails turned off', async () => {
    const { article, ada, email, top } = await discussion(t);
    await reply(ada.client, article.id, top.id, 'Replying to myself');
    await mailbox.sender.drain();
    expect(repliesTo(email)).toEqual([]);

    // No confirmed address: nothing is queued at all.
    const noMail = await signedInClient(t, 'nomail');
    const theirs = (await noMail.client.post(`/api/articles/${article.id}/comments`, { content: 'No address here' })).json() as { id: number };
    await reply(ada.client, article.id, theirs.id, 'Hello, no address');
    const queued = await t.database.db.selectFrom('email_outbox').select('id').where('kind', '=', 'reply').where('user_id', '=', noMail.id).execute();
    expect(queued).toEqual([]);

    // Turned off on the profile.
    expect((await ada.client.put('/api/user/notifications', { replies: false })).json()).toMatchObject({ hasConfirmedEmail: true, replies: false });
    const bo = await signedInClient(t, 'bo');
    await reply(bo.client, article.id, top.id, 'You will not hear of this');
    await mailbox.sender.drain();
    expect(repliesTo(email)).toEqual([]);
  });

  it('keeps the reply switch beside the other notification settings: on by default, validated, yours only', async () => {
    const reader = await signedInClient(t, 'switcher');
    expect((await reader.client.get('/api/user/notifications')).json()).toEqual({ hasConfirmedEmail: false, replies: true, items: [] });
    expect((await reader.client.put('/api/user/notifications', { replies: false })).json()).toEqual({ hasConfirmedEmail: false, replies: false, items: [] });
    expect((await reader.client.get('/api/user/notifications')).json().replies).toBe(false);
    expect((await reader.client.put('/api/user/notifications', { replies: true })).json().replies).toBe(true);

    const bad = await reader.client.put('/api/user/notifications', { replies: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/replies/i);
    expect((await reader.client.put('/api/user/notifications', {})).statusCode).toBe(400);
    const anonymous = new TestClient(() => t.app);
    expect((await anonymous.put('/api/user/notifications', { replies: false })).statusCode).toBe(401);
    expect((await anonymous.get('/api/user/notifications')).statusCode).toBe(401);
  });
});

describe.each(testDatabases())('the one-click unsubscribe address opened in a browser on %s', (kind) => {
  const t = useTestApp(kind);
  const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('sends a browser to the unsubscribe page, and answers JSON clients with JSON', async () => {
    const token = await t.ctx.unsubscribeLinks.token({ userId: 1, channelId: 1 });
    const query = `?token=${encodeURIComponent(token)}`;
    const browser = await t.app.inject({ method: 'GET', url: `/api/email/unsubscribe${query}`, headers: { accept: html } });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/unsubscribe${query}`);

    // A broken link reaches the page too, which says it is not valid.
    const broken = await t.app.inject({ method: 'GET', url: '/api/email/unsubscribe?token=nonsense', headers: { accept: html } });
    expect(broken.statusCode).toBe(303);
    expect(broken.headers.location).toBe('/unsubscribe?token=nonsense');

    for (const accept of [undefined, 'application/json', '*/*', 'application/json, text/html']) {
      const json = await t.app.inject({ method: 'GET', url: `/api/email/unsubscribe${query}`, headers: accept ? { accept } : {} });
      expect(json.statusCode, String(accept)).toBe(200);
      expect(json.json()).toMatchObject({ scope: 'channel' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/email/unsubscribe?token=nonsense' })).statusCode).toBe(400);
  });
});
