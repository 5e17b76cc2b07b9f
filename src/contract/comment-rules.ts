// Zod-free: the web client imports these at run time, and importing the module with the schemas
// would put zod into the first load of the pages that use them.
import type { Comment, CommentThread } from './comments.js';
import { LIMITS } from './limits.js';

export const COMMENT_MESSAGES = {
  /** The words of docs/product.md#comments. */
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be at most ${LIMITS.commentMax} characters`,
  signIn: 'You must be logged in to post a comment',
  /** The client's fallback when the server gives no message (docs/product.md#comments). */
  postFailed: 'Failed to post comment',
  parentMissing: 'The comment you are replying to no longer exists',
  parentOtherArticle: 'You can only reply to a comment on the same article',
  notFound: 'Comment not found',
  notAllowed: 'You can only delete your own comments',
  editNotAllowed: 'You can only edit your own comments',
  editWindowClosed: 'Comments can be edited for 15 minutes after posting',
  /** The same comment again within LIMITS.duplicateCommentMs (a double click, a resent form). */
  duplicate: 'You just posted this comment',
  /** What a deleted comment that still has replies shows in its place. */
  deletedText: 'This comment was deleted',
} as const;

/**
 * Comments are plain text, stored as typed (after trimming the ends) and escaped when shown.
 * Answers the content to store, or the message to show. Both the form and the server use it.
 */
export function checkCommentContent(raw: string): { ok: true; content: string } | { ok: false; error: string } {
  const content = raw.trim();
  if (content.length === 0) return { ok: false, error: COMMENT_MESSAGES.empty };
  if (content.length > LIMITS.commentMax) return { ok: false, error: COMMENT_MESSAGES.tooLong };
  return { ok: true, content };
}

/** Whether its author may still change a comment at `now` (LIMITS.commentEditMs after posting). */
export function isCommentEditable(comment: Pick<Comment, 'createdAt' | 'deleted'>, now: number): boolean {
  return !comment.deleted && now - Date.parse(comment.createdAt) < LIMITS.commentEditMs;
}

/**
 * The API's flat list of comments (reading order) as two-level threads: each top-level comment
 * with all its replies (so no cursor to more). A reply whose top-level comment is not in the list
 * is left out.
 */
export function threadComments(comments: readonly Comment[]): CommentThread[] {
  const threads = new Map<number, CommentThread>();
  for (const comment of comments) if (comment.parent_id === null) threads.set(comment.id, { ...comment, replies: [], repliesCursor: null });
  for (const comment of comments) if (comment.parent_id !== null) threads.get(comment.parent_id)?.replies.push(comment);
  return [...threads.values()];
}
