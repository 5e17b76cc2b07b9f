/**
 * Fills a database at a chosen scale for the benchmarks:
 *   npx tsx bench/generate.ts --articles 10000 [--db sqlite|postgres] [--data-dir bench/data/10000] [--database-url postgres://…]
 * Proportions: 1 user per 20 articles, 1 channel per 10, 3 comments, 10 reactions and a view-day row
 * per article, five subscriptions per user, HTML bodies of 2–6 KB (headings, lists, quotes, links,
 * names, places) drawn from a Zipf-distributed vocabulary (bench/vocabulary.ts), categories and
 * places from the seeded trees. Every counter equals its rows. The first users get sessions with
 * known tokens (benchSessionToken) so the bench can act as many readers without signing in.
 *
 * SQLite is written through prepared statements in large transactions; its three search indexes
 * (trigram, words, word pairs) are built by threads of their own while the rows load, each into a
 * file of its own, and copied in at the end (searchBuilds). PostgreSQL is written through COPY with
 * its secondary and search indexes built once at the end (pgCopySink).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { textPairs } from '../src/server/db/word-pairs.js';
import { createCategoriesRepository } from '../src/server/features/articles/categories.repository.js';
import { createLocationsRepository } from '../src/server/features/geo/locations.repository.js';
import { seedFixtures } from '../src/server/seed/seed.js';
import { hashPassword } from '../src/server/features/auth/passwords.js';
import { sessionIdFromToken } from '../src/server/features/auth/session-tokens.js';
import { slugify } from '../src/contract/text.js';
import { createVocabulary, rng } from './vocabulary.js';
import { generatorMark } from './generator-mark.mjs';

export const BENCH_PASSWORD = 'bench-password';
/** Users 1..BENCH_SESSIONS get a session whose cookie token is benchSessionToken(userId). */
export const BENCH_SESSIONS = 1000;
/** Same derivation as in bench/run.mjs. */
export const benchSessionToken = (userId: number) => createHash('sha256').update(`bench-session-${userId}`).digest('base64url');

type Row = Record<string, string | number | null>;
interface Sink {
  /** Writes every table's rows in one transaction, in the order given (parents first). */
  write(tables: [table: string, rows: Row[]][]): Promise<void>;
  /** The channels' per-day figures from the articles' days and the subscriptions. */
  rollups(): Promise<void>;
  finish(): Promise<void>;
}

/** Channel days from article days and subscriptions; referring hosts as fixed shares of each day's views. */
const ROLLUP_SQL = [
  `insert into channel_days (channel_id, day, views, signed_in_views, likes, dislikes, comments)
   select channel_id, day, sum(views), sum(signed_in_views), sum(likes), sum(dislikes), sum(comments) from article_view_days group by channel_id, day`,
  `insert into channel_days (channel_id, day, subscribed)
   select channel_id, cast(created_at / ${86_400_000} as integer), count(*) from subscriptions group by channel_id, cast(created_at / ${86_400_000} as integer)
   on conflict (channel_id, day) do update set subscribed = excluded.subscribed`,
  ...[
    ['search.example', 4],
    ['social.example', 2],
    ['news.example', 1],
  ].map(
    ([host, tenths]) => `insert into channel_referrer_days (channel_id, day, host, views)
     select channel_id, day, '${host}', views * ${tenths} / 10 from channel_days where views * ${tenths} / 10 > 0`,
  ),
  // The published articles' kept counts, as the server keeps them when it publishes one.
  `insert into published_category_counts (channel_id, category_id, article_count)
   select a.channel_id, ac.category_id, count(*) from article_categories ac join articles a on a.id = ac.article_id where a.published = 1 group by a.channel_id, ac.category_id`,
  `insert into published_location_counts (channel_id, location_name, article_count)
   select channel_id, location_name, count(*) from articles where published = 1 and location_name is not null group by channel_id, location_name`,
  `insert into published_category_totals (category_id, article_count) select category_id, sum(article_count) from published_category_counts group by category_id`,
  `insert into published_location_totals (location_name, article_count) select location_name, sum(article_count) from published_location_counts group by location_name`,
  `insert into published_author_counts (channel_id, user_id, article_count, changed_at)
   select channel_id, user_id, count(*), max(last_edited) from articles where published = 1 group by channel_id, user_id`,
];

/**
 * Registers every article's slug (slugs are unique and kept in article_slugs). Generated
 * titles rarely repeat; an article whose slug another one already holds gets `{slug}-{id}`.
 */
