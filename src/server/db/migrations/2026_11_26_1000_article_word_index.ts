import { sql, type Kysely } from 'kysely';

/**
 * A word index beside the trigram index (search that stays flat to a million articles).
 * A search term's words are looked up as words, the last one as a word beginning ("harbour
 * counc" finds "Harbour Council"); only a term no article has as words falls back to the trigram
 * index, for text inside words ("arbou"). A word's list of articles is a small part of the table
 * where a trigram's ("cou", " co") is most of it, so a rare phrase costs a few list reads at any
 * size instead of a scan that grows with the table (docs/decisions/019-word-search.md).
 * - SQLite: an FTS5 table with the unicode61 tokenizer (case folded, accents kept), external content
 *   kept in step by triggers like the trigram table's.
 * - PostgreSQL: a GIN index on the 'simple' text search vector (no stemming, no stop words: the same
 *   whole words as SQLite's).
 * Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // The expression must be written exactly as the repository's query writes it.
    await sql`create index articles_words_idx on articles using gin (to_tsvector('simple', title || ' ' || plain_text))`.execute(db);
    return;
  }
  await sql`create virtual table articles_words using fts5(title, plain_text, content='articles', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`create trigger articles_words_ai after insert on articles begin
    insert into articles_words(rowid, title, plain_text) values (new.id, new.title, new.plain_text);
  end`.execute(db);
  await sql`create trigger articles_words_ad after delete on articles begin
    insert into articles_words(articles_words, rowid, title, plain_text) values ('delete', old.id, old.title, old.plain_text);
  end`.execute(db);
  await sql`create trigger articles_words_au after update of title, plain_text on articles begin
    insert into articles_words(articles_words, rowid, title, plain_text) values ('delete', old.id, old.title, old.plain_text);
    insert into articles_words(rowid, title, plain_text) values (new.id, new.title, new.plain_text);
  end`.execute(db);
  await sql`insert into articles_words(articles_words) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists articles_words_idx`.execute(db);
    return;
  }
  for (const trigger of ['articles_words_ai', 'articles_words_ad', 'articles_words_au']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists articles_words`.execute(db);
}
