import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../../contract/media.js';
import {
  gifDeclaring,
  gifWithComment,
  noisyPhoto,
  jpegDeclaring,
  jpegWithComment,
  PAYLOAD,
  pngChunk,
  pngDeclaring,
  SCRIPT,
  webpDeclaring,
  withPngChunk,
  zeroPng,
  zipArchive,
} from '../../../test-support/hostile-images.js';
import { signedInClient, useTestApp, type TestClient } from '../../../test-support/test-app.js';
import { startServer, type RunningServer } from '../../../../e2e/support/server.js';
import { peakRss } from '../../../test-support/process-memory.js';
import { TOO_MANY_PIXELS_MESSAGE } from './image-pipeline.js';
import { IMAGE_SLOTS } from './image-slots.js';

/**
 * Hostile uploads. Polyglots, SVG with script, truncated images, pixel and zip
 * bombs renamed .png are refused with the status and message a person sees, or, when they are a
 * real image, stored only as sharp's re-encoding, with no byte of the payload left. Refused files
 * leave nothing behind. The parallel uploads run against a real server process in the second
 * block; how much memory they take is upload-memory.perf.test.ts's (npm run test:perf).
 *
 * Uploads do not depend on the database, so this runs on SQLite only; the media API suite covers
 * PostgreSQL and the S3 adapter.
 */

