import type { Comment } from '@contract/comments';

/**
 * The name a comment is shown under: its account's username, the name an imported comment carried on
 * the old site, or 'Anonymous' once deleted (a deleted comment keeps no author).
 */
export function commentAuthorName(comment: Pick<Comment, 'user' | 'author' | 'deleted'>): string {
  if (comment.deleted) return 'Anonymous';
  return comment.user?.username || comment.author?.name || 'Anonymous';
}
