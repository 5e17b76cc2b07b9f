import { canPublishIn, type ArticleStatus, type ChannelRole } from '@contract/staff-rules';

/** A channel the viewer can write in: their own (role owner) or one they are staff of. */
export interface WritableChannel {
  id: number;
  name: string;
  role: ChannelRole;
}

/** A channel the viewer is staff of (GET /api/user/staff-channels, as much as the editor needs). */
export interface StaffChannelRef {
  id: number;
  name: string;
  role: 'editor' | 'writer';
}

/** The viewer's role in a channel from their own channels and the channels they are staff of; null for none. */
export function roleInChannel(
  channelId: number | null | undefined,
  own: readonly { id: number }[],
  staff: readonly Pick<StaffChannelRef, 'id' | 'role'>[],
): ChannelRole | null {
  if (channelId == null) return null;
  if (own.some((c) => c.id === channelId)) return 'owner';
  return staff.find((c) => c.id === channelId)?.role ?? null;
}

/** Every channel the viewer can file an article in: their own first, then the ones they are staff of. */
export function writableChannels(
  own: readonly { id: number; name: string }[],
  staff: readonly StaffChannelRef[],
): WritableChannel[] {
  const owned = new Set(own.map((c) => c.id));
  return [
    ...own.map((c) => ({ id: c.id, name: c.name, role: 'owner' as const })),
    ...staff.filter((c) => !owned.has(c.id)).map((c) => ({ id: c.id, name: c.name, role: c.role })),
  ];
}

/** What the editor's status panel offers (the API refuses the rest anyway). */
export interface WorkflowActions {
  /** The 'Save as draft' switch and the plain Publish: owner and editors. */
  publish: boolean;
  /** 'Submit for review': a writer's own draft. */
  submitForReview: boolean;
  /** The date-and-time field with 'Schedule' (or 'Reschedule' once scheduled). */
  schedule: boolean;
  /** 'Unschedule': a scheduled article, back to draft. */
  unschedule: boolean;
  /** The editor's note "Changes requested: …", to the author of a draft sent back. */
  reviewNote: boolean;
  /** Whether the viewer may save the article at all. */
  edit: boolean;
}

/**
 * Which buttons a role sees on an article (docs/product.md#newsroom): writers file and submit their own
 * drafts and keep editing them in review; owners and editors publish, schedule, reschedule and
 * unschedule anything in the channel. A new article is a draft of the viewer's.
 */
export function workflowActions({
  role,
  status,
  isAuthor,
  reviewNote,
}: {
  role: ChannelRole | null;
  status: ArticleStatus;
  isAuthor: boolean;
  reviewNote?: string | null;
}): WorkflowActions {
  const manages = canPublishIn(role);
  const writesIt = role === 'writer' && isAuthor && (status === 'draft' || status === 'in_review');
  return {
    publish: manages,
    submitForReview: role === 'writer' && isAuthor && status === 'draft',
    schedule: manages && status !== 'published',
    unschedule: manages && status === 'scheduled',
    reviewNote: isAuthor && status === 'draft' && Boolean(reviewNote),
    edit: manages || writesIt,
  };
}

/**
 * The article page's actions for the viewer (docs/product.md#newsroom): everything for the channel's
 * owner and editors; for a writer, Edit and Delete of their own article until it is published. An
 * author outside any channel of theirs keeps the owner's actions once their channels are known.
 */
export function articleRights({
  channelId,
  status,
  isAuthor,
  own,
  staff,
  staffKnown,
}: {
  channelId: number;
  status: ArticleStatus;
  isAuthor: boolean;
  own: readonly { id: number }[];
  staff: readonly Pick<StaffChannelRef, 'id' | 'role'>[];
  staffKnown: boolean;
}): { edit: boolean; publish: boolean; delete: boolean } {
  const role = roleInChannel(channelId, own, staff);
  if (canPublishIn(role)) return { edit: true, publish: true, delete: true };
  if (role === 'writer') {
    const open = isAuthor && (status === 'draft' || status === 'in_review');
    return { edit: open, publish: false, delete: open };
  }
  const author = isAuthor && staffKnown;
  return { edit: author, publish: author, delete: author };
}
