// node bench/trigram-detail.mjs [--articles 100000]
// Would a trigram index without positions (FTS5 detail=column or detail=none) make the generator
// faster without making search slower? (Measured and not kept: docs/decisions/019-word-search.md.)
//
// 1. Builds the trigram index of the generated articles three times, one per FTS5 detail setting,
//    each into a scratch file of its own with the generator's settings (no content, 512 MB buffer,
//    no journal): time, CPU and size.
// 2. Times search fragments on the file's own index (detail=full, a phrase, as the repository asks)
//    against the detail=none index. FTS5 refuses phrases on an index without positions, so there the
//    query is every trigram of the fragment (AND) and each candidate is checked against the
//    article's text (lower-cased in JavaScript, as the trigram tokenizer folds case; SQLite's LIKE
//    folds ASCII only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Sqlite from 'better-sqlite3';

const { values } = parseArgs({ options: { articles: { type: 'string', default: '100000' } } });
const source = path.resolve(`bench/data/${values.articles}/broadsheet.db`);
if (!fs.existsSync(source)) throw new Error(`no generated data at ${source}: run npx tsx bench/generate.ts --articles ${values.articles}`);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-trigram-'));
// The generator's FTS5 buffer (BULK_HASHSIZE in bench/generate.ts, which runs when imported).
const HASHSIZE = 512 * 1024 * 1024;
const attachSource = `attach database '${source.replace(/'/g, "''")}' as src`;

const ms = (ns) => Number(ns) / 1e6;
const mb = (bytes) => (bytes / 1e6).toFixed(1);

console.log(`${values.articles} articles, ${source}`);
const builds = {};
for (const detail of ['full', 'column', 'none']) {
  const file = path.join(scratch, `${detail}.db`);
  const db = new Sqlite(file);
  db.pragma('journal_mode = off');
  db.pragma('synchronous = off');
  db.exec(attachSource);
  db.exec(`create virtual table trigrams using fts5(title, plain_text, content='', tokenize='trigram', detail=${detail})`);
  db.exec(`insert into trigrams(trigrams, rank) values ('hashsize', ${HASHSIZE})`);
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  db.exec('begin');
  db.exec('insert into trigrams(rowid, title, plain_text) select id, title, plain_text from src.articles');
  db.exec('commit');
  const wall = ms(process.hrtime.bigint() - started);
  const used = process.cpuUsage(cpu);
  db.close();
  builds[detail] = file;
  console.log(`build detail=${detail.padEnd(6)} ${(wall / 1000).toFixed(1).padStart(7)} s wall ${((used.user + used.system) / 1e6).toFixed(1).padStart(7)} s CPU ${mb(fs.statSync(file).size).padStart(9)} MB`);
}

const db = new Sqlite(builds.none);
db.exec(attachSource);
db.function('has_text', { deterministic: true }, (title, text, term) => (title.toLowerCase().includes(term) || text.toLowerCase().includes(term) ? 1 : 0));
const quoted = (token) => `"${token.replace(/"/g, '""')}"`;
function trigramsOf(term) {
  const chars = [...term];
  const grams = new Set();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams].map(quoted).join(' AND ');
}
const WINDOW = 200;
const statements = {
  fullNewest: db.prepare(`select rowid from src.articles_search where articles_search match ? order by rowid desc limit ${WINDOW}`),
  fullAll: db.prepare('select rowid from src.articles_search where articles_search match ?'),
  noneNewest: db.prepare(
    `select t.rowid from trigrams t join src.articles a on a.id = t.rowid where trigrams match ? and has_text(a.title, a.plain_text, ?) order by t.rowid desc limit ${WINDOW}`,
  ),
  noneAll: db.prepare('select t.rowid from trigrams t join src.articles a on a.id = t.rowid where trigrams match ? and has_text(a.title, a.plain_text, ?)'),
  candidates: db.prepare('select count(*) from trigrams where trigrams match ?').pluck(),
};
function timed(statement, args, runs) {
  const rows = statement.all(...args);
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) statement.all(...args);
  return `${(ms(process.hrtime.bigint() - started) / runs).toFixed(2).padStart(8)} ms (${rows.length})`;
}
console.log(`fragment        full: newest ${WINDOW}, all matches  | none + check: newest ${WINDOW}, all matches | candidates`);
for (const term of ['ouncil', 'ounc', 'the cil', 'arbour co', 'ncil of the', 'ing the', 'e th', 'zzq']) {
  const phrase = quoted(term);
  const grams = trigramsOf(term);
  console.log(
    `${JSON.stringify(term).padEnd(14)} ${timed(statements.fullNewest, [phrase], 5)} ${timed(statements.fullAll, [phrase], 2)} | ${timed(statements.noneNewest, [grams, term], 5)} ${timed(statements.noneAll, [grams, term], 2)} | ${statements.candidates.get(grams)}`,
  );
}
db.close();
fs.rmSync(scratch, { recursive: true, force: true });
