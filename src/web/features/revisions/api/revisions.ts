import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article } from '@contract/articles';
import { revisionApi, type Revision, type RevisionDiff, type RevisionPage } from '@contract/revisions';
import { ApiError, apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { fromSource } from '@/lib/server-data';

/** A revision the viewer may not see, or none: "not there" on both sides, as the page data source says. */
const NOT_THERE = new Set([400, 403, 404]);

function orNull<T>(request: Promise<T>): Promise<T | null> {
  return request.catch((error: unknown) => {
    if (error instanceof ApiError && NOT_THERE.has(error.status)) return null;
    throw error;
  });
}

/**
 * The article's record, newest first, a page at a time. Keyed by the API URL of its first page
 * with a query string (cursorPages adds `&cursor=`), so prefix invalidation reaches every page.
 */
export const revisionsQueryOptions = (articleId: number) =>
  cursorPages<RevisionPage>(`${revisionApi.list(articleId)}?`, null, async (source, query) => {
    // A record the viewer may not see reads as an empty one: the page's loader answers 404 for both.
    return (await source.revisions(articleId, query)) ?? { items: [], nextCursor: null };
  });

/** One revision with its content; null when there is none the viewer may see. */
export const revisionQueryOptions = (articleId: number, number: number) =>
  queryOptions<Revision | null>({
    queryKey: [revisionApi.one(articleId, number)],
    queryFn: fromSource(
      (source) => source.revision(articleId, number),
      (signal) => orNull(apiRequest<Revision>('GET', revisionApi.one(articleId, number), undefined, { signal })),
    ),
    // Revisions never change once saved (a redaction is the exception, and a reload shows it).
    staleTime: Infinity,
  });

/** What a revision changed from the one before it that the viewer may see; null when there is none. */
export const revisionDiffQueryOptions = (articleId: number, number: number) =>
  queryOptions<RevisionDiff | null>({
    queryKey: [revisionApi.diff(articleId, number)],
    queryFn: fromSource(
      (source) => source.revisionDiff(articleId, number, {}),
      (signal) => orNull(apiRequest<RevisionDiff>('GET', revisionApi.diff(articleId, number), undefined, { signal })),
    ),
    staleTime: Infinity,
  });

/**
 * POST …/revisions/{number}/restore: the article saved again with that revision's words, as a new
 * revision. The open article and its record are refreshed; the caller says what happened.
 */
export function useRestoreRevision(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => apiRequest<Article>('POST', revisionApi.restore(articleId, number)),
    onSuccess: (article) => {
      queryClient.setQueryData([`/api/articles/${articleId}`], article);
      return queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0] ?? '').startsWith(revisionApi.list(articleId)),
      });
    },
  });
}
