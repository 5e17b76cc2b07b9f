import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { adminClient, channelWithArticle, postComment, publishedComment, type Person } from '../../../test-support/moderation-fixtures.js';

/**
 * An edit is moderated like a new comment: new words with a blocked word wait for a moderator, and
 * under hold_first the text a moderator approved cannot be swapped for other text that nobody saw.
 */

async function setPolicy(owner: Person, channelId: number, commentPolicy: string, blockedWords: string[] = []) {
  const response = await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy, blockedWords });
  expect(response.statusCode, response.body).toBe(200);
}

describe.each(testDatabases())('edited comments under the channel’s moderation on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);
  const publicComments = async (articleId: number) => (await anonymous().get(`/api/articles/${articleId}/comments`)).json() as { id: number; content: string }[];
  const commentCount = async (articleId: number) => (await anonymous().get(`/api/articles/${articleId}`)).json().commentCount as number;
  const heldIds = async (moderator: Person, channelId: number) =>
    ((await moderator.client.get(`/api/moderation/held?channelId=${channelId}`)).json().items as { id: number; cause: string }[]).map((c) => [c.id, c.cause]);

  async function expectCountsMatch(t: TestApp, articleId: number) {
    expect(await commentCount(articleId)).toBe(await t.ctx.commentsRepository.recount(articleId));
  }

  it('holds a published comment edited to contain a blocked word: readers no longer see it, nor count it, until a moderator approves', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'open', ['casino']);
    const reader = await signedInClient(t, 'reader');
    const id = await publishedComment(reader.client, article.id, 'A fair point about the agenda');
    expect(await commentCount(article.id)).toBe(1);

    const edited = await reader.client.patch(`/api/comments/${id}`, { content: 'Win big at the CASINO tonight' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, status: 'pending', content: 'Win big at the CASINO tonight' });
    expect(await publicComments(article.id)).toEqual([]);
    expect(await commentCount(article.id)).toBe(0);
    await expectCountsMatch(t, article.id);
    expect(await heldIds(owner, channelId)).toEqual([[id, 'blocked_word']]);
    // Its author still reads it, marked as waiting.
    expect((await reader.client.get(`/api/articles/${article.id}/comments`)).json()).toEqual([expect.objectContaining({ id, status: 'pending' })]);

    expect((await owner.client.post(`/api/moderation/held/${id}`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await publicComments(article.id)).map((c) => c.content)).toEqual(['Win big at the CASINO tonight']);
    expect(await commentCount(article.id)).toBe(1);
    await expectCountsMatch(t, article.id);
  });

  it('takes a thread’s replies out of the count while its edited top comment waits, and back when it is approved', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'open', ['casino']);
    const reader = await signedInClient(t, 'reader');
    const other = await signedInClient(t, 'other');
    const top = await publishedComment(reader.client, article.id, 'Where is the meeting?');
    await publishedComment(other.client, article.id, 'In the town hall', top);
    expect(await commentCount(article.id)).toBe(2);

    expect((await reader.client.patch(`/api/comments/${top}`, { content: 'Meet me at the casino' })).json().status).toBe('pending');
    expect(await publicComments(article.id)).toEqual([]);
    expect(await commentCount(article.id)).toBe(0);
    await expectCountsMatch(t, article.id);

    await owner.client.post(`/api/moderation/held/${top}`, { decision: 'approve' });
    expect((await publicComments(article.id)).length).toBe(2);
    expect(await commentCount(article.id)).toBe(2);
    await expectCountsMatch(t, article.id);
  });

  it('shows a waiting thread’s replies again, and counts them, once its author deletes the edited top comment', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'open', ['casino']);
    const reader = await signedInClient(t, 'reader');
    const other = await signedInClient(t, 'other');
    const top = await publishedComment(reader.client, article.id, 'Where is the meeting?');
    await publishedComment(other.client, article.id, 'In the town hall', top);
    await reader.client.patch(`/api/comments/${top}`, { content: 'Meet me at the casino' });
    expect(await commentCount(article.id)).toBe(0);

    expect((await reader.client.delete(`/api/comments/${top}`)).statusCode).toBeLessThan(300);
    expect((await publicComments(article.id)).map((c) => c.content)).toEqual([expect.any(String), 'In the town hall']);
    expect(await commentCount(article.id)).toBe(1);
    await expectCountsMatch(t, article.id);
  });

  it('holds again, under hold_first, an approved first comment edited into other text; a comment posted after the approval edits like a new one', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'hold_first');
    const newcomer = await signedInClient(t, 'newcomer');
    const first = (await postComment(newcomer.client, article.id, 'Hello, glad to be here')).json();
    expect(first.status).toBe('pending');
    expect((await owner.client.post(`/api/moderation/held/${first.id}`, { decision: 'approve' })).statusCode).toBe(200);
    expect(await commentCount(article.id)).toBe(1);

    const spam = await newcomer.client.patch(`/api/comments/${first.id}`, { content: 'Cheap pills at https://spam.example/buy' });
    expect(spam.statusCode).toBe(200);
    expect(spam.json()).toMatchObject({ status: 'pending' });
    expect(await publicComments(article.id)).toEqual([]);
    expect(await commentCount(article.id)).toBe(0);
    expect(await heldIds(owner, channelId)).toEqual([[first.id, 'hold_first']]);
    await expectCountsMatch(t, article.id);

    // Approved once more, the reader's later comments appear at once, and so do their edits.
    await owner.client.post(`/api/moderation/held/${first.id}`, { decision: 'approve' });
    const later = await publishedComment(newcomer.client, article.id, 'A second thought');
    const fixed = await newcomer.client.patch(`/api/comments/${later}`, { content: 'A second, better thought' });
    expect(fixed.json()).toMatchObject({ status: 'published', content: 'A second, better thought' });
    expect((await publicComments(article.id)).map((c) => c.content)).toContain('A second, better thought');
    expect(await commentCount(article.id)).toBe(2);
  });

  it('holds the edit of a reader never approved when the channel holds first comments, as it would hold their new comment', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const early = await signedInClient(t, 'early');
    const id = await publishedComment(early.client, article.id, 'Posted while comments were open');
    await setPolicy(owner, channelId, 'hold_first');
    expect((await early.client.patch(`/api/comments/${id}`, { content: 'Changed once the channel holds' })).json().status).toBe('pending');
    expect(await publicComments(article.id)).toEqual([]);
    await expectCountsMatch(t, article.id);
  });

  it('never holds the edits of the channel’s moderators, and keeps a held comment held whatever its edit says', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await setPolicy(owner, channelId, 'hold_first', ['casino']);
    const ownComment = await publishedComment(owner.client, article.id, 'Welcome');
    expect((await owner.client.patch(`/api/comments/${ownComment}`, { content: 'Welcome to the casino night' })).json().status).toBe('published');
    const admin = await adminClient(t);
    const adminComment = await publishedComment(admin.client, article.id, 'Admin here');
    expect((await admin.client.patch(`/api/comments/${adminComment}`, { content: 'Admin at the casino' })).json().status).toBe('published');

    const newcomer = await signedInClient(t, 'newcomer');
    const held = (await postComment(newcomer.client, article.id, 'Waiting here')).json();
    expect((await newcomer.client.patch(`/api/comments/${held.id}`, { content: 'Still waiting here' })).json().status).toBe('pending');
    expect(await commentCount(article.id)).toBe(2);
    await expectCountsMatch(t, article.id);
  });
});
