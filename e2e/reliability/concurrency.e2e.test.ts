import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, isPostgresReachable } from '../../src/test-support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';
import { counterMismatches, openReader, register, SiteClient, uniqueName, type DbReader } from './support.js';

/**
 * Hundreds of parallel requests against one real server process; every counter
 * (views, likes, dislikes, comments, subscribers, articles) equals a recount afterwards, and the
 * 10-channel limit holds under 30 concurrent creations by one user.
 */
const postgres = await isPostgresReachable();
const READERS = 40;
const ARTICLES = 5;

describe.each([
  ['sqlite', true],
  ['postgres', postgres.ok],
] as const)('concurrency exactness on %s', (kind, available) => {
  let server: RunningServer;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let db: DbReader;
  let volume = 0;

  beforeAll(async () => {
    if (!available) return;
    // Bursts of hundreds of requests at once from this one address open as many connections: a load
    // test, not an attack, so the per-address connection cap (server-limits.ts) is lifted.
    const env: Record<string, string> = { WRITE_RATE_LIMIT: '1000000', MAX_CONNECTIONS_PER_ADDRESS: '0' };
    if (kind === 'postgres') {
      const fresh = await createFreshPostgresDatabase();
      drop = fresh.drop;
      databaseUrl = fresh.url;
      env.DATABASE_URL = fresh.url;
    }
    server = await startServer(env);
    db = await openReader({ dataDir: server.dataDir, databaseUrl });
  });
  afterAll(async () => {
    if (!available) return;
    await db?.close();
    await server?.stop();
    await drop?.();
    console.info(`[concurrency ${kind}] requests sent in parallel bursts: ${volume}`);
  });

  /** Sends every request at once and returns the statuses. */
  async function burst(requests: (() => Promise<{ status: number }>)[]): Promise<number[]> {
    volume += requests.length;
    const results = await Promise.all(requests.map((send) => send()));
    return results.map((r) => r.status);
  }

  const count = async (sql: string, params: unknown[] = []) => Number((await db.all(sql, params))[0]!.n);

  it.runIf(available)('keeps views, reactions, comments and subscribers exact under parallel traffic', async () => {
    const owner = await register(server.url, 'own');
    const channels: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await owner.client.post('/api/channels', { name: uniqueName('Wire '), description: 'Busy desk' });
      expect(r.status).toBe(201);
      channels.push(r.body.id);
    }
    const articles: number[] = [];
    // Articles published concurrently into the same channels: article_count must keep up.
    const created = await Promise.all(
      Array.from({ length: ARTICLES }, (_, i) =>
        owner.client.post('/api/articles', { title: `Busy story ${i}`, content: '<p>Everyone reads this.</p>', channelId: channels[i % 3], status: 'published' }),
      ),
    );
    for (const r of created) {
      expect(r.status).toBe(201);
      articles.push(r.body.id);
    }

    const readers: { client: SiteClient; id: number }[] = [];
    for (let i = 0; i < READERS; i += 8) {
      readers.push(...(await Promise.all(Array.from({ length: Math.min(8, READERS - i) }, () => register(server.url, 'rd')))));
    }

    // Views: every reader opens every article three times at once, plus 60 anonymous readers twice each.
    const viewStatuses = await burst([
      ...readers.flatMap((r) => articles.flatMap((a) => [1, 2, 3].map(() => () => r.client.post(`/api/articles/${a}/view`)))),
      ...Array.from({ length: 60 }, (_, i) => new SiteClient(server.url, { 'user-agent': `Reader-${i}` })).flatMap((anon, i) =>
        [1, 2].map(() => () => anon.post(`/api/articles/${articles[i % ARTICLES]}/view`)),
      ),
    ]);
    expect(viewStatuses.every((s) => s === 200)).toBe(true);
    for (const [i, a] of articles.entries()) {
      const anonymous = Array.from({ length: 60 }, (_, j) => j).filter((j) => j % ARTICLES === i).length;
      expect(await count('select view_count as n from articles where id = ?', [a])).toBe(READERS + anonymous);
    }

    // Reactions: each reader sends like, dislike and like at once on every article (toggles racing).
    const reactionStatuses = await burst(
      readers.flatMap((r) => articles.flatMap((a) => [true, false, true].map((isLike) => () => r.client.post(`/api/articles/${a}/reactions`, { isLike })))),
    );
    expect(reactionStatuses.every((s) => s === 200)).toBe(true);

    // Comments: four per reader on one article, all at once; then each deleted twice at once.
    const commentResults = await Promise.all(
      readers.flatMap((r, i) => [1, 2, 3, 4].map((n) => r.client.post(`/api/articles/${articles[i % ARTICLES]}/comments`, { content: `Take ${n}` }))),
    );
    volume += commentResults.length;
    expect(commentResults.every((r) => r.status === 201)).toBe(true);
    const byReader = readers.map((r, i) => ({ r, ids: commentResults.slice(i * 4, i * 4 + 4).map((c) => c.body.id as number) }));
    const deleteStatuses = await burst(byReader.flatMap(({ r, ids }) => ids.slice(0, 2).flatMap((id) => [() => r.client.delete(`/api/comments/${id}`), () => r.client.delete(`/api/comments/${id}`)])));
    // One of each pair deletes; the other finds nothing left (404), never a double uncount.
    expect(deleteStatuses.filter((s) => s >= 200 && s < 300)).toHaveLength(READERS * 2);
    expect(deleteStatuses.filter((s) => s === 404)).toHaveLength(READERS * 2);
    expect(await count('select sum(comment_count) as n from articles')).toBe(READERS * 2);

    // Subscriptions: every reader subscribes to every channel twice at once, then half unsubscribe twice at once.
    await burst(readers.flatMap((r) => channels.flatMap((c) => [1, 2].map(() => () => r.client.post(`/api/channels/${c}/subscribe`)))));
    await burst(readers.slice(0, READERS / 2).flatMap((r) => [1, 2].map(() => () => r.client.delete(`/api/channels/${channels[0]}/subscribe`))));
    expect(await count('select subscriber_count as n from channels where id = ?', [channels[0]])).toBe(READERS / 2);
    expect(await count('select subscriber_count as n from channels where id = ?', [channels[1]])).toBe(READERS);

    const { mismatches, articles: checked } = await counterMismatches(db);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(ARTICLES);
    // Whatever order the toggles landed in, the API shows the stored, recounted figures.
    const page = await owner.client.get(`/api/articles/${articles[0]}`);
    expect(page.body).toMatchObject({
      likes: await count('select count(*) as n from reactions where article_id = ? and is_like = 1', [articles[0]]),
      dislikes: await count('select count(*) as n from reactions where article_id = ? and is_like = 0', [articles[0]]),
      viewCount: await count('select count(*) as n from article_views where article_id = ?', [articles[0]]),
    });
  });

  it.runIf(available)('holds the 10-channel limit under 30 concurrent creations by one user', async () => {
    const { client, id } = await register(server.url, 'lim');
    const statuses = await burst(Array.from({ length: 30 }, (_, i) => () => client.post('/api/channels', { name: `Race ${id} ${i}`, description: 'd' })));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect(await count('select count(*) as n from channels where user_id = ?', [id])).toBe(10);
    expect((await client.get('/api/user/channels')).body).toHaveLength(10);
  });
});
