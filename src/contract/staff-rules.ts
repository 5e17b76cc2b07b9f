// Zod-free: the web client imports these at run time (see comment-rules.ts for why).

/** A channel's staff (docs/product.md#newsroom): the owner is its user, the rest are invited. */
export const STAFF_ROLES = ['editor', 'writer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who someone is in a channel: its owner, one of its staff, or (null) nobody there. */
export type ChannelRole = 'owner' | StaffRole;

/** An article's place in the channel's workflow; `published` is true exactly when status is 'published'. */
export const ARTICLE_STATUSES = ['draft', 'in_review', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const REVIEW_DECISIONS = ['approve', 'request_changes'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What the channel log records; the moderation actions keep the moderation log's names. */
export const CHANNEL_LOG_ACTIONS = [
  'invited',
  'invitation_cancelled',
  'invitation_accepted',
  'invitation_declined',
  'role_changed',
  'removed',
  'left',
  'submitted',
  'approved',
  'changes_requested',
  /** Saved while in review: a draft again, to be submitted anew. */
  'returned_to_draft',
  'published',
  /** By the scheduler; the line's actor is who set the time. */
  'published_on_schedule',
  'unpublished',
  'scheduled',
  'unscheduled',
  'deleted',
  'moderation_dismiss',
  'moderation_hide',
  'moderation_unhide',
  'moderation_remove',
  'moderation_approve',
  'moderation_reject',
  'moderation_ban',
  'moderation_unban',
  'moderation_settings',
] as const;
export type ChannelLogAction = (typeof CHANNEL_LOG_ACTIONS)[number];

export const STAFF_LIMITS = {
  /** Staff (members and pending invitations together) a channel may have besides its owner. */
  staffPerChannel: 50,
  invitationDays: 30,
  /** Invitation emails one person may get from one channel an hour (invite, cancel and invite again counts). */
  invitationEmailsPerHour: 3,
  reviewNoteMax: 2000,
  /** How far ahead an article may be scheduled. */
  scheduleMaxDays: 365,
  /** The scheduler's default period (SCHEDULER_INTERVAL_MS); an article goes out within 15 s of its time. */
  schedulerIntervalMs: 5_000,
} as const;

export const STAFF_MESSAGES = {
  channelNotFound: 'Channel not found',
  userNotFound: 'User not found',
  invitationNotFound: 'Invitation not found',
  ownerOnly: 'Only the channel\u2019s owner can do this',
  editorsOnly: 'Only the channel\u2019s owner and editors can do this',
  notStaff: 'This user is not on the channel\u2019s staff',
  alreadyStaff: 'This user is already on the channel\u2019s staff',
  alreadyInvited: 'This user has already been invited',
  tooManyInvitations: 'This user has been invited to this channel too often in the last hour; please try again later',
  staffFull: 'A channel can have at most 50 staff',
  cannotInviteOwner: 'The owner is already part of the channel',
  badRole: 'role must be editor or writer',
  writerCannotPublish: 'Writers cannot publish or schedule articles; submit it for review instead',
  notYourArticle: 'Writers can only change their own articles',
  publishedLocked: 'Only editors and the owner can change a published article',
  onlyAuthorSubmits: 'Only the article\u2019s author can submit it for review',
  notSubmittable: 'Only a draft can be submitted for review',
  notInReview: 'This article is not in review',
  noteRequired: 'Please say what needs to change',
  publishAtPast: 'publishAt must be in the future',
  publishAtTooFar: 'publishAt must be at most a year ahead',
  publishAtPublished: 'This article is already published',
  /** Status badges and labels, shared by the Drafts tab, the queue and the editor. */
  statusLabels: { draft: 'Draft', in_review: 'In review', scheduled: 'Scheduled', published: 'Published' },
  roleLabels: { owner: 'Owner', editor: 'Editor', writer: 'Writer' },
} as const;

/** Whether a role may publish, schedule, review and change any article of the channel. */
export function canPublishIn(role: ChannelRole | null | undefined): boolean {
  return role === 'owner' || role === 'editor';
}
