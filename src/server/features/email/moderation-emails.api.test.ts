import { describe, expect, it } from 'vitest';
import { confirmAddress, testSender, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, testDatabases, useTestApp, type TestApp, type TestClient } from '../../../test-support/test-app.js';
import { createSmtpTransport } from './mail-transport.js';

/**
 * Moderation's emails through the outbox, received by a real SMTP server: the author of hidden or
 * removed content is told, and a channel's owner hears of new reports and held comments at most
 * once an hour. Only confirmed addresses get them.
 */
let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@mail.test`;
const HOUR = 60 * 60 * 1000;

async function channelWithArticle(t: TestApp, title: string) {
  const owner = await signedInClient(t, 'owner');
  const channelId = (await owner.client.post('/api/channels', { name: `Desk ${owner.username}`, description: 'Local news' })).json().id as number;
  const article = (await owner.client.post('/api/articles', { title, content: '<p>Text.</p>', channelId })).json() as { id: number; slug: string };
  return { owner, channelId, article };
}

async function adminClient(t: TestApp) {
  const admin = await signedInClient(t, 'admin');
  await t.ctx.users.setAdmin(admin.username, true);
  return admin;
}

const postComment = (client: TestClient, articleId: number, content: string) => client.post(`/api/articles/${articleId}/comments`, { content });
async function publishedComment(client: TestClient, articleId: number, content: string): Promise<number> {
  const response = await postComment(client, articleId, content);
  expect(response.json().status).toBe('published');
  return response.json().id;
}

describe.each(testDatabases())('moderation emails on %s', (kind) => {
  const t = useTestApp(kind);
  const mailbox = useSmtpSender(t);
  const { deliver } = mailbox;
  const mailFor = (to: string, subject: RegExp) => mailbox.smtp.received.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));

  it('tells a comment’s author that it was hidden, with its words and a link to the conversation', async () => {
    const { owner, article } = await channelWithArticle(t, 'Harbour plans');
    const writer = await signedInClient(t, 'writer');
    const email = address('writer');
    await confirmAddress(writer.client, email, deliver);
    const commentId = await publishedComment(writer.client, article.id, 'You are all fools');
    await (await signedInClient(t, 'reader')).client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'harassment' });
    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'hide' });
    await mailbox.sender.drain();

    const [mail, ...more] = mailFor(email, /was hidden/);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your comment on Harbour plans was hidden');
    expect(mail!.text).toContain('You are all fools');
    expect(mail!.text).toContain(`http://localhost:3000/articles/${article.slug}-${article.id}#comment-${commentId}`);
  });

  it('tells an article’s author that a moderator removed it, with the note and a link to the editor', async () => {
    const { owner, article } = await channelWithArticle(t, 'Invented figures');
    const email = address('author');
    await confirmAddress(owner.client, email, deliver);
    await (await signedInClient(t, 'reader')).client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'misinformation' });
    const admin = await adminClient(t);
    await admin.client.post('/api/moderation/reports/resolve', { targetType: 'article', targetId: article.id, action: 'remove', reason: 'Cite your sources.' });
    await mailbox.sender.drain();

    const [mail] = mailFor(email, /was removed/);
    expect(mail!.subject).toBe('Your article Invented figures was removed');
    expect(mail!.text).toContain('Cite your sources.');
    expect(mail!.text).toContain(`Open it in the editor: http://localhost:3000/articles/${article.id}/edit`);
  });

  it('sends nothing to an author without a confirmed address', async () => {
    const { owner, article } = await channelWithArticle(t, 'Quiet article');
    const writer = await signedInClient(t, 'unconfirmed');
    const commentId = await publishedComment(writer.client, article.id, 'Rude');
    await (await signedInClient(t, 'reader')).client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam' });
    const before = mailbox.smtp.received.length;
    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'hide' });
    await mailbox.sender.drain();
    expect(mailbox.smtp.received.slice(before).filter((m) => /was hidden/.test(m.subject))).toEqual([]);
  });

  it('emails the owner at most once an hour when reports and held comments arrive, counting what waits', async () => {
    const { owner, channelId, article } = await channelWithArticle(t, 'Busy article');
    const email = address('owner');
    await confirmAddress(owner.client, email, deliver);
    const writer = await signedInClient(t, 'writer');
    const commentId = await publishedComment(writer.client, article.id, 'Reported words');
    await (await signedInClient(t, 'first')).client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam' });
    await mailbox.sender.drain();
    const waiting = /^Waiting for you in /;
    expect(mailFor(email, waiting)).toHaveLength(1);
    expect(mailFor(email, waiting)[0]!.subject).toContain('1 open report');
    expect(mailFor(email, waiting)[0]!.text).toContain(`http://localhost:3000/channels/${channelId}/moderation`);

    await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] });
    await postComment((await signedInClient(t, 'newcomer')).client, article.id, 'Held for approval');
    await (await signedInClient(t, 'second')).client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'other' });
    await mailbox.sender.drain();
    expect(mailFor(email, waiting)).toHaveLength(1);

    const later = testSender(t, createSmtpTransport(mailbox.smtp.url), { now: () => Date.now() + 2 * HOUR });
    await later.drain();
    await later.stop();
    const [, second, ...more] = mailFor(email, waiting);
    expect(more).toEqual([]);
    expect(second!.text).toContain('2 open reports, 1 comment awaiting approval');
  });
});
