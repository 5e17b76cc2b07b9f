import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegDeclaring, noisyPhoto, pngDeclaring, zipArchive } from '../../../test-support/hostile-images.js';
import { MB, peakRss } from '../../../test-support/process-memory.js';
import { startServer, type RunningServer } from '../../../../e2e/support/server.js';
import { IMAGE_SLOTS } from './image-slots.js';

/**
 * The memory budget of uploads (npm run test:perf, on a quiet machine): a burst of bombs barely
 * moves a real server process, and fifty photos at once stay within the bound docs/operations.md promises (Images).
 * upload-abuse.hardening.test.ts holds what each of them is answered, in npm test.
 */
describe('upload memory against a real server process', () => {
  let server: RunningServer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-memory-tmp-'));
  const cookies: string[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' });
    server = await startServer({ TMPDIR: tmp });
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ username: `memory_${process.pid}_${i}`, password: 'correct-horse' }),
      });
      expect(response.status).toBe(201);
      cookies.push(response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; '));
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const post = async (cookie: string, fileName: string, body: Buffer, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type }), fileName);
    const response = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { cookie, origin: server.url }, body: form });
    return response.status;
  };

  it('refuses twenty bombs at once within 10 s and 100 MB', async () => {
    const jpeg = await (await import('sharp')).default({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const bombs = [pngDeclaring(50_000, 50_000), pngDeclaring(65_535, 65_535, 16 * MB), jpegDeclaring(jpeg, 65_000, 65_000), zipArchive([{ name: 'zeros.bin', data: Buffer.alloc(64 * MB) }])];
    const started = Date.now();
    const { result, peak, before } = await peakRss(server.pid, () => Promise.all(Array.from({ length: 20 }, (_, i) => post(cookies[i % cookies.length]!, 'holiday.png', bombs[i % bombs.length]!, 'image/png'))));
    expect(result.every((status) => status === 400 || status === 415)).toBe(true);
    // 2.5 gigapixels decoded would be 7.5 GB; refused by the header, the server barely notices.
    expect(peak - before).toBeLessThan(100 * MB);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps fifty parallel photo uploads within the memory bound', { timeout: 300_000 }, async () => {
    const photos = await Promise.all(Array.from({ length: 5 }, (_, i) => noisyPhoto(i)));
    const { result, peak, before } = await peakRss(server.pid, () =>
      Promise.all(Array.from({ length: 50 }, (_, i) => post(cookies[i % cookies.length]!, `photo-${i}.jpg`, photos[i % photos.length]!, 'image/jpeg'))),
    );
    expect(result.every((status) => [201, 429, 503].includes(status))).toBe(true);
    // The bound: what the server held before, plus 150 MB for fifty requests in flight (sockets,
    // multipart parsing, answers), plus 75 MB for each image slot (a 6 MP decode, 7 MB of resized
    // pixels, the encodes, the allocator's slack). Without the slots, or with bodies buffered in
    // memory, the peak goes well past it.
    const bound = before + 150 * MB + IMAGE_SLOTS * 75 * MB;
    expect(peak, `bound ${Math.round(bound / MB)} MB`).toBeLessThan(bound);
  });
});
