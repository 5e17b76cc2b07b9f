import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiQuery, PageDataSource } from '@contract/pages';
import { apiRequest } from './api-client';
import { apiQueryOf, serverSourceOf } from './server-data';

/**
 * The query of a list the API pages with an opaque cursor (`{items, nextCursor}`, docs/product.md#api): keyed by its first page's URL (which has a query string), each further page asked
 * for with `&cursor=`. `startCursor` starts the list further on (a thread's replies after those
 * its page of threads brought), and is part of the key. `onServer` answers a page inside a server
 * render (a route loader's first page) from the server's data source. Query options spread it and
 * add their own.
 */
export function cursorPages<Page extends { nextCursor: string | null }>(
  url: string,
  startCursor: string | null = null,
  onServer?: (source: PageDataSource, query: ApiQuery) => Promise<Page>,
) {
  return infiniteQueryOptions({
    queryKey: startCursor === null ? [url] : [url, startCursor],
    queryFn: ({ pageParam, signal, client }) => {
      const pageUrl = pageParam ? `${url}&cursor=${encodeURIComponent(pageParam)}` : url;
      const source = onServer ? serverSourceOf(client) : null;
      return source ? onServer!(source, apiQueryOf(pageUrl)) : apiRequest<Page>('GET', pageUrl, undefined, { signal });
    },
    initialPageParam: startCursor,
    getNextPageParam: (last: Page) => last.nextCursor,
  });
}
