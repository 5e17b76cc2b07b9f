import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ArticleSummaryRow, NarrowedFeedFilter } from '../articles/articles.repository.js';
import { searchWords } from './search-words.js';
import type { ArticleSearch, SearchableFeed, SearchOptions } from './search.repository.js';

/** How many rows of a feed page's order are checked one by one before the search index lists every match (see feedPage). */
export const POSTGRES_SEARCH_ROWS = 500;

/** How long the list of the most common words (mostCommonWords) is used before it is read again. */
export const COMMON_WORDS_MS = 10 * 60_000;

/**
 * How a term is matched: by the words it names, the last one as a word beginning, through
 * `search_words` (tsvector + GIN) and the phrase's word pairs (`article_word_pairs`); or, when no
 * article has those words, as text anywhere, inside words too, through pg_trgm.
 */
type SearchPlan = { kind: 'words'; query: string; pairs: string[] } | { kind: 'text'; term: string };

/**
 * The word pairs (migration 2026_11_26_1300) every article holding these words as a phrase has:
 * each word with the first three characters of the next. The last word is a word beginning;
 * shorter than three characters, its pair cannot be looked up and is left out.
 */
export function phrasePairs(words: string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const next = [...words[i + 1]!];
    if (i + 1 === words.length - 1 && next.length < 3) continue;
    pairs.push(`${words[i]} ${next.slice(0, 3).join('')}`);
  }
  return pairs;
}

/** Search on PostgreSQL: `search_words` with to_tsquery, the word pairs, and pg_trgm for text inside words. */
export function createPostgresSearch(db: Database, feed: SearchableFeed, options: SearchOptions = {}): ArticleSearch {
  const searchRows = options.postgresSearchRows ?? POSTGRES_SEARCH_ROWS;

  let commonWords: { at: number; words: string[] } | undefined;
  /**
   * The words the statistics list as the most common in `search_words` (ANALYZE keeps up to a
   * thousand), read at most every COMMON_WORDS_MS. They are the words whose probe costs the most,
   * since GIN answers a probe with a bitmap of every article holding the word, and the list itself
   * says they exist. Until the table has been analyzed the list is empty and every word is probed.
   */
  async function mostCommonWords(): Promise<string[]> {
    const now = Date.now();
    if (commonWords && now - commonWords.at < COMMON_WORDS_MS) return commonWords.words;
    const result = await sql<{ words: string[] | null }>`
      select most_common_elems::text::text[] as words from pg_stats
      where schemaname = current_schema() and tablename = 'articles' and attname = 'search_words'`.execute(db);
    commonWords = { at: now, words: result.rows[0]?.words ?? [] };
    return commonWords.words;
  }

  /**
   * Whether some article has this word (or, as a beginning, a word starting with it): one index
   * probe, or none for a word the statistics list as common. The list is as old as the last
   * ANALYZE: if every article holding such a word went since, the word still counts as present,
   * and a search naming it answers from the word index (nothing) instead of the text.
   */
  async function wordExists(word: string, beginning: boolean): Promise<boolean> {
    const common = await mostCommonWords();
    if (beginning ? common.some((w) => w.startsWith(word)) : common.includes(word)) return true;
    // In a CTE, planned for all its rows: with the limit beside it, PostgreSQL expects to meet a
    // match within a few rows, scans the table, and for a word no article has reads them all.
    const query = `'${word}'${beginning ? ':*' : ''}`;
    const found = await sql`with matches as materialized (select 1 from articles where search_words @@ to_tsquery('simple', ${query})) select 1 from matches limit 1`.execute(db);
    return found.rows.length > 0;
  }

  /** The term's words as a phrase, the last one a word beginning (only letters and digits reach it: searchWords). */
  const wordsPlan = (words: string[]): SearchPlan => ({
    kind: 'words',
    query: words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' <-> '),
    pairs: phrasePairs(words),
  });

  /** Words when each of the term's words is a word of some article (the last one a word's beginning), text otherwise. */
  async function searchPlan(term: string): Promise<SearchPlan> {
    const words = searchWords(term);
    if (words.length === 0) return { kind: 'text', term };
    for (const word of words.slice(0, -1)) {
      if (!(await wordExists(word, false))) return { kind: 'text', term };
    }
    return (await wordExists(words[words.length - 1]!, true)) ? wordsPlan(words) : { kind: 'text', term };
  }

  /** The plan as a condition on one article row (case-insensitive substring for text). */
  function rowCondition(plan: SearchPlan): RawBuilder<SqlBool> {
    if (plan.kind === 'words') return sql<SqlBool>`articles.search_words @@ to_tsquery('simple', ${plan.query})`;
    const pattern = `%${plan.term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql<SqlBool>`lower(articles.title || ' ' || articles.plain_text) like ${pattern}`;
  }

  /**
   * Every match from the search index first, behind a fence (offset 0) the planner cannot see
   * through. Left to itself it walks the sort index and tests each article in turn whenever it
   * expects a phrase to match often (it estimates a phrase as its words anywhere), which reads
   * every article's text for a rare phrase. A phrase's word pairs narrow the matches to articles
   * where its words stand together, before any article's words are read (only here: tested row by
   * row, they would cost more than they save). Lower-cased again by the database, as to_tsquery
   * does with each word of the phrase.
   */
  function indexCondition(plan: SearchPlan): RawBuilder<SqlBool> {
    const pairs =
      plan.kind === 'words' && plan.pairs.length > 0
        ? sql<SqlBool>` and articles.id in (select article_id from article_word_pairs where pairs @> lower(${`{${plan.pairs.map((p) => `"${p}"`).join(',')}}`})::text[])`
        : sql``;
    return sql<SqlBool>`articles.id in (select id from articles where ${rowCondition(plan)}${pairs} offset 0)`;
  }

  /** A page of matches among the next `searchRows` rows of the page's order, if they hold one. */
  async function nextRowsPage(filter: NarrowedFeedFilter, plan: SearchPlan): Promise<ArticleSummaryRow[] | undefined> {
    const ids = await feed.firstMatchesAmong(filter, rowCondition(plan), searchRows);
    return ids.length === filter.limit ? feed.feed({ ...filter, ids }) : undefined;
  }

  return {
    /**
     * A search page in two steps. First the next `searchRows` articles of the page's order are
     * tested one by one, stopping at a page of matches: a common word fills its page within a few
     * dozen rows, and the sort index gives them in order. Only when those rows hold less than a
     * page does the search index list every match, which is then few enough to sort. Either step
     * alone is slow for the other kind of term: the index lists hundreds of thousands of articles
     * for a common word, and a rare phrase would be tested against every article.
     *
     * The first step runs with the term's words before searchPlan's probes: a page of the phrase's
     * matches proves that each word is some article's word, which is all the probes would find, and
     * they cost most for a common word.
     */
    async feedPage(term, filter) {
      const words = searchWords(term);
      if (words.length > 0) {
        const page = await nextRowsPage(filter, wordsPlan(words));
        if (page) return page;
      }
      const plan = await searchPlan(term);
      if (plan.kind === 'text') {
        const page = await nextRowsPage(filter, plan);
        if (page) return page;
      }
      return feed.feed({ ...filter, where: indexCondition(plan) });
    },
  };
}
