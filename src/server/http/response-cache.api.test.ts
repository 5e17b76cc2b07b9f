import { createRequire } from 'node:module';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../test-support/test-app.js';
import { CACHE_TAGS } from '../lib/cache-tags.js';
import { registerResponseCache } from './response-cache.js';

/** A bare app with the response cache, as app.ts registers it (after the cookie parser). */
async function cachedApp(ttlMs = 60_000) {
  const app = Fastify();
  await app.register(fastifyCookie);
  const cache = registerResponseCache(app, { ttlMs });
  return { app, cache };
}

describe('the cache of anonymous reads', () => {
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '300' });

  it('serves anonymous reads from memory for its TTL, never signed-in ones, then refreshes', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Cache Desk', description: 'd' })).json();
    const anonymous = new TestClient(() => t.app);
    const first = await anonymous.get(`/api/channels/${channel.id}`);
    expect(first.headers['x-cache']).toBeUndefined();
    const cached = await anonymous.get(`/api/channels/${channel.id}`);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.json().name).toBe('Cache Desk');
    // A signed-in reader never gets a cached copy.
    expect((await author.client.get(`/api/channels/${channel.id}`)).headers['x-cache']).toBeUndefined();

    await new Promise((r) => setTimeout(r, 350));
    expect((await anonymous.get(`/api/channels/${channel.id}`)).headers['x-cache']).toBeUndefined();
  });

  it('never caches private or uncacheable answers', async () => {
    const anonymous = new TestClient(() => t.app);
    await anonymous.get('/api/user');
    expect((await anonymous.get('/api/user')).headers['x-cache']).toBeUndefined();
    await anonymous.get('/api/articles?cursor=bad');
    expect((await anonymous.get('/api/articles?cursor=bad')).statusCode).toBe(400);
    expect((await anonymous.get('/api/articles?cursor=bad')).headers['x-cache']).toBeUndefined();
  });
});

async function publishedArticle(t: TestApp, title = 'Fresh story') {
  const author = await signedInClient(t, 'fresh');
  const channel = (await author.client.post('/api/channels', { name: 'Fresh Desk', description: 'Fresh news' })).json();
  const article = (await author.client.post('/api/articles', { title, content: '<p>Fresh body</p>', channelId: channel.id })).json();
  return { author, channel, article: article as { id: number; slug: string; channelId: number } };
}

/** Reads a URL twice anonymously and checks the second came from the cache: the cache is warm. */
async function warm(anonymous: TestClient, url: string) {
  await anonymous.get(url);
  const again = await anonymous.get(url);
  expect(again.headers['x-cache'], url).toBe('hit');
  return again;
}

