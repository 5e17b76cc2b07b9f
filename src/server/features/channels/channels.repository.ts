import { sql, type Selectable } from 'kysely';
import type { ChannelsTable } from '../../db/schema.js';
import type { Channel, ChannelSort } from '../../../contract/channels.js';
import type { Database, Dialect } from '../../db/database.js';
import { likePattern } from '../../lib/cursor.js';
import { keysetAfter } from '../../db/keyset.js';

/** The SQL behind each sort key; each has an index that keyset pagination walks (see the migration). */
const SORT_EXPRESSIONS: Record<ChannelSort, ReturnType<typeof sql<number>>> = {
  subscribers: sql<number>`(channels.subscriber_count + channels.subscriber_boost)`,
  created: sql<number>`channels.created_at`,
  articles: sql<number>`channels.article_count`,
};

/** A channel as lists and pages read it: its columns, its owner's name and the reader's subscription. */
export type ChannelRow = Pick<
  Selectable<ChannelsTable>,
  'id' | 'name' | 'slug' | 'description' | 'category' | 'user_id' | 'created_at' | 'subscriber_count' | 'subscriber_boost' | 'article_count' | 'email_excerpt_only'
> & {
  owner_username: string;
  /** 1 when the reader subscribes (0 for anonymous readers). */
  is_subscribed: number;
  /** The value the list is sorted by, for its cursor. */
  sort_value?: number;
};

export function channelRowToChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category,
    userId: row.user_id,
    owner: { id: row.user_id, username: row.owner_username },
    createdAt: new Date(row.created_at).toISOString(),
    subscriberCount: row.subscriber_count + row.subscriber_boost,
    articleCount: row.article_count,
    article_count: row.article_count,
    isSubscribed: row.is_subscribed === 1,
    emailExcerptOnly: row.email_excerpt_only === 1,
  };
}

export interface ChannelListFilter {
  sort: ChannelSort;
  direction: 'asc' | 'desc';
  q?: string;
  category?: string;
  excludeUserId?: number;
  after?: { value: number; id: number };
  limit: number;
}

export function createChannelsRepository(db: Database, dialect: Dialect) {
  /** Channels with owner name and the viewer's subscription flag, in one query. */
  function selectChannels(viewerId: number | null) {
    return db
      .selectFrom('channels')
      .innerJoin('users as owner', 'owner.id', 'channels.user_id')
      .leftJoin('subscriptions as mine', (join) =>
        join.onRef('mine.channel_id', '=', 'channels.id').on('mine.user_id', '=', viewerId ?? -1),
      )
      .select([
        'channels.id',
        'channels.name',
        'channels.slug',
        'channels.description',
        'channels.category',
        'channels.user_id',
        'owner.username as owner_username',
        'channels.created_at',
        'channels.subscriber_count',
        'channels.subscriber_boost',
        'channels.article_count',
        'channels.email_excerpt_only',
        sql<number>`case when mine.user_id is null then 0 else 1 end`.as('is_subscribed'),
      ]);
  }

  return {
    async findById(id: number, viewerId: number | null): Promise<ChannelRow | undefined> {
      return selectChannels(viewerId).where('channels.id', '=', id).executeTakeFirst();
    },

    async list(filter: ChannelListFilter, viewerId: number | null): Promise<ChannelRow[]> {
      const sortExpr = SORT_EXPRESSIONS[filter.sort];
      let query = selectChannels(viewerId).select(sortExpr.as('sort_value'));
      if (filter.excludeUserId !== undefined) query = query.where('channels.user_id', '!=', filter.excludeUserId);
      if (filter.category) query = query.where(sql`lower(channels.category)`, '=', filter.category.toLowerCase());
      if (filter.q) {
        const pattern = likePattern(filter.q);
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(channels.name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(channels.description)`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      if (filter.after) {
        const [from, past] = keysetAfter(sortExpr, 'channels.id', filter.direction, filter.after);
        query = query.where(from).where(past);
      }
      return query
        .orderBy(sortExpr, filter.direction)
        .orderBy('channels.id', filter.direction)
        .limit(filter.limit)
        .execute();
    },

    async listByOwner(userId: number, viewerId: number | null): Promise<ChannelRow[]> {
      return selectChannels(viewerId).where('channels.user_id', '=', userId).orderBy('channels.created_at').orderBy('channels.id').execute();
    },

    /** The channels a user is staff of (not owner), with their role, by name (the newsroom's staff channels). */
    async listByStaff(userId: number, viewerId: number | null): Promise<(ChannelRow & { role: 'editor' | 'writer' })[]> {
      return selectChannels(viewerId)
        .innerJoin('channel_staff as staff', (join) => join.onRef('staff.channel_id', '=', 'channels.id').on('staff.user_id', '=', userId))
        .select('staff.role')
        .where('channels.user_id', '!=', userId)
        .orderBy('channels.name')
        .orderBy('channels.id')
        .execute();
    },

    /**
     * Inserts a channel unless the owner already has `max`. The owner's row is locked first
     * (PostgreSQL) so two concurrent requests cannot both see nine; SQLite runs transactions one at a time.
     */
    async insertWithinLimit(
      values: { userId: number; name: string; slug: string; description: string; category: string | null; now: number },
      max: number,
    ): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        // SQLite needs no lock: its one connection runs transactions one at a time.
        if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', values.userId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('channels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', values.userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return null;
        const inserted = await trx
          .insertInto('channels')
          .values({
            user_id: values.userId,
            name: values.name,
            slug: values.slug,
            description: values.description,
            category: values.category,
            created_at: values.now,
            updated_at: values.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      });
    },

    async update(id: number, changes: { name?: string; slug?: string; description?: string; category?: string | null; email_excerpt_only?: number; now: number }) {
      const { now, ...rest } = changes;
      await db.updateTable('channels').set({ ...rest, updated_at: now }).where('id', '=', id).execute();
    },

    /** The channels a user subscribes to, newest subscription first, with the subscription date. */
    listSubscribedBy(userId: number, viewerId: number | null): Promise<(ChannelRow & { subscription_date: number; subscription_imported: number })[]> {
      return selectChannels(viewerId)
        .innerJoin('subscriptions as sub', (join) => join.onRef('sub.channel_id', '=', 'channels.id').on('sub.user_id', '=', userId))
        .select(['sub.created_at as subscription_date', 'sub.imported as subscription_imported'])
        .orderBy('sub.created_at', 'desc')
        .orderBy('channels.id', 'desc')
        .execute();
    },

    async ownerOf(id: number): Promise<number | undefined> {
      const row = await db.selectFrom('channels').select('user_id').where('id', '=', id).executeTakeFirst();
      return row?.user_id;
    },
  };
}
export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
