import { z } from 'zod';
import { IdSchema } from './common.js';
import { MODERATION_LIMITS } from './moderation-rules.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';

export {
  COMMENT_POLICIES,
  foldForBlocklist,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  suspendedMessage,
} from './moderation-rules.js';
export type { CommentPolicy, ReportAction, ReportReason, ReportTarget } from './moderation-rules.js';

/**
 * Moderation (docs/product.md#moderation): readers report articles, comments and profiles; a channel's
 * owner (and its editors, where channel staff exist) moderate the channel's articles and the
 * comments on them; admins moderate everything, and alone handle reports of profiles.
 */

const UserRefSchema = z.object({ id: z.number().int(), username: z.string() });

/** POST /api/reports (signed in). */
export const CreateReportSchema = z
  .object({
    targetType: z.enum(['article', 'comment', 'user'], { error: 'targetType must be article, comment or user' }),
    targetId: IdSchema,
    reason: z.enum(['spam', 'harassment', 'misinformation', 'other'], {
      error: 'reason must be spam, harassment, misinformation or other',
    }),
    text: z
      .string({ error: 'text must be text' })
      .trim()
      .max(MODERATION_LIMITS.reportTextMax, `text must be at most ${MODERATION_LIMITS.reportTextMax} characters`)
      .nullish()
      .transform((t) => (t ? t : null)),
  })
  .meta({ id: 'CreateReport' });
export type CreateReport = z.input<typeof CreateReportSchema>;

/** 201 answer of POST /api/reports. */
export const ReportSchema = z
  .object({
    id: z.number().int(),
    targetType: z.enum(['article', 'comment', 'user']),
    targetId: z.number().int(),
    reason: z.enum(['spam', 'harassment', 'misinformation', 'other']),
    text: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

/** GET /api/moderation/reports?channelId= (owner/editors of that channel; admins also without it). */
export const ModerationQueueQuerySchema = z.object({
  channelId: IdSchema.optional(),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type ModerationQueueQuery = z.output<typeof ModerationQueueQuerySchema>;

/** Open reports of one target, grouped. `excerpt` is plain text (a title, a comment's start, a bio). */
export const ReportGroupSchema = z
  .object({
    targetType: z.enum(['article', 'comment', 'user']),
    targetId: z.number().int(),
    excerpt: z.string(),
    /** null for a profile (admins only). */
    channelId: z.number().int().nullable(),
    /** Where a moderator reads it in context: the article page (with `#comment-{id}`) or the author page. */
    url: z.string(),
    /** Whose content it is. */
    author: UserRefSchema.nullable(),
    /** Whether the comment is hidden already (comments only; false otherwise). */
    hidden: z.boolean(),
    count: z.number().int(),
    reasons: z.object({
      spam: z.number().int(),
      harassment: z.number().int(),
      misinformation: z.number().int(),
      other: z.number().int(),
    }),
    /** The reporters' notes, newest first (at most 5). */
    notes: z.array(z.string()),
    latestAt: z.string(),
    reportIds: z.array(z.number().int()),
  })
  .meta({ id: 'ReportGroup' });
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** Groups, the most recently reported first. */
export const ReportGroupPageSchema = paginated(ReportGroupSchema, 'ReportGroupPage');
export type ReportGroupPage = z.infer<typeof ReportGroupPageSchema>;

/** POST /api/moderation/reports/resolve. */
export const ResolveReportsSchema = z
  .object({
    targetType: z.enum(['article', 'comment', 'user'], { error: 'targetType must be article, comment or user' }),
    targetId: IdSchema,
    action: z.enum(['dismiss', 'hide', 'unhide', 'remove'], { error: 'action must be dismiss, hide, unhide or remove' }),
    /** Why: kept in the log, and for `remove` it is the article's moderationNote the author reads. */
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MODERATION_LIMITS.reasonMax, `reason must be at most ${MODERATION_LIMITS.reasonMax} characters`)
      .nullish()
      .transform((t) => (t ? t : null)),
  })
  .meta({ id: 'ResolveReports' });
export type ResolveReports = z.input<typeof ResolveReportsSchema>;

export const ResolveReportsResultSchema = z
  .object({ resolved: z.number().int(), action: z.enum(['dismiss', 'hide', 'unhide', 'remove']) })
  .meta({ id: 'ResolveReportsResult' });

/** GET/PUT /api/channels/{id}/moderation (the owner writes, editors read). */
export const ChannelModerationSchema = z
  .object({
    commentPolicy: z.enum(['open', 'hold_first', 'closed'], { error: 'commentPolicy must be open, hold_first or closed' }),
    blockedWords: z
      .array(
        z
          .string({ error: 'blockedWords must list words' })
          .trim()
          .min(1, 'blockedWords cannot hold an empty word')
          .max(MODERATION_LIMITS.blockedWordMax, `each blocked word must be at most ${MODERATION_LIMITS.blockedWordMax} characters`),
        { error: 'blockedWords must list words' },
      )
      .max(MODERATION_LIMITS.blockedWordsMax, `blockedWords must list at most ${MODERATION_LIMITS.blockedWordsMax} words`),
  })
  .meta({ id: 'ChannelModeration' });
export type ChannelModeration = z.infer<typeof ChannelModerationSchema>;

/** GET /api/moderation/held?channelId= (owner/editors; admins also without it). */
export const HeldQuerySchema = ModerationQueueQuerySchema;

export const HeldCommentSchema = z
  .object({
    id: z.number().int(),
    articleId: z.number().int(),
    articleTitle: z.string(),
    /** The article page, with `#comment-{id}`. */
    url: z.string(),
    channelId: z.number().int(),
    author: UserRefSchema,
    content: z.string(),
    createdAt: z.string(),
    cause: z.enum(['hold_first', 'blocked_word']),
  })
  .meta({ id: 'HeldComment' });
export type HeldComment = z.infer<typeof HeldCommentSchema>;

/** Oldest first: the queue is worked from its start. */
export const HeldCommentPageSchema = paginated(HeldCommentSchema, 'HeldCommentPage');
export type HeldCommentPage = z.infer<typeof HeldCommentPageSchema>;

/** POST /api/moderation/held/{commentId}: reject deletes the comment. */
export const HeldDecisionSchema = z
  .object({ decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }) })
  .meta({ id: 'HeldDecision' });

/** POST /api/channels/{id}/bans (owner/editors). */
export const CreateBanSchema = z
  .object({
    /** A reader of the site; or, in its place, */
    username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(200).optional(),
    /** an account on the fediverse that has replied here: `@user@host[:port]`. */
    handle: z
      .string({ error: 'handle must be text' })
      .trim()
      .max(300)
      .regex(/^@?[^@\s]+@[^@\s/]+$/, 'handle must look like @user@host')
      .transform((h) => (h.startsWith('@') ? h : `@${h}`))
      .optional(),
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MODERATION_LIMITS.reasonMax, `reason must be at most ${MODERATION_LIMITS.reasonMax} characters`)
      .nullish()
      .transform((t) => (t ? t : null)),
    /** 1–365; absent or null for a permanent ban. */
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be between 1 and 365')
      .max(365, 'days must be between 1 and 365')
      .nullish(),
  })
  .refine((ban) => ban.username !== undefined || ban.handle !== undefined, { message: 'username is required', path: ['username'] })
  .refine((ban) => ban.username === undefined || ban.handle === undefined, { message: 'give a username or a handle, not both', path: ['handle'] })
  .meta({ id: 'CreateBan' });