describe.each(testDatabases())('fresh anonymous reads after a write, cache of a minute, on %s', (kind) => {
  // A TTL far longer than the test: only the writes' invalidation can make a read fresh.
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });

  it('shows a like, a comment and a deleted comment to the next anonymous reader of the article, its comments, the feed and its channel', async () => {
    const { article, channel } = await publishedArticle(t);
    const anonymous = new TestClient(() => t.app);
    const urls = {
      article: `/api/articles/${article.id}`,
      bySlug: `/api/articles/${article.slug}-${article.id}`,
      comments: `/api/articles/${article.id}/comments`,
      feed: '/api/articles?scope=all&limit=50',
      channelArticles: `/api/channels/${channel.id}/articles`,
    };
    for (const url of Object.values(urls)) await warm(anonymous, url);

    const reader = await signedInClient(t, 'liker');
    expect((await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: true })).statusCode).toBe(200);
    const afterLike = await anonymous.get(urls.article);
    expect(afterLike.headers['x-cache']).toBeUndefined();
    expect(afterLike.json().likes).toBe(1);
    expect((await anonymous.get(urls.bySlug)).json().likes).toBe(1);
    const inFeed = (await anonymous.get(urls.feed)).json().items.find((item: { id: number }) => item.id === article.id);
    expect(inFeed.likes).toBe(1);
    expect((await anonymous.get(urls.channelArticles)).json()[0].likes).toBe(1);

    // Switching the like to a dislike.
    await warm(anonymous, urls.article);
    await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: false });
    expect((await anonymous.get(urls.article)).json()).toMatchObject({ likes: 0, dislikes: 1 });

    await warm(anonymous, urls.comments);
    await warm(anonymous, urls.article);
    const comment = (await reader.client.post(`/api/articles/${article.id}/comments`, { content: 'First!', parent_id: null })).json();
    expect((await anonymous.get(urls.comments)).json().map((c: { content: string }) => c.content)).toEqual(['First!']);
    expect((await anonymous.get(urls.article)).json().commentCount).toBe(1);

    await warm(anonymous, urls.comments);
    expect((await reader.client.delete(`/api/comments/${comment.id}`)).statusCode).toBe(204);
    expect((await anonymous.get(urls.comments)).json()).toEqual([]);
  });

  it('shows a published draft, an edit and a deletion at once, and answers the cached 404 anew', async () => {
    const { author, channel } = await publishedArticle(t);
    const anonymous = new TestClient(() => t.app);
    const draft = (await author.client.post('/api/articles', { title: 'Embargoed', content: '<p>Soon</p>', channelId: channel.id, status: 'draft' })).json();
    const url = `/api/articles/${draft.id}`;
    expect((await warm(anonymous, url)).statusCode).toBe(404);
    await warm(anonymous, `/api/channels/${channel.id}`);
    const countBefore = (await anonymous.get(`/api/channels/${channel.id}`)).json().articleCount;

    await author.client.post(`/api/articles/${draft.id}/toggle-status`);
    expect((await anonymous.get(url)).statusCode).toBe(200);
    expect((await anonymous.get(`/api/articles/${draft.slug}`)).statusCode).toBe(200);
    expect((await anonymous.get(`/api/channels/${channel.id}`)).json().articleCount).toBe(countBefore + 1);

    await warm(anonymous, url);
    await author.client.patch(url, { title: 'Embargo lifted' });
    expect((await anonymous.get(url)).json().title).toBe('Embargo lifted');

    await warm(anonymous, url);
    await warm(anonymous, '/api/articles?scope=all&limit=50');
    expect((await author.client.delete(url)).statusCode).toBe(204);
    expect((await anonymous.get(url)).statusCode).toBe(404);
    const feed = (await anonymous.get('/api/articles?scope=all&limit=50')).json();
    expect(feed.items.some((item: { id: number }) => item.id === draft.id)).toBe(false);
  });

  it('shows a channel rename and a new subscriber at once', async () => {
    const { author, channel, article } = await publishedArticle(t);
    const anonymous = new TestClient(() => t.app);
    await warm(anonymous, `/api/channels/${channel.id}`);
    await warm(anonymous, `/api/articles/${article.id}`);
    await author.client.patch(`/api/channels/${channel.id}`, { name: 'Renamed Desk' });
    expect((await anonymous.get(`/api/channels/${channel.id}`)).json().name).toBe('Renamed Desk');
    expect((await anonymous.get(`/api/articles/${article.id}`)).json().channel.name).toBe('Renamed Desk');

    await warm(anonymous, `/api/channels/${channel.id}`);
    const reader = await signedInClient(t, 'subscriber');
    await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    expect((await anonymous.get(`/api/channels/${channel.id}`)).json().subscriberCount).toBe(1);
  });

  it("shows a new reply and a deleted reply to the next anonymous reader of a thread's further replies", async () => {
    const { article } = await publishedArticle(t);
    const anonymous = new TestClient(() => t.app);
    const writer = await signedInClient(t, 'talker');
    const top = (await writer.client.post(`/api/articles/${article.id}/comments`, { content: 'Top', parent_id: null })).json();
    const url = `/api/comments/${top.id}/replies`;
    expect((await warm(anonymous, url)).json().items).toEqual([]);
    const reply = (await writer.client.post(`/api/articles/${article.id}/comments`, { content: 'A reply', parent_id: top.id })).json();
    expect((await anonymous.get(url)).json().items.map((c: { content: string }) => c.content)).toEqual(['A reply']);
    await warm(anonymous, url);
    expect((await writer.client.delete(`/api/comments/${reply.id}`)).statusCode).toBe(204);
    expect((await anonymous.get(url)).json().items).toEqual([]);
  });

  it('keeps other articles cached after a write, and a view drops nothing', async () => {
    const { article } = await publishedArticle(t);
    const { article: other } = await publishedArticle(t, 'Another story');
    const anonymous = new TestClient(() => t.app);
    await warm(anonymous, `/api/articles/${other.id}`);
    await warm(anonymous, `/api/articles/${article.id}`);
    const reader = await signedInClient(t, 'liker');
    await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: true });
    expect((await anonymous.get(`/api/articles/${other.id}`)).headers['x-cache']).toBe('hit');

    await warm(anonymous, `/api/articles/${article.id}`);
    const view = (await reader.client.post(`/api/articles/${article.id}/view`)).json();
    expect(view.counted).toBe(true);
    // View counts may lag by the TTL: a view would otherwise empty the cache of every popular article.
    expect((await anonymous.get(`/api/articles/${article.id}`)).headers['x-cache']).toBe('hit');
  });
});

