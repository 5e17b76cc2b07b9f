import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../e2e/support/server.js';
import { interlacedPng } from '../../../test-support/hostile-images.js';
import { peakRss } from '../../../test-support/process-memory.js';
import { DEFAULT_IMAGE_MEMORY_BYTES } from './image-pipeline.js';

const MB = 1024 * 1024;

/**
 * The probe's attack on a real server process (only a separate process's memory can be measured):
 * four 409 KB interlaced 16-bit 7000 × 7000 PNGs from two accounts took it from 150 to 1,314 MB.
 * Now they are refused before decoding, and large images that fit the budget (interlaced 8-bit
 * 5000 × 5000 RGBA, about 154 MB each to decode) take turns within it (IMAGE_MEMORY_MB, 192 MB
 * by default). The server's memory then grows about as much as for fifty parallel photos (glibc's
 * per-thread arenas keep what each decode used: +266 MB for the photos, +297 to +344 MB here, on
 * the 2-core machine, 2026-11-29), not by the gigabyte the probe saw.
 * A memory budget, so not part of `npm test`: `npx vitest run --project perf` (after `npm run build`).
 */
describe('the decode budget of a running server', () => {
  let server: RunningServer;
  const cookies: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ username: `budget_${process.pid}_${i}`, password: 'correct-horse' }),
      });
      expect(response.status).toBe(201);
      cookies.push(response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '));
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function post(cookie: string, body: Buffer): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'poster.png');
    return (await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { cookie, origin: server.url }, body: form })).status;
  }

  it('keeps hostile and large uploads within the memory budget', { timeout: 300_000 }, async () => {
    const hostile = await interlacedPng(7000, 7000);
    const large = await interlacedPng(5000, 5000, { bitDepth: 8, colour: 'rgba' });
    const { result, peak, before } = await peakRss(server.pid, () =>
      Promise.all([
        ...Array.from({ length: 4 }, (_, i) => post(cookies[i % 2]!, hostile)),
        ...Array.from({ length: 4 }, (_, i) => post(cookies[i % 2]!, large)),
      ]),
    );
    console.log(`[decode budget] 4 hostile and 4 large uploads: ${result.join(', ')}; peak RSS ${Math.round(peak / MB)} MB (before ${Math.round(before / MB)} MB)`);
    expect(result).toEqual([400, 400, 400, 400, 201, 201, 201, 201]);
    // The budget, plus the allocator's slack (arenas keep freed decode buffers) and the requests themselves.
    expect(peak - before).toBeLessThan(DEFAULT_IMAGE_MEMORY_BYTES + 192 * MB);
  });
});
