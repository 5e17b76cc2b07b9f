import { z } from 'zod';
import { IdSchema } from './common.js';
import { COMMENT_MESSAGES } from './comment-rules.js';
import { LIMITS } from './limits.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';

export { checkCommentContent, COMMENT_MESSAGES, isCommentEditable, threadComments } from './comment-rules.js';

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
    /**
     * Present for a comment that is no account of the site's, and `user` is then null: one imported
     * from the old site (`kind: "imported"`, shown under `name` without a profile link), or a reply
     * from the fediverse (`kind: "fediverse"`: the display name, the handle `@user@host[:port]` and
     * the profile on its own server).
     */
    author: z
      .object({
        name: z.string(),
        kind: z.enum(['imported', 'fediverse']),
        handle: z.string().optional(),
        url: z.string().nullable().optional(),
      })
      .optional(),
    deleted: z.boolean(),
    /** When its author last changed the text (LIMITS.commentEditMs after posting at most); null when never. */
    editedAt: z.string().nullable(),
    /**
     * 'published'; 'pending' while held for a moderator's approval (only its author receives it);
     * 'hidden' when a moderator hid it: its author and the channel's moderators read the text, everyone
     * else MODERATION_MESSAGES.hiddenText (docs/product.md#moderation).
     */
    status: z.enum(['published', 'pending', 'hidden']),
    /** The signed-in reader has reported it and the report is open: the page shows 'Reported', not Report. False signed out. */
    reportedByViewer: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;

/**
 * Replies a thread brings on a page of threads; 'Show more replies' reads the rest from
 * GET /api/comments/{id}/replies, so one thread of thousands of replies does not weigh on the page.
 */
export const REPLIES_PER_THREAD = 10;

export const CommentThreadSchema = CommentSchema.extend({
  /** Replies, oldest first; on a page of threads, the first REPLIES_PER_THREAD of them. */
  replies: z.array(CommentSchema),
  /**
   * Where the thread's further replies begin: pass it as `cursor` to GET /api/comments/{id}/replies.
   * null when `replies` holds them all.
   */
  repliesCursor: z.string().nullable(),
}).meta({ id: 'CommentThread' });
export type CommentThread = z.infer<typeof CommentThreadSchema>;

/**
 * GET /api/articles/{id}/comments: the first product's list of comments (docs/decisions/021-the-specs-api-shapes.md), flat and
 * in reading order: each top-level comment (oldest first) followed by its replies (oldest first),
 * which carry their top-level comment's id as parent_id. `threadComments` groups it for display.
 */
export const CommentListSchema = z.array(CommentSchema).meta({ id: 'CommentList' });

/**
 * GET /api/articles/{id}/comment-threads: the same comments a page of threads at a time (docs/product.md#api), for the article page, which shows the first threads and loads more on request, so a
 * long discussion does not make every reading of the article pay for all of it.
 */
export const CommentThreadQuerySchema = z.object({
  /** Threads per page (a top-level comment with all its replies). */
  limit: LimitSchema,
  cursor: CursorSchema,
});
export type CommentThreadQuery = z.output<typeof CommentThreadQuerySchema>;

export const CommentThreadPageSchema = paginated(CommentThreadSchema, 'CommentThreadPage').extend({
  /** The article's comment count (the 'Comments (N)' heading), read with the page so the two agree. */
  commentCount: z.number().int(),
});
export type CommentThreadPage = z.infer<typeof CommentThreadPageSchema>;

/** GET /api/comments/{id}/replies: a thread's replies after `cursor`, oldest first. */
export const CommentReplyQuerySchema = z.object({
  limit: LimitSchema,
  cursor: CursorSchema,
});
export type CommentReplyQuery = z.output<typeof CommentReplyQuerySchema>;

export const CommentReplyPageSchema = paginated(CommentSchema, 'CommentReplyPage');
export type CommentReplyPage = z.infer<typeof CommentReplyPageSchema>;

export const CreateCommentSchema = z
  .object({
    /** Checked by checkCommentContent, so the answer carries the product's words exactly. */
    content: z.string({ error: COMMENT_MESSAGES.empty }).max(LIMITS.commentMax * 4, COMMENT_MESSAGES.tooLong).default(''),
    /** The comment replied to; a reply to a reply attaches to its top-level comment. */
    parent_id: IdSchema.nullish(),
  })
  .meta({ id: 'CreateComment' });
export type CreateComment = z.input<typeof CreateCommentSchema>;

/** PATCH /api/comments/{id}: the author's new text, checked as a new comment's is. */
export const UpdateCommentSchema = CreateCommentSchema.pick({ content: true }).meta({ id: 'UpdateComment' });
export type UpdateComment = z.input<typeof UpdateCommentSchema>;
export type CreateCommentInput = z.output<typeof CreateCommentSchema>;
