import type { QueryClient } from '@tanstack/react-query';

/**
 * The query cache entries an article's writes update, shared by the features that write it
 * (reading and writing, drafts, workflow, revisions): keys are the API URLs (docs/product.md#api),
 * so the default fetch and prefix invalidation both work.
 */
export const articleDetailKey = (id: number) => [`/api/articles/${id}`] as const;

/**
 * Refreshes every list of articles (feeds, facets, channel tables, channel and profile counts)
 * but not open article pages, which the caller updates itself.
 */
export function invalidateArticleLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0] ?? '');
      return (
        key === '/api/articles' ||
        key.startsWith('/api/articles?') ||
        key === '/api/articles/facets' ||
        key.startsWith('/api/channels') ||
        key.startsWith('/api/user/') ||
        // Author pages list their articles.
        (key.startsWith('/api/users/') && key.includes('/articles?'))
      );
    },
  });
}
