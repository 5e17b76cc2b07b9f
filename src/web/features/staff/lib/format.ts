import { dateFormat } from '@contract/formats';
import type { ChannelLogEntry, Invitation, StaffMember } from '@contract/staff';
import { STAFF_MESSAGES } from '@contract/staff-rules';

/** A day in the page's time zone, as the server printed it (so hydration agrees). */
export function staffDay(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Date not available';
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date);
}

/** A moment in the page's time zone (the log's lines). */
export function staffTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Date not available';
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}

export function roleLabel(role: StaffMember['role'] | Invitation['role']): string {
  return STAFF_MESSAGES.roleLabels[role];
}

/** '2 invitations': the accessible name of the user menu's badge. */
export function invitationsLabel(count: number): string {
  return `${count} ${count === 1 ? 'invitation' : 'invitations'}`;
}

const ACTIONS: Record<ChannelLogEntry['action'], string> = {
  invited: 'invited',
  invitation_cancelled: 'cancelled the invitation of',
  invitation_accepted: 'accepted the invitation of',
  invitation_declined: 'declined the invitation of',
  role_changed: 'changed the role of',
  removed: 'removed',
  left: 'left',
  submitted: 'submitted',
  approved: 'approved',
  changes_requested: 'requested changes to',
  returned_to_draft: 'edited during review, back to draft:',
  published: 'published',
  published_on_schedule: 'published on schedule',
  unpublished: 'moved to drafts',
  scheduled: 'scheduled',
  unscheduled: 'unscheduled',
  deleted: 'deleted',
  moderation_dismiss: 'dismissed the reports on',
  moderation_hide: 'hid',
  moderation_unhide: 'showed again',
  moderation_remove: 'removed',
  moderation_approve: 'approved',
  moderation_reject: 'rejected',
  moderation_ban: 'banned',
  moderation_unban: 'lifted the ban on',
  moderation_settings: 'changed the moderation settings of',
};

/** What the line's target is called: a person by name, an article by title, the rest by kind. */
function targetText(target: ChannelLogEntry['target']): string {
  switch (target.type) {
    case 'user':
      return target.username ?? `user #${target.id}`;
    case 'article':
      return target.title ? `“${target.title}”` : `article #${target.id}`;
    case 'comment':
      return 'a comment';
    case 'channel':
      return 'the channel';
  }
}

/** 'alice invited bob as Writer', 'carol approved “Budget vote”': one line of the channel log. */
export function logSentence(entry: ChannelLogEntry): { actor: string; rest: string } {
  // Someone answering their own invitation, or leaving, acts on themselves: the line says so plainly.
  const role = roleOf(entry);
  const asRole = role ? ` as ${role}` : '';
  if (entry.target.type !== 'article' && (entry.target.type !== 'user' || entry.target.id === entry.actor.id)) {
    if (entry.action === 'invitation_accepted') return { actor: entry.actor.username, rest: `accepted the invitation to join${asRole}` };
    if (entry.action === 'invitation_declined') return { actor: entry.actor.username, rest: `declined the invitation to join${asRole}` };
    if (entry.action === 'left') return { actor: entry.actor.username, rest: 'left the staff' };
  }
  // The scheduler acted, not the person who set the time: the article leads, and they are named after.
  if (entry.action === 'published_on_schedule') return { actor: targetText(entry.target), rest: `published on schedule (set by ${entry.actor.username})` };
  // A save during review: the edit is the act, the return to draft its result.
  if (entry.action === 'returned_to_draft') return { actor: entry.actor.username, rest: `edited ${targetText(entry.target)} during review, so it is a draft again` };
  const rest = `${ACTIONS[entry.action]} ${targetText(entry.target)}`;
  if (entry.action === 'role_changed' && role) return { actor: entry.actor.username, rest: `${rest} to ${role}` };
  return { actor: entry.actor.username, rest: role ? rest + asRole : rest };
}

/** The role a line of the staff's comings and goings names ('Editor'), from its detail. */
function roleOf(entry: ChannelLogEntry): string | null {
  if (entry.detail !== 'editor' && entry.detail !== 'writer') return null;
  return STAFF_ACTIONS.has(entry.action) ? STAFF_MESSAGES.roleLabels[entry.detail] : null;
}

const STAFF_ACTIONS = new Set<ChannelLogEntry['action']>(['invited', 'invitation_cancelled', 'invitation_accepted', 'invitation_declined', 'role_changed', 'removed', 'left']);

/**
 * The detail shown under a line: a review note, a moderator's reason, or when a scheduled article
 * goes out, written for people in the reader's zone (a role is already in the sentence).
 */
export function logDetail(entry: ChannelLogEntry, timeZone = 'UTC'): string | null {
  if (!entry.detail || roleOf(entry)) return null;
  // The server keeps the moment itself (UTC ISO), so each reader reads it in their own zone.
  if (entry.action === 'scheduled' && !Number.isNaN(Date.parse(entry.detail))) return `Goes out ${staffTime(entry.detail, timeZone)}`;
  return entry.detail;
}
