import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPairs } from '../../db/word-pairs.js';
import { searchWords } from './search-words.js';

/**
 * bench/generate.ts builds SQLite's three search indexes on threads of their own, each in a file of
 * its own as FTS5 tables without content, and copies their shadow tables into the main file
 * (docs/performance.md describes the generator). That leans on FTS5's storage being the same for a table without
 * content as for one reading the articles; this checks, on a small generated file, that every
 * index answers as a scan of the articles does, so a bench never measures a search against a
 * broken index.
 */
describe('the bench generator on SQLite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-generator-'));
  let db: SqliteDatabase.Database;
  let articles: { id: number; title: string; plain_text: string }[];

  beforeAll(() => {
    // tsx itself rather than npx, which may print npm's own notices.
    const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['bench/generate.ts', '--articles', '300', '--data-dir', dataDir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    db = new SqliteDatabase(path.join(dataDir, 'broadsheet.db'), { readonly: true });
    articles = db.prepare('select id, title, plain_text from articles order by id').all() as typeof articles;
  }, 120_000);
  afterAll(() => {
    db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const matches = (table: string, query: string) => db.prepare(`select rowid from ${table} where ${table} match ? order by rowid`).pluck().all(query) as number[];
  const scan = (keep: (text: string) => boolean) => articles.filter((a) => keep(a.title) || keep(a.plain_text)).map((a) => a.id);
  /** An article's words of six letters or more: a fragment of one is inside a word, and rarer than a short word. */
  const wordsOf = (id: number) => searchWords(articles[id - 1]!.plain_text).filter((w) => /^[a-z]{6,}$/.test(w));

  it('leaves only the database in its folder, with every index passing FTS5\u2019s integrity check', () => {
    expect(fs.readdirSync(dataDir).filter((f) => !/^broadsheet\.db(-wal|-shm)?$/.test(f))).toEqual([]);
    // The check is an FTS5 command, written as an insert: it needs a connection that may write.
    const writable = new SqliteDatabase(path.join(dataDir, 'broadsheet.db'));
    try {
      for (const table of ['articles_search', 'articles_words', 'article_word_pairs']) writable.exec(`insert into ${table}(${table}) values ('integrity-check')`);
      expect(writable.prepare('select count(*) from articles_search_docsize').pluck().get()).toBe(300);
    } finally {
      writable.close();
    }
  });

  // The server never analyses, so production databases have no planner statistics; the bench's
  // should not either, or it measures plans production does not run (docs/performance.md, steps 15-16).
  it('leaves no planner statistics, as a production database has none', () => {
    expect(db.prepare(`select name from sqlite_schema where name like 'sqlite_stat%'`).pluck().all()).toEqual([]);
  });

  it('finds text inside words through the trigram index as a scan of the articles does', () => {
    for (const id of [7, 150, 299]) {
      const fragment = wordsOf(id)[3]!.slice(1, 5);
      const found = matches('articles_search', `"${fragment}"`);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(scan((text) => text.toLowerCase().includes(fragment)));
    }
  });

  it('finds whole words through the word index as a scan of the articles does', () => {
    for (const id of [7, 150, 299]) {
      const word = wordsOf(id)[5]!;
      const found = matches('articles_words', `"${word}"`);
      expect(found).toContain(id);
      expect(found).toEqual(scan((text) => searchWords(text).includes(word)));
    }
  });

  it('finds a phrase through the word pairs as a scan of the articles\u2019 pairs does', () => {
    for (const id of [7, 150, 299]) {
      const pair = textPairs(articles[id - 1]!.plain_text).split(' ')[10]!;
      const found = matches('article_word_pairs', `"${pair}"`);
      expect(found).toContain(id);
      expect(found).toEqual(scan((text) => textPairs(text).split(' ').includes(pair)));
    }
  });
});
