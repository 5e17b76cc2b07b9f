import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An uploaded export on disk as it arrives (it may be hundreds of megabytes); the caller removes it. */
export interface SpooledUpload {
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

export async function spoolUpload(stream: Readable, directory = os.tmpdir()): Promise<SpooledUpload> {
  const file = path.join(directory, `broadsheet-import-${randomUUID()}`);
  const remove = () => fs.promises.rm(file, { force: true });
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    // 'wx': never follow or reuse an existing path; 0600: other local users cannot read it.
    await pipeline(stream, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: file, bytes, remove };
}
