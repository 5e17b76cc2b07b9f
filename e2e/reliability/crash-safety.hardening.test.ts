import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, isPostgresReachable } from '../../src/test-support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';
import { counterMismatches, openReader, SiteClient, sleep, uniqueName } from './support.js';

/**
 * A mixed write load against the real server process, SIGKILL at a random moment,
 * a restart on the same data, then every acknowledged write must be there and every counter must
 * equal a recount of its rows. Repeated CYCLES times on SQLite and on PostgreSQL.
 */
const CYCLES = 12;
const WORKERS = 8;
const postgres = await isPostgresReachable();

interface Reader {
  client: SiteClient;
  id: number;
  username: string;
  channels: number[];
  reacted: Set<number>;
  subscribed: Set<number>;
  comments: number[];
}

/** Everything the server acknowledged (a 2xx answer received before the kill). */
interface Ledger {
  users: Map<number, string>;
  channels: Map<number, number>;
  articles: Map<number, { channelId: number; published: boolean; title: string }>;
  comments: Map<number, number>;
  deletedComments: Set<number>;
  reactions: Map<string, boolean>;
  subscriptions: Set<string>;
  views: Set<string>;
  acknowledged: number;
  lost: number;
  refused: number;
}

function pick<T>(items: readonly T[]): T | undefined {
  return items.length ? items[Math.floor(Math.random() * items.length)] : undefined;
}

async function runLoad(base: string, readers: Reader[], ledger: Ledger, isStopped: () => boolean) {
  const published = () => [...ledger.articles.entries()].filter(([, a]) => a.published).map(([id]) => id);
  const ok = (status: number) => status >= 200 && status < 300;

  async function one(reader: Reader) {
    const client = reader.client;
    const roll = Math.random();
    if (roll < 0.06) {
      // A new reader joins; they act from the next step on.
      const fresh = new SiteClient(base);
      const username = uniqueName('c');
      const r = await fresh.post('/api/register', { username, password: 'correct-horse' });
      if (r.status === 201) {
        ledger.users.set(r.body.id, username);
        readers.push({ client: fresh, id: r.body.id, username, channels: [], reacted: new Set(), subscribed: new Set(), comments: [] });
      }
      return r.status;
    }
    if (roll < 0.14 || reader.channels.length === 0) {
      if (reader.channels.length >= 3) return 0;
      const r = await client.post('/api/channels', { name: uniqueName('Desk '), description: 'Crash-tested news' });
      if (r.status === 201) {
        reader.channels.push(r.body.id);
        ledger.channels.set(r.body.id, reader.id);
      }
      return r.status;
    }
    if (roll < 0.3) {
      const channelId = pick(reader.channels)!;
      const isPublished = Math.random() < 0.85;
      const title = uniqueName('Story ');
      const r = await client.post('/api/articles', {
        title,
        content: `<p>${title} happened today.</p>`,
        channelId,
        status: isPublished ? 'published' : 'draft',
      });
      if (r.status === 201) ledger.articles.set(r.body.id, { channelId, published: isPublished, title });
      return r.status;
    }
    if (roll < 0.45) {
      const articleId = pick(published());
      if (articleId === undefined) return 0;
      const r = await client.post(`/api/articles/${articleId}/comments`, { content: `Comment ${reader.comments.length + 1} from ${reader.username}` });
      if (r.status === 201) {
        ledger.comments.set(r.body.id, articleId);
        reader.comments.push(r.body.id);
      }
      return r.status;
    }
    if (roll < 0.5) {
      const commentId = reader.comments.pop();
      if (commentId === undefined) return 0;
      // From here the comment's fate is unknown until the answer arrives (a kill may cut it off).
      ledger.comments.delete(commentId);
      const r = await client.delete(`/api/comments/${commentId}`);
      if (ok(r.status)) ledger.deletedComments.add(commentId);
      return r.status;
    }
    if (roll < 0.65) {
      const articleId = pick(published().filter((id) => !reader.reacted.has(id)));
      if (articleId === undefined) return 0;
      // Never toggled twice: a reaction whose answer was lost stays unknown, not ambiguous.
      reader.reacted.add(articleId);
      const isLike = Math.random() < 0.7;
      const r = await client.post(`/api/articles/${articleId}/reactions`, { isLike });
      if (ok(r.status)) ledger.reactions.set(`${reader.id}:${articleId}`, isLike);
      return r.status;
    }
    if (roll < 0.78) {
      const channelId = pick([...ledger.channels.keys()].filter((id) => !reader.subscribed.has(id)));
      if (channelId === undefined) return 0;
      reader.subscribed.add(channelId);
      const r = await client.post(`/api/channels/${channelId}/subscribe`);
      if (ok(r.status)) ledger.subscriptions.add(`${reader.id}:${channelId}`);
      return r.status;
    }
    const articleId = pick(published());
    if (articleId === undefined) return 0;
    const r = await client.post(`/api/articles/${articleId}/view`);
    if (ok(r.status) && r.body.counted) ledger.views.add(`u:${reader.id}:${articleId}`);
    return r.status;
  }

  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!isStopped()) {
        const reader = pick(readers)!;
        try {
          const status = await one(reader);
          if (status >= 200 && status < 300) ledger.acknowledged++;
          else if (status >= 400) ledger.refused++;
        } catch {
          // The server died with this request in flight: not acknowledged, may or may not be stored.
          ledger.lost++;
          if (isStopped()) return;
        }
      }
    }),
  );
}

