import type { Database, Dialect } from '../../db/database.js';
import type { ArticleSummaryRow, ArticlesRepository, FeedFilter } from '../articles/articles.repository.js';
import { createPostgresSearch } from './search.postgres.js';
import { createSqliteSearch } from './search.sqlite.js';

/**
 * Free-text search over articles (docs/product.md#data, docs/decisions/019-word-search.md): whole
 * words through a word index, fragments inside words through a trigram index, each database with
 * its own indexes (search.sqlite.ts, search.postgres.ts). A search keeps the feed's order and
 * filters: the implementation narrows the feed (to ids, or by a condition on `articles`) and the
 * articles repository builds the page.
 */
export interface ArticleSearch {
  /** One page of the feed `filter` describes, of the published articles whose title or text holds `term`. */
  feedPage(term: string, filter: Omit<FeedFilter, 'search'>): Promise<ArticleSummaryRow[]>;
}

/** What a search may ask of the feed (the articles repository). */
export type SearchableFeed = Pick<ArticlesRepository, 'feed' | 'firstMatchesAmong' | 'olderIdCreatedSince'>;

export interface SearchOptions {
  /** SQLite: how many of the newest matches a first newest-first page asks the index for. */
  searchWindow?: number;
  /** SQLite: how many words a single-word search is read as before it is left to FTS5's prefix query. */
  wordBeginnings?: number;
  /** PostgreSQL: how many rows of a page's order are tested one by one before the index lists every match. */
  postgresSearchRows?: number;
}

export { searchWords } from './search-words.js';

export function createArticleSearch(db: Database, dialect: Dialect, feed: SearchableFeed, options: SearchOptions = {}): ArticleSearch {
  return dialect === 'postgres' ? createPostgresSearch(db, feed, options) : createSqliteSearch(db, feed, options);
}
