import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { pairPhrase, unicode61Fold } from '../../db/word-pairs.js';
import type { ArticleSummaryRow, NarrowedFeedFilter } from '../articles/articles.repository.js';
import { searchWords } from './search-words.js';
import type { ArticleSearch, SearchableFeed, SearchOptions } from './search.repository.js';

/** How many of the newest matches a first search page asks the index for (see newestSearchPage). */
export const SEARCH_WINDOW = 200;

/** How many words a single-word search is read as before it is left to FTS5's prefix query (see wordBeginnings). */
export const WORD_BEGINNINGS = 8;

/**
 * How a term is matched: by the words it names, the last one as a word beginning, through the word
 * index (FTS5 unicode61, or the word pairs for a phrase: db/word-pairs.ts); or, when no article has
 * those words, as text anywhere, inside words too, through the trigram index.
 */
type SearchPlan = { kind: 'words'; query: string; pairPhrase?: string } | { kind: 'text'; term: string };
type WordsPlan = Extract<SearchPlan, { kind: 'words' }>;

/** Search on SQLite: FTS5 indexes of words (`articles_words`), word pairs (`article_word_pairs`) and trigrams (`articles_search`). */
export function createSqliteSearch(db: Database, feed: SearchableFeed, options: SearchOptions = {}): ArticleSearch {
  const searchWindow = options.searchWindow ?? SEARCH_WINDOW;
  const wordBeginnings = options.wordBeginnings ?? WORD_BEGINNINGS;

  /** Whether some article has this word: one probe of the word index. */
  async function wordExists(word: string): Promise<boolean> {
    return (await sql`select 1 from articles_words where articles_words match ${`"${word}"`} limit 1`.execute(db)).rows.length > 0;
  }

  /**
   * The words of the word index that begin with `word`, read from its term list one by one
   * (`articles_words_terms`), or undefined when there are more than `wordBeginnings`. FTS5's own
   * prefix query merges the lists of every such word before it answers (tens of milliseconds for
   * a common word beginning at a million articles); the same words as alternatives are read newest
   * first and stop at a page, and finding them costs a fraction of a millisecond each.
   */
  async function beginningsOf(word: string): Promise<string[] | undefined> {
    const folded = unicode61Fold(word);
    const found: string[] = [];
    // Terms are letters and digits: none holds U+0001, so the next term from `${term}\u0001` on is
    // the first one after `term`.
    for (let from = folded; ; ) {
      const next = (await sql<{ term: string }>`select term from articles_words_terms where term >= ${from} limit 1`.execute(db)).rows[0]?.term;
      if (next === undefined || !next.startsWith(folded)) return found;
      if (found.length === wordBeginnings) return undefined;
      found.push(next);
      from = `${next}\u0001`;
    }
  }

  /** A term matched by its words; a single word whose beginnings are known is matched as those words. */
  function wordsPlan(words: string[], beginnings?: string[]): WordsPlan {
    // Only letters and digits reach the query (searchWords), so nothing in the term is read as query syntax.
    const query = words.length === 1 && beginnings ? beginnings.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ') : `"${words.join(' ')}"*`;
    return { kind: 'words', query, pairPhrase: pairPhrase(words) };
  }

  /**
   * Words when each of the term's words is a word of some article (the last one a word's
   * beginning), text otherwise. The test is per word, not the phrase: a phrase of real words that
   * no article has is answered from the word index (nothing), instead of a trigram scan proving
   * that no text anywhere contains it, which grows with the table.
   */
  async function searchPlan(term: string): Promise<SearchPlan> {
    const words = searchWords(term);
    if (words.length === 0) return { kind: 'text', term };
    for (const word of words.slice(0, -1)) {
      if (!(await wordExists(word))) return { kind: 'text', term };
    }
    const beginnings = await beginningsOf(words[words.length - 1]!);
    if (beginnings?.length === 0) return { kind: 'text', term };
    return wordsPlan(words, beginnings);
  }

  /**
   * The ids of the articles holding a phrase, from its pairs when it has them, from the word index
   * otherwise (a single word, or a word of another alphabet). Not both: FTS5 tested the phrase one
   * article at a time when given the pairs' ids.
   */
  function wordMatches(plan: WordsPlan): RawBuilder<{ rowid: number }> {
    if (plan.pairPhrase) return sql`select rowid from article_word_pairs where article_word_pairs match ${plan.pairPhrase}`;
    return sql`select rowid from articles_words where articles_words match ${plan.query}`;
  }

  /** The term as an FTS5 phrase, when it is long enough for the trigram index. */
  function trigramPhrase(term: string): string | undefined {
    const lowered = term.toLowerCase();
    return [...lowered].length >= 3 ? `"${lowered.replace(/"/g, '""')}"` : undefined;
  }

  /** The condition a plan puts on `articles`; text of fewer than three characters is scanned. */
  function condition(plan: SearchPlan): RawBuilder<SqlBool> {
    if (plan.kind === 'words') return sql<SqlBool>`articles.id in (${wordMatches(plan)})`;
    const phrase = trigramPhrase(plan.term);
    if (phrase) return sql<SqlBool>`articles.id in (select rowid from articles_search where articles_search match ${phrase})`;
    const lowered = plan.term.toLowerCase();
    return sql<SqlBool>`(instr(lower(articles.title), ${lowered}) > 0 or instr(lower(articles.plain_text), ${lowered}) > 0)`;
  }

  async function plannedPage(filter: NarrowedFeedFilter, plan: SearchPlan): Promise<ArticleSummaryRow[]> {
    if (filter.sort === 'createdAt' && filter.direction === 'desc' && !filter.after) {
      const phrase = plan.kind === 'text' ? trigramPhrase(plan.term) : undefined;
      const matching = plan.kind === 'words' ? wordMatches(plan) : phrase && sql<{ rowid: number }>`select rowid from articles_search where articles_search match ${phrase}`;
      if (matching) {
        const page = await newestSearchPage(filter, matching);
        if (page) return page;
      }
    }
    return feed.feed({ ...filter, where: condition(plan) });
  }

  /**
   * The first page of a newest-first search, without collecting every match. The index gives
   * matches newest id first and stops after `searchWindow`; a common word then costs the same at
   * any size instead of sorting hundreds of thousands of matches. Article ids follow creation
   * order in practice, but the feed sorts by created_at, so the page is only used when a check
   * proves no older id carries a newer date: no published article with an id below the window and
   * created_at at or after the page's last row. Otherwise (and when filters leave the window short
   * of a page) it answers undefined and the caller runs the full query.
   */
  async function newestSearchPage(filter: NarrowedFeedFilter, matching: RawBuilder<{ rowid: number }>): Promise<ArticleSummaryRow[] | undefined> {
    const matches = await sql<{ rowid: number }>`${matching} order by rowid desc limit ${searchWindow}`.execute(db);
    const ids = matches.rows.map((r) => r.rowid);
    const page = await feed.feed({ ...filter, ids });
    // Fewer matches than the window: that is every match, and the page is exact.
    if (ids.length < searchWindow) return page;
    if (page.length < filter.limit) return undefined;
    return (await feed.olderIdCreatedSince(ids[ids.length - 1]!, page[page.length - 1]!.created_at)) ? undefined : page;
  }

  return {
    /**
     * A phrase with pairs is looked up by them before searchPlan's probes: a match proves its words
     * are words of some article, which is all the probes would find. Only when it finds nothing on
     * this page do the probes decide between its words (then the answer stands) and text inside words.
     */
    async feedPage(term, filter) {
      const words = searchWords(term);
      if (!pairPhrase(words)) return plannedPage(filter, await searchPlan(term));
      const page = await plannedPage(filter, wordsPlan(words));
      if (page.length > 0) return page;
      const plan = await searchPlan(term);
      return plan.kind === 'words' ? page : plannedPage(filter, plan);
    },
  };
}
