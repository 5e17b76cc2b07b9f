import { z } from 'zod';
import { IdSchema } from './common.js';
import { LIMITS } from './limits.js';

export const COMMENT_MESSAGES = {
  /** Spec 1 section 5. */
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be at most ${LIMITS.commentMax} characters`,
  signIn: 'You must be logged in to post a comment',
  /** Spec 1 section 8: the client's fallback when the server gives no message. */
  postFailed: 'Failed to post comment',
  parentMissing: 'The comment you are replying to no longer exists',
  parentOtherArticle: 'You can only reply to a comment on the same article',
  notFound: 'Comment not found',
  notAllowed: 'You can only delete your own comments',
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

export const CommentSchema = z
  .object({
    id: z.number().int(),
    article_id: z.number().int(),
    /** Plain text; for a deleted comment kept for its replies, 'This comment was deleted'. */
    content: z.string(),
    /** null for a top-level comment; replies always point at a top-level comment (two levels). */
    parent_id: z.number().int().nullable(),
    created_at: z.string(),
    createdAt: z.string(),
    /** The author; null for a deleted comment (shown as 'Anonymous'). */
    user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    deleted: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;

export const CommentThreadSchema = CommentSchema.extend({
  /** Replies, oldest first. */
  replies: z.array(CommentSchema),
}).meta({ id: 'CommentThread' });
export type CommentThread = z.infer<typeof CommentThreadSchema>;

/** Top-level comments oldest first, each with its replies. */
export const CommentListSchema = z.array(CommentThreadSchema).meta({ id: 'CommentList' });

export const CreateCommentSchema = z
  .object({
    /** Checked by checkCommentContent, so the answer carries the spec's exact words. */
    content: z.string({ error: COMMENT_MESSAGES.empty }).max(LIMITS.commentMax * 4, COMMENT_MESSAGES.tooLong).default(''),
    /** The comment replied to; a reply to a reply attaches to its top-level comment. */
    parent_id: IdSchema.nullish(),
  })
  .meta({ id: 'CreateComment' });
export type CreateComment = z.input<typeof CreateCommentSchema>;
export type CreateCommentInput = z.output<typeof CreateCommentSchema>;
