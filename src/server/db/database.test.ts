import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

/** PRAGMA temp_store's answers. */
const TEMP_STORE = { file: 1, memory: 2 } as const;

describe('SQLite serving connection', () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tempStore = async (database: DatabaseHandle) => (await sql<{ temp_store: number }>`pragma temp_store`.execute(database.db)).rows[0]!.temp_store;

  it('keeps temporary b-trees in memory, except while migrations build their indexes', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-db-'));
    const statements: string[] = [];
    handle = createDatabase({ kind: 'sqlite', file: path.join(dir, 'broadsheet.db') }, { onQuery: (text) => statements.push(text.trim().toLowerCase()) });
    expect(await tempStore(handle)).toBe(TEMP_STORE.memory);

    expect((await migrateToLatest(handle.db)).length).toBeGreaterThan(0);

    const toFile = statements.indexOf('pragma temp_store = file');
    const firstIndex = statements.findIndex((text) => text.startsWith('create index') || text.startsWith('create unique index'));
    const lastIndex = statements.findLastIndex((text) => text.startsWith('create index') || text.startsWith('create unique index'));
    const restored = statements.findLastIndex((text) => text.startsWith('pragma temp_store = '));
    expect(firstIndex).toBeGreaterThan(-1);
    expect(toFile).toBeGreaterThan(-1);
    expect(toFile).toBeLessThan(firstIndex);
    expect(restored).toBeGreaterThan(lastIndex);
    expect(await tempStore(handle)).toBe(TEMP_STORE.memory);
  });
});
