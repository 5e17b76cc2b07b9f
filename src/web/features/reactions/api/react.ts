import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactionResult } from '@contract/reactions';
import { apiRequest } from '@/lib/api-client';
import { invalidateApi } from '@/lib/query-client';

/** The article as cached under its API URL (query keys are URLs, docs/product.md#api). */
const articleKey = (articleId: number) => [`/api/articles/${articleId}`] as const;

/**
 * POST /api/articles/{id}/reactions. On success the open article takes the new counts at once,
 * and every article query (the article, feeds, lists) is refreshed.
 */
export function useReact(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isLike: boolean) => apiRequest<ReactionResult>('POST', `/api/articles/${articleId}/reactions`, { isLike }),
    onSuccess: (result) => {
      queryClient.setQueryData(articleKey(articleId), (old: unknown) =>
        old && typeof old === 'object'
          ? { ...old, likes: result.like_count, dislikes: result.dislike_count, userReaction: result.user_reaction }
          : old,
      );
      void invalidateApi(queryClient, '/api/articles');
    },
  });
}
