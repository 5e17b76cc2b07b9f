import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The query of a list the API pages with an opaque cursor (`{items, nextCursor}`, DESIGN.md
 * section 4): keyed by its first page's URL (which has a query string), each further page asked
 * for with `&cursor=`. Hooks spread it into `useInfiniteQuery` and add their own options.
 */
export function cursorPages<Page extends { nextCursor: string | null }>(url: string) {
  return infiniteQueryOptions({
    queryKey: [url],
    queryFn: ({ pageParam, signal }) => apiRequest<Page>('GET', pageParam ? `${url}&cursor=${encodeURIComponent(pageParam)}` : url, undefined, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });
}
