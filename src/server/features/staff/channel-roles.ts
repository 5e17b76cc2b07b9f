import type { Transaction } from 'kysely';
import type { ChannelLogAction, ChannelRole } from '../../../contract/staff.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Executor = Database | Transaction<DB>;

/**
 * Who someone is in a channel: its owner (channels.user_id), an editor or a writer (channel_staff),
 * or null. Every check of who may read or change a channel's articles, staff, queue and log asks
 * here, so the newsroom's rules live in one place. One indexed read: the channel row joined to the
 * caller's staff row.
 */
export async function channelRole(db: Executor, userId: number | null | undefined, channelId: number): Promise<ChannelRole | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('channels')
    .leftJoin('channel_staff', (j) => j.onRef('channel_staff.channel_id', '=', 'channels.id').on('channel_staff.user_id', '=', userId))
    .select(['channels.user_id as owner_id', 'channel_staff.role as staff_role'])
    .where('channels.id', '=', channelId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.owner_id === userId) return 'owner';
  return row.staff_role ?? null;
}

/** One line of the channel log (GET /api/channels/{id}/log); written in the transaction of the change it records. */
export interface ChannelEventInput {
  channelId: number;
  actorId: number;
  action: ChannelLogAction;
  target: { type: 'user' | 'article' | 'comment' | 'channel'; id: number; label?: string | null };
  detail?: string | null;
  at: number;
}

export async function recordChannelEvent(db: Executor, event: ChannelEventInput): Promise<void> {
  await db
    .insertInto('channel_events')
    .values({
      channel_id: event.channelId,
      actor_id: event.actorId,
      action: event.action,
      target_type: event.target.type,
      target_id: event.target.id,
      target_label: event.target.label ?? null,
      detail: event.detail ?? null,
      created_at: event.at,
    })
    .execute();
}
