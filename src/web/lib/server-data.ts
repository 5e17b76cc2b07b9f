import type { QueryClient } from '@tanstack/react-query';
import type { ApiQuery, PageDataSource } from '@contract/pages';

/**
 * Where a query's data comes from (docs/decisions/008-one-render-path.md). A server render answers its route loaders
 * from the server's data source (the API's own services, no HTTP round trip); the browser fetches
 * the API. Each render on the server has its own query client, registered here with the data source
 * of its viewer, so one query function serves both sides and both fill the same keys.
 */
const serverSources = new WeakMap<QueryClient, PageDataSource>();

/** Makes `queryClient` answer its queries from `source` (entry-server.tsx, once per render). */
export function answerFromServer(queryClient: QueryClient, source: PageDataSource): void {
  serverSources.set(queryClient, source);
}

/** The server's data source behind `queryClient`; null in the browser. */
export function serverSourceOf(queryClient: QueryClient): PageDataSource | null {
  return serverSources.get(queryClient) ?? null;
}

/** A query function: `onServer` inside a server render, `inBrowser` in the browser. */
export function fromSource<T>(
  onServer: (source: PageDataSource) => Promise<T>,
  inBrowser: (signal: AbortSignal) => Promise<T>,
): (context: { client: QueryClient; signal: AbortSignal }) => Promise<T> {
  return ({ client, signal }) => {
    const source = serverSources.get(client);
    return source ? onServer(source) : inBrowser(signal);
  };
}

/** The query string of an API URL as the API route receives it (a repeated parameter becomes a list). */
export function apiQueryOf(apiUrl: string): ApiQuery {
  const query: ApiQuery = {};
  for (const [key, value] of new URL(apiUrl, 'http://page.invalid').searchParams) {
    const previous = query[key];
    query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}
