import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '../../../contract/comments.js';
import { up as recountSeenComments } from '../../db/migrations/2026_12_02_1150_comment_count_seen.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { adminClient, channelWithArticle, postComment, publishedComment, type Person } from '../../../test-support/moderation-fixtures.js';

/**
 * A held comment exists only for its author: nobody else can answer it, and what waits under it is
 * no more counted than it is.
 */

async function holdFirst(owner: Person, channelId: number) {
  expect((await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] })).statusCode).toBe(200);
}

describe.each(testDatabases())('replies under held comments on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);
  const commentCount = async (articleId: number) => (await anonymous().get(`/api/articles/${articleId}`)).json().commentCount as number;
  const threadCount = async (articleId: number) => (await anonymous().get(`/api/articles/${articleId}/comment-threads`)).json().commentCount as number;

  it('answers a reply to another reader’s held comment as a reply to a missing one (400, the same error), for readers and moderators alike', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await holdFirst(owner, channelId);
    const newcomer = await signedInClient(t, 'newcomer');
    const held = (await postComment(newcomer.client, article.id, 'My first words here')).json();
    expect(held.status).toBe('pending');

    const missing = await postComment(owner.client, article.id, 'Answering nothing', 2_000_000_000);
    expect(missing.statusCode).toBe(400);
    const reader = await signedInClient(t, 'reader');
    await publishedComment(owner.client, article.id, 'Approved readers may reply');
    for (const who of [reader, owner, await adminClient(t)]) {
      const reply = await postComment(who.client, article.id, `Replying as ${who.username}`, held.id);
      expect(reply.statusCode, who.username).toBe(400);
      expect(reply.json()).toEqual(missing.json());
      expect(reply.json()).toEqual({ error: COMMENT_MESSAGES.parentMissing });
    }
    expect(await commentCount(article.id)).toBe(1);
    expect(await threadCount(article.id)).toBe(1);
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(1);
  });

  it('holds an author’s reply to their own held comment, and counts it only once readers can see it', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await holdFirst(owner, channelId);
    const newcomer = await signedInClient(t, 'newcomer');
    const held = (await postComment(newcomer.client, article.id, 'A first thought')).json();
    const reply = await postComment(newcomer.client, article.id, 'And one more', held.id);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: 'pending', parent_id: held.id });
    expect(await commentCount(article.id)).toBe(0);

    // The reply approved first: still out of sight under its waiting comment, so still uncounted.
    expect((await owner.client.post(`/api/moderation/held/${reply.json().id}`, { decision: 'approve' })).statusCode).toBe(200);
    expect(await commentCount(article.id)).toBe(0);
    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json()).toEqual([]);

    expect((await owner.client.post(`/api/moderation/held/${held.id}`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json()).toHaveLength(2);
    expect(await commentCount(article.id)).toBe(2);
    expect(await threadCount(article.id)).toBe(2);
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(2);
  });

  it('counts again, on migrating, the replies a held comment once gathered', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await holdFirst(owner, channelId);
    const held = (await postComment((await signedInClient(t, 'newcomer')).client, article.id, 'Waiting')).json();
    const shown = await publishedComment(owner.client, article.id, 'Shown to all');
    // A reply accepted and counted under it before replies to held comments were refused.
    await t.ctx.db.updateTable('comments').set({ parent_id: held.id }).where('id', '=', shown).execute();
    expect(await commentCount(article.id)).toBe(1);
    await recountSeenComments(t.ctx.db);
    expect(await commentCount(article.id)).toBe(0);
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(0);
  });
});
