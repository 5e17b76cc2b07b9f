import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from './database.js';
import { SERVING_CONNECTION_CHECKPOINT_PAGES } from './background-checkpoints.js';

/**
 * The WAL is copied back into the database file by a worker thread, not by the connection that
 * serves requests. What a reader of the files sees: the database file grows soon after a write
 * without the serving connection checkpointing (its own threshold is far above what is written
 * here), and the WAL is started over instead of growing with every burst.
 */
describe('background checkpoints of a SQLite file', () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  const problems: string[] = [];

  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    problems.length = 0;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function open(backgroundCheckpoints: boolean) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-checkpoints-'));
    const file = path.join(dir, 'broadsheet.db');
    handle = createDatabase({ kind: 'sqlite', file }, backgroundCheckpoints ? { backgroundCheckpoints: { onProblem: (message) => void problems.push(message) } } : {});
    return file;
  }

  /** About `pages` pages of 4 KB written in one transaction. */
  async function writePages(pages: number) {
    await sql`create table if not exists filler (id integer primary key, body blob not null)`.execute(handle!.db);
    await sql`insert into filler (body) select randomblob(3900) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < ${pages}) select i from n)`.execute(handle!.db);
  }

  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

  async function eventually(check: () => boolean, ms = 3000) {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  // 600 pages: under SQLite's own threshold (1,000) as well as the serving connection's (10,000),
  // so nothing but the worker copies them.
  it('copies committed pages into the database file without the serving connection doing it', async () => {
    const file = open(true);
    await writePages(600);
    expect(await eventually(() => size(file) > 2_300_000)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('leaves the pages in the WAL when no worker checkpoints (the same writes, for comparison)', async () => {
    const file = open(false);
    await writePages(600);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(size(file)).toBeLessThan(1_000_000);
    expect(size(`${file}-wal`)).toBeGreaterThan(2_300_000);
  });

  it('starts the WAL over between bursts instead of letting it grow', async () => {
    const file = open(true);
    for (let burst = 0; burst < 5; burst++) {
      await writePages(600);
      // The next write starts the WAL over once the worker has copied everything.
      await eventually(() => false, 300);
    }
    // Five bursts of 2.4 MB: the WAL holds about one of them, the database file all of them (SQLite's
    // own checkpoint at 1,000 pages would have copied only the first four).
    expect(size(`${file}-wal`)).toBeLessThan(3_500_000);
    expect(size(file)).toBeGreaterThan(11_500_000);
  });

  it('closes with the WAL folded in and its file removed', async () => {
    const file = open(true);
    await writePages(500);
    await handle!.close();
    handle = undefined;
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(size(file)).toBeGreaterThan(1_900_000);
  });

  it('goes back to checkpointing on the serving connection when the worker is gone', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-checkpoints-'));
    const file = path.join(dir, 'broadsheet.db');
    const { default: SqliteDatabase } = await import('better-sqlite3');
    const { startBackgroundCheckpoints } = await import('./background-checkpoints.js');
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    const checkpoints = startBackgroundCheckpoints(sqlite, file, { onProblem: (message) => void problems.push(message) });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(SERVING_CONNECTION_CHECKPOINT_PAGES);
    await checkpoints.worker.terminate();
    expect(await eventually(() => problems.length > 0)).toBe(true);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(problems.join('\n')).toMatch(/worker stopped/);
    await checkpoints.stop();
    sqlite.close();
  });
});
