import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

/** An author with a channel and `count` published articles (and one draft), written a moment apart. */
async function authorWithArticles(t: TestApp, count: number) {
  const author = await signedInClient(t, 'writer');
  const channel = (await author.client.post('/api/channels', { name: `Desk ${Math.random()}`, description: 'News' })).json();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await author.client.post('/api/articles', { title: `Story ${i}`, content: `<p>Text ${i}</p>`, channelId: channel.id });
    expect(created.statusCode).toBe(201);
    ids.push(created.json().id);
  }
  // Two of them share a publication time: the page order still holds (ties by id).
  if (ids.length >= 3) await t.database.db.updateTable('articles').set({ created_at: 1_700_000_000_000 }).where('id', 'in', ids.slice(0, 2)).execute();
  await author.client.post('/api/articles', { title: 'Hidden draft', content: '<p>Soon</p>', channelId: channel.id, status: 'draft' });
  return { ...author, channel, ids };
}

describe.each(testDatabases())('author pages on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('answers an author by username with their bio, joining date and channels', async () => {
    const { client, id, username, channel } = await authorWithArticles(t, 0);
    await client.patch(`/api/users/${id}`, { description: 'Covers the harbour.' });
    const response = await anonymous().get(`/api/users/${username}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id, username, bio: 'Covers the harbour.', createdAt: body.createdAt, channels: [{ id: channel.id, name: channel.name, slug: channel.slug }] });
    expect(Date.parse(body.createdAt)).toBeGreaterThan(0);
    // The username is found whatever its case; the id route keeps the first product's shape.
    expect((await anonymous().get(`/api/users/${username.toUpperCase()}`)).json().id).toBe(id);
    expect((await anonymous().get(`/api/users/${id}`)).json()).toMatchObject({ id, username, description: 'Covers the harbour.' });
  });

  it('answers 404 for a username nobody has, and 400 for an id out of range', async () => {
    for (const segment of ['nobody-here', '-1', '1.5', '1e3x', 'x'.repeat(150)]) {
      const response = await anonymous().get(`/api/users/${segment}`);
      expect(response.statusCode, segment).toBe(404);
      expect(response.json()).toEqual({ error: 'User not found' });
      expect((await anonymous().get(`/api/users/${segment}/articles`)).statusCode, segment).toBe(404);
    }
    for (const segment of ['0', '99999999999']) {
      const response = await anonymous().get(`/api/users/${segment}`);
      expect(response.statusCode, segment).toBe(400);
      expect(response.json().error).toMatch(/^id /);
    }
  });

  it('lists only published articles, newest first, a page at a time, by username or id', async () => {
    const { username, id, ids } = await authorWithArticles(t, 5);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/users/${username}/articles?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await anonymous().get(url);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { items: { id: number; published: boolean; author: { id: number; username: string } }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) {
        expect(item.published).toBe(true);
        expect(item.author).toEqual({ id, username });
      }
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // Newest first: the later ids, then the two older ones sharing a time (higher id first).
    expect(seen).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect((await anonymous().get(`/api/users/${id}/articles`)).json().items.map((a: { id: number }) => a.id)).toEqual(seen);
  });

  it('answers an author with no published article with an empty list', async () => {
    const { username } = await authorWithArticles(t, 0);
    expect((await anonymous().get(`/api/users/${username}/articles`)).json()).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a broken cursor or limit with 400', async () => {
    const { username } = await authorWithArticles(t, 1);
    const badCursor = await anonymous().get(`/api/users/${username}/articles?cursor=nonsense`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error).toBe('cursor is invalid');
    expect((await anonymous().get(`/api/users/${username}/articles?limit=0`)).statusCode).toBe(400);
  });

  it('names the author on every card of the feed', async () => {
    const { username, id, ids } = await authorWithArticles(t, 1);
    const feed = (await anonymous().get('/api/articles?scope=all&limit=100')).json() as { items: { id: number; author: unknown }[] };
    expect(feed.items.find((item) => item.id === ids[0])?.author).toEqual({ id, username });
  });

  it('refuses new usernames without a letter, with a clear message', async () => {
    for (const username of ['12345', '2026-11-29', '___']) {
      const response = await anonymous().post('/api/register', { username, password: 'correct-horse' });
      expect(response.statusCode, username).toBe(400);
      expect(response.json().error).toBe('Username must contain at least one letter');
    }
    expect((await anonymous().post('/api/register', { username: `r2d2_${process.pid}`, password: 'correct-horse' })).statusCode).toBe(201);
  });
});

describe.each(testDatabases())('author answers in the response cache on %s', (kind) => {
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });
  const anonymous = () => new TestClient(() => t.app);

  it('shares anonymous answers and drops them when the author publishes or changes their bio', async () => {
    const { client, id, username, channel } = await authorWithArticles(t, 1);
    const profile = `/api/users/${username}`;
    const articles = `/api/users/${username}/articles`;
    await anonymous().get(profile);
    await anonymous().get(articles);
    expect((await anonymous().get(profile)).headers['x-cache']).toBe('hit');
    expect((await anonymous().get(articles)).headers['x-cache']).toBe('hit');

    await client.post('/api/articles', { title: 'Fresh story', content: '<p>New</p>', channelId: channel.id });
    const fresh = await anonymous().get(articles);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.json().items[0].title).toBe('Fresh story');

    await client.patch(`/api/users/${id}`, { description: 'Now on the night desk.' });
    const changed = await anonymous().get(profile);
    expect(changed.headers['x-cache']).toBeUndefined();
    expect(changed.json().bio).toBe('Now on the night desk.');
  });
});
