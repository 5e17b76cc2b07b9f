import { z } from 'zod';
import { ChannelSchema } from './channels.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';
import { CHANNEL_LOG_ACTIONS, STAFF_LIMITS, STAFF_MESSAGES } from './staff-rules.js';

export {
  ARTICLE_STATUSES,
  canPublishIn,
  CHANNEL_LOG_ACTIONS,
  REVIEW_DECISIONS,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  STAFF_ROLES,
} from './staff-rules.js';
export type { ArticleStatus, ChannelLogAction, ChannelRole, ReviewDecision, StaffRole } from './staff-rules.js';

/**
 * The newsroom (docs/product.md#newsroom): a channel's owner and staff (editors and writers, by
 * invitation), the review of submitted articles, and scheduled publication.
 */

const UserRefSchema = z.object({ id: z.number().int(), username: z.string() });
const StaffRoleSchema = z.enum(['editor', 'writer'], { error: STAFF_MESSAGES.badRole });

/**
 * GET /api/channels/{id}/staff (owner, staff, admins): the owner first, then members, then pending
 * invitations. `since` is when they joined (the owner: the channel's creation; an invitation: when sent).
 */
export const StaffMemberSchema = z
  .object({
    user: UserRefSchema,
    role: z.enum(['owner', 'editor', 'writer']),
    since: z.string(),
    status: z.enum(['active', 'pending']),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.array(StaffMemberSchema).meta({ id: 'StaffList' });

/** POST /api/channels/{id}/staff (owner only). */
export const InviteStaffSchema = z
  .object({
    username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64, 'username is too long'),
    role: StaffRoleSchema,
  })
  .meta({ id: 'InviteStaff' });
export type InviteStaff = z.input<typeof InviteStaffSchema>;

/** 201 answer of POST /api/channels/{id}/staff: the invitation. */
export const StaffInvitationCreatedSchema = z
  .object({ id: z.number().int(), user: UserRefSchema, role: z.enum(['editor', 'writer']), status: z.literal('pending') })
  .meta({ id: 'StaffInvitationCreated' });
export type StaffInvitationCreated = z.infer<typeof StaffInvitationCreatedSchema>;

/** PATCH /api/channels/{id}/staff/{userId} (owner only). */
export const UpdateStaffSchema = z.object({ role: StaffRoleSchema }).meta({ id: 'UpdateStaff' });
export type UpdateStaff = z.input<typeof UpdateStaffSchema>;

export const StaffParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int().positive().max(2_147_483_647),
  userId: z.coerce.number({ error: 'must be a number' }).int().positive().max(2_147_483_647),
});

/** GET /api/invitations (signed in): the caller's pending, unexpired invitations, newest first. */
export const InvitationSchema = z
  .object({
    id: z.number().int(),
    channel: z.object({ id: z.number().int(), name: z.string() }),
    role: z.enum(['editor', 'writer']),
    invitedBy: UserRefSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.array(InvitationSchema).meta({ id: 'InvitationList' });

/** GET /api/user/staff-channels (signed in): channels the caller is staff of (not owner), with their role. */
export const StaffChannelSchema = ChannelSchema.extend({ role: z.enum(['editor', 'writer']) }).meta({ id: 'StaffChannel' });
export type StaffChannel = z.infer<typeof StaffChannelSchema>;
export const StaffChannelListSchema = z.array(StaffChannelSchema).meta({ id: 'StaffChannelList' });

const ReviewNoteSchema = z
  .string({ error: 'note must be text' })
  .trim()
  .max(STAFF_LIMITS.reviewNoteMax, `note must be at most ${STAFF_LIMITS.reviewNoteMax} characters`);

/** POST /api/articles/{id}/review (owner and editors; 409 when not in review). The note is shown to the author. */
export const ReviewArticleSchema = z
  .object({
    decision: z.enum(['approve', 'request_changes'], { error: 'decision must be approve or request_changes' }),
    note: ReviewNoteSchema.nullish().transform((n) => (n ? n : null)),
  })
  .meta({ id: 'ReviewArticle' });
export type ReviewArticle = z.input<typeof ReviewArticleSchema>;

/** The 'Request changes' dialog: the note, which sending an article back requires. */
export const RequestChangesSchema = z.object({ note: ReviewNoteSchema.min(1, STAFF_MESSAGES.noteRequired) });
export type RequestChanges = z.infer<typeof RequestChangesSchema>;

/** One article of GET /api/channels/{id}/queue (staff and owner): in review or scheduled, oldest due first. */
export const QueueItemSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    status: z.enum(['in_review', 'scheduled']),
    author: UserRefSchema,
    publishAt: z.string().nullable(),
    /** The last save of its text (the first product's lastEdited). */
    lastEdited: z.string(),
    reviewNote: z.string().nullable(),
  })
  .meta({ id: 'QueueItem' });
export type QueueItem = z.infer<typeof QueueItemSchema>;
export const QueueSchema = z.array(QueueItemSchema).meta({ id: 'Queue' });
export type Queue = z.infer<typeof QueueSchema>;

/** GET /api/channels/{id}/log (owner and editors; admins too; 403 for writers). */
export const ChannelLogQuerySchema = z.object({ cursor: CursorSchema, limit: LimitSchema });

export const ChannelLogEntrySchema = z
  .object({
    at: z.string(),
    actor: UserRefSchema,
    action: z.enum(CHANNEL_LOG_ACTIONS),
    target: z.object({
      type: z.enum(['user', 'article', 'comment', 'channel']),
      id: z.number().int(),
      username: z.string().optional(),
      title: z.string().optional(),
    }),
    /** The role given (invitations, role changes), the review note, or the moderator's reason; null when none. */
    detail: z.string().nullable(),
  })
  .meta({ id: 'ChannelLogEntry' });
export type ChannelLogEntry = z.infer<typeof ChannelLogEntrySchema>;
export const ChannelLogPageSchema = paginated(ChannelLogEntrySchema, 'ChannelLogPage');
export type ChannelLogPage = z.infer<typeof ChannelLogPageSchema>;
