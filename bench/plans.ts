/**
 * Writes the query plan of every statement behind the hot read paths, as Markdown, to
 * bench/results/plans/{db}-{articles}.md (ignored by git; the plan tests (*-plan.api.test.ts)
 * are the guard) and prints where:
 *   npx tsx bench/plans.ts [--articles 1000000] [--db sqlite|postgres] [--database-url …, default …/broadsheet_bench_{articles}] [--only text]
 * Runs the real repository code against a generated database (bench/generate.ts), records each SQL
 * statement with its parameters, and asks the database to explain it: EXPLAIN QUERY PLAN on SQLite,
 * EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { createDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createArticlesRepository, ARTICLE_SORT_EXPRESSIONS } from '../src/server/features/articles/articles.repository.js';
import { createChannelTableRepository } from '../src/server/features/articles/channel-table.repository.js';
import { createArticleSearch } from '../src/server/features/search/search.repository.js';
import { createChannelsRepository } from '../src/server/features/channels/channels.repository.js';
import { createCommentsRepository } from '../src/server/features/comments/comments.repository.js';
import { createSessionsRepository } from '../src/server/features/auth/sessions.repository.js';
import { createReactionsRepository } from '../src/server/features/reactions/reactions.repository.js';
import { createAnalyticsRepository } from '../src/server/features/analytics/analytics.repository.js';
import { createAnalyticsService } from '../src/server/features/analytics/analytics.service.js';
import type { SessionUser } from '../src/server/features/auth/sessions.service.js';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'sqlite' },
    // Default: the database bench/run.mjs keeps for the scale.
    'database-url': { type: 'string' },
    search: { type: 'string', default: 'harbour council' },
    // Only the cases whose title contains this (e.g. --only analytics).
    only: { type: 'string' },
  },
});
const pg = values.db === 'postgres';
const target = pg
  ? { kind: 'postgres' as const, url: values['database-url'] ?? `postgres://postgres@127.0.0.1:5432/broadsheet_bench_${values.articles}` }
  : { kind: 'sqlite' as const, file: path.resolve(`bench/data/${values.articles}/broadsheet.db`) };

let recorded: { sql: string; parameters: readonly unknown[] }[] = [];
const handle = createDatabase(target, { onQuery: (text, parameters) => recorded.push({ sql: text, parameters }) });
const { db } = handle;
await migrateToLatest(db);
const articles = createArticlesRepository(db, handle.dialect);
const channelTable = createChannelTableRepository(db, handle.dialect);
const search = createArticleSearch(db, handle.dialect, articles);
const channels = createChannelsRepository(db, handle.dialect);
const comments = createCommentsRepository(db, handle.dialect);
const sessions = createSessionsRepository(db);
const reactions = createReactionsRepository(db);
const analytics = createAnalyticsService({ analytics: createAnalyticsRepository(db), channels });
// Channel 1 holds every tenth article with a year of daily figures; user 1 owns it (bench/generate.ts).
const owner = { id: 1, isAdmin: false } as SessionUser;

const newest = await db.selectFrom('articles').select(['id', 'channel_id']).where('published', '=', 1).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
const likes = ARTICLE_SORT_EXPRESSIONS.likes;
const page5 = await db
  .selectFrom('articles')
  .select([likes.as('value'), 'id'])
  .where('published', '=', 1)
  .orderBy(likes, 'desc')
  .orderBy('id', 'desc')
  .offset(79)
  .limit(1)
  .executeTakeFirstOrThrow();
const session = await db.selectFrom('sessions').select('id').where('user_id', '=', 1).executeTakeFirstOrThrow();

const cases: [string, () => Promise<unknown>][] = [
  ['Feed, first page (anonymous, newest)', () => articles.feed({ sort: 'createdAt', direction: 'desc', limit: 21 })],
  ['Feed, page 5 by cursor, sorted by likes', () => articles.feed({ sort: 'likes', direction: 'desc', limit: 21, after: { value: Number(page5.value), id: page5.id } })],
  [`Feed, substring search '${values.search}'`, () => search.feedPage(values.search, { sort: 'createdAt', direction: 'desc', limit: 21 })],
  ['Feed, signed in (subscriptions and own channels)', async () => {
    await articles.readerHasSubscriptions(1);
    return articles.feed({ sort: 'createdAt', direction: 'desc', limit: 21, readerId: 1 });
  }],
  ['Session lookup (every signed-in request)', () => sessions.findWithUser(session.id)],
  ['Article by id', () => articles.findById(newest.id)],
  ['Channel page (its table: the first 50 rows, newest first, and their count)', async () => {
    await channels.findById(newest.channel_id, null);
    const page = { sort: 'createdAt', direction: 'desc', limit: 51, categoryRanks: new Map() } as const;
    return Promise.all([channelTable.channelTable(newest.channel_id, true, page), channelTable.channelTableTotal(newest.channel_id, true)]);
  }],
  ['Channel table sorted by likes (the rows of one channel sorted)', () =>
    channelTable.channelTable(newest.channel_id, true, { sort: 'likeCount', direction: 'desc', limit: 51, categoryRanks: new Map() })],
  ["Channel's whole list (GET /api/channels/{id}/articles, up to 500 rows)", () => articles.ofChannel(newest.channel_id, true, 500)],
  ['Channel explore page', () => channels.list({ sort: 'subscribers', direction: 'desc', limit: 25 }, null)],
  ['Comments of an article', () => comments.ofArticle(newest.id)],
  ['A page of comment threads', () => comments.threadsOfArticle(newest.id, null, 21, 11)],
  ['A later page of comment threads (after a cursor)', () => comments.threadsOfArticle(newest.id, { createdAt: 0, id: 1 }, 21, 11)],
  ["A thread's further replies (after a cursor)", () => comments.repliesOf(newest.id, { createdAt: 0, id: 1 }, 51)],
  ['Reaction toggle (reading the reaction)', () => reactions.reactionOf(1, newest.id)],
  ['Channel analytics, 30 days (channel 1: every tenth article)', () => analytics.channel(1, owner, '30')],
  ['Channel analytics, all time (channel 1)', () => analytics.channel(1, owner, 'all')],
];

const out: string[] = [`## ${pg ? 'PostgreSQL' : 'SQLite'}, ${values.articles} articles\n`];
const console = { log: (line: string) => out.push(line) };
for (const [title, run] of cases) {
  if (values.only && !title.toLowerCase().includes(values.only.toLowerCase())) continue;
  recorded = [];
  const started = performance.now();
  // A statement the server would give up on (its 30 s statement_timeout) is explained without running it.
  const failure = await run().then(
    () => null,
    (error: unknown) => String((error as Error).message ?? error),
  );
  const ms = performance.now() - started;
  const statements = recorded;
  recorded = [];
  console.log(`### ${title}\n\n${statements.length} statement(s), ${ms.toFixed(1)} ms in all${failure ? ` (failed: ${failure}; the last plan is EXPLAIN without ANALYZE)` : ''}\n`);
  for (const [i, statement] of statements.entries()) {
    const analyze = !(failure && i === statements.length - 1);
    const explain = pg ? `explain (${analyze ? 'analyze, buffers, ' : ''}costs off) ${statement.sql}` : `explain query plan ${statement.sql}`;
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain, [...statement.parameters]));
    const lines = pg
      ? result.rows.map((r) => String(r['QUERY PLAN']))
      : result.rows.map((r) => `${'  '.repeat(depth(result.rows as { id: number; parent: number }[], r as { id: number; parent: number }))}${String(r.detail)}`);
    console.log('```sql\n' + statement.sql.replace(/\s+/g, ' ').slice(0, 600) + (statement.sql.length > 600 ? ' …' : '') + '\n```\n```\n' + lines.join('\n') + '\n```\n');
  }
}
await sql`select 1`.execute(db);
await handle.close();
const file = path.resolve(`bench/results/plans/${values.db}-${values.articles}${values.only ? `-${values.only.replace(/\W+/g, '-')}` : ''}.md`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${out.join('\n')}\n`);
process.stdout.write(`query plans written to ${path.relative(process.cwd(), file)}\n`);

function depth(rows: { id: number; parent: number }[], row: { id: number; parent: number }): number {
  let d = 0;
  let parent = row.parent;
  while (parent !== 0) {
    d++;
    parent = rows.find((r) => r.id === parent)?.parent ?? 0;
  }
  return d;
}