const SLUG_REGISTRY = [
  `insert into article_slugs (slug, article_id) select slug, min(id) from articles group by slug`,
  `update articles set slug = slug || '-' || cast(id as text) where not exists (select 1 from article_slugs s where s.article_id = articles.id)`,
  `insert into article_slugs (slug, article_id) select slug, id from articles a where not exists (select 1 from article_slugs s where s.article_id = a.id)`,
];

/**
 * The search tables and how each reads an article: the word pairs' index holds the pairs of its
 * words, cut in JavaScript as the server's `word_pairs` function cuts them (db/word-pairs.ts).
 */
const SEARCH_TABLES = { articles_search: 'text', articles_words: 'text', article_word_pairs: 'pairs' } as const;
type SearchTable = keyof typeof SEARCH_TABLES;
/**
 * The threads that build them. FTS5 builds one index on one thread; the trigram index alone costs
 * about as much as the other two together (1.2 ms, 0.3 ms and 0.9 ms an article).
 */
const SEARCH_THREADS: SearchTable[][] = [['articles_search'], ['articles_words', 'article_word_pairs']];
/** The shadow tables that hold an FTS5 index; its `_config` stays the main file's own. */
const FTS5_INDEX_SHADOWS = ['data', 'idx', 'docsize'];
/**
 * FTS5's in-memory buffer ('hashsize', 1 MB by default) for a bulk build: the bigger, the fewer
 * segments to merge (about a third less work than the default).
 */
const BULK_HASHSIZE = 512 * 1024 * 1024;

/** Where a chunk's article texts are in the text log: [id, title, plain text] rows as JSON. */
interface TextRecord {
  offset: number;
  length: number;
}
interface SearchBuild {
  file: string;
  tables: SearchTable[];
  seconds: number;
}
interface SearchBuilds {
  /** The file the chunk worker appends every chunk's texts to, for the builders to read at their own pace. */
  textLog: string;
  add(record: TextRecord): void;
  /** Resolves when every builder has written its file. */
  finish(): Promise<SearchBuild[]>;
}

/**
 * The search indexes, built while the rows load instead of after them: each thread of SEARCH_THREADS
 * builds its tables in a file of its own (FTS5 without content: the index is the same as the main
 * file's external-content tables would build), reading the texts from the text log, which bounds
 * the memory however far a builder lags behind the rows. One transaction each, since FTS5 writes
 * its buffer out at every commit. copySearchTables then moves the indexes into the main file.
 */
function searchBuilds(file: string, boot: string): SearchBuilds {
  const schema = new SqliteDatabase(file, { readonly: true });
  const createSql = (table: SearchTable) => {
    const { sql } = schema.prepare(`select sql from sqlite_master where name = ?`).get(table) as { sql: string };
    // The main file's text tables read their content from articles; the builders have none.
    const contentless = sql.replace(/content='articles', content_rowid='id'/, "content=''");
    if (!contentless.includes("content=''")) throw new Error(`${table} is not an FTS5 table the generator knows how to build: ${sql}`);
    return contentless;
  };
  const textLog = `${file}.search-text.tmp`;
  fs.writeFileSync(textLog, '');
  const builders = SEARCH_THREADS.map((tables, i) => {
    const built = `${file}.search-${i}.tmp`;
    const worker = new Worker(boot, {
      eval: true,
      workerData: { role: 'search', file: built, textLog, tables: tables.map((name) => ({ name, sql: createSql(name) })) },
    });
    worker.on('error', (error) => {
      console.error(error);
      process.exit(1);
    });
    const done = new Promise<SearchBuild>((resolve) => worker.once('message', ({ seconds }: { seconds: number }) => resolve({ file: built, tables, seconds })));
    return { worker, done };
  });
  schema.close();
  return {
    textLog,
    add: (record) => {
      for (const b of builders) b.worker.postMessage(record);
    },
    async finish() {
      for (const b of builders) b.worker.postMessage({ done: true });
      const built = await Promise.all(builders.map((b) => b.done));
      await Promise.all(builders.map((b) => b.worker.terminate()));
      fs.rmSync(textLog);
      return built;
    },
  };
}

