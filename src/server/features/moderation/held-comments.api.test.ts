import { describe, expect, it } from 'vitest';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '../../../contract/moderation.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { adminClient, channelWithArticle, postComment, publishedComment, type Person } from '../../../test-support/moderation-fixtures.js';

async function setPolicy(owner: Person, channelId: number, commentPolicy: string, blockedWords: string[] = []) {
  const response = await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy, blockedWords });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function commentCount(t: TestApp, articleId: number): Promise<number> {
  return (await new TestClient(() => t.app).get(`/api/articles/${articleId}`)).json().commentCount;
}

describe.each(testDatabases())('channel moderation settings and held comments on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('lets the owner read and write the settings, admins read them, and hides them from everyone else (404)', async () => {
    const { owner, channelId } = await channelWithArticle(t);
    expect((await owner.client.get(`/api/channels/${channelId}/moderation`)).json()).toEqual({ commentPolicy: 'open', blockedWords: [] });
    expect(await setPolicy(owner, channelId, 'hold_first', ['Spam', 'spam', 'buy now'])).toEqual({ commentPolicy: 'hold_first', blockedWords: ['Spam', 'buy now'] });
    const admin = await adminClient(t);
    expect((await admin.client.get(`/api/channels/${channelId}/moderation`)).json()).toEqual({ commentPolicy: 'hold_first', blockedWords: ['Spam', 'buy now'] });
    expect((await admin.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'open', blockedWords: [] })).statusCode).toBe(403);

    const stranger = await signedInClient(t, 'stranger');
    for (const response of [
      await stranger.client.get(`/api/channels/${channelId}/moderation`),
      await stranger.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'open', blockedWords: [] }),
      await owner.client.get('/api/channels/2000000000/moderation'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await anonymous().get(`/api/channels/${channelId}/moderation`)).statusCode).toBe(401);
    const tooMany = Array.from({ length: MODERATION_LIMITS.blockedWordsMax + 1 }, (_, i) => `word${i}`);
    for (const body of [
      { commentPolicy: 'moderated', blockedWords: [] },
      { commentPolicy: 'open', blockedWords: tooMany },
      { commentPolicy: 'open', blockedWords: ['x'.repeat(MODERATION_LIMITS.blockedWordMax + 1)] },
      { commentPolicy: 'open', blockedWords: ['  '] },
      { commentPolicy: 'open' },
    ]) {
      expect((await owner.client.put(`/api/channels/${channelId}/moderation`, body)).statusCode).toBe(400);
    }
    const log = (await owner.client.get(`/api/moderation/log?channelId=${channelId}`)).json().items;
    expect(log[0]).toMatchObject({ action: 'settings', target: { type: 'channel', id: channelId } });
  });

  it('holds a reader’s first comment under hold_first: only its author sees it, uncounted, until it is approved; later ones appear at once', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'hold_first');
    const newcomer = await signedInClient(t, 'newcomer');
    const held = await postComment(newcomer.client, article.id, 'Hello, first time here');
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({ status: 'pending', content: 'Hello, first time here' });
    const id = held.json().id;

    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json()).toEqual([]);
    expect((await owner.client.get(`/api/articles/${article.id}/comment-threads`)).json()).toMatchObject({ items: [], commentCount: 0 });
    expect((await newcomer.client.get(`/api/articles/${article.id}/comment-threads`)).json().items).toEqual([expect.objectContaining({ id, status: 'pending' })]);
    expect(await commentCount(t, article.id)).toBe(0);
    expect((await anonymous().get(`/api/comments/${id}/replies`)).statusCode).toBe(404);

    // The owner's and admins' own comments are never held.
    await publishedComment(owner.client, article.id, 'Welcome, everyone');
    await publishedComment((await adminClient(t)).client, article.id, 'Admin here');

    const queue = (await owner.client.get(`/api/moderation/held?channelId=${channelId}`)).json();
    expect(queue.items).toEqual([
      expect.objectContaining({ id, articleId: article.id, channelId, author: { id: newcomer.id, username: newcomer.username }, content: 'Hello, first time here', cause: 'hold_first' }),
    ]);
    const approved = await owner.client.post(`/api/moderation/held/${id}`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json().map((c: { id: number }) => c.id)).toContain(id);
    expect(await commentCount(t, article.id)).toBe(3);
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(3);

    await publishedComment(newcomer.client, article.id, 'And a second thought');
    const again = await owner.client.post(`/api/moderation/held/${id}`, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MODERATION_MESSAGES.notHeld });
  });

  it('shows a held reply to its author alone, in the thread pages, the list and the reply pages', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const parent = await publishedComment(owner.client, article.id, 'What do you think?');
    await setPolicy(owner, channelId, 'hold_first');
    const newcomer = await signedInClient(t, 'newcomer');
    const reply = (await postComment(newcomer.client, article.id, 'A held reply', parent)).json();
    expect(reply.status).toBe('pending');
    const seenBy = async (client: TestClient) => ({
      thread: ((await client.get(`/api/articles/${article.id}/comment-threads`)).json().items[0].replies as { id: number }[]).map((c) => c.id),
      list: ((await client.get(`/api/articles/${article.id}/comments`)).json() as { id: number }[]).map((c) => c.id),
      replies: ((await client.get(`/api/comments/${parent}/replies`)).json().items as { id: number }[]).map((c) => c.id),
    });
    expect(await seenBy(newcomer.client)).toEqual({ thread: [reply.id], list: [parent, reply.id], replies: [reply.id] });
    for (const client of [anonymous(), owner.client, (await signedInClient(t, 'other')).client]) {
      expect(await seenBy(client)).toEqual({ thread: [], list: [parent], replies: [] });
    }
  });

  it('deletes a rejected comment, and keeps strangers from deciding (403)', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'hold_first');
    const newcomer = await signedInClient(t, 'newcomer');
    const id = (await postComment(newcomer.client, article.id, 'Please approve me')).json().id;
    const stranger = await signedInClient(t, 'stranger');
    const refused = await stranger.client.post(`/api/moderation/held/${id}`, { decision: 'approve' });
    expect(refused.statusCode).toBe(403);
    expect((await owner.client.post(`/api/moderation/held/${id}`, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await owner.client.post(`/api/moderation/held/${id}`, { decision: 'reject' })).statusCode).toBe(200);
    expect((await newcomer.client.get(`/api/articles/${article.id}/comments`)).json()).toEqual([]);
    expect((await owner.client.post(`/api/moderation/held/${id}`, { decision: 'approve' })).statusCode).toBe(404);
    expect(await commentCount(t, article.id)).toBe(0);
    // Rejected, the reader is still new: their next comment waits too.
    expect((await postComment(newcomer.client, article.id, 'Trying again')).json().status).toBe('pending');
  });

  it('holds a comment with a blocked word, whole words only, ignoring case and accents, even from an approved reader; the owner is exempt', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'hold_first', ['Café', 'buy now']);
    const reader = await signedInClient(t, 'reader');
    const first = (await postComment(reader.client, article.id, 'Hello')).json();
    expect(first).toMatchObject({ status: 'pending' });
    await owner.client.post(`/api/moderation/held/${first.id}`, { decision: 'approve' });
    const cases: [string, 'published' | 'pending'][] = [
      ['Meet me at the CAFE tonight', 'pending'],
      ['cafés are closed, café.', 'pending'],
      ['The cafeteria is open', 'published'],
      ['You should BUY   now!', 'pending'],
      ['Buy it now', 'published'],
      ['Nothing to see', 'published'],
    ];
    for (const [content, status] of cases) {
      const response = await postComment(reader.client, article.id, content);
      expect(response.statusCode).toBe(201);
      expect(response.json().status, content).toBe(status);
    }
    const held = (await owner.client.get(`/api/moderation/held?channelId=${channelId}`)).json().items;
    expect(held.map((c: { content: string }) => c.content)).toEqual(['Meet me at the CAFE tonight', 'cafés are closed, café.', 'You should BUY   now!']);
    expect(held.every((c: { cause: string }) => c.cause === 'blocked_word')).toBe(true);
    await publishedComment(owner.client, article.id, 'The café is mine to name');
  });

  it('picks up new settings at once, on this instance and when another instance announces them', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    await publishedComment(reader.client, article.id, 'Tea is good');
    await setPolicy(owner, channelId, 'open', ['tea']);
    expect((await postComment(reader.client, article.id, 'More tea please')).json().status).toBe('pending');
    // Another instance changed the rows and said so over the invalidation bus.
    await t.ctx.db.updateTable('channel_moderation').set({ blocked_words: '["coffee"]' }).where('channel_id', '=', channelId).execute();
    t.ctx.invalidation.receive([`channel-moderation-${channelId}`]);
    expect((await postComment(reader.client, article.id, 'Tea again')).json().status).toBe('published');
    expect((await postComment(reader.client, article.id, 'Coffee now')).json().status).toBe('pending');
  });

  it('refuses new comments and replies in a closed channel (403), and its articles say so', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    const parent = await publishedComment(reader.client, article.id, 'Before closing');
    await setPolicy(owner, channelId, 'closed');
    for (const response of [await postComment(reader.client, article.id, 'After closing'), await postComment(reader.client, article.id, 'A reply', parent)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: MODERATION_MESSAGES.commentsClosed });
    }
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().commentsClosed).toBe(true);
    await setPolicy(owner, channelId, 'open');
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().commentsClosed).toBe(false);
    await publishedComment(reader.client, article.id, 'Open again');
  });

  it('keeps an edited held comment held, and an edited hidden comment hidden', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    const shown = await publishedComment(reader.client, article.id, 'Rude words');
    await setPolicy(owner, channelId, 'hold_first');
    const held = (await postComment((await signedInClient(t, 'newcomer')).client, article.id, 'Waiting')).json();
    const newcomer = await t.ctx.db.selectFrom('users').select('username').where('id', '=', held.user.id).executeTakeFirstOrThrow();
    expect(newcomer.username).toBe(held.user.username);
    await (await signedInClient(t, 'reporter')).client.post('/api/reports', { targetType: 'comment', targetId: shown, reason: 'harassment' });
    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: shown, action: 'hide' });

    const edited = await reader.client.patch(`/api/comments/${shown}`, { content: 'Still rude words' });
    expect(edited.json()).toMatchObject({ status: 'hidden', content: 'Still rude words' });
    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json()[0]).toMatchObject({ content: MODERATION_MESSAGES.hiddenText, status: 'hidden' });
    const heldRow = await t.ctx.db.selectFrom('comments').select('status').where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(heldRow.status).toBe('pending');
  });

  it('queues a held reply’s notice to the replied-to author only once it is approved', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const author = await signedInClient(t, 'author');
    await t.ctx.db.updateTable('users').set({ email: `${author.username}@example.com`, email_key: `${author.username}@example.com`.toLowerCase() }).where('id', '=', author.id).execute();
    const parent = await publishedComment(author.client, article.id, 'What do you think?');
    await setPolicy(owner, channelId, 'hold_first');
    const newcomer = await signedInClient(t, 'newcomer');
    const reply = (await postComment(newcomer.client, article.id, 'I agree', parent)).json();
    expect(reply.status).toBe('pending');
    const notices = () => t.ctx.db.selectFrom('email_outbox').select('id').where('kind', '=', 'reply').where('user_id', '=', author.id).execute();
    expect(await notices()).toHaveLength(0);
    await owner.client.post(`/api/moderation/held/${reply.id}`, { decision: 'approve' });
    expect(await notices()).toHaveLength(1);
  });
});
