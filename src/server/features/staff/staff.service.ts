import { z } from 'zod';
import {
  CHANNEL_LOG_ACTIONS,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  type ChannelLogEntry,
  type ChannelLogPage,
  type ChannelRole,
  type Invitation,
  type StaffChannel,
  type StaffInvitationCreated,
  type StaffMember,
  type StaffRole,
} from '../../../contract/staff.js';
import type { Dialect } from '../../db/database.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { take, type Limiter } from '../../lib/limiters.js';
import type { SessionUser } from '../../lib/session-user.js';
import { channelRowToChannel, type ChannelsRepository } from '../channels/channels.repository.js';
import type { LogPosition, StaffRepository } from './staff.repository.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/**
 * The channel log's cursor: the last line shown of each of its two sources (channel_events by
 * time and id, moderation_log by id), so each source is walked on its own index and the merged
 * pages neither repeat nor skip a line. base64url JSON; anything else is a 400.
 */
const LogCursorSchema = z.tuple([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  z.number().int().min(1).max(2_147_483_647).nullable(),
  z.number().int().min(1).max(2_147_483_647).nullable(),
]);

function encodeLogCursor(position: LogPosition): string {
  return Buffer.from(JSON.stringify([position.events?.at ?? null, position.events?.id ?? null, position.moderation])).toString('base64url');
}

function decodeLogCursor(cursor: string): LogPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor is invalid');
  }
  const tuple = LogCursorSchema.safeParse(parsed);
  if (!tuple.success || (tuple.data[0] === null) !== (tuple.data[1] === null)) throw badRequest('cursor is invalid');
  const [at, id, moderation] = tuple.data;
  return { events: at !== null && id !== null ? { at, id } : null, moderation };
}

type EventAction = ChannelLogEntry['action'];
/** The actions channel_events records; the moderation_* ones come from the moderation log. */
const EVENT_ACTIONS = new Set<string>(CHANNEL_LOG_ACTIONS.filter((action) => !action.startsWith('moderation_')));

function target(type: ChannelLogEntry['target']['type'], id: number, label: string | null): ChannelLogEntry['target'] {
  if (label === null) return { type, id };
  if (type === 'user') return { type, id, username: label };
  if (type === 'article' || type === 'channel') return { type, id, title: label };
  return { type, id };
}

/**
 * A channel's staff and their invitations, the channels one is staff of, and the channel log
 * (docs/product.md#newsroom). Who may do what is asked of channelRole (the repository's role), so a
 * change of staff is seen by the next request on every instance. Staff answers are private (never
 * in the shared response cache), so a change drops nothing there.
 */