interface UploadBody {
  url: string;
  mime: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

const FILE_TYPE = { status: 415, error: MEDIA_MESSAGES.fileType };
const UNREADABLE = { status: 400, error: MEDIA_MESSAGES.unreadable };
const TOO_MANY_PIXELS = { status: 400, error: TOO_MANY_PIXELS_MESSAGE };

function multipart(fileName: string, body: Buffer, contentType: string) {
  const boundary = `----broadsheet-abuse-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, body, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a folder, dotfiles (half-written temporaries) included. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('hostile uploads', () => {
  const env: Record<string, string> = {};
  // Uploads are spooled under os.tmpdir(); a private one shows that refused files leave nothing there either.
  const tmp = { previous: process.env.TMPDIR, dir: '' };
  beforeAll(() => {
    env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-abuse-'));
    tmp.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-abuse-tmp-'));
    process.env.TMPDIR = tmp.dir;
  });
  const t = useTestApp('sqlite', env);
  afterAll(() => {
    if (tmp.previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp.previous;
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
    fs.rmSync(tmp.dir, { recursive: true, force: true });
  });

  let client: TestClient;
  let files: { png: Buffer; jpeg: Buffer; gif: Buffer; webp: Buffer };
  let tried = 0;
  beforeAll(async () => {
    client = (await signedInClient(t, 'abuser')).client;
    const photo = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
    files = {
      png: await photo().png().toBuffer(),
      jpeg: await photo().jpeg({ quality: 80 }).toBuffer(),
      gif: await photo().gif().toBuffer(),
      // With alpha, so libwebp writes the extended (VP8X) header that carries the canvas size.
      webp: await sharp({ create: { width: 320, height: 240, channels: 4, background: { r: 10, g: 90, b: 160, alpha: 0.5 } } }).webp().toBuffer(),
    };
  });
  afterAll(() => console.log(`[uploads] ${tried} hostile files tried in process`));

  const uploadsDir = () => path.join(env.DATA_DIR!, 'uploads');
  const uploadRows = async () => Number((await t.database.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  function upload(fileName: string, body: Buffer, contentType: string) {
    tried++;
    return client.request({ method: 'POST', url: '/api/uploads', ...multipart(fileName, body, contentType) });
  }

  /** Uploads a file that must be refused, and checks the answer and that nothing was kept. */
  async function expectRefused(label: string, fileName: string, body: Buffer, contentType: string, expected: { status: number; error: string }) {
    const before = { files: listFiles(uploadsDir()), rows: await uploadRows() };
    const response = await upload(fileName, body, contentType);
    expect({ status: response.statusCode, body: response.json() }, label).toEqual({ status: expected.status, body: { error: expected.error } });
    expect(listFiles(uploadsDir()), `${label}: files left behind`).toEqual(before.files);
    expect(listFiles(tmp.dir), `${label}: temporary files left behind`).toEqual([]);
    expect(await uploadRows(), `${label}: upload recorded`).toBe(before.rows);
  }

  /**
   * Uploads a polyglot that is a real image: it must be stored, and every stored file (the main one
   * and each WebP copy) must be a clean re-encoding without the payload, served as an image that a
   * browser may not sniff into HTML.
   */
  async function expectCleaned(label: string, fileName: string, body: Buffer, contentType: string, format: 'png' | 'jpeg' | 'gif' | 'webp') {
    expect(body.includes(PAYLOAD), `${label} carries the payload`).toBe(true);
    const response = await upload(fileName, body, contentType);
    expect(response.statusCode, `${label}: ${response.body}`).toBe(201);
    const stored: UploadBody = response.json();
    expect(stored.mime, label).toBe(`image/${format}`);
    expect(stored.url, label).toMatch(format === 'jpeg' ? /\.(jpe?g|JPE?G)$/ : new RegExp(`\\.${format}$`));
    const urls = [stored.url, ...stored.variants.map((v) => v.url)];
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const [i, url] of urls.entries()) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type'], url).toBe(i === 0 ? `image/${format}` : 'image/webp');
      expect(served.headers['x-content-type-options'], url).toBe('nosniff');
      const bytes = served.rawPayload;
      expect(bytes.includes(PAYLOAD), `${label}: payload served from ${url}`).toBe(false);
      expect(bytes.includes('<script'), `${label}: markup served from ${url}`).toBe(false);
      // The very same bytes on disk, and nothing but the image: sharp reads it, and it ends where the format ends.
      const onDisk = fs.readFileSync(path.join(uploadsDir(), decodeURIComponent(url.split('/').pop()!)));
      expect(onDisk.equals(bytes), url).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, url).toBe(i === 0 ? format : 'webp');
      expect(meta.exif ?? meta.xmp ?? meta.comments, `${label}: metadata kept in ${url}`).toBeUndefined();
    }
    return stored;
  }

  it('stores polyglots only as clean re-encoded images (GIFAR, script in PNG chunks and after IEND, JPEG + ZIP)', async () => {
    const jar = zipArchive([
      { name: 'META-INF/MANIFEST.MF', data: Buffer.from(`Manifest-Version: 1.0\nMain-Class: ${PAYLOAD}\n`) },
      // Entry names are stored as plain text, so the payload is there to find in the polyglot.
      { name: `${PAYLOAD}/index.html`, data: Buffer.from(SCRIPT) },
    ]);
    await expectCleaned('GIFAR (GIF + JAR)', 'gifar.gif', Buffer.concat([files.gif, jar]), 'image/gif', 'gif');
    await expectCleaned('GIF + HTML', 'page.gif', Buffer.concat([files.gif, Buffer.from(SCRIPT)]), 'image/gif', 'gif');
    await expectCleaned('GIF comment with script', 'comment.gif', gifWithComment(files.gif, SCRIPT), 'image/gif', 'gif');
    const text = pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.from(SCRIPT)]));
    await expectCleaned('PNG tEXt with script', 'chunk.png', withPngChunk(files.png, text), 'image/png', 'png');
    const itxt = pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0'), Buffer.from(`<x:xmpmeta>${SCRIPT}</x:xmpmeta>`)]));
    await expectCleaned('PNG iTXt (XMP) with script', 'xmp.png', withPngChunk(files.png, itxt), 'image/png', 'png');
    await expectCleaned('PNG + HTML after IEND', 'after-iend.png', Buffer.concat([files.png, Buffer.from(SCRIPT)]), 'image/png', 'png');
    await expectCleaned('JPEG + ZIP', 'photo.jpg', Buffer.concat([files.jpeg, jar]), 'image/jpeg', 'jpeg');
    await expectCleaned('JPEG comment with script', 'comment.jpg', jpegWithComment(files.jpeg, SCRIPT), 'image/jpeg', 'jpeg');
    const exif = await sharp(files.jpeg).withExif({ IFD0: { ImageDescription: SCRIPT, Copyright: PAYLOAD } }).jpeg().toBuffer();
    await expectCleaned('JPEG EXIF with script', 'exif.jpg', exif, 'image/jpeg', 'jpeg');
    const xmpWebp = await sharp(files.webp).withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- ${SCRIPT} --></x:xmpmeta>`).webp().toBuffer();
    await expectCleaned('WebP XMP with script', 'xmp.webp', xmpWebp, 'image/webp', 'webp');
    // The name and the declared type lie; the content decides, and the stored name says what it is.
    const renamed = await expectCleaned('GIF + HTML named .html', 'index.html', Buffer.concat([files.gif, Buffer.from(SCRIPT)]), 'text/html', 'gif');
    expect(renamed.url).toMatch(/_index\.gif$/);
  });

  it('refuses files that only pretend to be images: HTML, PDF, ZIP, SVG with script, by content not by name', async () => {
    await expectRefused('HTML named .jpg', 'photo.jpg', Buffer.from(SCRIPT), 'image/jpeg', FILE_TYPE);
    await expectRefused('HTML with a BOM named .png', 'photo.png', Buffer.from(`\ufeff${SCRIPT}`), 'image/png', FILE_TYPE);
    const pdf = Buffer.from(
      `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert('${PAYLOAD}')) >> >> endobj\n` +
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >> endobj\n' +
        'trailer << /Root 1 0 R >>\n%%EOF\n',
    );
    await expectRefused('PDF named .png', 'report.png', pdf, 'image/png', FILE_TYPE);
    // A PDF behind a PNG signature is not a PNG either.
    await expectRefused('PNG signature + PDF', 'report.png', Buffer.concat([files.png.subarray(0, 8), pdf]), 'image/png', UNREADABLE);
    const zip = zipArchive([{ name: 'index.html', data: Buffer.from(SCRIPT) }]);
    await expectRefused('ZIP named .png', 'archive.png', zip, 'image/png', FILE_TYPE);
    await expectRefused('ZIP + GIF (ZIP first)', 'archive.gif', Buffer.concat([zip, files.gif]), 'image/gif', FILE_TYPE);

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert('${PAYLOAD}')"><script>alert('${PAYLOAD}')</script><rect width="100" height="100"/></svg>`;
    await expectRefused('SVG', 'logo.svg', Buffer.from(svg), 'image/svg+xml', FILE_TYPE);
    await expectRefused('SVG named .png', 'logo.png', Buffer.from(svg), 'image/png', FILE_TYPE);
    await expectRefused('SVG with an XML prolog named .png', 'logo.png', Buffer.from(`<?xml version="1.0"?>\n${svg}`), 'image/png', FILE_TYPE);
    await expectRefused('SVG after blank lines named .gif', 'logo.gif', Buffer.from(`\n\n   ${svg}`), 'image/gif', FILE_TYPE);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
      '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text>&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;</text></svg>';
    await expectRefused('SVG billion laughs named .png', 'laughs.png', Buffer.from(laughs), 'image/png', FILE_TYPE);
    const svgz = (await import('node:zlib')).gzipSync(Buffer.from(svg));
    await expectRefused('gzipped SVG named .png', 'logo.png', svgz, 'image/png', FILE_TYPE);
    // Other formats sharp could read are not on the list (docs/product.md#writing).
    await expectRefused('TIFF named .png', 'scan.png', await sharp(files.png).tiff().toBuffer(), 'image/png', FILE_TYPE);
    await expectRefused('AVIF named .jpg', 'photo.jpg', await sharp(files.png).avif({ effort: 0 }).toBuffer(), 'image/jpeg', FILE_TYPE);
  });

  it('answers truncated and damaged images with a clean 400, never a 500', async () => {
    const cases: [string, Buffer][] = [
      ['PNG cut in half', files.png.subarray(0, files.png.length >> 1)],
      ['PNG header only', files.png.subarray(0, 33)],
      ['PNG signature only', files.png.subarray(0, 8)],
      ['JPEG cut in half', files.jpeg.subarray(0, files.jpeg.length >> 1)],
      ['JPEG header only', files.jpeg.subarray(0, 200)],
      ['JPEG start marker only', files.jpeg.subarray(0, 3)],
      ['GIF cut in half', files.gif.subarray(0, files.gif.length >> 1)],
      ['GIF header only', files.gif.subarray(0, 13)],
      ['WebP cut in half', files.webp.subarray(0, files.webp.length >> 1)],
      ['WebP header only', files.webp.subarray(0, 30)],
    ];
    const corrupt = Buffer.from(files.png);
    corrupt.fill(0xa5, 100, 400); // IDAT bytes overwritten: the checksum no longer matches
    cases.push(['PNG with a damaged IDAT', corrupt]);
    for (const [label, body] of cases) {
      const ext = label.split(' ')[0]!.toLowerCase().replace('jpeg', 'jpg');
      await expectRefused(label, `broken.${ext}`, body, `image/${ext === 'jpg' ? 'jpeg' : ext}`, UNREADABLE);
    }
    // Every pixel there and only the end chunk missing is a complete picture: stored, re-encoded whole.
    const endless = await upload('endless.png', files.png.subarray(0, files.png.length - 12), 'image/png');
    expect(endless.statusCode, endless.body).toBe(201);
    const stored = (await t.app.inject({ method: 'GET', url: (endless.json() as UploadBody).url })).rawPayload;
    expect(stored.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });

  it('refuses pixel bombs by their declared size before decoding', async () => {
    const bombs: [string, string, Buffer][] = [
      ['PNG declaring 50,000 x 50,000', 'bomb.png', pngDeclaring(50_000, 50_000)],
      ['PNG declaring 1 x 2,000,000,000', 'tall.png', pngDeclaring(1, 2_000_000_000)],
      ['PNG declaring 2^31-1 x 2^31-1', 'max.png', pngDeclaring(0x7fffffff, 0x7fffffff)],
      ['JPEG declaring 60,000 x 60,000', 'bomb.jpg', jpegDeclaring(files.jpeg, 60_000, 60_000)],
      ['GIF declaring 65,535 x 65,535', 'bomb.gif', gifDeclaring(files.gif, 65_535, 65_535)],
      ['GIF with a small screen and a 65,535 x 65,535 frame', 'frame.gif', gifDeclaring(files.gif, 65_535, 65_535, { screen: false })],
      ['WebP declaring 16,384 x 16,384', 'bomb.webp', webpDeclaring(files.webp, 16_384, 16_384)],
      ['PNG declaring 50,000 x 50,000 renamed .jpg', 'bomb.jpg', pngDeclaring(50_000, 50_000)],
    ];
    for (const [label, name, body] of bombs) {
      expect(body.length, label).toBeLessThan(256 * 1024);
      // 2.5 gigapixels would take minutes and gigabytes to decode; the header alone refuses it.
      await expectRefused(label, name, body, 'image/png', TOO_MANY_PIXELS);
    }
  });

  it('refuses zip bombs renamed .png', async () => {
    // 64 MB of zeros in a 64 KB archive, and an archive of ten such archives.
    const inner = zipArchive([{ name: 'zeros.bin', data: Buffer.alloc(64 * 1024 * 1024) }]);
    const nested = zipArchive(Array.from({ length: 10 }, (_, i) => ({ name: `layer${i}.zip`, data: inner })));
    for (const [label, body] of [
      ['zip bomb', inner],
      ['nested zip bomb', nested],
    ] as const) {
      await expectRefused(`${label} renamed .png`, 'holiday.png', body, 'image/png', FILE_TYPE);
    }
    // The same bytes as gzip, which is what a PNG's IDAT is made of: still not a PNG.
    const gz = (await import('node:zlib')).gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    await expectRefused('gzip bomb renamed .png', 'holiday.png', gz, 'image/png', FILE_TYPE);
  });

  it('decodes the largest allowed image (a 7,000 x 7,000 PNG of a few hundred KB) and fits it within 1920 px', async () => {
    const body = zeroPng(7000, 7000);
    expect(body.length).toBeLessThan(512 * 1024);
    const response = await upload('flood.png', body, 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 1920, height: 1920, mime: 'image/png' });
  });
});

