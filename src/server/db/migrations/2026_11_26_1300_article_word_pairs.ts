import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL keeps the pairs of words that stand next to each other in each article (a
 * rare phrase at 1,000,000 articles). GIN records which articles hold a word but not where, so a
 * phrase was answered by reading the word vector of every article holding all its words: 39,145
 * articles for 'harbour council' at 1,000,000, half a second alone and seconds under load. The
 * pairs are terms of their own, so a phrase becomes exact index lookups and only the articles
 * where its words really stand together are read (9 instead of 402 at 10,000).
 *
 * A pair is a word, a space, and the first three characters of the word after it ('harbour cou'):
 * the last word of a search is a word beginning, and three characters is where the pair can still
 * be looked up. The pairs come from the stored word vector the phrase is tested against (same
 * parser, same positions), so every article the phrase matches holds its pairs; a pair only narrows.
 *
 * In a table of their own, kept by a trigger on the title and text: a like, a dislike or a view
 * updates an indexed counter of the article, so PostgreSQL writes a new version of the row and an
 * entry in every index of the table for it; on `articles` the pairs' index would take about 600
 * entries for each like (reactions measured 15–20% slower that way). SQLite is unchanged: its FTS5
 * index keeps positions. Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // A loop over a position-indexed array: about 0.6 ms for a 4 KB article, half the cost of a
  // window function over the unnested vector and a third of a self-join. Positions stop at 16,383
  // (an article of 200 KB of HTML can pass it): every word after that shares the last position, so
  // a phrase test sees each of them right after the word at 16,382, and so do the pairs.
  await sql`
    create function word_pairs(words tsvector) returns text[]
    language plpgsql immutable strict parallel safe as $$
    declare
      slots text[] := '{}';
      at_last text[] := '{}';
      entry record;
      pos int;
      pairs text[] := '{}';
    begin
      for entry in select lexeme, positions from unnest(words) loop
        foreach pos in array coalesce(entry.positions, '{}') loop
          if pos = 16383 then
            at_last := at_last || entry.lexeme;
          else
            slots[pos] := entry.lexeme;
          end if;
        end loop;
      end loop;
      for pos in 1 .. coalesce(array_upper(slots, 1), 0) - 1 loop
        if slots[pos] is not null and slots[pos + 1] is not null then
          pairs := pairs || (slots[pos] || ' ' || left(slots[pos + 1], 3));
        end if;
      end loop;
      if slots[16382] is not null then
        for pos in 1 .. coalesce(array_upper(at_last, 1), 0) loop
          pairs := pairs || (slots[16382] || ' ' || left(at_last[pos], 3));
        end loop;
      end if;
      return pairs;
    end $$`.execute(db);
  await sql`
    create table article_word_pairs (
      article_id integer primary key references articles (id) on delete cascade,
      pairs text[] not null
    )`.execute(db);
  // An AFTER trigger: the stored word vector (a generated column) is only computed after BEFORE triggers.
  await sql`
    create function article_word_pairs_sync() returns trigger language plpgsql as $$
    begin
      insert into article_word_pairs (article_id, pairs) values (new.id, word_pairs(new.search_words))
      on conflict (article_id) do update set pairs = excluded.pairs;
      return null;
    end $$`.execute(db);
  await sql`create trigger articles_word_pairs_sync after insert or update of title, plain_text on articles for each row execute function article_word_pairs_sync()`.execute(db);
  await sql`insert into article_word_pairs (article_id, pairs) select id, word_pairs(search_words) from articles`.execute(db);
  await sql`create index article_word_pairs_idx on article_word_pairs using gin (pairs)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger articles_word_pairs_sync on articles`.execute(db);
  await sql`drop function article_word_pairs_sync()`.execute(db);
  await sql`drop table article_word_pairs`.execute(db);
  await sql`drop function word_pairs(tsvector)`.execute(db);
}
