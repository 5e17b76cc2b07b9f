import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentReplyPage, CommentThreadPage } from '@contract/comments';
import { apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { invalidateApi } from '@/lib/query-client';

/** Threads the article page shows at first, and adds at each 'Show more comments'. */
export const COMMENT_THREADS_PER_PAGE = 20;

/** Where a comment is posted (docs/product.md#api). */
export const commentsUrl = (articleId: number) => `/api/articles/${articleId}/comments`;
/** The first page of threads; its URL is also its query key. */
export const commentThreadsUrl = (articleId: number) => `/api/articles/${articleId}/comment-threads?limit=${COMMENT_THREADS_PER_PAGE}`;

/**
 * The article's threads (top-level comments oldest first, each with its replies), a page at a time:
 * the server-rendered page holds the first page, 'Show more comments' fetches the next.
 */
export const commentThreadsQueryOptions = (articleId: number) =>
  cursorPages<CommentThreadPage>(commentThreadsUrl(articleId), null, (source, query) => source.commentThreads(articleId, query));

export function useCommentThreads(articleId: number) {
  return useInfiniteQuery(commentThreadsQueryOptions(articleId));
}

/** Replies each 'Show more replies' adds to a thread. */
export const MORE_REPLIES_PER_PAGE = 50;
export const moreRepliesUrl = (threadId: number) => `/api/comments/${threadId}/replies?limit=${MORE_REPLIES_PER_PAGE}`;

/**
 * A thread's replies after those its page of threads brought (which end at `startCursor`, the
 * thread's repliesCursor), read once `enabled` (the reader asked). Keyed by that cursor too: when a
 * thread's first replies change (one deleted), the rest starts again where they now end.
 */
export function useMoreReplies(threadId: number, startCursor: string | null, enabled: boolean) {
  return useInfiniteQuery({ ...cursorPages<CommentReplyPage>(moreRepliesUrl(threadId), startCursor), enabled: enabled && startCursor !== null });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => apiRequest<void>('DELETE', `/api/comments/${commentId}`),
    onSuccess: () => invalidateApi(queryClient, '/api/articles', '/api/comments'),
  });
}

/** The author's new text for their comment (PATCH, within LIMITS.commentEditMs of posting). */
export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: number; content: string }) => apiRequest<Comment>('PATCH', `/api/comments/${commentId}`, { content }),
    onSuccess: () => invalidateApi(queryClient, '/api/articles', '/api/comments'),
  });
}
