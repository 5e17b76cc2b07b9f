import { describe, expect, it } from 'vitest';
import { interlacedPng } from '../../../test-support/hostile-images.js';
import { signedInClient, testDatabases, useTestApp, type TestClient } from '../../../test-support/test-app.js';
import { decodeCost } from './decode-budget.js';
import { DEFAULT_IMAGE_MEMORY_BYTES } from './image-pipeline.js';

function multipart(fileName: string, body: Buffer) {
  const boundary = `----broadsheet-budget-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (client: TestClient, fileName: string, body: Buffer) => client.request({ method: 'POST', url: '/api/uploads', ...multipart(fileName, body) });

/**
 * Images are budgeted by the bytes their decoding holds, not by pixels (decode-budget.ts). The
 * probe's 409 KB interlaced 16-bit 7000 × 7000 PNG (392 MB decoded) was accepted and took the
 * server from 150 to 760 MB; it is refused before decoding, with a message saying what to do.
 */
describe.each(testDatabases())('the decode budget on uploads on %s', (kind) => {
  const t = useTestApp(kind);

  it('refuses an image whose decoding would exceed it, and stores nothing', async () => {
    const { client, id } = await signedInClient(t, 'budget');
    const hostile = await interlacedPng(7000, 7000);
    expect(hostile.length).toBeLessThan(512 * 1024);
    const cost = decodeCost({ width: 7000, height: 7000, channels: 4, bytesPerSample: 2, wholeFrame: true });
    const response = await upload(client, 'poster.png', hostile);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `This image would need about ${Math.ceil(cost / 1024 / 1024)} MB of memory to process (at most ${DEFAULT_IMAGE_MEMORY_BYTES / 1024 / 1024} MB). Please upload a smaller image, or save it as a baseline JPEG or a non-interlaced PNG.`,
    });
    const stored = await t.database.db.selectFrom('uploads').select('id').where('user_id', '=', id).execute();
    expect(stored).toEqual([]);
  });

  it('accepts interlaced images that fit', async () => {
    const { client } = await signedInClient(t, 'budget');
    for (const [width, height, options] of [
      [2400, 1600, { bitDepth: 8, colour: 'rgb' }],
      [1600, 1200, { bitDepth: 16, colour: 'rgba' }],
    ] as const) {
      const response = await upload(client, 'interlaced.png', await interlacedPng(width, height, options));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ width: Math.min(width, 1920) });
    }
  });
});