/** A search builder's thread (searchBuilds): its tables, in its file, from the text log. */
function buildSearchTables({ file, textLog, tables }: { file: string; textLog: string; tables: { name: SearchTable; sql: string }[] }) {
  fs.rmSync(file, { force: true });
  const db = new SqliteDatabase(file);
  // A scratch file: no journal on disk, no syncs (better-sqlite3's defensive mode refuses 'off').
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  const inserts = tables.map(({ name, sql }) => {
    db.exec(sql);
    db.exec(`insert into ${name}(${name}, rank) values ('hashsize', ${BULK_HASHSIZE})`);
    const columns = (db.prepare(`select name from pragma_table_info(?)`).pluck().all(name) as string[]).join(', ');
    return { statement: db.prepare(`insert into ${name}(rowid, ${columns}) values (?, ?, ?)`), pairs: SEARCH_TABLES[name] === 'pairs' };
  });
  const log = fs.openSync(textLog, 'r');
  const started = Date.now();
  db.exec('begin');
  parentPort!.on('message', (message: TextRecord | { done: true }) => {
    if ('done' in message) {
      db.exec('commit');
      db.close();
      fs.closeSync(log);
      parentPort!.postMessage({ seconds: (Date.now() - started) / 1000 });
      return;
    }
    const bytes = Buffer.allocUnsafe(message.length);
    if (fs.readSync(log, bytes, 0, message.length, message.offset) !== message.length) throw new Error(`the text log ends before byte ${message.offset + message.length}`);
    for (const [id, title, text] of JSON.parse(bytes.toString('utf8')) as [number, string, string][]) {
      for (const { statement, pairs } of inserts) {
        if (pairs) statement.run(id, textPairs(title), textPairs(text));
        else statement.run(id, title, text);
      }
    }
  });
}

/**
 * Moves a builder's indexes into the main file, whose tables of the same names and settings are
 * empty: their rows are the index. The versions of the index format must agree.
 */
function copySearchTables(raw: SqliteDatabase.Database, file: string, tables: SearchTable[]) {
  raw.prepare('attach database ? as built').run(file);
  // Shadow tables are written by FTS5 alone unless the connection leaves its defensive mode.
  raw.unsafeMode(true);
  for (const table of tables) {
    const version = (schema: string) => raw.prepare(`select v from ${schema}.${table}_config where k = 'version'`).pluck().get();
    if (version('main') !== version('built')) throw new Error(`${table}: the built index has format ${String(version('built'))}, the main file ${String(version('main'))}`);
    for (const shadow of FTS5_INDEX_SHADOWS) {
      raw.exec(`delete from main.${table}_${shadow}`);
      raw.exec(`insert into main.${table}_${shadow} select * from built.${table}_${shadow}`);
    }
  }
  raw.unsafeMode(false);
  raw.exec('detach database built');
  fs.rmSync(file);
}

/**
 * verifySearch: FTS5's integrity check of the copied indexes (the text indexes against the articles
 * themselves), worth its seconds at the scales the tests and the default bench use.
 */
function sqliteSink(file: string, search: SearchBuilds, { verifySearch }: { verifySearch: boolean }): Sink {
  // No word_pairs function here: the pairs are cut by their builder thread, and the triggers that
  // call it are created after the last write.
  const raw = new SqliteDatabase(file);
  // A fresh file that is thrown away on failure: journal in memory, no syncs (the server opens it
  // in WAL). Leaving WAL (set by the migration's connection) must come first, or the whole load
  // goes through the WAL and is copied again at the end.
  raw.pragma('journal_mode = DELETE');
  const mode = raw.pragma('journal_mode = MEMORY', { simple: true });
  if (mode !== 'memory') throw new Error(`could not turn the journal off for the load (journal_mode ${String(mode)})`);
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  raw.pragma('temp_store = MEMORY');
  // The search indexes are built by threads of their own (searchBuilds), not by a trigger per row.
  const triggers = raw
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and name in ('articles_search_ai', 'articles_words_ai', 'article_word_pairs_ai')`)
    .all() as { name: string; sql: string }[];
  for (const t of triggers) raw.exec(`drop trigger ${t.name}`);
  // Likewise the secondary indexes of the big tables: one sort at the end beats a million random inserts.
  const indexes = raw
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ('articles', 'comments', 'reactions', 'article_categories', 'article_view_days')`)
    .all() as { name: string; sql: string }[];
  for (const index of indexes) raw.exec(`drop index ${index.name}`);
  const statements = new Map<string, SqliteDatabase.Statement>();
  const statement = (table: string, row: Row) => {
    let s = statements.get(table);
    if (!s) {
      const cols = Object.keys(row);
      s = raw.prepare(`insert into ${table} (${cols.join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`);
      statements.set(table, s);
    }
    return s;
  };
  const write = raw.transaction((tables: [string, Row[]][]) => {
    for (const [table, rows] of tables) for (const row of rows) statement(table, row).run(row);
  });
  return {
    async write(tables) {
      write(tables);
    },
    async rollups() {
      for (const statement of ROLLUP_SQL) raw.exec(statement);
    },
    async finish() {
      const i = Date.now();
      for (const index of indexes) raw.exec(index.sql);
      for (const statement of SLUG_REGISTRY) raw.exec(statement);
      console.log(`indexes          ${indexes.length} built in ${((Date.now() - i) / 1000).toFixed(1)} s`);
      const w = Date.now();
      const built = await search.finish();
      console.log(`search indexes   waited ${((Date.now() - w) / 1000).toFixed(1)} s for their threads (${built.map((b) => `${b.tables.join(' + ')} ${b.seconds.toFixed(1)} s`).join(', ')})`);
      const c = Date.now();
      for (const b of built) copySearchTables(raw, b.file, b.tables);
      for (const trigger of triggers) raw.exec(trigger.sql);
      console.log(`search indexes   copied in ${((Date.now() - c) / 1000).toFixed(1)} s`);
      if (verifySearch) {
        const v = Date.now();
        for (const table of Object.keys(SEARCH_TABLES)) raw.exec(`insert into ${table}(${table}) values ('integrity-check')`);
        console.log(`search indexes   checked in ${((Date.now() - v) / 1000).toFixed(1)} s`);
      }
      // No ANALYZE: the server never analyses, so a production database has no statistics, and the
      // bench measures the plans production runs. (With them the plans were the same, but for the
      // channel table's views and likes orders, which without them walked the site-wide feed index
      // until the repository disqualified it. STAT4 samples, which
      // ANALYZE also writes here, had made SQLite plan the session lookup again at every run.)
      raw.pragma('journal_mode = WAL');
      raw.close();
    },
  };
}