describe('the cache API for pages', () => {
  it('keeps what reply.cacheable() marks, drops it with its tags or any write, and never for a signed-in reader', async () => {
    const { app, cache } = await cachedApp();
    let renders = 0;
    app.get('/page/:name', async (request, reply) => {
      renders++;
      reply.cacheable([`page:${(request.params as { name: string }).name}`]);
      return `rendered ${renders}`;
    });
    app.get('/private', async () => `private ${++renders}`);
    await app.ready();

    const get = async (url: string, cookie?: string) => (await app.inject({ url, headers: cookie ? { cookie } : {} })).body;
    expect(await get('/page/a')).toBe('rendered 1');
    expect(await get('/page/a')).toBe('rendered 1');
    expect(await get('/page/a', 'broadsheet_session=x')).toBe('rendered 2');
    expect(await get('/page/b')).toBe('rendered 3');
    expect(await get('/page/b')).toBe('rendered 3');
    // Every write drops every page: a page shows articles, counts, comments and channels together.
    cache.invalidate([CACHE_TAGS.article(12)]);
    expect(await get('/page/a')).toBe('rendered 4');
    expect(await get('/page/b')).toBe('rendered 5');
    expect(await get('/page/b')).toBe('rendered 5');
    // Not marked, no route cache config: never kept.
    expect(await get('/private')).toBe('private 6');
    expect(await get('/private')).toBe('private 7');
    await app.close();
  });

  it('does not keep an answer read before a write to it committed', async () => {
    const { app, cache } = await cachedApp();
    let release: () => void = () => {};
    let version = 1;
    app.get('/slow', { config: { cache: { tags: ['story'] } } }, async () => {
      const read = version;
      await new Promise<void>((resolve) => (release = resolve));
      return `version ${read}`;
    });
    await app.ready();
    const slow = app.inject({ url: '/slow' });
    await new Promise((r) => setTimeout(r, 20));
    version = 2;
    cache.invalidate(['story']);
    release();
    expect((await slow).body).toBe('version 1');
    const next = app.inject({ url: '/slow' });
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await next).body).toBe('version 2');
    expect(cache.size()).toBe(1);
    await app.close();
  });

  it('tells a CDN what it may keep: public with s-maxage, Vary and Surrogate-Key; private for a session', async () => {
    const { app } = await cachedApp(5000);
    app.get('/shared', { config: { cache: { tags: ['lists', 'article-7'] } } }, async () => 'for everyone');
    await app.ready();
    const first = await app.inject({ url: '/shared' });
    for (const answer of [first, await app.inject({ url: '/shared' })]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
      expect(answer.headers['surrogate-key']).toBe('lists article-7');
      expect(String(answer.headers.vary).toLowerCase()).toContain('cookie');
    }
    const signedIn = await app.inject({ url: '/shared', headers: { cookie: 'broadsheet_session=abc' } });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers['surrogate-key']).toBeUndefined();
    await app.close();
  });
});

describe.each(testDatabases())('a session cookie written in any form the parser accepts, on %s', (kind) => {
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });

  it('is a signed-in request: its own draft is never kept nor handed to the next anonymous reader', async () => {
    const author = await signedInClient(t, 'spaced');
    const channel = (await author.client.post('/api/channels', { name: 'Spaced Desk', description: 'd' })).json();
    const draft = (await author.client.post('/api/articles', { title: 'Secret draft', content: '<p>Not yet</p>', channelId: channel.id, status: 'draft' })).json();
    const token = author.client.cookie!.split('=')[1]!;
    const url = `/api/articles/${draft.id}`;
    for (const cookie of [`broadsheet_session =${token}`, `broadsheet_session= ${token}`, ` broadsheet_session=${token} `, `theme=dark;broadsheet_session=${token}`]) {
      const own = await t.app.inject({ url, headers: { cookie } });
      expect(own.statusCode, cookie).toBe(200);
      expect(own.headers['cache-control'], cookie).toBe('private, no-store');
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, cookie).toBe(404);
      expect(anonymous.body).not.toContain('Secret draft');
    }
    // The personal feed with the odd cookie is private too, and the anonymous feed is not it.
    const feed = await t.app.inject({ url: '/api/articles?limit=5', headers: { cookie: `broadsheet_session =${token}` } });
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ url: '/api/articles?limit=5' })).headers['x-cache']).toBeUndefined();
  });
});

