// Zod-free: the web client imports these at run time (see comment-rules.ts for why).

export const REPORT_TARGETS = ['article', 'comment', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'misinformation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_ACTIONS = ['dismiss', 'hide', 'unhide', 'remove'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const COMMENT_POLICIES = ['open', 'hold_first', 'closed'] as const;
export type CommentPolicy = (typeof COMMENT_POLICIES)[number];

export const MODERATION_LIMITS = {
  reportTextMax: 1000,
  reasonMax: 500,
  reportsPerHour: 30,
  blockedWordsMax: 200,
  blockedWordMax: 40,
  banDaysMax: 365,
  /** Owners hear of new reports and held comments by email at most this often. */
  ownerDigestMs: 60 * 60_000,
} as const;

export const MODERATION_MESSAGES = {
  /** What everyone but the author and moderators reads in place of a hidden comment. */
  hiddenText: 'This comment was removed by a moderator.',
  commentsClosed: 'Comments are closed for this channel.',
  banned: "You can't comment or react in this channel.",
  suspended: 'This account is suspended.',
  /** Shown to a held comment's author beside it. */
  awaitingApproval: 'Awaiting approval',
  alreadyReported: 'You have already reported this',
  ownContent: 'You cannot report your own content',
  tooManyReports: 'Too many reports. Please try again later.',
  noOpenReports: 'There are no open reports for this',
  hideCommentsOnly: 'Only comments can be hidden',
  removeArticlesOnly: 'Only articles and profiles can be removed',
  notModerator: 'Only the channel\u2019s moderators can do this',
  republishModerated: 'This article was removed by a moderator; only a moderator can publish it again',
  cannotSuspendSelf: 'You cannot suspend yourself',
  cannotSuspendAdmin: 'You cannot suspend another admin',
  cannotBanOwner: 'You cannot ban the channel\u2019s owner',
  cannotBanSelf: 'You cannot ban yourself',
  cannotUnbanSelf: 'You cannot lift a ban on yourself',
  cannotBanAdmin: 'You cannot ban an admin',
  alreadyBanned: 'This user is already banned from the channel',
  notHeld: 'This comment is not awaiting approval',
  channelNotFound: 'Channel not found',
  userNotFound: 'User not found',
  notBanned: 'This user is not banned from the channel',
  reportTargetNotFound: 'There is nothing to report here',
  /** A removed article's note when its moderator gave no reason. */
  defaultRemovalNote: 'A moderator removed this article from the site. Edit it and ask a moderator to publish it again.',
} as const;

/**
 * How a blocked word and a comment are compared: lower case, accents removed (NFKD without combining
 * marks), so "Café" matches "cafe". Words are matched whole (see the server's blocklist matcher).
 */
export function foldForBlocklist(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * The refusal a suspended account gets when signing in: with the moment it ends (UTC ISO) when there
 * is one. The moment, not a day: the site writes it for people in the reader's own zone
 * (suspensionIn reads it back), and a day in UTC is another day for half the world.
 */
export function suspendedMessage(until: string | null): string {
  return until ? `${MODERATION_MESSAGES.suspended} It ends on ${until}.` : MODERATION_MESSAGES.suspended;
}

/** A sign-in refusal that is a suspension (suspendedMessage's words) and when it ends (null: until lifted); null for any other refusal. */
export function suspensionIn(message: string): { until: string | null } | null {
  if (message === MODERATION_MESSAGES.suspended) return { until: null };
  const end = /^This account is suspended\. It ends on (\S+)\.$/.exec(message)?.[1];
  return end !== undefined && !Number.isNaN(Date.parse(end)) ? { until: end } : null;
}
