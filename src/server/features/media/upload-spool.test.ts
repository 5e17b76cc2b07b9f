import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleSpools, spoolUpload } from './upload-spool.js';

describe('upload spool', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-test-'));
  afterEach(() => {
    for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name));
  });

  it('writes the upload to a private file and removes it', async () => {
    const spooled = await spoolUpload(Readable.from([Buffer.from('abc'), Buffer.from('def')]), dir);
    expect(spooled.bytes).toBe(6);
    expect(fs.readFileSync(spooled.path, 'utf8')).toBe('abcdef');
    expect(fs.statSync(spooled.path).mode & 0o777).toBe(0o600);
    await spooled.remove();
    expect(fs.existsSync(spooled.path)).toBe(false);
  });

  it('removes only spool files older than the cut-off, leaving fresh ones and other files', async () => {
    const stale = await spoolUpload(Readable.from([Buffer.from('left by a killed process')]), dir);
    const fresh = await spoolUpload(Readable.from([Buffer.from('in flight')]), dir);
    const unrelated = path.join(dir, 'someone-elses-file');
    fs.writeFileSync(unrelated, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(stale.path, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(unrelated, twoHoursAgo, twoHoursAgo);

    expect(await removeStaleSpools(dir)).toBe(1);
    expect(fs.existsSync(stale.path)).toBe(false);
    expect(fs.existsSync(fresh.path)).toBe(true);
    expect(fs.existsSync(unrelated)).toBe(true);
  });
});
