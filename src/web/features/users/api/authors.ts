import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Author } from '@contract/users';
import { ApiError, apiRequest } from '@/lib/api-client';
import { fromSource } from '@/lib/server-data';

/** GET /api/users/{username}, the API address an author's page reads. */
export const authorApiUrl = (username: string) => `/api/users/${encodeURIComponent(username)}`;

/**
 * An author by username (bio, joining date, channels), or null when nobody has that username: the
 * author page's loader turns that into the 404 page.
 */
export const authorQueryOptions = (username: string) =>
  queryOptions<Author | null>({
    queryKey: [authorApiUrl(username)],
    queryFn: fromSource(
      (source) => source.author(username),
      (signal) =>
        apiRequest<Author>('GET', authorApiUrl(username), undefined, { signal }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
    ),
  });

export function useAuthor(username: string) {
  return useQuery(authorQueryOptions(username));
}
