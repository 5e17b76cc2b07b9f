import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Article } from '@contract/articles';
import type { ReviewArticle } from '@contract/staff';
import { apiRequest } from '@/lib/api-client';
import { articleDetailKey, invalidateArticleLists } from '@/lib/article-cache';

/**
 * The newsroom's workflow writes (docs/product.md#newsroom): submit for review, review, schedule or
 * unschedule (PATCH `publishAt`), publish now. Each refreshes the article, and every list that
 * shows it: feeds, the channel's tables and its review queue (`/api/channels/{id}/queue`, under the
 * `/api/channels` prefix invalidateArticleLists refreshes).
 */

/** The answer of a workflow call: the article as it is now when the server sends it back. */
function isArticle(value: unknown): value is Article {
  return typeof value === 'object' && value !== null && 'id' in value && 'title' in value && 'status' in value;
}

function settle(queryClient: QueryClient, id: number, answer: unknown): Promise<void> {
  if (isArticle(answer)) queryClient.setQueryData(articleDetailKey(id), answer);
  else void queryClient.invalidateQueries({ queryKey: articleDetailKey(id), exact: true });
  return invalidateArticleLists(queryClient);
}

/** POST /api/articles/{id}/submit (the author): a draft goes to `in_review`. */
export function useSubmitForReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Article | Pick<Article, 'status'>>('POST', `/api/articles/${id}/submit`),
    onSuccess: (answer, id) => settle(queryClient, id, answer),
  });
}

/** POST /api/articles/{id}/review (owner and editors): approve (publish, or schedule at its time) or request changes. */
export function useReviewArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...review }: ReviewArticle & { id: number }) => apiRequest<unknown>('POST', `/api/articles/${id}/review`, review),
    onSuccess: (answer, { id }) => settle(queryClient, id, answer),
  });
}

/** PATCH /api/articles/{id} with only `publishAt`: schedule or reschedule (a time) or unschedule (null: back to draft). */
export function useSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publishAt }: { id: number; publishAt: string | null }) => apiRequest<Article>('PATCH', `/api/articles/${id}`, { publishAt }),
    onSuccess: (answer, { id }) => settle(queryClient, id, answer),
  });
}

/** POST /api/articles/{id}/toggle-status on an article in review or scheduled: it goes out now (owner and editors). */
export function usePublishNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Pick<Article, 'published' | 'status'>>('POST', `/api/articles/${id}/toggle-status`),
    onSuccess: (answer, id) => {
      queryClient.setQueryData<Article>(articleDetailKey(id), (article) => (article ? { ...article, ...answer, publishAt: null } : article));
      return invalidateArticleLists(queryClient);
    },
  });
}
