import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment, CreateComment } from '@contract/comments';
import { threadComments } from '@contract/comment-rules';
import { apiRequest } from '@/lib/api-client';
import { invalidateApi } from '@/lib/query-client';

/** Query keys are the API URLs (spec 1 section 7). */
export const commentsKey = (articleId: number) => [`/api/articles/${articleId}/comments`] as const;

/**
 * Top-level comments oldest first, each with its replies. The cache holds the API's flat list (as
 * the server-rendered page puts it there); `select` groups it, once per change of the list.
 */
export function useComments(articleId: number) {
  return useQuery({
    queryKey: commentsKey(articleId),
    queryFn: ({ signal }) => apiRequest<Comment[]>('GET', commentsKey(articleId)[0], undefined, { signal }),
    select: threadComments,
  });
}

/**
 * Spec 1 section 4: after a post the comment list, the article and the article lists are
 * refreshed; they all live under /api/articles. The mutation settles once they have.
 */
export function usePostComment(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateComment) => apiRequest<Comment>('POST', commentsKey(articleId)[0], input),
    onSuccess: () => invalidateApi(queryClient, '/api/articles'),
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => apiRequest<void>('DELETE', `/api/comments/${commentId}`),
    onSuccess: () => invalidateApi(queryClient, '/api/articles'),
  });
}