/** Creates the database the URL names when it does not exist (through the server's 'postgres' database). */
async function createPostgresDatabase(url: string) {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  await client.end();
}

/** COPY's text format: a tab between columns, \N for null, backslash escapes inside text. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyValue = (value: string | number | null) =>
  value === null ? '\\N' : typeof value === 'number' ? String(value) : value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!);
function copyText(rows: Row[], columns: string[]) {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) text += (i ? '\t' : '') + copyValue(row[columns[i]!] ?? null);
    text += '\n';
  }
  return text;
}

/** What the articles fill: loaded without their secondary indexes, which are built once at the end. */
const PG_BULK_TABLES = ['articles', 'article_word_pairs', 'article_categories', 'comments', 'reactions', 'article_view_days', 'channel_referrer_days'];
/** What the generator fills (emptied first, so the load may COPY … FREEZE: no vacuum needed afterwards). */
const PG_FILLED_TABLES = ['users', 'sessions', 'channels', 'subscriptions', ...PG_BULK_TABLES, 'channel_days', 'article_slugs'];

/**
 * PostgreSQL through COPY … FROM STDIN (pg-copy-streams) in one transaction on its own connection:
 * the filled tables are truncated first so every COPY can FREEZE its rows (no vacuum pass, index-only
 * scans work at once), foreign keys are not checked row by row (session_replication_role = replica:
 * the rows are consistent by construction), and the secondary indexes of the big tables, the search
 * indexes (trigram and tsvector GIN) and the primary keys nothing refers to are dropped for the load
 * and built at the end on two connections at once with a large maintenance_work_mem, then ANALYZE.
 */
