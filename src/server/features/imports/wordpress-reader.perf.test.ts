import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratch } from './fixtures/build-zip.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '../../../..');
const tmp = scratch('wxr-perf-');
let wxr: string;

/** Reads the file in a process of its own with the heap given, and answers what bench/read-import.ts reports. */
async function readInProcess(file: string, heapMb: number) {
  const { stdout } = await run(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', 'bench/read-import.ts', file], { cwd: root, maxBuffer: 16 * MB });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { bytes: number; records: Record<string, number>; comments: number; peakRssBytes: number };
}

/**
 * The WordPress reader streams: a generated WXR larger than the whole heap it is given goes
 * through (a reader that kept the file, or kept a piece of every parsed chunk alive, runs out of
 * heap here), and the process's peak memory stays within a fixed budget whatever the file's size.
 * A memory budget, so not part of `npm test`: `npx vitest run --project perf src/server/features/imports`.
 */
describe('reading a large WordPress export', () => {
  beforeAll(async () => {
    wxr = tmp.file('large.xml');
    await run(process.execPath, ['--import', 'tsx', 'bench/generate-wxr.ts', '--posts', '8000', '--comments', '24000', '--out', wxr], { cwd: root });
  }, 300_000);
  afterAll(() => tmp.remove());

  it('goes through a file larger than its heap in bounded memory', { timeout: 600_000 }, async () => {
    const size = fs.statSync(wxr).size;
    const heapMb = 48;
    expect(size).toBeGreaterThan(heapMb * MB);
    const tiny = await readInProcess(path.join(root, 'src/server/features/imports/fixtures/wordpress/export.xml'), heapMb);
    const large = await readInProcess(wxr, heapMb);
    console.log(`[wxr] ${Math.round(size / MB)} MB read with a ${heapMb} MB heap: peak RSS ${Math.round(large.peakRssBytes / MB)} MB (tiny file: ${Math.round(tiny.peakRssBytes / MB)} MB)`);
    expect(large.records.article).toBeGreaterThan(7000);
    expect(large.comments).toBeGreaterThan(20_000);
    // The heap is capped; what else the process holds (code, young generation, stream buffers) is
    // the same for any file, so the peak stays under a fixed budget.
    expect(large.peakRssBytes).toBeLessThan(320 * MB);
  });
});
