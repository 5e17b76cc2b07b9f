import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, type Comment, type CommentThreadPage } from '../../../contract/comments.js';
import { LIMITS } from '../../../contract/limits.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function publishedArticle(t: TestApp) {
  const author = await signedInClient(t, 'editdesk');
  const channel = await author.client.post('/api/channels', { name: 'Edit Desk', description: 'Where words change' });
  const article = await author.client.post('/api/articles', { title: 'A story to discuss', content: '<p>Body</p>', channelId: channel.json().id });
  expect(article.statusCode).toBe(201);
  return { author, article: article.json() as { id: number } };
}

async function comment(client: TestClient, articleId: number, content: string, parentId: number | null = null): Promise<Comment> {
  const response = await client.post(`/api/articles/${articleId}/comments`, { content, parent_id: parentId });
  if (response.statusCode !== 201) throw new Error(`comment failed ${response.statusCode} ${response.body}`);
  return response.json();
}

describe.each(testDatabases())('editing a comment on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);
  const threads = async (articleId: number) => (await anonymous().get(`/api/articles/${articleId}/comment-threads`)).json() as CommentThreadPage;
  const postedAgo = (id: number, ms: number) => t.database.db.updateTable('comments').set({ created_at: Date.now() - ms }).where('id', '=', id).execute();

  it('lets the author change their words for 15 minutes, and marks the comment as edited', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const posted = await comment(ada.client, article.id, 'Teh first take');
    expect(posted.editedAt).toBeNull();

    const edited = await ada.client.patch(`/api/comments/${posted.id}`, { content: '  The first take  ' });
    expect(edited.statusCode).toBe(200);
    const body = edited.json() as Comment;
    expect(body).toMatchObject({ id: posted.id, content: 'The first take', createdAt: posted.createdAt, user: { id: ada.id } });
    expect(Date.parse(body.editedAt!)).toBeGreaterThanOrEqual(Date.parse(posted.createdAt));

    const page = await threads(article.id);
    expect(page.items[0]).toMatchObject({ id: posted.id, content: 'The first take', editedAt: body.editedAt });
    expect(page.commentCount).toBe(1);

    // A reply, one second short of the window, is still the author's to change.
    const reply = await comment(ada.client, article.id, 'And a reply', posted.id);
    await postedAgo(reply.id, LIMITS.commentEditMs - 1000);
    expect((await ada.client.patch(`/api/comments/${reply.id}`, { content: 'And a better reply' })).json().content).toBe('And a better reply');
    expect((await threads(article.id)).items[0]!.replies[0]).toMatchObject({ content: 'And a better reply', editedAt: expect.any(String) });
  });

  it('refuses an edit after 15 minutes with a message that says why', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const posted = await comment(ada.client, article.id, 'Too late to fix');
    await postedAgo(posted.id, LIMITS.commentEditMs);
    const late = await ada.client.patch(`/api/comments/${posted.id}`, { content: 'Fixed' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: COMMENT_MESSAGES.editWindowClosed });
    expect((await threads(article.id)).items[0]).toMatchObject({ content: 'Too late to fix', editedAt: null });
  });

  it('refuses everyone but the author: other readers, the article owner and admins (403), signed-out callers (401)', async () => {
    const { author, article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const bo = await signedInClient(t, 'bo');
    const admin = await signedInClient(t, 'admin');
    await t.ctx.users.setAdmin(admin.username, true);
    const posted = await comment(ada.client, article.id, 'My own words');

    for (const other of [bo, author, admin]) {
      const refused = await other.client.patch(`/api/comments/${posted.id}`, { content: 'Words put in her mouth' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: COMMENT_MESSAGES.editNotAllowed });
    }
    const signedOut = await anonymous().patch(`/api/comments/${posted.id}`, { content: 'Anonymous edit' });
    expect(signedOut.statusCode).toBe(401);
    expect((await threads(article.id)).items[0]).toMatchObject({ content: 'My own words', editedAt: null });
  });

  it('checks the new text as a new comment is checked, and answers 404 for a comment that is not there', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const posted = await comment(ada.client, article.id, 'Something to say');
    const url = `/api/comments/${posted.id}`;

    const empty = await ada.client.patch(url, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: COMMENT_MESSAGES.empty });
    const long = await ada.client.patch(url, { content: 'x'.repeat(LIMITS.commentMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: COMMENT_MESSAGES.tooLong });
    expect((await ada.client.patch(url, {})).statusCode).toBe(400);
    expect((await ada.client.patch(url, { content: 42 })).statusCode).toBe(400);
    expect((await ada.client.patch('/api/comments/abc', { content: 'x' })).statusCode).toBe(400);
    expect((await ada.client.patch('/api/comments/999999', { content: 'x' })).statusCode).toBe(404);

    expect((await ada.client.delete(url)).statusCode).toBe(204);
    expect((await ada.client.patch(url, { content: 'Back from the dead' })).statusCode).toBe(404);
  });
});

describe.each(testDatabases())('an edited comment and the response cache on %s', (kind) => {
  // A TTL far longer than the test: only the edit's invalidation can make the next read fresh.
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });

  it('shows the new words to the next anonymous reader of the comments', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const posted = await comment(ada.client, article.id, 'Cached words');
    const anonymous = new TestClient(() => t.app);
    const urls = [`/api/articles/${article.id}/comments`, `/api/articles/${article.id}/comment-threads`];
    for (const url of urls) {
      await anonymous.get(url);
      expect((await anonymous.get(url)).headers['x-cache'], url).toBe('hit');
    }
    expect((await ada.client.patch(`/api/comments/${posted.id}`, { content: 'Fresh words' })).statusCode).toBe(200);
    expect((await anonymous.get(urls[0]!)).json()[0]).toMatchObject({ content: 'Fresh words', editedAt: expect.any(String) });
    expect((await anonymous.get(urls[1]!)).json().items[0]).toMatchObject({ content: 'Fresh words' });
  });
});