async function pgCopySink(url: string, mark: string): Promise<Sink> {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`set maintenance_work_mem = '1GB'`);
    return client;
  };
  const client = await connect();
  await client.query('set session_replication_role = replica');
  // Indexes of the big tables, and primary keys or unique constraints no foreign key depends on.
  const { rows: indexes } = await client.query<{ table: string; name: string; def: string; constraint: string | null; constraintDef: string | null }>(
    `select i.indrelid::regclass::text as table, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def,
            c.conname as constraint, pg_get_constraintdef(c.oid) as "constraintDef"
       from pg_index i left join pg_constraint c on c.conindid = i.indexrelid and c.contype in ('p', 'u') and c.conrelid = i.indrelid
      where i.indrelid::regclass::text = any($1)
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)`,
    [PG_BULK_TABLES],
  );
  await client.query('begin');
  await client.query(`truncate ${PG_FILLED_TABLES.join(', ')} cascade`);
  for (const index of indexes) {
    await client.query(index.constraint ? `alter table ${index.table} drop constraint ${index.constraint}` : `drop index ${index.name}`);
  }
  let pending: Promise<void> = Promise.resolve();
  const copy = async (table: string, columns: string[], text: string) => {
    await pipeline(Readable.from([text]), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin with (freeze)`)));
  };
  return {
    async write(tables) {
      // The text of this batch is made while the previous batch is still being copied.
      const batches = tables.filter(([, rows]) => rows.length > 0).map(([table, rows]) => {
        const columns = Object.keys(rows[0]!);
        return { table, columns, text: copyText(rows, columns) };
      });
      const previous = pending;
      pending = previous.then(async () => {
        for (const b of batches) await copy(b.table, b.columns, b.text);
      });
      await previous;
    },
    async rollups() {
      await pending;
      for (const statement of ROLLUP_SQL) await client.query(statement);
      await client.query('commit');
    },
    async finish() {
      for (const table of ['articles', 'users', 'channels', 'comments']) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      for (const statement of SLUG_REGISTRY) await client.query(statement);
      const second = await connect();
      await second.query('set session_replication_role = replica');
      // The word pairs, which a trigger keeps (triggers are off for the load): in two halves at
      // once, since each article costs the database about 0.6 ms (migration 2026_11_26_1300).
      const w = Date.now();
      await Promise.all(
        [client, second].map((c, half) => c.query(`insert into article_word_pairs (article_id, pairs) select id, word_pairs(search_words) from articles where id % 2 = ${half}`)),
      );
      console.log(`word pairs       in ${((Date.now() - w) / 1000).toFixed(1)} s`);
      const t = Date.now();
      // Indexes are built on both connections at once (both cores); see the split below.
      const build = async (c: pg.Client, list: typeof indexes) => {
        for (const index of list) {
          const s = Date.now();
          await c.query(index.constraint ? `alter table ${index.table} add constraint ${index.constraint} ${index.constraintDef}` : index.def);
          console.log(`  ${index.name.padEnd(38)} ${((Date.now() - s) / 1000).toFixed(1)} s`);
        }
      };
      // The GIN builds take most of the time: the trigram and word indexes on one connection, the
      // word pairs' index (the longest) after every B-tree on the other.
      const trigram = indexes.filter((i) => /gin_trgm_ops|search_words/.test(i.def));
      const rest = indexes.filter((i) => !trigram.includes(i)).sort((a, b) => Number(/using gin/i.test(a.def)) - Number(/using gin/i.test(b.def)));
      await Promise.all([build(second, trigram), build(client, rest)]);
      await second.end();
      console.log(`indexes          ${indexes.length} built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      const a = Date.now();
      // The COPY … FREEZE rows are frozen and marked all-visible already; only the tables filled by
      // INSERT … SELECT need a vacuum (index-only scans). A database-wide vacuum would also scan
      // every GIN index for its statistics: minutes at 1,000,000 articles.
      await client.query('vacuum channel_days, channel_referrer_days, article_slugs, article_word_pairs');
      await client.query('analyze');
      console.log(`vacuum, analyze  in ${((Date.now() - a) / 1000).toFixed(1)} s`);
      const { rows } = await client.query<{ name: string }>('select current_database() as name');
      await client.query(`comment on database ${pg.escapeIdentifier(rows[0]!.name)} is ${pg.escapeLiteral(mark)}`);
      await client.end();
    },
  };
}

