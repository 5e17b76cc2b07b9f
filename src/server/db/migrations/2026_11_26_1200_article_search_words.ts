import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL keeps each article's word vector in a column (a rare phrase searched at
 * scale). The GIN index of 2026_11_26_1000 was on an expression, so every test of an article
 * against a search recomputed the vector from its whole text, and a phrase needs that test even
 * for the articles the index finds, because GIN does not keep where each word stands. Read from
 * the column, the test costs a small fraction of that.
 * The column is generated (title, a space, then the text, as before) so no write path can forget it.
 * SQLite is unchanged: its FTS5 word index keeps positions and never reads the article.
 * Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table articles add column search_words tsvector generated always as (to_tsvector('simple', title || ' ' || plain_text)) stored`.execute(db);
  await sql`create index articles_search_words_idx on articles using gin (search_words)`.execute(db);
  await sql`drop index if exists articles_words_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index articles_words_idx on articles using gin (to_tsvector('simple', title || ' ' || plain_text))`.execute(db);
  await sql`alter table articles drop column search_words`.execute(db);
}
