import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentThreadPage, CreateComment } from '@contract/comments';
import { apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { invalidateApi } from '@/lib/query-client';

/** Threads the article page shows at first, and adds at each 'Show more comments'. */
export const COMMENT_THREADS_PER_PAGE = 20;

/** Where a comment is posted (spec 1 section 7). */
export const commentsUrl = (articleId: number) => `/api/articles/${articleId}/comments`;
/** The first page of threads; its URL is also its query key. */
export const commentThreadsUrl = (articleId: number) => `/api/articles/${articleId}/comment-threads?limit=${COMMENT_THREADS_PER_PAGE}`;

/**
 * The article's threads (top-level comments oldest first, each with its replies), a page at a time:
 * the server-rendered page holds the first page, 'Show more comments' fetches the next.
 */
export function useCommentThreads(articleId: number) {
  return useInfiniteQuery(cursorPages<CommentThreadPage>(commentThreadsUrl(articleId)));
}

/**
 * Spec 1 section 4: after a post the comment list, the article and the article lists are
 * refreshed; they all live under /api/articles. The mutation settles once they have.
 */
export function usePostComment(articleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateComment) => apiRequest<Comment>('POST', commentsUrl(articleId), input),
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
