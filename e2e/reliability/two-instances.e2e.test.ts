import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, isPostgresReachable } from '../../src/test-support/postgres.js';
import { startServer, type RunningServer } from '../support/server.js';
import { SiteClient, uniqueName } from './support.js';

/**
 * Two server processes on two ports, one PostgreSQL database, one Redis, one S3
 * bucket (a local s3rver). Sign in on one and act on the other; rate limits are shared; an upload
 * stored through one is served and usable through the other.
 */
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgres = await isPostgresReachable();

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
const available = postgres.ok && (await redisReachable());

// Rate-limit keys live in the shared Redis and are keyed by client address. Each run of this file
// speaks from its own made-up addresses (the instances trust X-Forwarded-For), so runs never collide.
const runPrefix = `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
let addressCounter = 0;
const address = () => `${runPrefix}.${++addressCounter}`;
const clientAt = (base: string, ip = address()) => new SiteClient(base, { 'x-forwarded-for': ip });

describe.runIf(available)('two instances, one site', () => {
  let a: RunningServer;
  let b: RunningServer;
  let drop: (() => Promise<void>) | undefined;
  let s3: { close(): Promise<void> } | undefined;
  let s3Dir: string;
  let publicBucketUrl: string;

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-s3-'));
    const bucket = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: 'article-images' }] });
    const { port } = await bucket.run();
    s3 = bucket;
    publicBucketUrl = `http://127.0.0.1:${port}/article-images/`;
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
      S3_PUBLIC_URL: publicBucketUrl,
      // A cache of a minute: only the instances telling each other of writes can make reads fresh.
      MICRO_CACHE_MS: '60000',
    };
    // A first, so B starts on an already migrated database, as a second instance would in production.
    a = await startServer(env);
    b = await startServer(env);
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await s3?.close();
    await drop?.();
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('runs as two processes on two ports', () => {
    expect(a.port).not.toBe(b.port);
  });

  it('signs in on one instance and acts on the other with the same cookie', async () => {
    const ip = address();
    const onA = clientAt(a.url, ip);
    const username = uniqueName('two');
    expect((await onA.post('/api/register', { username, password: 'correct-horse' })).status).toBe(201);
    const onB = onA.on(b.url);
    expect((await onB.get('/api/user')).body.username).toBe(username);

    const channel = await onB.post('/api/channels', { name: uniqueName('Shared '), description: 'Written on B' });
    expect(channel.status).toBe(201);
    const article = await onA.post('/api/articles', { title: 'Written on A', content: '<p>Both halves of the site.</p>', channelId: channel.body.id, status: 'published' });
    expect(article.status).toBe(201);
    const like = await onB.post(`/api/articles/${article.body.id}/reactions`, { isLike: true });
    expect(like.status).toBe(200);
    expect((await clientAt(a.url).get(`/api/articles/${article.body.id}`)).body.likes).toBe(1);

    // Logging out on B ends the session on A too: sessions live in the shared database.
    expect((await onB.post('/api/logout')).status).toBe(200);
    expect((await onA.get('/api/user')).status).toBe(401);
  });

  it('shows a write on A to the next anonymous reader on B, though B had it cached: the instances tell each other over Redis', async () => {
    const author = clientAt(a.url);
    expect((await author.post('/api/register', { username: uniqueName('fresh'), password: 'correct-horse' })).status).toBe(201);
    const channel = await author.post('/api/channels', { name: uniqueName('Fresh '), description: 'Fresh on both' });
    const article = await author.post('/api/articles', { title: 'Fresh on both', content: '<p>Written on A.</p>', channelId: channel.body.id, status: 'published' });
    expect(article.status).toBe(201);
    const id = article.body.id as number;

    /** Reads on B anonymously until `ok` holds; answers how long the stale copy lasted. */
    const readOnB = async (url: string, ok: (body: any) => boolean) => {
      const started = Date.now();
      for (;;) {
        const read = await fetch(`${b.url}${url}`);
        if (ok(await read.json())) return Date.now() - started;
        if (Date.now() - started > 5000) throw new Error(`${url} still stale on B after 5 s`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const warmOnB = async (url: string) => {
      await fetch(`${b.url}${url}`);
      expect((await fetch(`${b.url}${url}`)).headers.get('x-cache'), url).toBe('hit');
    };

    await warmOnB(`/api/articles/${id}`);
    await warmOnB(`/api/articles/${id}/comments`);
    await warmOnB(`/api/channels/${channel.body.id}/articles`);
    const reader = clientAt(a.url);
    expect((await reader.post('/api/register', { username: uniqueName('liker'), password: 'correct-horse' })).status).toBe(201);
    expect((await reader.post(`/api/articles/${id}/reactions`, { isLike: true })).status).toBe(200);
    const likeLag = await readOnB(`/api/articles/${id}`, (body) => body.likes === 1);
    await readOnB(`/api/channels/${channel.body.id}/articles`, (body) => body[0]?.likes === 1);

    const comment = await reader.post(`/api/articles/${id}/comments`, { content: 'Seen on B', parent_id: null });
    expect(comment.status).toBe(201);
    const commentLag = await readOnB(`/api/articles/${id}/comments`, (body) => body.length === 1 && body[0].content === 'Seen on B');

    await warmOnB(`/api/articles/${id}/comments`);
    expect((await reader.delete(`/api/comments/${comment.body.id}`)).status).toBe(204);
    await readOnB(`/api/articles/${id}/comments`, (body) => body.length === 0);
    // The time of one message, far below the cache's minute.
    expect(Math.max(likeLag, commentLag)).toBeLessThan(1000);
  });

  it('shares the sign-in rate limit per client: 3 failures on A and 3 on B make the 6th a 429', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (const base of [a.url, a.url, a.url, b.url, b.url, b.url]) {
      // Different made-up names, so only the per-client limit is in play.
      statuses.push((await clientAt(base, ip).post('/api/login', { username: uniqueName('nobody'), password: 'wrong-guess' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await clientAt(a.url, ip).post('/api/login', { username: uniqueName('nobody'), password: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many attempts. Please wait a minute and try again.' });
    // Another client is not affected on either instance.
    expect((await clientAt(b.url).post('/api/login', { username: uniqueName('nobody'), password: 'x' })).status).toBe(401);
  });

  it('shares the per-account limit: guesses at one account from many clients, on both instances', async () => {
    const victim = clientAt(a.url);
    const username = uniqueName('vic');
    expect((await victim.post('/api/register', { username, password: 'correct-horse' })).status).toBe(201);
    const statuses: number[] = [];
    // Untrusted clients together get five times the per-address allowance (login-throttle.ts).
    for (let i = 0; i < 26; i++) {
      statuses.push((await clientAt(i % 2 ? b.url : a.url).post('/api/login', { username, password: 'wrong-guess' })).status);
    }
    expect(statuses).toEqual([...Array(25).fill(401), 429]);
  });

  it('serves an image uploaded through A from the shared bucket, and B can put it on an article', async () => {
    const ip = address();
    const onA = clientAt(a.url, ip);
    expect((await onA.post('/api/register', { username: uniqueName('pic'), password: 'correct-horse' })).status).toBe(201);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'harbour.png');
    const uploaded = await fetch(`${a.url}/api/uploads`, { method: 'POST', headers: { origin: a.url, cookie: onA.cookie!, 'x-forwarded-for': ip }, body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { url: string; variants: { url: string }[] };
    expect(upload.url.startsWith(publicBucketUrl)).toBe(true);

    const stored = await fetch(upload.url);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(640);

    const onB = onA.on(b.url);
    const channel = await onB.post('/api/channels', { name: uniqueName('Pics '), description: 'Photo desk' });
    const article = await onB.post('/api/articles', { title: 'Harbour at dawn', content: '<p>Pictured.</p>', channelId: channel.body.id, status: 'published' });
    expect(article.status).toBe(201);
    const put = await onB.put(`/api/articles/${article.body.id}/images`, { images: [{ image_url: upload.url, caption: 'Dawn', order: 0 }] });
    expect(put.status).toBe(200);
    expect(put.body[0]).toMatchObject({ imageUrl: upload.url, caption: 'Dawn', width: 640, height: 480 });
    // Read back through A: the article carries the image and its variants are in the bucket too.
    const read = await clientAt(a.url).get(`/api/articles/${article.body.id}`);
    expect(read.body.images.map((i: { imageUrl: string }) => i.imageUrl)).toEqual([upload.url]);
    for (const variant of upload.variants) expect((await fetch(variant.url)).status).toBe(200);
  });
});
