import type { CommentThread } from '@contract/comments';

/**
 * The comments a list shows as comments: the 'This comment was deleted' placeholders do not count.
 * The server's comment count counts the same way, so the heading and the article agree.
 */
export function countComments(threads: CommentThread[]): number {
  return threads.reduce((n, t) => n + (t.deleted ? 0 : 1) + t.replies.filter((r) => !r.deleted).length, 0);
}