async function verify(target: { dataDir: string; databaseUrl?: string }, ledger: Ledger) {
  const db = await openReader(target);
  try {
    const ids = async (table: string) => new Set((await db.all(`select id from ${table}`)).map((r) => Number(r.id)));
    const users = await ids('users');
    const channels = await ids('channels');
    const articleRows = new Map((await db.all('select id, published, title from articles')).map((r) => [Number(r.id), r]));
    const commentRows = new Map((await db.all('select id, deleted from comments')).map((r) => [Number(r.id), Number(r.deleted)]));
    const reactions = new Map(
      (await db.all('select user_id, article_id, is_like from reactions')).map((r) => [`${r.user_id}:${r.article_id}`, Number(r.is_like) === 1]),
    );
    const subscriptions = new Set((await db.all('select user_id, channel_id from subscriptions')).map((r) => `${r.user_id}:${r.channel_id}`));
    const views = new Set((await db.all('select viewer_key, article_id from article_views')).map((r) => `${r.viewer_key}:${r.article_id}`));

    const missing: string[] = [];
    for (const [id, name] of ledger.users) if (!users.has(id)) missing.push(`user ${id} ${name}`);
    for (const id of ledger.channels.keys()) if (!channels.has(id)) missing.push(`channel ${id}`);
    for (const [id, a] of ledger.articles) {
      const row = articleRows.get(id);
      if (!row || row.title !== a.title || Number(row.published) !== (a.published ? 1 : 0)) missing.push(`article ${id}`);
    }
    for (const id of ledger.comments.keys()) if (commentRows.get(id) !== 0) missing.push(`comment ${id} (stored: ${commentRows.get(id)})`);
    // A deleted comment without replies is removed; one with replies stays, marked deleted.
    for (const id of ledger.deletedComments) if (commentRows.get(id) === 0) missing.push(`deletion of comment ${id}`);
    for (const [key, isLike] of ledger.reactions) if (reactions.get(key) !== isLike) missing.push(`reaction ${key}`);
    for (const key of ledger.subscriptions) if (!subscriptions.has(key)) missing.push(`subscription ${key}`);
    for (const key of ledger.views) if (!views.has(key)) missing.push(`view ${key}`);
    const counters = await counterMismatches(db);
    return { missing, ...counters };
  } finally {
    await db.close();
  }
}

describe.each([
  ['sqlite', true],
  ['postgres', postgres.ok],
] as const)('crash safety on %s', (kind, available) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it.runIf(available)(
    `loses no acknowledged write and no counter across ${CYCLES} SIGKILLs`,
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-crash-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = { WRITE_RATE_LIMIT: '100000' };
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        const fresh = await createFreshPostgresDatabase();
        cleanups.push(fresh.drop);
        databaseUrl = fresh.url;
        env.DATABASE_URL = fresh.url;
      }
      const ledger: Ledger = {
        users: new Map(),
        channels: new Map(),
        articles: new Map(),
        comments: new Map(),
        deletedComments: new Set(),
        reactions: new Map(),
        subscriptions: new Set(),
        views: new Set(),
        acknowledged: 0,
        lost: 0,
        refused: 0,
      };
      const readers: Reader[] = [];
      let server: RunningServer = await startServer(env, { dataDir });
      cleanups.push(() => server.stop());

      for (let i = 0; i < 4; i++) {
        const client = new SiteClient(server.url);
        const username = uniqueName('w');
        const r = await client.post('/api/register', { username, password: 'correct-horse' });
        expect(r.status).toBe(201);
        ledger.users.set(r.body.id, username);
        readers.push({ client, id: r.body.id, username, channels: [], reacted: new Set(), subscribed: new Set(), comments: [] });
      }

      let survived = 0;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        let stopped = false;
        const load = runLoad(server.url, readers, ledger, () => stopped);
        await sleep(300 + Math.random() * 1200);
        stopped = true;
        await server.kill('SIGKILL');
        await load;

        // Same data, same port, a new process: what the server said it stored must still be there.
        server = await startServer({ ...env, PORT: String(server.port) }, { dataDir });
        survived++;
        const result = await verify({ dataDir, databaseUrl }, ledger);
        expect(result.missing, `cycle ${cycle}: acknowledged writes missing after the crash`).toEqual([]);
        expect(result.mismatches, `cycle ${cycle}: counters that differ from a recount`).toEqual([]);
        // Sessions are data too: a reader signed in before the crash is still signed in.
        const someone = pick(readers)!;
        const me = await someone.client.get('/api/user');
        expect(me.status).toBe(200);
        expect(me.body.username).toBe(someone.username);
      }
      await server.stop();

      const writes =
        ledger.users.size +
        ledger.channels.size +
        ledger.articles.size +
        ledger.comments.size +
        ledger.deletedComments.size +
        ledger.reactions.size +
        ledger.subscriptions.size +
        ledger.views.size;
      console.info(
        `[crash-safety ${kind}] crashes survived: ${survived}; acknowledged writes verified: ${writes} ` +
          `(users ${ledger.users.size}, channels ${ledger.channels.size}, articles ${ledger.articles.size}, comments ${ledger.comments.size}, ` +
          `comment deletions ${ledger.deletedComments.size}, reactions ${ledger.reactions.size}, subscriptions ${ledger.subscriptions.size}, views ${ledger.views.size}); ` +
          `requests cut off by a kill: ${ledger.lost}; refused: ${ledger.refused}`,
      );
      expect(survived).toBeGreaterThanOrEqual(10);
      expect(ledger.articles.size).toBeGreaterThan(10);
      expect(ledger.reactions.size + ledger.comments.size + ledger.views.size).toBeGreaterThan(30);
    },
    240_000,
  );
});
