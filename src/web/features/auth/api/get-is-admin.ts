import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsAdmin } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { isAdminQueryKey } from './query-keys';
import { useCurrentUser } from './get-current-user';

/**
 * GET /api/is-admin. A failed check is logged as a warning and means "not an admin" (docs/product.md#roles); it never throws, so an error and a "no" lead to the same place.
 */
export async function getIsAdmin({ signal }: { signal?: AbortSignal } = {}): Promise<IsAdmin> {
  try {
    const answer = await apiRequest<IsAdmin>('GET', '/api/is-admin', undefined, { signal });
    if (answer.error) console.warn('Admin check reported an error:', answer.error);
    return { isAdmin: answer.isAdmin === true, ...(answer.error ? { error: answer.error } : {}) };
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    console.warn('Admin check failed:', message);
    return { isAdmin: false, error: message };
  }
}

/**
 * Whether the signed-in user is an administrator (docs/product.md#roles): re-checked on every session
 * change (the key holds the user id), no stale time, no retry, false by default.
 * `isChecking` is true while the answer is unknown or a refetch may still turn a "no" into a "yes".
 */
export const isAdminQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: isAdminQueryKey(userId),
    queryFn: ({ signal }) => getIsAdmin({ signal }),
    staleTime: 0,
    retry: false,
  });

export function useIsAdmin(): { isAdmin: boolean; isChecking: boolean } {
  const user = useCurrentUser();
  const userId = user.data?.id ?? null;
  const query = useQuery({ ...isAdminQueryOptions(userId), enabled: userId !== null });
  const isAdmin = userId !== null && query.data?.isAdmin === true;
  const isChecking = user.isLoading || (userId !== null && (query.isPending || (query.isFetching && !isAdmin)));
  return { isAdmin, isChecking };
}
