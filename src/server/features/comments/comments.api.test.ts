import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, threadComments, type Comment, type CommentThread } from '../../../contract/comments.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function publishedArticle(t: TestApp, fields: Record<string, unknown> = {}) {
  const author = await signedInClient(t, 'author');
  const channel = await author.client.post('/api/channels', { name: 'Comment Desk', description: 'Where people talk' });
  expect(channel.statusCode).toBe(201);
  const article = await author.client.post('/api/articles', { title: 'A story', content: '<p>Body</p>', channelId: channel.json().id, ...fields });
  expect(article.statusCode).toBe(201);
  return { author, article: article.json() as { id: number; slug: string } };
}

async function comment(client: TestClient, articleId: number, content: string, parentId: number | null = null) {
  const response = await client.post(`/api/articles/${articleId}/comments`, { content, parent_id: parentId });
  if (response.statusCode !== 201) throw new Error(`comment failed ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; parent_id: number | null; content: string };
}

/** What the list shows as comments (not the 'deleted' placeholders). */
function visibleComments(threads: CommentThread[]): number {
  return threads.reduce((n, thread) => n + (thread.deleted ? 0 : 1) + thread.replies.filter((r) => !r.deleted).length, 0);
}

describe.each(testDatabases())('comments on %s', (kind) => {
  const queries: string[] = [];
  const t = useTestApp(kind, {}, { onQuery: (sql) => queries.push(sql) });
  const anonymous = () => new TestClient(() => t.app);
  const list = async (articleId: number) => threadComments((await anonymous().get(`/api/articles/${articleId}/comments`)).json() as Comment[]);
  const commentCount = async (articleId: number) => (await anonymous().get(`/api/articles/${articleId}`)).json().commentCount as number;

  it('refuses the same comment by the same author on the same article and parent within 10 seconds (409)', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const bo = await signedInClient(t, 'bo');
    const url = `/api/articles/${article.id}/comments`;
    // A double click: two requests at once, one comment.
    const both = await Promise.all([ada.client.post(url, { content: 'Twice?' }), ada.client.post(url, { content: ' Twice? ' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ error: COMMENT_MESSAGES.duplicate });
    const first = both.find((r) => r.statusCode === 201)!.json() as { id: number };
    // Another author, another text, or a reply with the same text are new comments.
    expect((await bo.client.post(url, { content: 'Twice?' })).statusCode).toBe(201);
    expect((await ada.client.post(url, { content: 'Twice? Really.' })).statusCode).toBe(201);
    expect((await ada.client.post(url, { content: 'Twice?', parent_id: first.id })).statusCode).toBe(201);
    expect((await ada.client.post(url, { content: 'Twice?', parent_id: first.id })).statusCode).toBe(409);
    expect(visibleComments(await list(article.id))).toBe(4);
    // Ten seconds later the same words are a new comment.
    await t.database.db.updateTable('comments').set({ created_at: Date.now() - 10_001 }).where('article_id', '=', article.id).execute();
    expect((await ada.client.post(url, { content: 'Twice?' })).statusCode).toBe(201);
    expect(await commentCount(article.id)).toBe(5);
  });

  it('posts, replies, and lists threads oldest first with their authors', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const bo = await signedInClient(t, 'bo');
    const first = await comment(ada.client, article.id, '  First!\nWith a second line.  ');
    expect(first).toMatchObject({ content: 'First!\nWith a second line.', parent_id: null });
    const second = await comment(bo.client, article.id, 'Second thought');
    const reply = await comment(bo.client, article.id, 'Replying to Ada', first.id);
    const replyToReply = await comment(ada.client, article.id, 'Replying to the reply', reply.id);
    // Two levels only: a reply to a reply joins the top-level comment.
    expect(replyToReply.parent_id).toBe(first.id);

    // The first product's list of comments: flat, each top-level comment followed by its replies (parent_id).
    const flat = (await anonymous().get(`/api/articles/${article.slug}-${article.id}/comments`)).json() as Comment[];
    expect(flat.map((c) => [c.id, c.parent_id])).toEqual([
      [first.id, null],
      [reply.id, first.id],
      [replyToReply.id, first.id],
      [second.id, null],
    ]);
    expect(flat[1]).not.toHaveProperty('replies');
    const threads = threadComments(flat);
    expect(threads).toHaveLength(2);
    expect(threads[0]).toMatchObject({
      id: first.id,
      content: 'First!\nWith a second line.',
      parent_id: null,
      user: { id: ada.id, username: ada.username },
      deleted: false,
    });
    expect(typeof threads[0]!.created_at).toBe('string');
    expect(threads[0]!.createdAt).toBe(threads[0]!.created_at);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual([reply.id, replyToReply.id]);
    expect(threads[0]!.replies[0]).toMatchObject({ parent_id: first.id, user: { username: bo.username } });
    expect(threads[1]).toMatchObject({ id: second.id, replies: [] });
    expect(await commentCount(article.id)).toBe(4);
  });

  it('reads a thread in a fixed number of statements, however long it is', async () => {
    const { article } = await publishedArticle(t);
    const writer = await signedInClient(t);
    const top = await comment(writer.client, article.id, 'Top');
    for (let i = 0; i < 6; i++) await comment(writer.client, article.id, `Reply ${i}`, top.id);
    queries.length = 0;
    await anonymous().get(`/api/articles/${article.id}/comments`);
    const few = queries.length;
    for (let i = 0; i < 8; i++) await comment(writer.client, article.id, `More ${i}`, i % 2 ? top.id : null);
    queries.length = 0;
    const threads = await list(article.id);
    expect(visibleComments(threads)).toBe(15);
    expect(queries.length).toBe(few);
    expect(few).toBeLessThanOrEqual(4);
  });

  it('pages the threads in reading order, each with its replies, and counts the article', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const bo = await signedInClient(t, 'bo');
    const tops: number[] = [];
    for (let i = 0; i < 5; i++) tops.push((await comment(ada.client, article.id, `Thread ${i}`)).id);
    // Replies written after later threads still come with their own thread.
    await comment(bo.client, article.id, 'Reply to 1', tops[1]);
    await comment(bo.client, article.id, 'Reply to 3', tops[3]);
    await comment(ada.client, article.id, 'Reply to the reply to 3', tops[3]);

    type Page = { items: CommentThread[]; nextCursor: string | null; commentCount: number };
    const page = async (query: string, client: TestClient = anonymous()) => {
      const response = await client.get(`/api/articles/${article.slug}-${article.id}/comment-threads${query}`);
      expect(response.statusCode).toBe(200);
      return response.json() as Page;
    };
    const first = await page('?limit=2');
    expect(first.items.map((thread) => thread.content)).toEqual(['Thread 0', 'Thread 1']);
    expect(first.items[1]!.replies.map((reply) => reply.content)).toEqual(['Reply to 1']);
    expect(first.commentCount).toBe(8);
    const second = await page(`?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((thread) => thread.content)).toEqual(['Thread 2', 'Thread 3']);
    expect(second.items[1]!.replies.map((reply) => reply.content)).toEqual(['Reply to 3', 'Reply to the reply to 3']);
    const last = await page(`?limit=2&cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect(last.items.map((thread) => thread.content)).toEqual(['Thread 4']);
    expect(last.nextCursor).toBeNull();

    // Exactly a page's worth: no cursor to an empty page.
    expect((await page('?limit=5')).nextCursor).toBeNull();
    // The pages together are the first product's list, grouped.
    const all = (await page('')).items;
    expect(all).toEqual(await list(article.id));

    // A deleted thread with replies stays as its placeholder; one without goes, and the count follows.
    expect((await ada.client.delete(`/api/comments/${tops[3]}`)).statusCode).toBe(204);
    expect((await ada.client.delete(`/api/comments/${tops[4]}`)).statusCode).toBe(204);
    const after = await page('?limit=10');
    expect(after.items.map((thread) => thread.content)).toEqual(['Thread 0', 'Thread 1', 'Thread 2', COMMENT_MESSAGES.deletedText]);
    expect(after.commentCount).toBe(6);
    expect(after.commentCount).toBe(visibleComments(after.items));
  });

  it("brings a thread's first 10 replies and reads the rest a page at a time from its cursor", async () => {
    const { article } = await publishedArticle(t);
    // Two writers: one would reach the per-minute comment limit.
    const ada = await signedInClient(t, 'ada');
    const bo = await signedInClient(t, 'bo');
    const long = await comment(ada.client, article.id, 'A long thread');
    const replies: number[] = [];
    for (let i = 0; i < 13; i++) replies.push((await comment(i % 2 ? bo.client : ada.client, article.id, `Reply ${i}`, long.id)).id);
    const full = await comment(bo.client, article.id, 'A thread of exactly ten');
    for (let i = 0; i < 10; i++) await comment(i % 2 ? ada.client : bo.client, article.id, `Answer ${i}`, full.id);
    // A deleted reply is not shown, so it does not count among the first ten.
    expect((await ada.client.delete(`/api/comments/${replies[2]}`)).statusCode).toBe(204);
    const shownReplies = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => `Reply ${i}`);

    const threads = (await anonymous().get(`/api/articles/${article.id}/comment-threads`)).json() as { items: CommentThread[] };
    const [first, second] = threads.items;
    expect(first!.replies.map((reply) => reply.content)).toEqual(shownReplies.slice(0, 10));
    expect(first!.repliesCursor).toEqual(expect.any(String));
    expect(second!.replies).toHaveLength(10);
    expect(second!.repliesCursor).toBeNull();

    type Page = { items: Comment[]; nextCursor: string | null };
    const more = async (query: string, client: TestClient = anonymous()) => {
      const response = await client.get(`/api/comments/${long.id}/replies${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json() as Page;
    };
    const page1 = await more(`?limit=1&cursor=${encodeURIComponent(first!.repliesCursor!)}`);
    expect(page1.items.map((reply) => reply.content)).toEqual(['Reply 11']);
    expect(page1.items[0]).toMatchObject({ parent_id: long.id, user: { id: bo.id, username: bo.username }, deleted: false });
    const page2 = await more(`?limit=1&cursor=${encodeURIComponent(page1.nextCursor!)}`);
    expect(page2.items.map((reply) => reply.content)).toEqual(['Reply 12']);
    expect(page2.nextCursor).toBeNull();
    // Exactly the rest in one page: no cursor to an empty page.
    expect((await more(`?limit=2&cursor=${encodeURIComponent(first!.repliesCursor!)}`)).nextCursor).toBeNull();
    // From the start, every shown reply in order; the thread page and the flat list agree with it.
    expect((await more('')).items.map((reply) => reply.content)).toEqual(shownReplies);
    expect((await list(article.id))[0]!.replies.map((reply) => reply.content)).toEqual(shownReplies);

    // A reply has no replies; a comment that does not exist is a 404; bad input a 400 naming it.
    expect((await anonymous().get(`/api/comments/${replies[0]}/replies`)).json()).toEqual({ items: [], nextCursor: null });
    const missing = await anonymous().get('/api/comments/987654321/replies');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: COMMENT_MESSAGES.notFound });
    for (const query of ['?cursor=nonsense', '?limit=0', '?limit=101']) {
      const response = await anonymous().get(`/api/comments/${long.id}/replies${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(/cursor|limit/);
    }
    // On a draft, only its author reads them.
    const { author, article: draft } = await publishedArticle(t, { status: 'draft' });
    const note = await comment(author.client, draft.id, 'A note');
    await comment(author.client, draft.id, 'And another', note.id);
    expect((await anonymous().get(`/api/comments/${note.id}/replies`)).statusCode).toBe(404);
    expect((await author.client.get(`/api/comments/${note.id}/replies`)).json().items).toHaveLength(1);
  });

  it("reads a thread's further replies in a fixed number of statements, however long the thread", async () => {
    const { article } = await publishedArticle(t);
    const writers = [await signedInClient(t), await signedInClient(t)];
    const top = await comment(writers[0]!.client, article.id, 'Top');
    const url = `/api/comments/${top.id}/replies?limit=5`;
    queries.length = 0;
    await anonymous().get(url);
    const none = queries.length;
    for (let i = 0; i < 24; i++) await comment(writers[i % 2]!.client, article.id, `Reply ${i}`, top.id);
    queries.length = 0;
    expect((await anonymous().get(url)).json().items).toHaveLength(5);
    expect(queries.length).toBe(none);
    expect(none).toBeLessThanOrEqual(3);
  });

  it('refuses a bad cursor or limit with a 400 naming it, and keeps drafts to their author', async () => {
    const { article } = await publishedArticle(t);
    const url = `/api/articles/${article.id}/comment-threads`;
    for (const query of ['?cursor=nonsense', '?cursor=WyJ4IiwyXQ', '?limit=0', '?limit=101', '?limit=two']) {
      const response = await anonymous().get(url + query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(/cursor|limit/);
    }
    const { author, article: draft } = await publishedArticle(t, { status: 'draft' });
    await comment(author.client, draft.id, 'A note to myself');
    expect((await anonymous().get(`/api/articles/${draft.id}/comment-threads`)).statusCode).toBe(404);
    expect((await author.client.get(`/api/articles/${draft.id}/comment-threads`)).json().items).toHaveLength(1);
  });

  it('reads a page of threads in a fixed number of statements, however long the discussion', async () => {
    const { article } = await publishedArticle(t);
    // Two writers: one would reach the per-minute comment limit.
    const writers = [await signedInClient(t), await signedInClient(t)];
    const url = `/api/articles/${article.id}/comment-threads?limit=3`;
    queries.length = 0;
    await anonymous().get(url);
    const none = queries.length;
    const first = await comment(writers[0]!.client, article.id, 'Top first');
    await comment(writers[1]!.client, article.id, 'Reply first', first.id);
    queries.length = 0;
    await anonymous().get(url);
    // Threads with replies may add one statement (SQLite asks for replies only when a thread has one).
    const short = queries.length;
    for (let i = 0; i < 6; i++) {
      const writer = writers[i % 2]!;
      const top = await comment(writer.client, article.id, `Top ${i}`);
      for (let j = 0; j < 3; j++) await comment(writer.client, article.id, `Reply ${i}.${j}`, top.id);
    }
    queries.length = 0;
    const body = (await anonymous().get(url)).json() as { items: CommentThread[] };
    expect(body.items).toHaveLength(3);
    expect(body.items.map((thread) => thread.replies.length)).toEqual([1, 3, 3]);
    expect(queries.length).toBe(short);
    expect(short - none).toBeLessThanOrEqual(1);
    expect(short).toBeLessThanOrEqual(3);
  });

  it.each([
    ['', COMMENT_MESSAGES.empty],
    ['   \n\t ', COMMENT_MESSAGES.empty],
    [undefined, COMMENT_MESSAGES.empty],
    ['x'.repeat(5001), 'Comment must be at most 5000 characters'],
  ])('refuses the content %j', async (content, message) => {
    const { article } = await publishedArticle(t);
    const writer = await signedInClient(t);
    const response = await writer.client.post(`/api/articles/${article.id}/comments`, { content, parent_id: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await commentCount(article.id)).toBe(0);
  });

  it('accepts exactly 5000 characters after trimming, and a missing parent_id', async () => {
    const { article } = await publishedArticle(t);
    const writer = await signedInClient(t);
    const response = await writer.client.post(`/api/articles/${article.id}/comments`, { content: `  ${'y'.repeat(5000)}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toHaveLength(5000);
  });

  it('stores markup as typed and never turns it into HTML', async () => {
    const { article } = await publishedArticle(t);
    const writer = await signedInClient(t);
    const payload = '<img src=x onerror=alert(1)> & <script>alert("x")</script>';
    await comment(writer.client, article.id, payload);
    const [thread] = await list(article.id);
    expect(thread!.content).toBe(payload);
    const row = await t.ctx.db.selectFrom('comments').select('content').where('article_id', '=', article.id).executeTakeFirstOrThrow();
    expect(row.content).toBe(payload);
  });

  it('refuses a parent from another article, or one that does not exist, and changes nothing', async () => {
    const { article } = await publishedArticle(t);
    const { article: other } = await publishedArticle(t);
    const writer = await signedInClient(t);
    const elsewhere = await comment(writer.client, other.id, 'On the other article');
    const foreign = await writer.client.post(`/api/articles/${article.id}/comments`, { content: 'Sneaky', parent_id: elsewhere.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: COMMENT_MESSAGES.parentOtherArticle });
    const missing = await writer.client.post(`/api/articles/${article.id}/comments`, { content: 'Orphan', parent_id: 99999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: COMMENT_MESSAGES.parentMissing });
    const malformed = await writer.client.post(`/api/articles/${article.id}/comments`, { content: 'Odd', parent_id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(await list(article.id)).toEqual([]);
    expect(await commentCount(article.id)).toBe(0);
    expect(await commentCount(other.id)).toBe(1);
  });

  it('asks signed-out writers to log in, and keeps drafts closed to everyone but the author', async () => {
    const { article } = await publishedArticle(t);
    const signedOut = await anonymous().post(`/api/articles/${article.id}/comments`, { content: 'Hello', parent_id: null });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'You must be logged in to post a comment' });
    expect((await anonymous().post(`/api/articles/${article.id}/comments`, { content: '' })).statusCode).toBe(401);

    const { author, article: draft } = await publishedArticle(t, { status: 'draft' });
    const reader = await signedInClient(t);
    const refused = await reader.client.post(`/api/articles/${draft.id}/comments`, { content: 'Early!', parent_id: null });
    expect(refused.statusCode).toBe(404);
    expect((await reader.client.get(`/api/articles/${draft.id}/comments`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/articles/${draft.id}/comments`)).statusCode).toBe(404);
    await comment(author.client, draft.id, 'A note to myself');
    expect((await author.client.get(`/api/articles/${draft.id}/comments`)).json()).toHaveLength(1);
    expect((await anonymous().get('/api/articles/99999999/comments')).statusCode).toBe(404);
  });

  it('lets the author and an admin delete, refuses anyone else, and keeps the count equal to the list', async () => {
    const { article } = await publishedArticle(t);
    const ada = await signedInClient(t, 'ada');
    const bo = await signedInClient(t, 'bo');
    const admin = await signedInClient(t, 'admin');
    await t.ctx.users.setAdmin(admin.username, true);

    const top = await comment(ada.client, article.id, 'Top comment');
    const reply1 = await comment(bo.client, article.id, 'First reply', top.id);
    const reply2 = await comment(bo.client, article.id, 'Second reply', top.id);
    const lone = await comment(bo.client, article.id, 'Lonely comment');
    expect(await commentCount(article.id)).toBe(4);

    expect((await anonymous().delete(`/api/comments/${top.id}`)).statusCode).toBe(401);
    const notYours = await bo.client.delete(`/api/comments/${top.id}`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({ error: COMMENT_MESSAGES.notAllowed });
    expect(await commentCount(article.id)).toBe(4);

    // A comment with replies keeps its place as a placeholder; it no longer counts.
    expect((await ada.client.delete(`/api/comments/${top.id}`)).statusCode).toBe(204);
    let threads = await list(article.id);
    expect(threads[0]).toMatchObject({ id: top.id, deleted: true, content: 'This comment was deleted', user: null });
    expect(threads[0]!.replies).toHaveLength(2);
    expect(await commentCount(article.id)).toBe(3);
    expect(visibleComments(threads)).toBe(3);
    // Deleting twice finds nothing and counts nothing.
    expect((await ada.client.delete(`/api/comments/${top.id}`)).statusCode).toBe(404);
    // Replying to the placeholder is refused; replying to its reply still joins the thread.
    expect((await bo.client.post(`/api/articles/${article.id}/comments`, { content: 'Hi', parent_id: top.id })).statusCode).toBe(400);

    // An admin may delete anyone's comment.
    expect((await admin.client.delete(`/api/comments/${lone.id}`)).statusCode).toBe(204);
    expect((await bo.client.delete(`/api/comments/${reply1.id}`)).statusCode).toBe(204);
    threads = await list(article.id);
    expect(threads).toHaveLength(1);
    expect(threads[0]!.replies.map((r) => r.id)).toEqual([reply2.id]);
    expect(await commentCount(article.id)).toBe(1);
    expect(visibleComments(threads)).toBe(1);

    // The last reply gone, the placeholder goes too.
    expect((await bo.client.delete(`/api/comments/${reply2.id}`)).statusCode).toBe(204);
    expect(await list(article.id)).toEqual([]);
    expect(await commentCount(article.id)).toBe(0);
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(0);
    const rows = await t.ctx.db.selectFrom('comments').select('id').where('article_id', '=', article.id).execute();
    expect(rows).toEqual([]);
    expect((await bo.client.delete('/api/comments/99999999')).statusCode).toBe(404);
    expect((await bo.client.delete('/api/comments/abc')).statusCode).toBe(400);
  });

  it('counts concurrent comments and deletes exactly', async () => {
    const { article } = await publishedArticle(t);
    const writers = await Promise.all(Array.from({ length: 5 }, () => signedInClient(t)));
    const top = await comment(writers[0]!.client, article.id, 'Start here');
    const posted = await Promise.all(
      writers.flatMap((w, i) => Array.from({ length: 6 }, (_, j) => w.client.post(`/api/articles/${article.id}/comments`, { content: `c${i}-${j}`, parent_id: j % 2 ? top.id : null }))),
    );
    expect(posted.every((r) => r.statusCode === 201)).toBe(true);
    const ids = posted.map((r) => ({ id: r.json().id as number, client: writers[Number(/^c(\d)/.exec(r.json().content)![1])]!.client }));
    const deletions = await Promise.all([
      writers[0]!.client.delete(`/api/comments/${top.id}`),
      ...ids.slice(0, 15).map(({ id, client }) => client.delete(`/api/comments/${id}`)),
    ]);
    expect(deletions.every((r) => r.statusCode === 204)).toBe(true);
    const threads = await list(article.id);
    expect(await commentCount(article.id)).toBe(visibleComments(threads));
    expect(await commentCount(article.id)).toBe(await t.ctx.commentsRepository.recount(article.id));
    expect(await commentCount(article.id)).toBe(15);
  });
  it('never answers a 500, whatever the body or path', async () => {
    const { article } = await publishedArticle(t);
    const writer = await signedInClient(t);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything(), fc.record({ content: fc.anything(), parent_id: fc.anything() }), fc.record({ isLike: fc.anything() })),
        fc.constantFrom(`${article.id}`, `${article.slug}-${article.id}`, '0', '-1', '99999999999', 'x', '%00'),
        async (body, ref) => {
          const responses = await Promise.all([
            writer.client.request({ method: 'POST', url: `/api/articles/${ref}/comments`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' }),
            writer.client.request({ method: 'POST', url: `/api/articles/${ref}/reactions`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' }),
            writer.client.get(`/api/articles/${ref}/comments`),
            writer.client.delete(`/api/comments/${ref}`),
          ]);
          for (const response of responses) {
            expect(response.statusCode, response.body).toBeLessThan(500);
            expect(typeof response.json()).toBe('object');
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(await commentCount(article.id));
  });
});

describe.each(testDatabases())('comment rate limit on %s', (kind) => {
  const t = useTestApp(kind, { WRITE_RATE_LIMIT: '3' });

  it('limits each writer', async () => {
    const { article } = await publishedArticle(t);
    const writer = await signedInClient(t);
    const other = await signedInClient(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await writer.client.post(`/api/articles/${article.id}/comments`, { content: `n${i}`, parent_id: null })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await other.client.post(`/api/articles/${article.id}/comments`, { content: 'mine', parent_id: null })).statusCode).toBe(201);
    expect((await new TestClient(() => t.app).get(`/api/articles/${article.id}`)).json().commentCount).toBe(4);
  });
});