export function createStaffService(deps: {
  repository: StaffRepository;
  channels: ChannelsRepository;
  dialect: Dialect;
  now?: () => number;
  /** Told when a write queued an email (an invitation): the sender wakes. */
  mailQueued?: () => void;
  /**
   * Invitation emails per person and channel (STAFF_LIMITS.invitationEmailsPerHour an hour), shared
   * by every instance when Redis is configured. Given by the app once its Redis link is up.
   */
  invitationLimit?: Limiter;
}) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  let invitationLimit = deps.invitationLimit;

  /** The channel and the caller's role in it; 404 when the channel is missing. */
  async function channelFor(user: SessionUser, channelId: number) {
    const channel = await repository.channel(channelId);
    if (!channel) throw notFound(STAFF_MESSAGES.channelNotFound);
    const role = await repository.role(user.id, channelId);
    return { channel, role };
  }

  /** The owner only: 403 for the channel's staff, 404 for anyone else (admins included). */
  async function ownerOnly(user: SessionUser, channelId: number) {
    const found = await channelFor(user, channelId);
    if (found.role === 'owner') return found;
    if (found.role) throw forbidden(STAFF_MESSAGES.ownerOnly);
    throw notFound(STAFF_MESSAGES.channelNotFound);
  }

  return {
    /** The app's shared limit replaces the one the service was built with (see deps.invitationLimit). */
    limitInvitations(limiter: Limiter): void {
      invitationLimit = limiter;
    },

    /** Who someone is in a channel (owner, editor, writer or null). */
    role: (userId: number | null | undefined, channelId: number): Promise<ChannelRole | null> => repository.role(userId, channelId),

    async list(user: SessionUser, channelId: number): Promise<StaffMember[]> {
      const { channel, role } = await channelFor(user, channelId);
      if (!role && !user.isAdmin) throw notFound(STAFF_MESSAGES.channelNotFound);
      const [members, pending] = await Promise.all([repository.members(channelId), repository.pendingOfChannel(channelId, now())]);
      return [
        { user: { id: channel.user_id, username: channel.owner_username }, role: 'owner', since: iso(channel.created_at), status: 'active' },
        ...members.map((m): StaffMember => ({ user: { id: m.user_id, username: m.username }, role: m.role, since: iso(m.created_at), status: 'active' })),
        ...pending.map((p): StaffMember => ({ user: { id: p.user_id, username: p.username }, role: p.role, since: iso(p.created_at), status: 'pending' })),
      ];
    },

    async invite(user: SessionUser, channelId: number, input: { username: string; role: StaffRole }): Promise<StaffInvitationCreated> {
      const { channel } = await ownerOnly(user, channelId);
      const invitee = await repository.userByName(input.username);
      if (!invitee) throw notFound(STAFF_MESSAGES.userNotFound);
      if (invitee.id === channel.user_id) throw badRequest(STAFF_MESSAGES.cannotInviteOwner);
      const at = now();
      const id = await repository.transaction(async (trx) => {
        await repository.lockChannel(trx, channelId, deps.dialect === 'postgres');
        if (await repository.member(trx, channelId, invitee.id)) throw conflict(STAFF_MESSAGES.alreadyStaff);
        const pending = await repository.pendingRow(trx, channelId, invitee.id);
        if (pending && Number(pending.expires_at) > at) throw conflict(STAFF_MESSAGES.alreadyInvited);
        // An expired invitation makes way for the new one (one pending row per person and channel).
        if (pending) await repository.answer(trx, pending.id, 'cancelled', at);
        if ((await repository.staffCount(trx, channelId, at)) >= STAFF_LIMITS.staffPerChannel) throw conflict(STAFF_MESSAGES.staffFull);
        // Taken last, once nothing else refuses: only an invitation that is made (and emailed) counts.
        if (invitationLimit && !(await take(invitationLimit, `${channelId}:${invitee.id}`))) {
          throw new HttpError(429, STAFF_MESSAGES.tooManyInvitations, { 'retry-after': String(HOUR / 1000) });
        }
        const invitationId = await repository.insertInvitation(trx, {
          channelId,
          userId: invitee.id,
          role: input.role,
          invitedBy: user.id,
          now: at,
          expiresAt: at + STAFF_LIMITS.invitationDays * DAY,
        });
        await repository.record(trx, { channelId, actorId: user.id, action: 'invited', target: { type: 'user', id: invitee.id, label: invitee.username }, detail: input.role, at });
        await repository.queueNotice(trx, {
          userId: invitee.id,
          key: `invitation:${invitationId}`,
          notice: { type: 'invitation', invitationId, channelId, channelName: channel.name, inviter: user.username, role: input.role },
          now: at,
        });
        return invitationId;
      });
      deps.mailQueued?.();
      return { id, user: { id: invitee.id, username: invitee.username }, role: input.role, status: 'pending' };
    },

    async changeRole(user: SessionUser, channelId: number, userId: number, role: StaffRole): Promise<StaffMember> {
      await ownerOnly(user, channelId);
      const target = await repository.user(userId);
      const at = now();
      const member = await repository.transaction(async (trx) => {
        const before = await repository.member(trx, channelId, userId);
        if (!before || !target) throw notFound(STAFF_MESSAGES.notStaff);
        if (before.role !== role) {
          await repository.setRole(trx, channelId, userId, role);
          await repository.record(trx, { channelId, actorId: user.id, action: 'role_changed', target: { type: 'user', id: userId, label: target.username }, detail: role, at });
        }
        return before;
      });
      return { user: { id: userId, username: target!.username }, role, since: iso(member.created_at), status: 'active' };
    },

    /** The owner removes a member or cancels an invitation; a member may remove themselves (leave). */
    async remove(user: SessionUser, channelId: number, userId: number): Promise<void> {
      const { channel, role } = await channelFor(user, channelId);
      const leaving = role !== null && role !== 'owner' && userId === user.id;
      if (role !== 'owner' && !leaving) {
        if (role) throw forbidden(STAFF_MESSAGES.ownerOnly);
        throw notFound(STAFF_MESSAGES.channelNotFound);
      }
      if (userId === channel.user_id) throw notFound(STAFF_MESSAGES.notStaff);
      const target = await repository.user(userId);
      const at = now();
      await repository.transaction(async (trx) => {
        if (await repository.removeMember(trx, channelId, userId)) {
          await repository.record(trx, {
            channelId,
            actorId: user.id,
            action: leaving ? 'left' : 'removed',
            target: { type: 'user', id: userId, label: target?.username ?? null },
            at,
          });
          return;
        }
        const pending = leaving ? undefined : await repository.pendingRow(trx, channelId, userId);
        if (!pending || !(await repository.answer(trx, pending.id, 'cancelled', at))) throw notFound(STAFF_MESSAGES.notStaff);
        await repository.record(trx, { channelId, actorId: user.id, action: 'invitation_cancelled', target: { type: 'user', id: userId, label: target?.username ?? null }, at });
      });
    },

    async invitations(user: SessionUser): Promise<Invitation[]> {
      const rows = await repository.invitationsOf(user.id, now());
      return rows.map((row) => ({
        id: row.id,
        channel: { id: row.channel_id, name: row.channel_name },
        role: row.role,
        invitedBy: { id: row.invited_by, username: row.inviter_username },
        createdAt: iso(row.created_at),
      }));
    },

    /** The invitee accepts (they join with the role offered) or declines; 404 to anyone else and for an expired or answered one. */
    async answer(user: SessionUser, invitationId: number, decision: 'accept' | 'decline'): Promise<void> {
      const invitation = await repository.invitation(invitationId);
      const at = now();
      if (!invitation || invitation.user_id !== user.id || invitation.answer !== null || Number(invitation.expires_at) <= at) {
        throw notFound(STAFF_MESSAGES.invitationNotFound);
      }
      await repository.transaction(async (trx) => {
        if (!(await repository.answer(trx, invitation.id, decision === 'accept' ? 'accepted' : 'declined', at))) throw notFound(STAFF_MESSAGES.invitationNotFound);
        // The channel changed hands since (the invitee now owns it): nothing to join.
        if (decision === 'accept' && invitation.owner_id !== user.id) {
          await repository.addMember(trx, { channelId: invitation.channel_id, userId: user.id, role: invitation.role, now: at });
        }
        await repository.record(trx, {
          channelId: invitation.channel_id,
          actorId: user.id,
          action: decision === 'accept' ? 'invitation_accepted' : 'invitation_declined',
          target: { type: 'user', id: user.id, label: user.username },
          detail: invitation.role,
          at,
        });
      });
    },

    /** The channels the user is staff of (not owner), with their role, by name. */
    async staffChannels(user: SessionUser): Promise<StaffChannel[]> {
      const rows = await deps.channels.listByStaff(user.id, user.id);
      return rows.map((row) => ({ ...channelRowToChannel(row), role: row.role }));
    },

    /** The channel log (owner, editors, admins; 403 for writers, 404 for others), newest first. */
    async log(user: SessionUser, channelId: number, query: { cursor?: string; limit: number }): Promise<ChannelLogPage> {
      const { role } = await channelFor(user, channelId);
      if (!user.isAdmin && role !== 'owner' && role !== 'editor') {
        if (role) throw forbidden(STAFF_MESSAGES.editorsOnly);
        throw notFound(STAFF_MESSAGES.channelNotFound);
      }
      const position: LogPosition = query.cursor === undefined ? { events: null, moderation: null } : decodeLogCursor(query.cursor);
      const [events, moderation] = await Promise.all([
        repository.eventsPage(channelId, position.events, query.limit + 1),
        repository.moderationPage(channelId, position.moderation, query.limit + 1),
      ]);
      type Line = { at: number; source: 'events'; row: (typeof events)[number] } | { at: number; source: 'moderation'; row: (typeof moderation)[number] };
      const lines: Line[] = [
        ...events.map((row): Line => ({ at: Number(row.created_at), source: 'events', row })),
        ...moderation.map((row): Line => ({ at: Number(row.created_at), source: 'moderation', row })),
      ];
      // Newest first; at the same instant, moderation lines after the others, higher ids first.
      lines.sort((a, b) => b.at - a.at || (a.source === b.source ? b.row.id - a.row.id : a.source === 'events' ? -1 : 1));
      const page = lines.slice(0, query.limit);
      const next: LogPosition = { ...position };
      const items: ChannelLogEntry[] = [];
      for (const line of page) {
        if (line.source === 'events') {
          const row = line.row;
          next.events = { at: line.at, id: row.id };
          // A line of an action this version does not know is skipped rather than refused.
          if (!EVENT_ACTIONS.has(row.action)) continue;
          items.push({
            at: iso(line.at),
            actor: { id: row.actor_id, username: row.actor_username ?? '' },
            action: row.action as EventAction,
            target: target(row.target_type, row.target_id, row.target_label),
            detail: row.detail,
          });
        } else {
          const row = line.row;
          next.moderation = row.id;
          items.push({
            at: iso(line.at),
            actor: { id: row.actor_id, username: row.actor_username ?? '' },
            action: `moderation_${row.action}` as EventAction,
            target: target(row.target_type, row.target_id, row.target_label),
            detail: row.reason,
          });
        }
      }
      return { items, nextCursor: lines.length > query.limit ? encodeLogCursor(next) : null };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;

