import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { recordSubscriptionChange } from '../analytics/analytics.repository.js';
import { utcDay } from '../../lib/time.js';

export function createSubscriptionsRepository(db: Database) {
  return {
    /**
     * Subscribes idempotently. The counter moves in the same transaction as the row, and only when a
     * row was really inserted, so concurrent repeats never double-count.
     */
    async subscribe(userId: number, channelId: number, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('subscriptions')
          .values({ user_id: userId, channel_id: channelId, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doNothing())
          .executeTakeFirst();
        const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
        if (inserted) {
          await trx
            .updateTable('channels')
            .set({ subscriber_count: sql`subscriber_count + 1` })
            .where('id', '=', channelId)
            .execute();
          await recordSubscriptionChange(trx, channelId, utcDay(now), 'subscribed');
        }
        return inserted;
      });
    },

    async unsubscribe(userId: number, channelId: number, now: number = Date.now()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('subscriptions')
          .where('user_id', '=', userId)
          .where('channel_id', '=', channelId)
          .executeTakeFirst();
        const deleted = Number(result.numDeletedRows) > 0;
        if (deleted) {
          await trx
            .updateTable('channels')
            .set({ subscriber_count: sql`subscriber_count - 1` })
            .where('id', '=', channelId)
            .execute();
          await recordSubscriptionChange(trx, channelId, utcDay(now), 'unsubscribed');
        }
        return deleted;
      });
    },

    subscribers(channelId: number): Promise<{ id: number; username: string }[]> {
      return db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.user_id')
        .select(['users.id', 'users.username'])
        .where('subscriptions.channel_id', '=', channelId)
        .orderBy('subscriptions.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .execute();
    },

    /** The channel ids a user subscribes to, with when. */
    ofUser(userId: number): Promise<{ channel_id: number; created_at: number }[]> {
      return db
        .selectFrom('subscriptions')
        .select(['channel_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    async recount(channelId: number): Promise<number> {
      const row = await db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel_id', '=', channelId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
