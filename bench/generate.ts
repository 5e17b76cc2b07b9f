/**
 * Fills a database at a chosen scale for the benchmarks (issue 9):
 *   npx tsx bench/generate.ts --articles 10000 [--db sqlite|postgres] [--data-dir bench/data/10000] [--database-url postgres://…]
 * Proportions: 1 user per 20 articles, 1 channel per 10, 3 comments, 10 reactions and a few view-day
 * rows per article, subscriptions for every user, HTML bodies of 2–6 KB with categories and places.
 * Writes through Kysely in large transactions and keeps every counter equal to its rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import type { ArticlesTable } from '../src/server/db/schema.js';
import { createDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createCategoriesRepository } from '../src/server/features/articles/categories.repository.js';
import { createLocationsRepository } from '../src/server/features/geo/locations.repository.js';
import { seedFixtures } from '../src/server/features/seed/seed.js';
import { hashPassword } from '../src/server/features/auth/passwords.js';
import { stripHtml } from '../src/contract/text.js';

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

export const BENCH_PASSWORD = 'bench-password';

/** Deterministic pseudo-random numbers, so two runs at one scale build the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const WORDS = 'harbour council market election storm river budget school hospital railway festival museum climate energy football league startup factory farmers museum coast bridge library court museum science research vaccine orchestra gallery island village city mayor parliament minister ferry tunnel airport'.split(' ');
const PLACES = ['London', 'Paris', 'Berlin', 'Lagos', 'Nairobi', 'Mumbai', 'Tokyo', 'Sydney', 'Toronto', 'New York City', 'Madrid', 'Manchester'];

function sentence(): string {
  const n = 8 + Math.floor(random() * 14);
  const words = Array.from({ length: n }, () => pick(WORDS));
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(' ')}.`;
}
function body(): string {
  const target = 2048 + Math.floor(random() * 4096);
  let html = '';
  while (html.length < target) html += `<p>${Array.from({ length: 4 }, sentence).join(' ')}</p>`;
  return html;
}

async function main() {
  const started = Date.now();
  const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
  const dataDir = path.resolve(values['data-dir'] ?? `bench/data/${ARTICLES}`);
  const target =
    kind === 'postgres'
      ? { kind: 'postgres' as const, url: values['database-url'] ?? process.env.DATABASE_URL ?? '' }
      : { kind: 'sqlite' as const, file: path.join(dataDir, 'broadsheet.db') };
  if (target.kind === 'postgres' && !target.url) throw new Error('--database-url (or DATABASE_URL) is required with --db postgres');
  if (target.kind === 'sqlite') fs.rmSync(dataDir, { recursive: true, force: true });
  const { db, close } = createDatabase(target);
  await migrateToLatest(db);
  await seedFixtures({ categories: createCategoriesRepository(db), locations: createLocationsRepository(db) });
  if (kind === 'sqlite') await sql`pragma synchronous = off`.execute(db);

  const users = Math.max(5, Math.floor(ARTICLES / 20));
  const channels = Math.max(2, Math.floor(ARTICLES / 10));
  const categoryIds = (await db.selectFrom('categories').select('id').execute()).map((r) => r.id);
  const now = Date.now();
  const DAY = 86_400_000;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const chunk = 500;
  const report = (label: string, n: number, since: number) =>
    console.log(`${label.padEnd(14)} ${String(n).padStart(9)} rows in ${((Date.now() - since) / 1000).toFixed(1)} s (${Math.round(n / ((Date.now() - since) / 1000 || 1))}/s)`);

  let t = Date.now();
  for (let i = 0; i < users; i += chunk) {
    const rows = Array.from({ length: Math.min(chunk, users - i) }, (_, k) => {
      const username = `bench${i + k + 1}`;
      return { username, username_key: username, password_hash: passwordHash, description: null, created_at: now - 400 * DAY, updated_at: now };
    });
    await db.insertInto('users').values(rows).execute();
  }
  report('users', users, t);

  t = Date.now();
  for (let i = 0; i < channels; i += chunk) {
    const rows = Array.from({ length: Math.min(chunk, channels - i) }, (_, k) => {
      const n = i + k;
      return { user_id: (n % users) + 1, name: `Channel ${n + 1}`, slug: `channel-${n + 1}`, description: sentence(), category: null, created_at: now - 300 * DAY + n * 1000, updated_at: now };
    });
    await db.insertInto('channels').values(rows).execute();
  }
  report('channels', channels, t);

  // Every user follows five channels; counters follow the rows.
  t = Date.now();
  const subscriberCounts = new Map<number, number>();
  const subs: { user_id: number; channel_id: number; created_at: number }[] = [];
  for (let u = 1; u <= users; u++) {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(5, channels)) chosen.add(1 + Math.floor(random() * channels));
    for (const c of chosen) {
      subs.push({ user_id: u, channel_id: c, created_at: now - 10 * DAY });
      subscriberCounts.set(c, (subscriberCounts.get(c) ?? 0) + 1);
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < subs.length; i += chunk) await trx.insertInto('subscriptions').values(subs.slice(i, i + chunk)).execute();
  });
  report('subscriptions', subs.length, t);

  t = Date.now();
  let comments = 0;
  let reactions = 0;
  const articleCounts = new Map<number, number>();
  for (let start = 1; start <= ARTICLES; start += chunk) {
    const size = Math.min(chunk, ARTICLES - start + 1);
    await db.transaction().execute(async (trx) => {
      const articleRows: Insertable<ArticlesTable>[] = [];
      const categoryRows: { article_id: number; category_id: number; position: number }[] = [];
      const commentRows = [];
      const reactionRows = [];
      const viewRows = [];
      for (let k = 0; k < size; k++) {
        const id = start + k;
        const channelId = 1 + ((id * 7919) % channels);
        const html = body();
        let likes = 0;
        let dislikes = 0;
        const reactors = new Set<number>();
        while (reactors.size < Math.min(10, users)) reactors.add(1 + Math.floor(random() * users));
        for (const userId of reactors) {
          const isLike = random() < 0.75 ? 1 : 0;
          if (isLike) likes++;
          else dislikes++;
          reactionRows.push({ user_id: userId, article_id: id, is_like: isLike, created_at: now - DAY });
        }
        const createdAt = now - Math.floor(((ARTICLES - id) / ARTICLES) * 365 * DAY);
        const views = Math.floor(random() * 500);
        articleRows.push({
          id,
          user_id: ((channelId - 1) % users) + 1,
          channel_id: channelId,
          title: `${sentence().slice(0, 80).replace(/\.$/, '')} ${id}`,
          slug: `story-${id}`,
          content: html,
          plain_text: stripHtml(html),
          published: 1,
          location_name: random() < 0.8 ? pick(PLACES) : null,
          location_lat: null,
          location_lng: null,
          view_count: views,
          like_count: likes,
          dislike_count: dislikes,
          comment_count: 3,
          created_at: createdAt,
          last_edited: createdAt,
        });
        articleCounts.set(channelId, (articleCounts.get(channelId) ?? 0) + 1);
        const cats = new Set([pick(categoryIds), pick(categoryIds)]);
        [...cats].forEach((categoryId, position) => categoryRows.push({ article_id: id, category_id: categoryId, position }));
        for (let c = 0; c < 3; c++) {
          commentRows.push({ article_id: id, user_id: 1 + Math.floor(random() * users), parent_id: null, content: sentence(), created_at: createdAt + (c + 1) * 60_000 });
        }
        viewRows.push({ article_id: id, day: Math.floor(createdAt / DAY), views });
      }
      // Keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < articleRows.length; i += 100) await trx.insertInto('articles').values(articleRows.slice(i, i + 100)).execute();
      await trx.insertInto('article_categories').values(categoryRows).execute();
      for (let i = 0; i < commentRows.length; i += 500) await trx.insertInto('comments').values(commentRows.slice(i, i + 500)).execute();
      for (let i = 0; i < reactionRows.length; i += 500) await trx.insertInto('reactions').values(reactionRows.slice(i, i + 500)).execute();
      await trx.insertInto('article_view_days').values(viewRows).execute();
      comments += commentRows.length;
      reactions += reactionRows.length;
    });
    if ((start - 1) % (chunk * 20) === 0 && start > 1) report('articles…', start - 1, t);
  }
  report('articles', ARTICLES, t);
  console.log(`comments ${comments}, reactions ${reactions}`);

  t = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const [id, n] of subscriberCounts) await trx.updateTable('channels').set({ subscriber_count: n }).where('id', '=', id).execute();
    for (const [id, n] of articleCounts) await trx.updateTable('channels').set({ article_count: n }).where('id', '=', id).execute();
  });
  if (kind === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('articles', 'id'), (select max(id) from articles))`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
  report('counters', subscriberCounts.size + articleCounts.size, t);
  await close();
  const seconds = (Date.now() - started) / 1000;
  console.log(`generated ${ARTICLES} articles in ${seconds.toFixed(1)} s (${Math.round(ARTICLES / seconds)} articles/s) into ${kind === 'sqlite' ? dataDir : 'PostgreSQL'}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
