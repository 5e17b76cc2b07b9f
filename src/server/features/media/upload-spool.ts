import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Writes an uploaded file to a private temporary file as it arrives, instead of holding it in
 * memory. Why: an upload may be 20 MB and many arrive at once; on disk, a waiting upload costs the
 * server nothing but the disk, and sharp reads the file itself. The caller removes it in `finally`.
 */
export interface SpooledUpload {
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

const PREFIX = 'broadsheet-upload-';

export async function spoolUpload(stream: Readable, directory = os.tmpdir()): Promise<SpooledUpload> {
  const file = path.join(directory, `${PREFIX}${randomUUID()}`);
  const remove = () => fs.promises.rm(file, { force: true });
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    // 'wx': never follow or reuse an existing path; 0600: other local users cannot read uploads in flight.
    await pipeline(stream, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: file, bytes, remove };
}

/**
 * Removes spool files a killed process left behind (`finally` never ran). Only files older than
 * `olderThanMs`: another instance on this host may be writing a fresh one right now.
 */
export async function removeStaleSpools(directory = os.tmpdir(), olderThanMs = 60 * 60_000): Promise<number> {
  let removed = 0;
  const entries = await fs.promises.readdir(directory).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.startsWith(PREFIX)) continue;
    const file = path.join(directory, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile() || Date.now() - stat.mtimeMs < olderThanMs) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}
