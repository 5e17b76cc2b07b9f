import type { Transaction } from 'kysely';
import type { ChannelRole, StaffRole } from '../../../contract/staff.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { queueStaffNotice, type StaffNotice } from '../email/outbox.repository.js';
import { channelRole, recordChannelEvent, type ChannelEventInput } from './channel-roles.js';

type Executor = Database | Transaction<DB>;

/** A position in one of the channel log's two sources: the last line a page showed of it. */
export interface LogPosition {
  events: { at: number; id: number } | null;
  moderation: number | null;
}

/**
 * The staff of channels and their invitations (docs/product.md#newsroom), and the channel log's two
 * sources: channel_events (staff and workflow lines) and the channel's rows of moderation_log.
 */
export function createStaffRepository(db: Database) {
  return {
    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(work),

    /** Who the user is in the channel (owner, editor, writer or null): the one question every check asks. */
    role: (userId: number | null | undefined, channelId: number): Promise<ChannelRole | null> => channelRole(db, userId, channelId),

    record: (trx: Transaction<DB>, event: ChannelEventInput) => recordChannelEvent(trx, event),

    queueNotice: (trx: Transaction<DB>, input: { userId: number; key: string; notice: StaffNotice; now: number }) => queueStaffNotice(trx, input),

    channel(channelId: number) {
      return db
        .selectFrom('channels')
        .innerJoin('users', 'users.id', 'channels.user_id')
        .select(['channels.id', 'channels.name', 'channels.user_id', 'channels.created_at', 'users.username as owner_username'])
        .where('channels.id', '=', channelId)
        .executeTakeFirst();
    },

    userByName(username: string) {
      return db.selectFrom('users').select(['id', 'username']).where('username_key', '=', username.trim().toLowerCase()).executeTakeFirst();
    },

    user(userId: number) {
      return db.selectFrom('users').select(['id', 'username']).where('id', '=', userId).executeTakeFirst();
    },

    /** Members, the earliest joined first. */
    members(channelId: number) {
      return db
        .selectFrom('channel_staff')
        .innerJoin('users', 'users.id', 'channel_staff.user_id')
        .select(['channel_staff.user_id', 'users.username', 'channel_staff.role', 'channel_staff.created_at'])
        .where('channel_staff.channel_id', '=', channelId)
        .orderBy('channel_staff.created_at')
        .orderBy('channel_staff.user_id')
        .execute();
    },

    /** Pending, unexpired invitations of a channel, the earliest sent first. */
    pendingOfChannel(channelId: number, now: number) {
      return db
        .selectFrom('staff_invitations')
        .innerJoin('users', 'users.id', 'staff_invitations.user_id')
        .select(['staff_invitations.id', 'staff_invitations.user_id', 'users.username', 'staff_invitations.role', 'staff_invitations.created_at'])
        .where('staff_invitations.channel_id', '=', channelId)
        .where('staff_invitations.answer', 'is', null)
        .where('staff_invitations.expires_at', '>', now)
        .orderBy('staff_invitations.created_at')
        .orderBy('staff_invitations.id')
        .execute();
    },

    member(db2: Executor, channelId: number, userId: number) {
      return db2.selectFrom('channel_staff').select(['role', 'created_at']).where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
    },

    /** The pending row of (channel, person), expired or not: the unique index allows one. */
    pendingRow(db2: Executor, channelId: number, userId: number) {
      return db2
        .selectFrom('staff_invitations')
        .select(['id', 'role', 'expires_at'])
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('answer', 'is', null)
        .executeTakeFirst();
    },

    /** Members and pending, unexpired invitations together: what the limit counts. */
    async staffCount(trx: Executor, channelId: number, now: number): Promise<number> {
      const [members, invited] = await Promise.all([
        trx.selectFrom('channel_staff').select((eb) => eb.fn.countAll<number | string>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow(),
        trx
          .selectFrom('staff_invitations')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('channel_id', '=', channelId)
          .where('answer', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow(),
      ]);
      return Number(members.n) + Number(invited.n);
    },

    /**
     * Locks the channel's row (PostgreSQL) so two invitations at once cannot both pass the limit;
     * SQLite runs write transactions one at a time.
     */
    async lockChannel(trx: Transaction<DB>, channelId: number, postgres: boolean): Promise<void> {
      let query = trx.selectFrom('channels').select('id').where('id', '=', channelId);
      if (postgres) query = query.forUpdate();
      await query.execute();
    },

    /** Answers a pending row (accepted, declined, cancelled, or closed by its expiry); false when it was already answered. */
    async answer(trx: Transaction<DB>, id: number, answer: 'accepted' | 'declined' | 'cancelled', now: number): Promise<boolean> {
      const result = await trx.updateTable('staff_invitations').set({ answer, answered_at: now }).where('id', '=', id).where('answer', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertInvitation(trx: Transaction<DB>, input: { channelId: number; userId: number; role: StaffRole; invitedBy: number; now: number; expiresAt: number }): Promise<number> {
      const row = await trx
        .insertInto('staff_invitations')
        .values({
          channel_id: input.channelId,
          user_id: input.userId,
          role: input.role,
          invited_by: input.invitedBy,
          created_at: input.now,
          expires_at: input.expiresAt,
          answer: null,
          answered_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One invitation as its invitee reads it (any state; the service decides). */
    invitation(id: number) {
      return db
        .selectFrom('staff_invitations')
        .innerJoin('channels', 'channels.id', 'staff_invitations.channel_id')
        .innerJoin('users as inviter', 'inviter.id', 'staff_invitations.invited_by')
        .innerJoin('users as invitee', 'invitee.id', 'staff_invitations.user_id')
        .select([
          'staff_invitations.id',
          'staff_invitations.channel_id',
          'channels.name as channel_name',
          'channels.user_id as owner_id',
          'staff_invitations.user_id',
          'invitee.username',
          'staff_invitations.role',
          'staff_invitations.invited_by',
          'inviter.username as inviter_username',
          'staff_invitations.created_at',
          'staff_invitations.expires_at',
          'staff_invitations.answer',
        ])
        .where('staff_invitations.id', '=', id)
        .executeTakeFirst();
    },

    /** A person's pending, unexpired invitations, newest first (staff_invitations_user_idx). */
    invitationsOf(userId: number, now: number) {
      return db
        .selectFrom('staff_invitations')
        .innerJoin('channels', 'channels.id', 'staff_invitations.channel_id')
        .innerJoin('users as inviter', 'inviter.id', 'staff_invitations.invited_by')
        .select([
          'staff_invitations.id',
          'staff_invitations.channel_id',
          'channels.name as channel_name',
          'staff_invitations.role',
          'staff_invitations.invited_by',
          'inviter.username as inviter_username',
          'staff_invitations.created_at',
        ])
        .where('staff_invitations.user_id', '=', userId)
        .where('staff_invitations.answer', 'is', null)
        .where('staff_invitations.expires_at', '>', now)
        .orderBy('staff_invitations.created_at', 'desc')
        .orderBy('staff_invitations.id', 'desc')
        .execute();
    },

    async addMember(trx: Transaction<DB>, input: { channelId: number; userId: number; role: StaffRole; now: number }): Promise<void> {
      await trx
        .insertInto('channel_staff')
        .values({ channel_id: input.channelId, user_id: input.userId, role: input.role, created_at: input.now })
        // Already a member (accepted twice at once): the first role stands.
        .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
        .execute();
    },

    async setRole(trx: Transaction<DB>, channelId: number, userId: number, role: StaffRole): Promise<boolean> {
      const result = await trx.updateTable('channel_staff').set({ role }).where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async removeMember(trx: Transaction<DB>, channelId: number, userId: number): Promise<boolean> {
      const result = await trx.deleteFrom('channel_staff').where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The channels a person is staff of (not owner), with their role: ids and roles, by channel_staff_user_idx. */
    staffChannelIds(userId: number) {
      return db.selectFrom('channel_staff').select(['channel_id', 'role']).where('user_id', '=', userId).execute();
    },

    /** A page of channel_events after a position, newest first (channel_events_channel_idx). */
    eventsPage(channelId: number, after: { at: number; id: number } | null, limit: number) {
      let query = db
        .selectFrom('channel_events')
        .leftJoin('users', 'users.id', 'channel_events.actor_id')
        .select([
          'channel_events.id',
          'channel_events.created_at',
          'channel_events.actor_id',
          'users.username as actor_username',
          'channel_events.action',
          'channel_events.target_type',
          'channel_events.target_id',
          'channel_events.target_label',
          'channel_events.detail',
        ])
        .where('channel_events.channel_id', '=', channelId);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('channel_events.created_at', '<', after.at), eb.and([eb('channel_events.created_at', '=', after.at), eb('channel_events.id', '<', after.id)])]),
        );
      }
      return query.orderBy('channel_events.created_at', 'desc').orderBy('channel_events.id', 'desc').limit(limit).execute();
    },

    /** A page of the channel's moderation_log rows before an id, newest first (moderation_log_channel_idx). */
    moderationPage(channelId: number, beforeId: number | null, limit: number) {
      let query = db
        .selectFrom('moderation_log')
        .leftJoin('users', 'users.id', 'moderation_log.actor_id')
        .select([
          'moderation_log.id',
          'moderation_log.created_at',
          'moderation_log.actor_id',
          'users.username as actor_username',
          'moderation_log.action',
          'moderation_log.target_type',
          'moderation_log.target_id',
          'moderation_log.target_label',
          'moderation_log.reason',
        ])
        .where('moderation_log.channel_id', '=', channelId);
      if (beforeId !== null) query = query.where('moderation_log.id', '<', beforeId);
      return query.orderBy('moderation_log.id', 'desc').limit(limit).execute();
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;

/** Who someone is in a channel, for other features (moderation): reached through this repository. */
export { channelRole } from './channel-roles.js';
