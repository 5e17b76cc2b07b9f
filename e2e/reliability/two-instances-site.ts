import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFreshPostgresDatabase, isPostgresReachable } from '../../src/test-support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';
import { SiteClient } from './support.js';

/**
 * Two server processes on two ports, one PostgreSQL database, one Redis, one S3 bucket (a local
 * s3rver): the site as two instances behind a load balancer. Shared by the behaviour checks
 * (two-instances.e2e.test.ts, in npm test) and the time a write takes to reach the other instance
 * (two-instances.perf.test.ts, on a quiet machine only).
 */
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether PostgreSQL and Redis are there to run two instances on. */
export async function twoInstancesAvailable(): Promise<boolean> {
  return (await isPostgresReachable()).ok && (await redisReachable());
}

// Rate-limit keys live in the shared Redis and are keyed by client address. Each run of a file
// speaks from its own made-up addresses (the instances trust X-Forwarded-For), so runs never collide.
const runPrefix = `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
let addressCounter = 0;
export const address = () => `${runPrefix}.${++addressCounter}`;
export const clientAt = (base: string, ip = address()) => new SiteClient(base, { 'x-forwarded-for': ip });

export interface TwoInstances {
  a: RunningServer;
  b: RunningServer;
  publicBucketUrl: string;
}

/** Both instances for the enclosing describe block. */
export function useTwoInstances(): TwoInstances {
  const site = {} as TwoInstances;
  let drop: (() => Promise<void>) | undefined;
  let s3: { close(): Promise<void> } | undefined;
  let s3Dir: string | undefined;

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-s3-'));
    const bucket = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: 'article-images' }] });
    const { port } = await bucket.run();
    s3 = bucket;
    site.publicBucketUrl = `http://127.0.0.1:${port}/article-images/`;
    const env = {
      DATABASE_URL: fresh.url,
      REDIS_URL,
      // One proxy in front (as a load balancer would be): the client is the right-most X-Forwarded-For address.
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: '5',
      WRITE_RATE_LIMIT: '100000',
      S3_BUCKET: 'article-images',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: site.publicBucketUrl,
      // A cache of a minute: only the instances telling each other of writes can make reads fresh.
      MICRO_CACHE_MS: '60000',
    };
    // A first, so B starts on an already migrated database, as a second instance would in production.
    site.a = await startServer(env);
    site.b = await startServer(env);
  });

  afterAll(async () => {
    await site.a?.stop();
    await site.b?.stop();
    await s3?.close();
    await drop?.();
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  });
  return site;
}

/** Reads `url` on `base` anonymously until `ok` holds; answers how long the stale copy lasted (fails after 5 s). */
export async function readUntil(base: string, url: string, ok: (body: any) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    const read = await fetch(`${base}${url}`);
    if (ok(await read.json())) return Date.now() - started;
    if (Date.now() - started > 5000) throw new Error(`${url} still stale on ${base} after 5 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Reads `url` on `base` twice, so the second answer (and the next) comes from its cache. */
export async function warm(base: string, url: string): Promise<void> {
  await fetch(`${base}${url}`);
  expect((await fetch(`${base}${url}`)).headers.get('x-cache'), url).toBe('hit');
}

/**
 * A published article written on A, with B's cache holding its page, comments and channel list,
 * then liked and commented on through A and the comment deleted: the time until B answers each
 * write fresh (the like, the comment).
 */
export async function freshOnBAfterWritesOnA({ a, b }: TwoInstances, name: (prefix: string) => string): Promise<{ likeLag: number; commentLag: number }> {
  const author = clientAt(a.url);
  expect((await author.post('/api/register', { username: name('fresh'), password: 'correct-horse' })).status).toBe(201);
  const channel = await author.post('/api/channels', { name: name('Fresh '), description: 'Fresh on both' });
  const article = await author.post('/api/articles', { title: 'Fresh on both', content: '<p>Written on A.</p>', channelId: channel.body.id, status: 'published' });
  expect(article.status).toBe(201);
  const id = article.body.id as number;

  await warm(b.url, `/api/articles/${id}`);
  await warm(b.url, `/api/articles/${id}/comments`);
  await warm(b.url, `/api/channels/${channel.body.id}/articles`);
  const reader = clientAt(a.url);
  expect((await reader.post('/api/register', { username: name('liker'), password: 'correct-horse' })).status).toBe(201);
  expect((await reader.post(`/api/articles/${id}/reactions`, { isLike: true })).status).toBe(200);
  const likeLag = await readUntil(b.url, `/api/articles/${id}`, (body) => body.likes === 1);
  await readUntil(b.url, `/api/channels/${channel.body.id}/articles`, (body) => body[0]?.likes === 1);

  const comment = await reader.post(`/api/articles/${id}/comments`, { content: 'Seen on B', parent_id: null });
  expect(comment.status).toBe(201);
  const commentLag = await readUntil(b.url, `/api/articles/${id}/comments`, (body) => body.length === 1 && body[0].content === 'Seen on B');

  await warm(b.url, `/api/articles/${id}/comments`);
  expect((await reader.delete(`/api/comments/${comment.body.id}`)).status).toBe(204);
  await readUntil(b.url, `/api/articles/${id}/comments`, (body) => body.length === 0);
  return { likeLag, commentLag };
}