/** Sentences, titles and HTML bodies: Zipf-drawn words with names and places mixed in. */
function createText(random: () => number, places: string[]) {
  const vocabulary = createVocabulary(rng(7));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const words = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) {
      const r = random();
      s += (i ? ' ' : '') + (r < 0.02 ? vocabulary.name() : r < 0.03 ? pick(places) : vocabulary.word());
    }
    return s;
  };
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const sentence = () => `${capital(words(8 + Math.floor(random() * 16)))}.`;
  /** HTML and the text stripHtml would make of it, built together. */
  function body(): { html: string; text: string } {
    const target = 2048 + Math.floor(random() * 4096);
    const html: string[] = [];
    const text: string[] = [];
    let length = 0;
    while (length < target) {
      const r = random();
      let h: string;
      let t: string;
      if (r < 0.1) {
        t = capital(words(3 + Math.floor(random() * 5)));
        h = `<h2>${t}</h2>`;
      } else if (r < 0.16) {
        const items = Array.from({ length: 2 + Math.floor(random() * 3) }, sentence);
        t = items.join(' ');
        h = `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
      } else if (r < 0.2) {
        t = `“${sentence()}” ${vocabulary.name()} said.`;
        h = `<blockquote><p>${t}</p></blockquote>`;
      } else {
        const sentences = Array.from({ length: 2 + Math.floor(random() * 4) }, sentence);
        t = sentences.join(' ');
        if (random() < 0.2) {
          const [first, ...rest] = sentences;
          h = `<p><strong>${first}</strong> ${rest.join(' ')}</p>`;
        } else if (random() < 0.15) {
          const w = vocabulary.word();
          t = `${t} Read more about ${w}.`;
          h = `<p>${sentences.join(' ')} Read more about <a href="https://example.org/${w}" rel="noopener noreferrer nofollow">${w}</a>.</p>`;
        } else {
          h = `<p>${t}</p>`;
        }
      }
      html.push(h);
      text.push(t);
      length += h.length;
    }
    return { html: html.join(''), text: text.join(' ') };
  }
  return { pick, words, capital, sentence, body, word: vocabulary.word };
}

interface Scale {
  articles: number;
  users: number;
  channels: number;
  categoryIds: number[];
  places: string[];
  now: number;
  /** SQLite: the search builders' text log (searchBuilds), which the chunk worker writes. */
  textLog?: string;
}
const DAY = 86_400_000;
const CHUNK = 1000;

/**
 * The channel of an article: every tenth article is in channel 1 (owned by user 1, who has a bench
 * session), the analytics scenario's channel with a tenth of all articles and a year of daily
 * figures (100,000 articles at 1,000,000); the rest spread over every channel.
 */
export const ANALYTICS_CHANNEL = 1;
const channelOf = (id: number, channels: number) => (id % 10 === 0 ? ANALYTICS_CHANNEL : 1 + ((id * 7919) % channels));

/** Every row of articles start..start+size-1; seeded by its start, so any thread makes the same rows. */
function articleChunk(scale: Scale, start: number, size: number) {
  const random = rng(1_000_003 + start);
  const text = createText(random, scale.places);
  const { articles: ARTICLES, users, channels, categoryIds, places, now } = scale;
  const articles: Row[] = [];
  const categories: Row[] = [];
  const comments: Row[] = [];
  const reactions: Row[] = [];
  const views: Row[] = [];
  let bytes = 0;
  for (let k = 0; k < size; k++) {
    const id = start + k;
    const channelId = channelOf(id, channels);
    const { html, text: plain } = text.body();
    bytes += html.length;
    let likes = 0;
    let dislikes = 0;
    const reactors = new Set<number>();
    while (reactors.size < Math.min(10, users)) reactors.add(1 + Math.floor(random() * users));
    for (const userId of reactors) {
      const isLike = random() < 0.75 ? 1 : 0;
      if (isLike) likes++;
      else dislikes++;
      reactions.push({ user_id: userId, article_id: id, is_like: isLike, created_at: now - DAY });
    }
    const createdAt = now - Math.floor(((ARTICLES - id) / ARTICLES) * 365 * DAY);
    const viewCount = Math.floor(random() * 500);
    const title = text.capital(`${text.words(5 + Math.floor(random() * 7))}${random() < 0.3 ? ` in ${text.pick(places)}` : ''}`);
    articles.push({
      id,
      user_id: ((channelId - 1) % users) + 1,
      channel_id: channelId,
      title,
      slug: slugify(title),
      content: html,
      plain_text: plain,
      published: 1,
      location_name: random() < 0.8 ? text.pick(places) : null,
      location_lat: null,
      location_lng: null,
      view_count: viewCount,
      like_count: likes,
      dislike_count: dislikes,
      comment_count: 3,
      created_at: createdAt,
      last_edited: createdAt,
    });
    const cats = new Set([text.pick(categoryIds), text.pick(categoryIds)]);
    let position = 0;
    for (const categoryId of cats) categories.push({ article_id: id, category_id: categoryId, position: position++ });
    for (let c = 0; c < 3; c++) {
      comments.push({ id: (id - 1) * 3 + c + 1, article_id: id, user_id: 1 + Math.floor(random() * users), parent_id: null, content: text.sentence(), created_at: createdAt + (c + 1) * 60_000 });
    }
    // Analytics rollups: the views spread over the first two weeks after publication
    // (never past today), a third by signed-in readers; reactions on the day they were made
    // (yesterday), the three comments on the day of publication. The channel's days are their sums.
    const firstDay = Math.floor(createdAt / DAY);
    const today = Math.floor(now / DAY);
    const reactionDay = Math.floor((now - DAY) / DAY);
    const spread = Math.max(1, Math.min(14, today - firstDay + 1));
    let left = viewCount;
    for (let d = 0; d < spread; d++) {
      const day = firstDay + d;
      const dayViews = d === spread - 1 ? left : Math.floor(left / 2);
      left -= dayViews;
      const own = day === reactionDay ? { likes, dislikes } : { likes: 0, dislikes: 0 };
      views.push({ article_id: id, channel_id: channelId, day, views: dayViews, signed_in_views: Math.floor(dayViews / 3), ...own, comments: d === 0 ? 3 : 0 });
    }
    if (reactionDay >= firstDay + spread || reactionDay < firstDay) {
      views.push({ article_id: id, channel_id: channelId, day: reactionDay, views: 0, signed_in_views: 0, likes, dislikes, comments: 0 });
    }
  }
  return { tables: [['articles', articles], ['article_categories', categories], ['comments', comments], ['reactions', reactions], ['article_view_days', views]] as [string, Row[]][], bytes };
}
type Chunk = ReturnType<typeof articleChunk>;

/** This file again, compiled by tsx in a worker thread too (a worker does not inherit the loader). */
const workerBoot = () =>
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;

/**
 * Article chunks made by a worker thread while this thread writes the previous ones (text
 * generation is about a third of the work), a few chunks ahead at most. With a text log, the worker
 * also appends each chunk's texts to it for the search builders, and `onText` learns where.
 */
function chunkSource(scale: Scale, onText?: (record: TextRecord) => void): { next(): Promise<Chunk>; close(): Promise<number> } {
  const worker = new Worker(workerBoot(), { eval: true, workerData: { role: 'chunks', scale } });
  const pending: Promise<Chunk>[] = [];
  const waiting: ((chunk: Chunk) => void)[] = [];
  worker.on('message', ({ chunk, text }: { chunk: Chunk; text?: TextRecord }) => {
    if (text) onText?.(text);
    waiting.shift()!(chunk);
  });
  worker.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  let requested = 1;
  const request = () => {
    if (requested > scale.articles) return;
    const size = Math.min(CHUNK, scale.articles - requested + 1);
    pending.push(new Promise((resolve) => waiting.push(resolve)));
    worker.postMessage({ start: requested, size });
    requested += size;
  };
  for (let i = 0; i < 3; i++) request();
  return {
    next() {
      request();
      return pending.shift()!;
    },
    close: () => worker.terminate(),
  };
}

/** The chunk worker (chunkSource). */
function makeChunks(scale: Scale) {
  const log = scale.textLog === undefined ? undefined : fs.openSync(scale.textLog, 'r+');
  let end = 0;
  parentPort!.on('message', ({ start, size }: { start: number; size: number }) => {
    const chunk = articleChunk(scale, start, size);
    let text: TextRecord | undefined;
    if (log !== undefined) {
      const articles = chunk.tables[0]![1];
      const bytes = Buffer.from(JSON.stringify(articles.map((a) => [a.id, a.title, a.plain_text])));
      fs.writeSync(log, bytes, 0, bytes.length, end);
      text = { offset: end, length: bytes.length };
      end += bytes.length;
    }
    parentPort!.postMessage({ chunk, text });
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string', default: '10000' },
      db: { type: 'string', default: 'sqlite' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  const ARTICLES = Number(values.articles);
  if (!Number.isInteger(ARTICLES) || ARTICLES < 100) throw new Error('--articles must be a whole number of at least 100');

  const started = Date.now();
  const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
  const dataDir = path.resolve(values['data-dir'] ?? `bench/data/${ARTICLES}`);
  const file = path.join(dataDir, 'broadsheet.db');
  const target = kind === 'postgres' ? { kind: 'postgres' as const, url: values['database-url'] ?? process.env.DATABASE_URL ?? '' } : { kind: 'sqlite' as const, file };
  if (target.kind === 'postgres' && !target.url) throw new Error('--database-url (or DATABASE_URL) is required with --db postgres');
  if (target.kind === 'sqlite') fs.rmSync(dataDir, { recursive: true, force: true });
  if (target.kind === 'postgres') await createPostgresDatabase(target.url);
  const handle = createDatabase(target);
  await migrateToLatest(handle.db);
  await seedFixtures({ categories: createCategoriesRepository(handle.db), locations: createLocationsRepository(handle.db) });
  const categoryIds = (await handle.db.selectFrom('categories').select('id').execute()).map((r) => r.id);
  const cities = await handle.db.selectFrom('locations').select('name').where('type', '=', 'city').execute();
  const places = cities.map((c) => c.name);
  await handle.close();
  let search: SearchBuilds | undefined;
  let sink: Sink;
  if (target.kind === 'sqlite') {
    search = searchBuilds(file, workerBoot());
    sink = sqliteSink(file, search, { verifySearch: ARTICLES <= 10_000 });
  } else {
    sink = await pgCopySink(target.url, generatorMark(ARTICLES));
  }

  const users = Math.max(5, Math.floor(ARTICLES / 20));
  const channels = Math.max(2, Math.floor(ARTICLES / 10));
  const now = Date.now();
  const scale: Scale = { articles: ARTICLES, users, channels, categoryIds, places, now, textLog: search?.textLog };
  const source = chunkSource(scale, search?.add);
  const random = rng(42);
  const text = createText(random, places);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const report = (label: string, n: number, since: number) =>
    console.log(`${label.padEnd(16)} ${String(n).padStart(9)} rows in ${((Date.now() - since) / 1000).toFixed(1)} s (${Math.round(n / ((Date.now() - since) / 1000 || 1))}/s)`);

  let t = Date.now();
  const userRows: Row[] = [];
  const sessionRows: Row[] = [];
  for (let id = 1; id <= users; id++) {
    const username = `bench${id}`;
    userRows.push({ id, username, username_key: username, password_hash: passwordHash, description: random() < 0.3 ? text.sentence() : null, created_at: now - 400 * DAY, updated_at: now });
    if (id <= BENCH_SESSIONS) sessionRows.push({ id: sessionIdFromToken(benchSessionToken(id)), user_id: id, created_at: now, expires_at: now + 3650 * DAY });
  }
  await sink.write([['users', userRows], ['sessions', sessionRows]]);
  report('users', users, t);

  // Every user follows five channels; counters follow the rows.
  t = Date.now();
  const subscriberCounts = new Int32Array(channels + 1);
  const articleCounts = new Int32Array(channels + 1);
  const subs: Row[] = [];
  for (let u = 1; u <= users; u++) {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(5, channels)) chosen.add(1 + Math.floor(random() * channels));
    for (const c of chosen) {
      subs.push({ user_id: u, channel_id: c, created_at: now - 10 * DAY });
      subscriberCounts[c]!++;
    }
  }
  for (let id = 1; id <= ARTICLES; id++) articleCounts[channelOf(id, channels)]!++;
  const channelRows: Row[] = [];
  for (let id = 1; id <= channels; id++) {
    const name = `${text.capital(text.word())} ${text.capital(random() < 0.5 ? text.pick(places) : text.word())} ${text.pick(['Times', 'Dispatch', 'Post', 'Review', 'Daily', 'Gazette', 'Wire', 'Notes', 'Report'])}`;
    channelRows.push({
      id,
      user_id: ((id - 1) % users) + 1,
      name,
      slug: slugify(name),
      description: text.sentence(),
      category: null,
      subscriber_count: subscriberCounts[id]!,
      article_count: articleCounts[id]!,
      created_at: now - 300 * DAY + id * 1000,
      updated_at: now,
    });
  }
  await sink.write([['channels', channelRows], ['subscriptions', subs]]);
  report('channels + subs', channels + subs.length, t);

  t = Date.now();
  let bytes = 0;
  for (let start = 1; start <= ARTICLES; start += CHUNK) {
    const chunk = await source.next();
    await sink.write(chunk.tables);
    bytes += chunk.bytes;
    if ((start - 1) % (CHUNK * 50) === 0 && start > 1) report('articles…', start - 1, t);
  }
  await source.close();
  report('articles', ARTICLES, t);
  console.log(`comments ${ARTICLES * 3}, reactions ${ARTICLES * Math.min(10, users)}, article HTML ${(bytes / ARTICLES / 1024).toFixed(1)} KB on average`);

  t = Date.now();
  await sink.rollups();
  report('rollups', 1, t);

  t = Date.now();
  await sink.finish();
  report('finish', 1, t);
  const seconds = (Date.now() - started) / 1000;
  console.log(`generated ${ARTICLES} articles in ${seconds.toFixed(1)} s (${Math.round(ARTICLES / seconds)} articles/s) into ${kind === 'sqlite' ? dataDir : 'PostgreSQL'}`);
}

if (!isMainThread) {
  const role = (workerData as { role: 'chunks' | 'search' }).role;
  if (role === 'chunks') makeChunks((workerData as { scale: Scale }).scale);
  else buildSearchTables(workerData);
} else if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'generate.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
