import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The query of a list the API pages with an opaque cursor (`{items, nextCursor}`, DESIGN.md
 * section 4): keyed by its first page's URL (which has a query string), each further page asked
 * for with `&cursor=`. `startCursor` starts the list further on (a thread's replies after those
 * its page of threads brought), and is part of the key. Hooks spread it into `useInfiniteQuery`
 * and add their own options.
 */
export function cursorPages<Page extends { nextCursor: string | null }>(url: string, startCursor: string | null = null) {
  return infiniteQueryOptions({
    queryKey: startCursor === null ? [url] : [url, startCursor],
    queryFn: ({ pageParam, signal }) => apiRequest<Page>('GET', pageParam ? `${url}&cursor=${encodeURIComponent(pageParam)}` : url, undefined, { signal }),
    initialPageParam: startCursor,
    getNextPageParam: (last: Page) => last.nextCursor,
  });
}
