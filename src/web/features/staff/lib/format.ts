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
  published: 'published',
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
  if (entry.target.type !== 'article' && (entry.target.type !== 'user' || entry.target.id === entry.actor.id)) {
    if (entry.action === 'invitation_accepted') return { actor: entry.actor.username, rest: 'accepted the invitation to join' };
    if (entry.action === 'invitation_declined') return { actor: entry.actor.username, rest: 'declined the invitation to join' };
    if (entry.action === 'left') return { actor: entry.actor.username, rest: 'left the staff' };
  }
  let rest = `${ACTIONS[entry.action]} ${targetText(entry.target)}`;
  const role = entry.detail === 'editor' || entry.detail === 'writer' ? STAFF_MESSAGES.roleLabels[entry.detail] : null;
  if ((entry.action === 'invited' || entry.action === 'role_changed') && role) rest += entry.action === 'invited' ? ` as ${role}` : ` to ${role}`;
  return { actor: entry.actor.username, rest };
}

/** The detail shown under a line: a review note or a moderator's reason (a role is already in the sentence). */
export function logDetail(entry: ChannelLogEntry): string | null {
  if (!entry.detail || entry.action === 'invited' || entry.action === 'role_changed') return null;
  return entry.detail;
}