describe('cache hits over HTTP', () => {
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '60000' });

  it('answers hits inside Fastify with the original headers, compressed once when accepted', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Wire Desk', description: 'Wires' })).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const first = await fetch(`${base}/api/channels/${channel.id}`, { headers: { 'accept-encoding': 'identity' } });
    expect(first.headers.get('x-cache')).toBeNull();
    const hit = await fetch(`${base}/api/channels/${channel.id}`, { headers: { 'accept-encoding': 'identity', 'x-request-id': 'abc-123' } });
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.get('x-request-id')).toBe('abc-123');
    expect(hit.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(hit.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(hit.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await hit.json()).toEqual(await first.json());
    // fetch decompresses: the body is the same, the header says how it travelled.
    const plain = await (await fetch(`${base}/api/categories`, { headers: { 'accept-encoding': 'identity' } })).json();
    for (const encoding of ['gzip', 'br']) {
      const compressed = await fetch(`${base}/api/categories`, { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers.get('x-cache')).toBe('hit');
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(await compressed.json()).toEqual(plain);
    }
    // A session cookie always goes past the cache.
    const signedIn = await fetch(`${base}/api/channels/${channel.id}`, { headers: { cookie: author.client.cookie! } });
    expect(signedIn.headers.get('x-cache')).toBeNull();
  });
});

/**
 * Hits are compressed by @fastify/compress like every answer, and only once per entry and
 * Accept-Encoding header: the compressed copy the plugin wrote is kept with the entry and sent again
 * as already compressed (docs/decisions/044-libraries-for-limits-feeds-files-addresses-zones.md).
 * The plugin takes zlib's functions when it is registered, so they are watched before the app is built.
 */
describe('compression of cache hits', () => {
  const zlib = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
  let brotli: MockInstance;
  let gzip: MockInstance;
  beforeAll(() => {
    brotli = vi.spyOn(zlib, 'brotliCompressSync');
    gzip = vi.spyOn(zlib, 'gzipSync');
  });
  afterAll(() => {
    brotli.mockRestore();
    gzip.mockRestore();
  });
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '60000' });
  const ask = (encoding?: string) => t.app.inject({ url: '/api/categories', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('compresses a kept answer once per Accept-Encoding, never again on its hits', async () => {
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotliCalls = brotli.mock.calls.length;
    const first = await ask('gzip, deflate, br');
    expect(first.headers).toMatchObject({ 'x-cache': 'hit', 'content-encoding': 'br' });
    expect(brotli.mock.calls.length).toBe(brotliCalls + 1);
    for (let i = 0; i < 5; i++) {
      const hit = await ask('gzip, deflate, br');
      expect(hit.headers).toMatchObject({ 'x-cache': 'hit', 'content-encoding': 'br', 'content-length': String(first.rawPayload.length) });
      expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(brotli.mock.calls.length).toBe(brotliCalls + 1);
    expect(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString())).toEqual(plain.json());

    // Another header is the plugin's to answer (here gzip), once, and then kept as well.
    const gzipCalls = gzip.mock.calls.length;
    for (let i = 0; i < 3; i++) expect((await ask('gzip')).headers).toMatchObject({ 'x-cache': 'hit', 'content-encoding': 'gzip' });
    expect(gzip.mock.calls.length).toBe(gzipCalls + 1);
    // A client that asks for no compression gets the body as it is, whatever is kept.
    const refused = await t.app.inject({ url: '/api/categories', headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('keeps the compressed copy written for the answer that filled the entry', async () => {
    const author = await signedInClient(t);
    const created = await author.client.post('/api/channels', { name: 'Compression Desk', description: 'A channel long enough to be worth compressing. '.repeat(16).slice(0, 800) });
    expect(created.statusCode).toBe(201);
    const url = `/api/channels/${created.json().id}`;
    const brotliCalls = brotli.mock.calls.length;
    const miss = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(miss.headers['x-cache']).toBeUndefined();
    expect(miss.headers['content-encoding']).toBe('br');
    const hit = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(brotli.mock.calls.length).toBe(brotliCalls + 1);
  });
});
