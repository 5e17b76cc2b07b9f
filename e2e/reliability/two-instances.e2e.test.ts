import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uniqueName } from './support.js';
import { address, clientAt, freshOnBAfterWritesOnA, twoInstancesAvailable, useTwoInstances } from './two-instances-site.js';

/**
 * Two server processes on two ports, one PostgreSQL database, one Redis, one S3
 * bucket (a local s3rver). Sign in on one and act on the other; rate limits are shared; an upload
 * stored through one is served and usable through the other. How soon a write reaches the other
 * instance is a time, held on a quiet machine by two-instances.perf.test.ts.
 */
describe.runIf(await twoInstancesAvailable())('two instances, one site', () => {
  const site = useTwoInstances();

  it('runs as two processes on two ports', () => {
    expect(site.a.port).not.toBe(site.b.port);
  });

  it('signs in on one instance and acts on the other with the same cookie', async () => {
    const ip = address();
    const onA = clientAt(site.a.url, ip);
    const username = uniqueName('two');
    expect((await onA.post('/api/register', { username, password: 'correct-horse' })).status).toBe(201);
    const onB = onA.on(site.b.url);
    expect((await onB.get('/api/user')).body.username).toBe(username);

    const channel = await onB.post('/api/channels', { name: uniqueName('Shared '), description: 'Written on B' });
    expect(channel.status).toBe(201);
    const article = await onA.post('/api/articles', { title: 'Written on A', content: '<p>Both halves of the site.</p>', channelId: channel.body.id, status: 'published' });
    expect(article.status).toBe(201);
    const like = await onB.post(`/api/articles/${article.body.id}/reactions`, { isLike: true });
    expect(like.status).toBe(200);
    expect((await clientAt(site.a.url).get(`/api/articles/${article.body.id}`)).body.likes).toBe(1);

    // Logging out on B ends the session on A too: sessions live in the shared database.
    expect((await onB.post('/api/logout')).status).toBe(200);
    expect((await onA.get('/api/user')).status).toBe(401);
  });

  it('shows a write on A to the next anonymous reader on B, though B had it cached: the instances tell each other over Redis', async () => {
    // Each read on B is fresh within 5 s, far below the cache's minute.
    await freshOnBAfterWritesOnA(site, uniqueName);
  });

  it('shares the sign-in rate limit per client: 3 failures on A and 3 on B make the 6th a 429', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (const base of [site.a.url, site.a.url, site.a.url, site.b.url, site.b.url, site.b.url]) {
      // Different made-up names, so only the per-client limit is in play.
      statuses.push((await clientAt(base, ip).post('/api/login', { username: uniqueName('nobody'), password: 'wrong-guess' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await clientAt(site.a.url, ip).post('/api/login', { username: uniqueName('nobody'), password: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many attempts. Please wait a minute and try again.' });
    // Another client is not affected on either instance.
    expect((await clientAt(site.b.url).post('/api/login', { username: uniqueName('nobody'), password: 'x' })).status).toBe(401);
  });

  it('shares the per-account limit: guesses at one account from many clients, on both instances', async () => {
    const victim = clientAt(site.a.url);
    const username = uniqueName('vic');
    expect((await victim.post('/api/register', { username, password: 'correct-horse' })).status).toBe(201);
    const statuses: number[] = [];
    // Untrusted clients together get five times the per-address allowance (login-throttle.ts).
    for (let i = 0; i < 26; i++) {
      statuses.push((await clientAt(i % 2 ? site.b.url : site.a.url).post('/api/login', { username, password: 'wrong-guess' })).status);
    }
    expect(statuses).toEqual([...Array(25).fill(401), 429]);
  });

  it('serves an image uploaded through A from the shared bucket, and B can put it on an article', async () => {
    const ip = address();
    const onA = clientAt(site.a.url, ip);
    expect((await onA.post('/api/register', { username: uniqueName('pic'), password: 'correct-horse' })).status).toBe(201);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'harbour.png');
    const uploaded = await fetch(`${site.a.url}/api/uploads`, { method: 'POST', headers: { origin: site.a.url, cookie: onA.cookie!, 'x-forwarded-for': ip }, body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { url: string; variants: { url: string }[] };
    expect(upload.url.startsWith(site.publicBucketUrl)).toBe(true);

    const stored = await fetch(upload.url);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(640);

    const onB = onA.on(site.b.url);
    const channel = await onB.post('/api/channels', { name: uniqueName('Pics '), description: 'Photo desk' });
    const article = await onB.post('/api/articles', { title: 'Harbour at dawn', content: '<p>Pictured.</p>', channelId: channel.body.id, status: 'published' });
    expect(article.status).toBe(201);
    const put = await onB.put(`/api/articles/${article.body.id}/images`, { images: [{ image_url: upload.url, caption: 'Dawn', order: 0 }] });
    expect(put.status).toBe(200);
    expect(put.body[0]).toMatchObject({ imageUrl: upload.url, caption: 'Dawn', width: 640, height: 480 });
    // Read back through A: the article carries the image and its variants are in the bucket too.
    const read = await clientAt(site.a.url).get(`/api/articles/${article.body.id}`);
    expect(read.body.images.map((i: { imageUrl: string }) => i.imageUrl)).toEqual([upload.url]);
    for (const variant of upload.variants) expect((await fetch(variant.url)).status).toBe(200);
  });
});
