import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pngDeclaring } from '../../../test-support/hostile-images.js';
import { signedInClient, type TestClient, useTestApp } from '../../../test-support/test-app.js';
import { PROCESSING_LIMIT, TOO_LONG_SIDE_MESSAGE, TOO_NARROW_MESSAGE, TOO_SLOW_MESSAGE } from './image-pipeline.js';

/**
 * A 95 KB PNG of 1 × 49,000,000 pixels took 25 s of CPU, and three of them held another user's tiny
 * upload for 13 s. Shapes no picture has are refused before decoding and users take turns. The
 * time limit of processing, and how long each of these takes, are in image-turns.perf.test.ts.
 */
function multipart(fileName: string, body: Buffer) {
  const boundary = `----broadsheet-turns-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (client: TestClient, fileName: string, body: Buffer) => client.request({ method: 'POST', url: '/api/uploads', ...multipart(fileName, body) });

describe('image shapes, time limit and turns', () => {
  // The slowest images are also the largest to decode (interlaced, 16-bit): a memory budget that
  // lets them in, so the time limit and the turns are what is tested here (the default budget
  // refuses them before decoding: decode-budget.api.test.ts).
  const t = useTestApp('sqlite', { IMAGE_MEMORY_MB: '4096' });
  /**
   * The slowest kind of image we accept: a 49-megapixel 16-bit RGBA PNG, interlaced (decoded and
   * resized in 1.4–1.5 s on a fast 2-core machine, 2026-11-29; without interlacing 1.1–1.2 s, close
   * enough to the 1 s limit below that a quiet run sometimes finished it in time).
   */
  let slow: Buffer;

  beforeAll(async () => {
    slow = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: { r: 50, g: 100, b: 150, alpha: 0.5 } } })
      .png({ compressionLevel: 9, progressive: true })
      .toColourspace('rgb16')
      .toBuffer();
  }, 120_000);
  afterEach(() => {
    PROCESSING_LIMIT.seconds = 10;
  });

  it('refuses, before decoding, an image longer than 20,000 px or 50 times longer than wide', async () => {
    const { client } = await signedInClient(t);
    const cases: [string, Buffer, string][] = [
      // The probe's file: under the pixel limit, but one pixel wide.
      ['1 × 49,000,000 (declared)', pngDeclaring(1, 49_000_000, 95 * 1024), TOO_LONG_SIDE_MESSAGE],
      ['1 × 25,000', await sharp({ create: { width: 1, height: 25_000, channels: 3, background: '#888' } }).png().toBuffer(), TOO_LONG_SIDE_MESSAGE],
      ['200 × 12,000', await sharp({ create: { width: 200, height: 12_000, channels: 3, background: '#888' } }).png().toBuffer(), TOO_NARROW_MESSAGE],
      ['12,000 × 200', await sharp({ create: { width: 12_000, height: 200, channels: 3, background: '#888' } }).png().toBuffer(), TOO_NARROW_MESSAGE],
    ];
    for (const [label, body, message] of cases) {
      const response = await upload(client, 'long.png', body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({ error: message });
    }
    // At the limits exactly: a 20,000 × 400 panorama is a picture, resized to 1920 px wide.
    const panorama = await sharp({ create: { width: 20_000, height: 400, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const accepted = await upload(client, 'panorama.png', panorama);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ width: 1920 });
  });

  it("takes turns per user: three slow uploads of one user do not hold another user's photo", async () => {
    const a = await signedInClient(t, 'hog');
    const b = await signedInClient(t, 'neighbour');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer();
    const finished: string[] = [];
    const hog = [1, 2, 3].map((i) =>
      upload(a.client, `slow-${i}.png`, slow).then((r) => {
        finished.push(`a${i}`);
        return r;
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const mine = await upload(b.client, 'photo.jpg', photo);
    const waited = Date.now() - started;
    finished.push('b');
    expect(mine.statusCode).toBe(201);
    const hogs = await Promise.all(hog);
    console.log(
      `turns: the neighbour's photo took ${waited} ms while another user's three 49 MP uploads were processed (${hogs.map((r) => r.statusCode).join(', ')}); order ${finished.join(' ')}`,
    );
    // Each of them stored, or stopped by the time limit on a machine this busy: never an error.
    for (const r of hogs) expect(r.statusCode === 201 || (r.statusCode === 400 && r.json().error === TOO_SLOW_MESSAGE), r.body).toBe(true);
    // Before: both slots held by the first user's images, the photo waited for one of them to end.
    expect(finished[0]).toBe('b');
  });
});