export type CreateBan = z.input<typeof CreateBanSchema>;

export const BanSchema = z
  .object({
    user: UserRefSchema,
    reason: z.string().nullable(),
    /** null for a permanent ban. */
    until: z.string().nullable(),
    createdAt: z.string(),
    by: UserRefSchema,
  })
  .meta({ id: 'Ban' });
export type Ban = z.infer<typeof BanSchema>;
/** GET /api/channels/{id}/bans: the bans in force, newest first. */
export const BanListSchema = z.array(BanSchema).meta({ id: 'BanList' });

export const BanParamsSchema = z.object({ id: IdSchema, userId: IdSchema });

/** GET /api/moderation/log?channelId= (owner/editors of that channel; admins also without it). */
export const ModerationLogQuerySchema = ModerationQueueQuerySchema;

export const ModerationLogEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: UserRefSchema,
    /** What was done. */
    action: z.enum([
      'dismiss',
      'hide',
      'unhide',
      'remove',
      'approve',
      'reject',
      'ban',
      'unban',
      'suspend',
      'unsuspend',
      'settings',
    ]),
    target: z.object({
      type: z.enum(['article', 'comment', 'user', 'channel']),
      id: z.number().int(),
      /** A person-readable name: the article's title, the comment's start, the username, the channel's name. */
      label: z.string(),
    }),
    channelId: z.number().int().nullable(),
    /** Why, as the moderator wrote it; null when they gave no reason. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'ModerationLogEntry' });
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;
export const ModerationLogPageSchema = paginated(ModerationLogEntrySchema, 'ModerationLogPage');
export type ModerationLogPage = z.infer<typeof ModerationLogPageSchema>;

/**
 * GET /api/moderation/counts (signed in): open reports and held comments of each channel the caller
 * moderates, for the badges beside the channel names in the menu. Channels with nothing waiting are
 * left out; `admin` sums the site-wide queue for admins (null for everyone else).
 */
export const ModerationCountsSchema = z
  .object({
    channels: z.array(z.object({ channelId: z.number().int(), reports: z.number().int(), held: z.number().int() })),
    admin: z.object({ reports: z.number().int(), held: z.number().int() }).nullable(),
  })
  .meta({ id: 'ModerationCounts' });
export type ModerationCounts = z.infer<typeof ModerationCountsSchema>;

/** POST /api/admin/users/{id}/suspend. */
export const SuspendUserSchema = z
  .object({
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(1, 'reason is required')
      .max(MODERATION_LIMITS.reasonMax, `reason must be at most ${MODERATION_LIMITS.reasonMax} characters`),
    /** 1–365; absent or null until an admin lifts it. */
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be between 1 and 365')
      .max(365, 'days must be between 1 and 365')
      .nullish(),
  })
  .meta({ id: 'SuspendUser' });
export type SuspendUser = z.input<typeof SuspendUserSchema>;

/** GET /api/admin/users?q=&suspended=true (admins). */
export const AdminUserQuerySchema = z.object({
  /** Case-insensitive substring of the username. */
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  suspended: z
    .enum(['true', 'false'], { error: 'suspended must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type AdminUserQuery = z.output<typeof AdminUserQuerySchema>;

export const AdminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    /** null when not suspended (or the suspension has ended). */
    suspension: z
      .object({ reason: z.string(), until: z.string().nullable(), createdAt: z.string(), by: UserRefSchema })
      .nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = paginated(AdminUserSchema, 'AdminUserPage');
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;
