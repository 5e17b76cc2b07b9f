import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function publishedArticle(t: TestApp, fields: Record<string, unknown> = {}) {
  const author = await signedInClient(t, 'author');
  const channel = await author.client.post('/api/channels', { name: 'Reaction Desk', description: 'Where people react' });
  expect(channel.statusCode).toBe(201);
  const article = await author.client.post('/api/articles', { title: 'A story', content: '<p>Body</p>', channelId: channel.json().id, ...fields });
  expect(article.statusCode).toBe(201);
  return { author, article: article.json() as { id: number; slug: string } };
}

/** A signed-in client made without the password hashing of registration: fast enough for a crowd. */
async function quickReader(t: TestApp, n: number): Promise<TestClient> {
  const row = await t.ctx.users.insert({ username: `crowd_${process.pid}_${Date.now()}_${n}`, passwordHash: null, now: Date.now() });
  const { token } = await t.ctx.sessions.start(row!.id);
  const client = new TestClient(() => t.app);
  client.cookie = `broadsheet_session=${token}`;
  return client;
}

describe.each(testDatabases())('reactions on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('likes, takes the like back, dislikes, then switches to a like, counting exactly', async () => {
    const { article } = await publishedArticle(t);
    const reader = await signedInClient(t);
    const react = (isLike: boolean) => reader.client.post(`/api/articles/${article.slug}-${article.id}/reactions`, { isLike });

    const steps: [boolean, { like_count: number; dislike_count: number; user_reaction: boolean | null }][] = [
      [true, { like_count: 1, dislike_count: 0, user_reaction: true }],
      [true, { like_count: 0, dislike_count: 0, user_reaction: null }],
      [false, { like_count: 0, dislike_count: 1, user_reaction: false }],
      [true, { like_count: 1, dislike_count: 0, user_reaction: true }],
      [false, { like_count: 0, dislike_count: 1, user_reaction: false }],
      [false, { like_count: 0, dislike_count: 0, user_reaction: null }],
      [false, { like_count: 0, dislike_count: 1, user_reaction: false }],
    ];
    for (const [isLike, expected] of steps) {
      const response = await react(isLike);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
      const read = (await reader.client.get(`/api/articles/${article.id}`)).json();
      expect({ likes: read.likes, dislikes: read.dislikes, userReaction: read.userReaction }).toEqual({
        likes: expected.like_count,
        dislikes: expected.dislike_count,
        userReaction: expected.user_reaction,
      });
    }
    expect(await t.ctx.reactions.recount(article.id)).toEqual({ likes: 0, dislikes: 1 });
    // Another reader sees the totals, and no reaction of their own.
    const seen = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect(seen).toMatchObject({ likes: 0, dislikes: 1, userReaction: null });
  });

  it('keeps every reaction when 100 readers send 300 reactions at once', async () => {
    const { article } = await publishedArticle(t);
    const readers = await Promise.all(Array.from({ length: 100 }, (_, i) => quickReader(t, i)));
    // Each reader sends three reactions concurrently: same-reader races included.
    const pattern = [
      [true, true, false],
      [false, false, true],
      [true, false, true],
      [true, true, true],
    ];
    const responses = await Promise.all(
      readers.flatMap((client, i) =>
        pattern[i % pattern.length]!.map((isLike) => client.post(`/api/articles/${article.id}/reactions`, { isLike })),
      ),
    );
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const recount = await t.ctx.reactions.recount(article.id);
    const read = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect({ likes: read.likes, dislikes: read.dislikes }).toEqual(recount);
    expect(recount.likes + recount.dislikes).toBeGreaterThan(0);
    expect(recount.likes + recount.dislikes).toBeLessThanOrEqual(100);
    // Each reader's own view agrees with the rows.
    const reactions = await Promise.all(readers.slice(0, 20).map(async (c) => (await c.get(`/api/articles/${article.id}`)).json().userReaction));
    const fromRows = await Promise.all(
      readers.slice(0, 20).map(async (c) => {
        const me = (await c.get('/api/user')).json();
        return t.ctx.reactions.reactionOf(me.id, article.id);
      }),
    );
    expect(reactions).toEqual(fromRows);
  });

  it('adds the admin boost to the counts it answers', async () => {
    const { article } = await publishedArticle(t);
    await t.ctx.db.updateTable('articles').set({ like_boost: 40, dislike_boost: 3 }).where('id', '=', article.id).execute();
    const reader = await signedInClient(t);
    const liked = await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: true });
    expect(liked.json()).toEqual({ like_count: 41, dislike_count: 3, user_reaction: true });
    const switched = await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: false });
    expect(switched.json()).toEqual({ like_count: 40, dislike_count: 4, user_reaction: false });
    expect((await anonymous().get(`/api/articles/${article.id}`)).json()).toMatchObject({ likes: 40, dislikes: 4 });
    expect(await t.ctx.reactions.recount(article.id)).toEqual({ likes: 0, dislikes: 1 });
  });

  it('asks signed-out readers to log in, and hides drafts from everyone but the author', async () => {
    const { article } = await publishedArticle(t);
    const signedOut = await anonymous().post(`/api/articles/${article.id}/reactions`, { isLike: true });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Please log in to react to articles' });
    expect((await anonymous().post(`/api/articles/${article.id}/reactions`, {})).statusCode).toBe(401);

    const { author, article: draft } = await publishedArticle(t, { status: 'draft' });
    const reader = await signedInClient(t);
    const hidden = await reader.client.post(`/api/articles/${draft.id}/reactions`, { isLike: true });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Article not found' });
    expect(await t.ctx.reactions.recount(draft.id)).toEqual({ likes: 0, dislikes: 0 });
    expect((await author.client.post(`/api/articles/${draft.id}/reactions`, { isLike: true })).statusCode).toBe(200);
  });

  it.each([
    [{}, 400],
    [{ isLike: 'yes' }, 400],
    [{ isLike: 1 }, 400],
    [null, 400],
  ])('refuses the body %j without a 500', async (body, status) => {
    const { article } = await publishedArticle(t);
    const reader = await signedInClient(t);
    const response = await reader.client.post(`/api/articles/${article.id}/reactions`, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toMatch(/isLike|body/);
  });

  it('answers 404 for an article that does not exist (by id or slug) and 400 for a malformed segment', async () => {
    const reader = await signedInClient(t);
    expect((await reader.client.post('/api/articles/99999999/reactions', { isLike: true })).statusCode).toBe(404);
    expect((await reader.client.post('/api/articles/no-such-slug/reactions', { isLike: true })).statusCode).toBe(404);
    expect((await reader.client.post('/api/articles/not_an_id/reactions', { isLike: true })).statusCode).toBe(400);
  });
});

describe.each(testDatabases())('reaction rate limit on %s', (kind) => {
  const t = useTestApp(kind, { WRITE_RATE_LIMIT: '3' });

  it('limits each reader, not everyone at once', async () => {
    const { article } = await publishedArticle(t);
    const first = await quickReader(t, 1);
    const second = await quickReader(t, 2);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await first.post(`/api/articles/${article.id}/reactions`, { isLike: true })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await second.post(`/api/articles/${article.id}/reactions`, { isLike: true })).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('reaction rate limit set alone on %s', (kind) => {
  const t = useTestApp(kind, { REACTION_RATE_LIMIT: '2' });

  it('limits reactions by REACTION_RATE_LIMIT while other writes keep the write limit', async () => {
    const { author, article } = await publishedArticle(t);
    const reader = await quickReader(t, 1);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await reader.post(`/api/articles/${article.id}/reactions`, { isLike: true })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    // The author's own writes are not reactions: the third still goes through.
    for (let i = 0; i < 3; i++) expect((await author.client.post(`/api/articles/${article.id}/view`, {})).statusCode).toBeLessThan(300);
  });
});
