import { sql, type Kysely } from 'kysely';

/**
 * SQLite keeps the pairs of neighbouring words of each article too (a rare phrase at
 * 1,000,000 articles; PostgreSQL has had its own since 2026_11_26_1300). A phrase of words becomes
 * a phrase of pairs, looked up in short lists instead of the longest ones (src/server/db/word-pairs.ts
 * says why and how a pair is cut).
 *
 * - `article_word_pairs`: FTS5 without content (the pairs are never read back), the title's pairs
 *   and the text's in two columns so that no phrase runs from one into the other, with positions
 *   (a phrase of pairs needs them). contentless_delete lets the triggers drop an article's pairs
 *   by id. The pairs come from the SQL function `word_pairs`, which every connection the app opens
 *   registers (db/database.ts): the text must be cut as the search cuts it, which SQL cannot do.
 * - `articles_words_terms`: the word index's terms, read to learn whether some article has a word
 *   beginning so (an FTS5 prefix query merges the lists of every such word first: 20–35 ms for
 *   'council' at 1,000,000 articles, 0.1 ms this way). No storage of its own.
 * Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create virtual table article_word_pairs using fts5(title, text, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 0 tokenchars '_'")`.execute(db);
  await sql`create virtual table articles_words_terms using fts5vocab(articles_words, instance)`.execute(db);
  await sql`create trigger article_word_pairs_ai after insert on articles begin
    insert into article_word_pairs(rowid, title, text) values (new.id, word_pairs(new.title), word_pairs(new.plain_text));
  end`.execute(db);
  await sql`create trigger article_word_pairs_ad after delete on articles begin
    delete from article_word_pairs where rowid = old.id;
  end`.execute(db);
  await sql`create trigger article_word_pairs_au after update of title, plain_text on articles begin
    delete from article_word_pairs where rowid = old.id;
    insert into article_word_pairs(rowid, title, text) values (new.id, word_pairs(new.title), word_pairs(new.plain_text));
  end`.execute(db);
  // The existing articles in one pass, with a larger in-memory buffer than FTS5's 1 MB (fewer
  // segments to merge), then the default again for the writes to come. Literals: FTS5 refuses
  // these settings as bound parameters.
  await sql`insert into article_word_pairs(article_word_pairs, rank) values ('hashsize', ${sql.lit(64 * 1024 * 1024)})`.execute(db);
  await sql`insert into article_word_pairs(rowid, title, text) select id, word_pairs(title), word_pairs(plain_text) from articles`.execute(db);
  await sql`insert into article_word_pairs(article_word_pairs, rank) values ('hashsize', ${sql.lit(1024 * 1024)})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['article_word_pairs_ai', 'article_word_pairs_ad', 'article_word_pairs_au']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists articles_words_terms`.execute(db);
  await sql`drop table if exists article_word_pairs`.execute(db);
}
