import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * The default cache never goes stale, does not refetch on focus or on an
 * interval, and retries nothing. Queries that need fresher data say so themselves (the admin
 * check uses staleTime 0); mutations invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Offline, a query asks once and fails rather than pausing until the connection returns: a
        // route loader waiting on a paused query would hold the navigation (and its progress bar)
        // forever, where the error page can say the connection is down.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Query keys are API URLs (docs/product.md#api: the default fetch GETs the key's first element), so
 * "everything under /api/channels" is a prefix. Mutations use this to refresh every view that
 * shows what they changed, whichever feature owns those views.
 */
export function invalidateApi(queryClient: QueryClient, ...prefixes: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0] ?? '');
      return prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}/`) || key.startsWith(`${prefix}?`));
    },
  });
}
