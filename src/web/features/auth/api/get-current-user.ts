import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/auth';
import { getQueryFn } from '@/lib/api-client';
import { currentUserQueryKey } from './query-keys';

/** GET /api/user: the signed-in user, or null when signed out (its 401 is not an error; docs/product.md#api). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
