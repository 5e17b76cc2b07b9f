import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuthorArticlesPage } from '@contract/users';
import { cursorPages } from '@/lib/cursor-pages';

/** Cards an author's page shows at a time. */
export const AUTHOR_ARTICLES_PAGE_SIZE = 10;

/** GET /api/users/{username}/articles: the author's published articles, newest first. */
export const authorArticlesUrl = (username: string) => `/api/users/${encodeURIComponent(username)}/articles?limit=${AUTHOR_ARTICLES_PAGE_SIZE}`;

/**
 * An author's published articles a page at a time, from `startCursor` on (a page opened from the
 * Load more link that works without JavaScript starts further down the list).
 */
export const authorArticlesQueryOptions = (username: string, startCursor: string | null = null) =>
  cursorPages<AuthorArticlesPage>(authorArticlesUrl(username), startCursor, (source, query) => source.authorArticles(username, query));

export function useAuthorArticles(username: string, startCursor: string | null) {
  return useInfiniteQuery(authorArticlesQueryOptions(username, startCursor));
}
