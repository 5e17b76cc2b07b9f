import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.js';

// Kysely's migrator runs migrations in the order their names sort, and refuses a database whose
// executed migrations are not a prefix of that order ("corrupted migrations"). The list is kept in
// that order so it reads as the migrator runs it, and a new migration appended with a name that
// sorts earlier (which would stop every server that already ran the later ones) fails here.
describe('the migration list', () => {
  it('is in the order the names sort, the order the migrator runs them', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
  });

  it('lists every migration file of the folder', () => {
    const folder = path.dirname(new URL(import.meta.url).pathname);
    const files = fs
      .readdirSync(folder)
      .filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(migrations).sort()).toEqual(files.sort());
  });
});
