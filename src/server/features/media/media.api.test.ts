import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../../contract/media.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { TOO_MANY_PIXELS_MESSAGE } from './image-pipeline.js';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

type Adapter = 'local' | 's3';
interface UploadBody {
  id: number;
  url: string;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  variants: { width: number; url: string }[];
}

// ---------------------------------------------------------------------------------------------
// Test images, made here with sharp.

const solid = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } });

const IMAGES = {
  png: () => solid(800, 600).png().toBuffer(),
  jpeg: () => solid(800, 600, '#cc6633').jpeg().toBuffer(),
  gif: () => solid(640, 480, '#33cc66').gif().toBuffer(),
  webp: () => solid(700, 500, '#6633cc').webp().toBuffer(),
};

/** A PNG whose header declares width x height pixels, with almost no data behind it. */
function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether an EXIF block (as sharp's metadata answers it) has a GPS section (tag 0x8825 in IFD0). */
function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') >= 0 ? exif.indexOf('Exif\0\0') + 6 : 0);
  const little = tiff.toString('ascii', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

function multipart(fileName: string, body: Buffer, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----broadsheet-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, body, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(client: TestClient, fileName: string, body: Buffer, contentType?: string) {
  const { payload, headers } = multipart(fileName, body, contentType);
  return client.request({ method: 'POST', url: '/api/uploads', payload, headers });
}

async function uploadOk(client: TestClient, fileName = 'photo.png', body?: Buffer): Promise<UploadBody> {
  const response = await upload(client, fileName, body ?? (await IMAGES.png()), 'image/png');
  if (response.statusCode !== 201) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
  return response.json();
}

async function newArticle(client: TestClient, fields: Record<string, unknown> = {}) {
  const channel = await client.post('/api/channels', { name: `Desk ${Math.random().toString(36).slice(2, 8)}`, description: 'Images' });
  expect(channel.statusCode).toBe(201);
  const article = await client.post('/api/articles', { title: 'Pictures', content: '<p>Body</p>', channelId: channel.json().id, ...fields });
  expect(article.statusCode).toBe(201);
  return article.json() as { id: number; slug: string };
}

// ---------------------------------------------------------------------------------------------

/** One suite, run for every database and both storage adapters. */
function mediaSuite(kind: 'sqlite' | 'postgres', adapter: Adapter) {
  const env: Record<string, string> = {};
  let s3: S3rverInstance | undefined;
  const tempDirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    tempDirs.push(dir);
    return dir;
  };

  // Registered before useTestApp's own hook, so the environment is ready when the app is built.
  beforeAll(async () => {
    env.DATA_DIR = tempDir('broadsheet-media-');
    if (adapter === 's3') {
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        directory: tempDir('broadsheet-s3-'),
        silent: true,
        configureBuckets: [{ name: 'article-images' }],
      });
      const { port } = await s3.run();
      Object.assign(env, {
        S3_BUCKET: 'article-images',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PUBLIC_URL: `http://127.0.0.1:${port}/article-images/`,
      });
    }
  });
  const t: TestApp = useTestApp(kind, env);
  afterAll(async () => {
    await s3?.close();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const anonymous = () => new TestClient(() => t.app);

  /** Loads a stored file the way a browser would: from the app (local) or from the bucket (S3). */
  async function fetchStored(url: string): Promise<{ status: number; body: Buffer; cacheControl: string | undefined; type: string | undefined }> {
    if (url.startsWith('/')) {
      const response = await t.app.inject({ method: 'GET', url });
      return {
        status: response.statusCode,
        body: response.rawPayload,
        cacheControl: response.headers['cache-control'] as string | undefined,
        type: response.headers['content-type'] as string | undefined,
      };
    }
    const response = await fetch(url);
    return {
      status: response.status,
      body: Buffer.from(await response.arrayBuffer()),
      cacheControl: response.headers.get('cache-control') ?? undefined,
      type: response.headers.get('content-type') ?? undefined,
    };
  }

  it('stores each accepted type under its timestamped, sanitized key, with variants, served with immutable caching', async () => {
    const { client } = await signedInClient(t);
    const cases = [
      { name: 'Harbour wall (1).png', make: IMAGES.png, mime: 'image/png', format: 'png' },
      { name: 'beach day.jpg', make: IMAGES.jpeg, mime: 'image/jpeg', format: 'jpeg' },
      { name: 'moving.gif', make: IMAGES.gif, mime: 'image/gif', format: 'gif' },
      { name: 'sketch.webp', make: IMAGES.webp, mime: 'image/webp', format: 'webp' },
    ] as const;
    for (const c of cases) {
      // The declared type is ignored; the content decides.
      const response = await upload(client, c.name, await c.make(), 'application/octet-stream');
      expect(response.statusCode, `${c.name}: ${response.body}`).toBe(201);
      const body: UploadBody = response.json();
      expect(body.mime).toBe(c.mime);
      const key = decodeURIComponent(body.url.split('/').pop()!);
      expect(key).toMatch(new RegExp(`^\\d{13}_${c.name.replace(/[^A-Za-z0-9.-]/g, '_').replace(/[.()]/g, '\\$&')}$`));
      if (adapter === 'local') expect(body.url).toBe(`/uploads/${key}`);
      else expect(body.url).toBe(`${env.S3_PUBLIC_URL}${key}`);

      const stored = await fetchStored(body.url);
      expect(stored.status).toBe(200);
      expect(stored.cacheControl).toBe('public, max-age=31536000, immutable');
      expect(stored.type).toContain(c.mime);
      const meta = await sharp(stored.body).metadata();
      expect(meta.format).toBe(c.format);
      expect([meta.width, meta.height]).toEqual([body.width, body.height]);
      expect(body.bytes).toBe(stored.body.length);

      // Narrower than 960: WebP copies at 320, 480 and at the image's own width, never upscaled.
      expect(body.variants).toEqual([
        { width: 320, url: expect.stringMatching(/-320w\.webp$/) },
        { width: 480, url: expect.stringMatching(/-480w\.webp$/) },
        { width: body.width, url: expect.stringMatching(new RegExp(`-${body.width}w\\.webp$`)) },
      ]);
      for (const v of body.variants) {
        const variant = await fetchStored(v.url);
        expect(variant.status).toBe(200);
        expect(variant.cacheControl).toBe('public, max-age=31536000, immutable');
        const variantMeta = await sharp(variant.body).metadata();
        expect([variantMeta.format, variantMeta.width]).toEqual(['webp', v.width]);
      }
    }
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP by its content: a renamed text file, an SVG', async () => {
    const { client } = await signedInClient(t);
    const text = await upload(client, 'notes.png', Buffer.from('This is only text pretending to be an image.\n'.repeat(20)), 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: 'File type must be PNG, JPG, JPEG, GIF or WEBP' });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const svgResponse = await upload(client, 'logo.svg', svg, 'image/svg+xml');
    expect(svgResponse.statusCode).toBe(415);
    expect(svgResponse.json().error).toBe(MEDIA_MESSAGES.fileType);
    const svgAsPng = await upload(client, 'logo.png', svg, 'image/png');
    expect(svgAsPng.statusCode).toBe(415);

    const tiff = await upload(client, 'scan.png', await solid(20, 20).tiff().toBuffer(), 'image/png');
    expect(tiff.statusCode).toBe(415);
  });

  it('refuses a decompression bomb by its declared size, without decoding it', async () => {
    const { client } = await signedInClient(t);
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2000);
    const response = await upload(client, 'bomb.png', bomb, 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: TOO_MANY_PIXELS_MESSAGE });
  });

  it('refuses files over 20 MB with 413, an upload without a file with 400, and anonymous uploads with 401', async () => {
    const { client } = await signedInClient(t);
    const big = await upload(client, 'huge.png', Buffer.alloc(20 * 1024 * 1024 + 1024 * 1024, 1), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'File is too large (max 20 MB)' });

    const wrongField = multipart('a.png', await IMAGES.png(), 'image/png', 'picture');
    const noFile = await client.request({ method: 'POST', url: '/api/uploads', ...wrongField });
    expect(noFile.statusCode).toBe(400);
    const json = await client.post('/api/uploads', { url: 'https://example.com/a.png' });
    expect(json.statusCode).toBe(400);

    const signedOut = await upload(anonymous(), 'a.png', await IMAGES.png(), 'image/png');
    expect(signedOut.statusCode).toBe(401);
  });

  it('turns photos upright and strips their metadata, GPS included', async () => {
    const { client } = await signedInClient(t);
    const photo = await solid(400, 200, '#c33')
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'LeakyCam', Model: 'Model 7' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' },
      })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(exifHasGps(original.exif)).toBe(true);
    expect(photo.includes(Buffer.from('LeakyCam'))).toBe(true);

    const body = await uploadOk(client, 'IMG_0001.JPG', photo);
    expect([body.width, body.height]).toEqual([200, 400]);
    for (const url of [body.url, ...body.variants.map((v) => v.url)]) {
      const stored = await fetchStored(url);
      const meta = await sharp(stored.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(exifHasGps(meta.exif)).toBe(false);
      expect(meta.orientation ?? 1).toBe(1);
      expect(stored.body.includes(Buffer.from('LeakyCam'))).toBe(false);
      expect([meta.width! < meta.height!]).toEqual([true]);
    }
  });

  it('caps the longer side at 1920 px and writes 320, 480, 960 and 1920 px WebP copies', async () => {
    const { client } = await signedInClient(t);
    const body = await uploadOk(client, 'panorama.png', await solid(3000, 2000, '#8899aa').png().toBuffer());
    expect([body.width, body.height]).toEqual([1920, 1280]);
    expect(body.variants.map((v) => v.width)).toEqual([320, 480, 960, 1920]);
    for (const variant of body.variants) {
      const stored = await fetchStored(variant.url);
      expect(stored.status).toBe(200);
      expect(stored.cacheControl).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(stored.body).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', variant.width]);
    }
    const tall = await uploadOk(client, 'tower.jpg', await solid(1000, 2500).jpeg().toBuffer());
    expect([tall.width, tall.height]).toEqual([768, 1920]);
    expect(tall.variants.map((v) => v.width)).toEqual([320, 480, 768]);
  });

  it('keeps the stored file under 5 MB even for a noisy lossless image', async () => {
    const { client } = await signedInClient(t);
    const noisy = await sharp({ create: { width: 1900, height: 1900, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const body = await uploadOk(client, 'static.png', noisy);
    expect(body.bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
    const stored = await fetchStored(body.url);
    expect(stored.body.length).toBe(body.bytes);
    expect((await sharp(stored.body).metadata()).format).toBe('png');
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const { client } = await signedInClient(t);
    const frames = await Promise.all(['#f00', '#00f'].map((c) => solid(60, 40, c).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const body = await uploadOk(client, 'blink.gif', animated);
    const meta = await sharp((await fetchStored(body.url)).body).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([60, 40]);
  });

  it('saves, orders and replaces an article’s images; the article and the feed carry them', async () => {
    const author = await signedInClient(t);
    const article = await newArticle(author.client);
    const [a, b, c] = [await uploadOk(author.client, 'a.png'), await uploadOk(author.client, 'b.png'), await uploadOk(author.client, 'c.png')];

    const put = await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: b.url, caption: '  Second  ', order: 1 },
        { image_url: a.url, caption: 'First', order: 0 },
        { image_url: c.url, caption: '', order: 2 },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual([
      { id: expect.any(Number), imageUrl: a.url, caption: 'First', order: 0, width: 800, height: 600, variants: a.variants, alt: null, cover: false },
      { id: expect.any(Number), imageUrl: b.url, caption: 'Second', order: 1, width: 800, height: 600, variants: b.variants, alt: null, cover: false },
      { id: expect.any(Number), imageUrl: c.url, caption: null, order: 2, width: 800, height: 600, variants: c.variants, alt: null, cover: false },
    ]);
    const read = (await anonymous().get(`/api/articles/${article.slug}-${article.id}`)).json();
    expect(read.images.map((i: { imageUrl: string }) => i.imageUrl)).toEqual([a.url, b.url, c.url]);
    const feed = (await anonymous().get('/api/articles?scope=all&limit=100')).json();
    const card = feed.items.find((item: { id: number }) => item.id === article.id);
    expect(card.image).toMatchObject({ imageUrl: a.url, caption: 'First', width: 800, variants: a.variants });

    // POST adds after the current images (docs/product.md#api), with article_id in each item.
    const d = await uploadOk(author.client, 'd.png');
    const added = await author.client.post(`/api/articles/${article.id}/images`, [{ article_id: article.id, image_url: d.url, caption: 'Fourth', order: 0 }]);
    expect(added.statusCode).toBe(201);
    expect(added.json().map((i: { imageUrl: string; order: number }) => [i.imageUrl, i.order])).toEqual([
      [a.url, 0],
      [b.url, 1],
      [c.url, 2],
      [d.url, 3],
    ]);

    // Replacing with a reordered subset deletes the files nothing uses any more.
    const replaced = await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: d.url, caption: 'Now first', order: 0 },
        { image_url: a.url, caption: 'First', order: 1 },
      ],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().map((i: { imageUrl: string }) => i.imageUrl)).toEqual([d.url, a.url]);
    for (const gone of [b, c]) {
      expect((await fetchStored(gone.url)).status).toBe(404);
      for (const v of gone.variants) expect((await fetchStored(v.url)).status).toBe(404);
    }
    for (const kept of [a, d]) expect((await fetchStored(kept.url)).status).toBe(200);
    // A removed image's upload is gone too: it cannot be attached again.
    const reattach = await author.client.post(`/api/articles/${article.id}/images`, [{ image_url: b.url, caption: null, order: 5 }]);
    expect(reattach.statusCode).toBe(400);

    const cleared = await author.client.put(`/api/articles/${article.id}/images`, { images: [] });
    expect(cleared.json()).toEqual([]);
    expect((await fetchStored(a.url)).status).toBe(404);
    const again = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect(again.images).toEqual([]);
  });

  it('allows at most 5 images per article', async () => {
    const author = await signedInClient(t);
    const article = await newArticle(author.client);
    const uploads = [];
    for (let i = 0; i < 6; i++) uploads.push(await uploadOk(author.client, `p${i}.png`));
    const six = await author.client.put(`/api/articles/${article.id}/images`, {
      images: uploads.map((u, order) => ({ image_url: u.url, caption: null, order })),
    });
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ error: 'An article can have at most 5 images' });

    const five = await author.client.put(`/api/articles/${article.id}/images`, {
      images: uploads.slice(0, 5).map((u, order) => ({ image_url: u.url, caption: `Caption ${order}`, order })),
    });
    expect(five.statusCode).toBe(200);
    const sixth = await author.client.post(`/api/articles/${article.id}/images`, [{ image_url: uploads[5]!.url, caption: null, order: 5 }]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ error: 'An article can have at most 5 images' });
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().images).toHaveLength(5);
  });

  it('accepts only images this site stored for the editor; captions at most 300 characters', async () => {
    const author = await signedInClient(t);
    const stranger = await signedInClient(t);
    const article = await newArticle(author.client);
    const mine = await uploadOk(author.client, 'mine.png');
    const theirs = await uploadOk(stranger.client, 'theirs.png');

    for (const image_url of ['https://evil.example/tracker.png', `${mine.url}?x=1`, theirs.url, 'javascript:alert(1)']) {
      const response = await author.client.put(`/api/articles/${article.id}/images`, { images: [{ image_url, caption: null, order: 0 }] });
      expect(response.statusCode, image_url).toBe(400);
      expect(response.json()).toEqual({ error: MEDIA_MESSAGES.notOurUpload });
    }
    const twice = await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: mine.url, caption: null, order: 0 },
        { image_url: mine.url, caption: null, order: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const long = await author.client.put(`/api/articles/${article.id}/images`, { images: [{ image_url: mine.url, caption: 'x'.repeat(301), order: 0 }] });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('at most 300 characters');
    const justRight = await author.client.put(`/api/articles/${article.id}/images`, { images: [{ image_url: mine.url, caption: 'x'.repeat(300), order: 0 }] });
    expect(justRight.statusCode).toBe(200);
    // Nothing the stranger owned was touched.
    expect((await fetchStored(theirs.url)).status).toBe(200);
  });

  it('lets only those who may change the text change images: 401 signed out, 403 for others, 404 for others’ drafts', async () => {
    const author = await signedInClient(t);
    const other = await signedInClient(t);
    const published = await newArticle(author.client);
    const draft = await newArticle(author.client, { status: 'draft' });
    const own = await uploadOk(other.client, 'own.png');
    const body = { images: [{ image_url: own.url, caption: null, order: 0 }] };

    expect((await anonymous().put(`/api/articles/${published.id}/images`, body)).statusCode).toBe(401);
    expect((await anonymous().post(`/api/articles/${published.id}/images`, body.images)).statusCode).toBe(401);
    expect((await other.client.put(`/api/articles/${published.id}/images`, body)).statusCode).toBe(403);
    expect((await other.client.post(`/api/articles/${published.id}/images`, body.images)).statusCode).toBe(403);
    expect((await other.client.put(`/api/articles/${draft.id}/images`, body)).statusCode).toBe(404);
    expect((await other.client.put('/api/articles/999999/images', body)).statusCode).toBe(404);
    expect((await other.client.put('/api/articles/no-such-slug/images', body)).statusCode).toBe(404);
    expect((await other.client.put('/api/articles/not_an_id/images', body)).statusCode).toBe(400);
    expect((await anonymous().get(`/api/articles/${published.id}`)).json().images).toEqual([]);
  });

  it('deletes the files with the article, but keeps those another article still shows', async () => {
    const author = await signedInClient(t);
    const first = await newArticle(author.client);
    const second = await newArticle(author.client);
    const onlyFirst = await uploadOk(author.client, 'only.png');
    const shared = await uploadOk(author.client, 'shared.png');
    await author.client.put(`/api/articles/${first.id}/images`, {
      images: [
        { image_url: onlyFirst.url, caption: null, order: 0 },
        { image_url: shared.url, caption: null, order: 1 },
      ],
    });
    await author.client.put(`/api/articles/${second.id}/images`, { images: [{ image_url: shared.url, caption: 'Reused', order: 0 }] });

    expect((await author.client.delete(`/api/articles/${first.id}`)).statusCode).toBe(204);
    expect((await fetchStored(onlyFirst.url)).status).toBe(404);
    for (const v of onlyFirst.variants) expect((await fetchStored(v.url)).status).toBe(404);
    expect((await fetchStored(shared.url)).status).toBe(200);

    expect((await author.client.delete(`/api/articles/${second.id}`)).statusCode).toBe(204);
    expect((await fetchStored(shared.url)).status).toBe(404);
  });

  it('keeps each image’s alt text and one chosen cover, which the card shows; two covers or a long alt are refused', async () => {
    const author = await signedInClient(t);
    const article = await newArticle(author.client);
    const [a, b] = [await uploadOk(author.client, 'a.png'), await uploadOk(author.client, 'b.png')];
    const put = await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: a.url, caption: 'First', order: 0, alt: '  A blue square  ' },
        { image_url: b.url, caption: null, order: 1, alt: 'The town hall at dusk', cover: true },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().map((i: { alt: string | null; cover: boolean }) => [i.alt, i.cover])).toEqual([
      ['A blue square', false],
      ['The town hall at dusk', true],
    ]);
    const read = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect(read.images.map((i: { imageUrl: string; alt: string; cover: boolean }) => [i.imageUrl, i.alt, i.cover])).toEqual([
      [a.url, 'A blue square', false],
      [b.url, 'The town hall at dusk', true],
    ]);
    const feed = (await anonymous().get('/api/articles?scope=all&limit=100')).json();
    expect(feed.items.find((item: { id: number }) => item.id === article.id).image).toMatchObject({ imageUrl: b.url, cover: true });

    const twoCovers = await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: a.url, caption: null, order: 0, cover: true },
        { image_url: b.url, caption: null, order: 1, cover: true },
      ],
    });
    expect(twoCovers.statusCode).toBe(400);
    expect(twoCovers.json().error).toContain(MEDIA_MESSAGES.oneCover);
    const c = await uploadOk(author.client, 'c.png');
    const secondCover = await author.client.post(`/api/articles/${article.id}/images`, [{ image_url: c.url, caption: null, order: 2, cover: true }]);
    expect(secondCover.statusCode).toBe(400);
    expect(secondCover.json().error).toBe(MEDIA_MESSAGES.oneCover);
    const longAlt = await author.client.put(`/api/articles/${article.id}/images`, { images: [{ image_url: a.url, caption: null, alt: 'x'.repeat(251) }] });
    expect(longAlt.statusCode).toBe(400);
    expect(longAlt.json().error).toContain(MEDIA_MESSAGES.altTooLong);

    // Without a chosen cover the first gallery image is the card's.
    await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: a.url, caption: null, order: 0 },
        { image_url: b.url, caption: null, order: 1 },
      ],
    });
    const after = (await anonymous().get('/api/articles?scope=all&limit=100')).json();
    expect(after.items.find((item: { id: number }) => item.id === article.id).image).toMatchObject({ imageUrl: a.url, cover: false });
  });

  it('keeps images of the writer’s uploads in the text with srcset, size and lazy loading; removes remote, data: and others’ images', async () => {
    const author = await signedInClient(t);
    const other = await signedInClient(t);
    const mine = await uploadOk(author.client, 'inline.png');
    const theirs = await uploadOk(other.client, 'theirs.png');
    const content =
      `<p>Before</p><img src="${mine.url}" alt="A blue square" onerror="alert(1)">` +
      `<img src="https://evil.example/x.png" alt="remote"><img src="data:image/png;base64,iVBORw0KGgo=" alt="data">` +
      `<img src="${theirs.url}" alt="theirs"><p>After</p>`;
    const article = await newArticle(author.client, { content });
    const read = (await anonymous().get(`/api/articles/${article.id}`)).json();
    const srcset = [...mine.variants].sort((x, y) => x.width - y.width).map((v) => `${v.url} ${v.width}w`).join(', ');
    expect(read.content).toContain(`<img src="${mine.url}" alt="A blue square" srcset="${srcset}"`);
    expect(read.content).toContain('width="800" height="600" loading="lazy" decoding="async"');
    for (const gone of ['evil.example', 'data:', theirs.url, 'onerror', 'remote', 'theirs']) expect(read.content).not.toContain(gone);
    // The text's images are not the gallery's.
    expect(read.images).toEqual([]);
  });

  it('lets the text hold images beyond the gallery’s five, and deletes their files when they leave the text or with the article', async () => {
    const author = await signedInClient(t);
    const article = await newArticle(author.client);
    const gallery = [];
    for (let i = 0; i < 5; i++) gallery.push(await uploadOk(author.client, `g${i}.png`));
    expect(
      (await author.client.put(`/api/articles/${article.id}/images`, { images: gallery.map((g, order) => ({ image_url: g.url, caption: null, order })) }))
        .statusCode,
    ).toBe(200);
    const [kept, dropped] = [await uploadOk(author.client, 'kept.png'), await uploadOk(author.client, 'dropped.png')];
    const edit = await author.client.patch(`/api/articles/${article.id}`, {
      content: `<p>Text</p><img src="${kept.url}" alt="Kept"><img src="${dropped.url}" alt="Dropped">`,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().images).toHaveLength(5);
    expect(edit.json().content).toContain(kept.url);

    // Taken out of the text, an image's files go; the gallery is untouched.
    const trimmed = await author.client.patch(`/api/articles/${article.id}`, { content: `<p>Text</p><img src="${kept.url}" alt="Kept">` });
    expect(trimmed.statusCode).toBe(200);
    expect((await fetchStored(dropped.url)).status).toBe(404);
    expect((await fetchStored(kept.url)).status).toBe(200);
    expect(trimmed.json().images).toHaveLength(5);

    expect((await author.client.delete(`/api/articles/${article.id}`)).statusCode).toBe(204);
    expect((await fetchStored(kept.url)).status).toBe(404);
    for (const v of kept.variants) expect((await fetchStored(v.url)).status).toBe(404);
  });

  it('keeps the images of autosaved text: a draft’s and a published article’s pending edit, beside the live text’s, past the sweep of unused uploads', async () => {
    const author = await signedInClient(t);
    const article = await newArticle(author.client);
    const live = await uploadOk(author.client, 'live.png');
    const saved = await author.client.patch(`/api/articles/${article.id}`, { content: `<p>Live</p><img src="${live.url}" alt="Live">` });
    expect(saved.statusCode, saved.body).toBe(200);

    // A pending edit brings a new picture and drops the live one; readers keep the live text.
    const pending = await uploadOk(author.client, 'pending.png');
    const autosave = await author.client.put(`/api/articles/${article.id}/autosave`, {
      baseSavedAt: saved.json().savedAt,
      content: `<p>Pending</p><img src="${pending.url}" alt="Pending">`,
    });
    expect(autosave.statusCode, autosave.body).toBe(200);
    const mine = (await author.client.get(`/api/articles/${article.id}`)).json();
    expect(mine.pendingEdit.content).toContain(`<img src="${pending.url}" alt="Pending" srcset=`);
    // Neither version's files are unused uploads.
    await t.ctx.media.sweepAbandoned(-60_000);
    expect((await fetchStored(pending.url)).status).toBe(200);
    expect((await fetchStored(live.url)).status).toBe(200);

    // Save applies the pending edit: its picture reaches readers, the dropped one's files go.
    const applied = await author.client.patch(`/api/articles/${article.id}`, { content: mine.pendingEdit.content, baseSavedAt: autosave.json().savedAt });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().content).toContain(pending.url);
    expect((await fetchStored(live.url)).status).toBe(404);

    // A draft's autosave and a new article's first autosave keep theirs too.
    const channelId = (await author.client.get(`/api/articles/${article.id}`)).json().channelId;
    const first = await uploadOk(author.client, 'first.png');
    const created = await author.client.post('/api/articles/autosave', { channelId, content: `<p>New</p><img src="${first.url}" alt="First">` });
    expect(created.statusCode, created.body).toBe(201);
    const second = await uploadOk(author.client, 'second.png');
    const draftSave = await author.client.put(`/api/articles/${created.json().id}/autosave`, {
      baseSavedAt: created.json().savedAt,
      content: `<p>New</p><img src="${first.url}" alt="First"><img src="${second.url}" alt="Second">`,
    });
    expect(draftSave.statusCode, draftSave.body).toBe(200);
    expect((await author.client.get(`/api/articles/${created.json().id}`)).json().content).toContain(`<img src="${second.url}" alt="Second" srcset=`);
    await t.ctx.media.sweepAbandoned(-60_000);
    expect((await fetchStored(first.url)).status).toBe(200);
    expect((await fetchStored(second.url)).status).toBe(200);
  });

  it('keeps an image that an autosave dropped from the text until the writer saves on purpose, so undo can bring it back', async () => {
    const author = await signedInClient(t);
    const article = await newArticle(author.client, { status: 'draft' });
    const picture = await uploadOk(author.client, 'undone.png');
    const withImage = `<p>Text</p><img src="${picture.url}" alt="Undone">`;
    const saved = await author.client.patch(`/api/articles/${article.id}`, { content: withImage });
    expect(saved.statusCode, saved.body).toBe(200);

    // A keystroke replaced the image, and autosave saved the text without it: its files stay.
    const dropped = await author.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: saved.json().savedAt, content: '<p>Textx</p>' });
    expect(dropped.statusCode, dropped.body).toBe(200);
    await t.ctx.media.sweepAbandoned(-60_000);
    expect((await fetchStored(picture.url)).status).toBe(200);

    // Undo put it back: the next autosave keeps it in the text, with its copies.
    const undone = await author.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: dropped.json().savedAt, content: withImage });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await author.client.get(`/api/articles/${article.id}`)).json().content).toContain(`<img src="${picture.url}" alt="Undone" srcset=`);

    // Dropped again, then saved on purpose without it: now its files go.
    const again = await author.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: undone.json().savedAt, content: '<p>Text</p>' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await fetchStored(picture.url)).status).toBe(200);
    const onPurpose = await author.client.patch(`/api/articles/${article.id}`, { content: '<p>Text</p>', baseSavedAt: again.json().savedAt });
    expect(onPurpose.statusCode, onPurpose.body).toBe(200);
    expect((await fetchStored(picture.url)).status).toBe(404);
  });

  it('removes uploads that were never attached once they are old enough', async () => {
    const author = await signedInClient(t);
    const abandoned = await uploadOk(author.client, 'abandoned.png');
    // Nothing is an hour old yet (the suite itself can take minutes on a loaded machine).
    expect(await t.ctx.media.sweepAbandoned(3_600_000)).toBe(0);
    expect(await t.ctx.media.sweepAbandoned(-60_000)).toBeGreaterThanOrEqual(1);
    expect((await fetchStored(abandoned.url)).status).toBe(404);
  });

  if (adapter === 'local' && kind === 'sqlite') {
    it('limits uploads per user, not per address', async () => {
      const busy = await signedInClient(t);
      const other = await signedInClient(t);
      const tiny = await solid(8, 8).png().toBuffer();
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) statuses.push((await upload(busy.client, `t${i}.png`, tiny, 'image/png')).statusCode);
      expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect((await upload(other.client, 'mine.png', tiny, 'image/png')).statusCode).toBe(201);
      await t.ctx.media.sweepAbandoned(-60_000);
    });
  }

  if (adapter === 'local') {
    it('serves nothing outside the uploads folder', async () => {
      fs.writeFileSync(path.join(env.DATA_DIR!, 'secret.txt'), 'not for the web');
      fs.writeFileSync(path.join(env.DATA_DIR!, 'uploads', '.hidden'), 'not for the web');
      for (const url of ['/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt', '/uploads/..%2fsecret.txt', '/uploads/.hidden', '/uploads/missing.png']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect([403, 404], url).toContain(response.statusCode);
        expect(response.body).not.toContain('not for the web');
      }
    });
  }
}

describe.each(testDatabases())('media on %s', (kind) => {
  describe.each(['local', 's3'] as const)('with %s storage', (adapter) => mediaSuite(kind, adapter));
});
