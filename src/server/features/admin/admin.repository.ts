import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { ArticlesTable, ChannelsTable } from '../../db/schema.js';
import type { Database, Dialect } from '../../db/database.js';
import { likePattern } from '../../lib/cursor.js';
import { ARTICLE_COLUMNS, QUALIFIED_ARTICLE_COLUMNS } from '../articles/articles.repository.js';

export interface AdminListFilter {
  q?: string;
  /** Keyset position: the last row's created_at and id (newest first). */
  after?: { value: number; id: number };
  limit: number;
}

/** An article as the admin list reads it: the columns every article list reads (articles.repository.ts), its channel and first category. */
export type AdminArticleRow = Pick<Selectable<ArticlesTable>, (typeof ARTICLE_COLUMNS)[number]> & { channel_name: string; first_category_id: number | null };

export type AdminChannelRow = Pick<
  Selectable<ChannelsTable>,
  'id' | 'name' | 'slug' | 'description' | 'category' | 'user_id' | 'created_at' | 'subscriber_count' | 'subscriber_boost'
>;

/** The article counts an admin may set, each with the column holding the real figure and its boost. */
export const ARTICLE_COUNT_COLUMNS = {
  view_count: { real: 'view_count', boost: 'view_boost' },
  like_count: { real: 'like_count', boost: 'like_boost' },
  dislike_count: { real: 'dislike_count', boost: 'dislike_boost' },
} as const;
export type ArticleCountField = keyof typeof ARTICLE_COUNT_COLUMNS;

export type AuditChanges = Record<string, { old: number; new: number }>;

/**
 * The boost that makes `total` the displayed figure: max(0, total - real), computed by the
 * database from the row's current real count, so an increment committed just before is counted.
 */
function boostFor(total: number, realColumn: string): RawBuilder<number> {
  const real = sql.ref(realColumn);
  return sql<number>`case when cast(${total} as integer) > ${real} then cast(${total} as integer) - ${real} else 0 end`;
}

const ADMIN_ARTICLE_COLUMNS = [...QUALIFIED_ARTICLE_COLUMNS, 'channels.name as channel_name'] as const;

/** The article's first category (its position order), for the category column. */
const FIRST_CATEGORY = sql<number | null>`(select article_categories.category_id from article_categories where article_categories.article_id = articles.id order by article_categories.position limit 1)`.as('first_category_id');

export function createAdminRepository(db: Database, dialect: Dialect) {
  return {
    /** Every article, drafts included, newest first, optionally those whose title contains `q`. */
    async listArticles(filter: AdminListFilter): Promise<AdminArticleRow[]> {
      let query = db
        .selectFrom('articles')
        .innerJoin('channels', 'channels.id', 'articles.channel_id')
        .select(ADMIN_ARTICLE_COLUMNS)
        .select(FIRST_CATEGORY);
      if (filter.q) query = query.where(sql`lower(articles.title)`, 'like', sql`${likePattern(filter.q)} escape '\\'`);
      if (filter.after) {
        const { value, id } = filter.after;
        query = query.where((eb) =>
          eb.or([eb('articles.created_at', '<', value), eb.and([eb('articles.created_at', '=', value), eb('articles.id', '<', id)])]),
        );
      }
      return query.orderBy('articles.created_at', 'desc').orderBy('articles.id', 'desc').limit(filter.limit).execute();
    },

    /** Every channel, newest first, optionally those whose name contains `q`. */
    async listChannels(filter: AdminListFilter): Promise<AdminChannelRow[]> {
      let query = db
        .selectFrom('channels')
        .select(['id', 'name', 'slug', 'description', 'category', 'user_id', 'created_at', 'subscriber_count', 'subscriber_boost']);
      if (filter.q) query = query.where(sql`lower(name)`, 'like', sql`${likePattern(filter.q)} escape '\\'`);
      if (filter.after) {
        const { value, id } = filter.after;
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', value), eb.and([eb('created_at', '=', value), eb('id', '<', id)])]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /**
     * Sets an article's displayed totals. The row is locked (PostgreSQL; SQLite runs one transaction
     * at a time), each boost is recomputed in SQL against the current real count, and the audit row
     * is written in the same transaction. Answers undefined when there is no such article.
     */
    async setArticleTotals(
      id: number,
      totals: Partial<Record<ArticleCountField, number>>,
      adminUserId: number,
      now: number,
    ): Promise<AdminArticleRow | undefined> {
      return db.transaction().execute(async (trx) => {
        let lock = trx.selectFrom('articles').select(['id', 'view_count', 'view_boost', 'like_count', 'like_boost', 'dislike_count', 'dislike_boost']).where('id', '=', id);
        if (dialect === 'postgres') lock = lock.forUpdate();
        const before = await lock.executeTakeFirst();
        if (!before) return undefined;

        const set: Record<string, RawBuilder<number>> = {};
        const fields = (Object.keys(ARTICLE_COUNT_COLUMNS) as ArticleCountField[]).filter((f) => totals[f] !== undefined);
        for (const field of fields) {
          const { real, boost } = ARTICLE_COUNT_COLUMNS[field];
          set[boost] = boostFor(totals[field]!, real);
        }
        await trx.updateTable('articles').set(set).where('id', '=', id).execute();

        const after = await trx
          .selectFrom('articles')
          .innerJoin('channels', 'channels.id', 'articles.channel_id')
          .select(ADMIN_ARTICLE_COLUMNS)
          .select(FIRST_CATEGORY)
          .where('articles.id', '=', id)
          .executeTakeFirstOrThrow();

        const changes: AuditChanges = {};
        for (const field of fields) {
          const { real, boost } = ARTICLE_COUNT_COLUMNS[field];
          changes[field] = { old: before[real] + before[boost], new: after[real] + after[boost] };
        }
        await trx
          .insertInto('admin_audit')
          .values({ admin_user_id: adminUserId, entity_type: 'article', entity_id: id, changes: JSON.stringify(changes), created_at: now })
          .execute();
        return after;
      });
    },

    /** Sets a channel's displayed subscriber total, as setArticleTotals does for articles. */
    async setChannelTotal(id: number, total: number, adminUserId: number, now: number): Promise<AdminChannelRow | undefined> {
      return db.transaction().execute(async (trx) => {
        let lock = trx.selectFrom('channels').select(['subscriber_count', 'subscriber_boost']).where('id', '=', id);
        if (dialect === 'postgres') lock = lock.forUpdate();
        const before = await lock.executeTakeFirst();
        if (!before) return undefined;

        const after = await trx
          .updateTable('channels')
          .set({ subscriber_boost: boostFor(total, 'subscriber_count') })
          .where('id', '=', id)
          .returning(['id', 'name', 'slug', 'description', 'category', 'user_id', 'created_at', 'subscriber_count', 'subscriber_boost'])
          .executeTakeFirstOrThrow();

        const changes: AuditChanges = {
          subscriber_count: { old: before.subscriber_count + before.subscriber_boost, new: after.subscriber_count + after.subscriber_boost },
        };
        await trx
          .insertInto('admin_audit')
          .values({ admin_user_id: adminUserId, entity_type: 'channel', entity_id: id, changes: JSON.stringify(changes), created_at: now })
          .execute();
        return after;
      });
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