// ---------------------------------------------------------------------------------------------
// A real server process: its memory is what matters, and only a separate process can be measured.

const MB = 1024 * 1024;

describe('uploads against a real server process', () => {
  let server: RunningServer;
  // The server's own temporary folder, where uploads are spooled: it must be empty after every answer.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-abuse-tmp-'));
  const cookies: string[] = [];

  beforeAll(async () => {
    // The server as built from these sources (esbuild, about a second), not a stale dist/.
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' });
    server = await startServer({ TMPDIR: tmp });
    // Uploads are limited per user (60 a minute); five authors share the fifty uploads, as a newsroom would.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ username: `uploader_${process.pid}_${i}`, password: 'correct-horse' }),
      });
      expect(response.status).toBe(201);
      cookies.push(response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '));
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function post(cookie: string, fileName: string, body: Buffer, type: string): Promise<{ status: number; json: { error?: string } }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type }), fileName);
    const response = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { cookie, origin: server.url }, body: form });
    return { status: response.status, json: (await response.json()) as { error?: string } };
  }

  // First in this block: the uploads below load it. An instance that only serves readers keeps the
  // 23 MB of sharp and libvips out of its memory (the 250 MB a server holds at 1,000,000 articles).
  it('maps no image library until the first upload needs it', async () => {
    const imageLibraryMapped = () => /libvips/.test(fs.readFileSync(`/proc/${server.pid}/maps`, 'utf8'));
    expect(imageLibraryMapped()).toBe(false);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const uploaded = await post(cookies[0]!, 'first.jpg', jpeg, 'image/jpeg');
    expect(uploaded.status).toBe(201);
    expect(imageLibraryMapped()).toBe(true);
  });

  it('refuses a burst of bombs at once, each with its own answer, and keeps no temporary file', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const bombs: [Buffer, { status: number; error: string }][] = [
      [pngDeclaring(50_000, 50_000), TOO_MANY_PIXELS],
      [pngDeclaring(65_535, 65_535, 16 * MB), TOO_MANY_PIXELS],
      [jpegDeclaring(jpeg, 65_000, 65_000), TOO_MANY_PIXELS],
      [withPngChunk(png, pngChunk('tEXt', Buffer.from('x'))).subarray(0, 40), UNREADABLE],
      [zipArchive([{ name: 'zeros.bin', data: Buffer.alloc(64 * MB) }]), FILE_TYPE],
    ];
    const started = Date.now();
    const { result, peak, before } = await peakRss(server.pid, () =>
      Promise.all(Array.from({ length: 20 }, (_, i) => post(cookies[i % cookies.length]!, 'holiday.png', bombs[i % bombs.length]![0], 'image/png'))),
    );
    const ms = Date.now() - started;
    expect(result).toEqual(Array.from({ length: 20 }, (_, i) => ({ status: bombs[i % bombs.length]![1].status, json: { error: bombs[i % bombs.length]![1].error } })));
    expect(fs.readdirSync(tmp)).toEqual([]);
    console.log(`[uploads] 20 bombs at once: refused in ${ms} ms, peak RSS ${Math.round(peak / MB)} MB (before ${Math.round(before / MB)} MB)`);
  });

  it('refuses a file over 20 MB sent without a length (chunked) with 413, and keeps no temporary file', async () => {
    const chunk = new Uint8Array(MB).fill(7);
    let sent = 0;
    const boundary = 'broadsheet-chunked';
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`));
        if (sent++ < 22) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { cookie: cookies[0]!, origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect({ status: response.status, json: await response.json() }).toEqual({ status: 413, json: { error: MEDIA_MESSAGES.fileTooLarge } });
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('takes 50 parallel uploads of real photos, storing each or refusing it as busy', { timeout: 300_000 }, async () => {
    const photos = await Promise.all(Array.from({ length: 5 }, (_, i) => noisyPhoto(i)));
    const weight = photos.reduce((sum, p) => sum + p.length, 0) / photos.length;
    expect(weight).toBeGreaterThan(2 * MB);
    const started = Date.now();
    const { result, peak, before } = await peakRss(server.pid, () =>
      Promise.all(Array.from({ length: 50 }, (_, i) => post(cookies[i % cookies.length]!, `photo-${i}.jpg`, photos[i % photos.length]!, 'image/jpeg'))),
    );
    const seconds = (Date.now() - started) / 1000;
    const stored = result.filter((r) => r.status === 201).length;
    const busy = result.filter((r) => r.status === 429 || r.status === 503);
    console.log(
      `[uploads] 50 parallel uploads: ${stored} stored, ${busy.length} refused as busy, peak RSS ${Math.round(peak / MB)} MB ` +
        `(before ${Math.round(before / MB)} MB, ${IMAGE_SLOTS} image slots; photos ${(weight / MB).toFixed(1)} MB, 3000 x 2000) in ${seconds.toFixed(1)} s`,
    );
    expect(stored + busy.length, JSON.stringify(result.filter((r) => ![201, 429, 503].includes(r.status)))).toBe(50);
    for (const refused of busy) expect(refused.json.error).toBeTruthy();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
