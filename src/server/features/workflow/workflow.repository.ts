import { sql, type Transaction } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { withPublishedCounts } from '../articles/published-counts.repository.js';

/**
 * An article's moves between draft, in review, scheduled and published, and what review and the
 * scheduler read: every move is a conditional UPDATE on the status the caller saw, so of two
 * concurrent changes one finds the article moved.
 */
export function createWorkflowRepository(db: Database, dialect: Dialect) {
  return {
    /**
     * Moves an unpublished article to another unpublished status, only while it is in one of
     * `from` (a conditional UPDATE: of two concurrent changes, one finds it moved). Answers whether it did.
     */
    async moveUnpublished(
      trx: Transaction<DB>,
      id: number,
      from: readonly ('draft' | 'in_review' | 'scheduled')[],
      to: { status: 'draft' | 'in_review' | 'scheduled'; publishAt?: number | null; reviewNote?: string | null },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('articles')
        .set({
          status: to.status,
          published: 0,
          ...(to.publishAt !== undefined ? { publish_at: to.publishAt } : {}),
          ...(to.reviewNote !== undefined ? { review_note: to.reviewNote } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Publishes an unpublished article (the claim: only while its status is one of `from`, so of
     * two instances publishing it one changes the row). A first publication sets created_at (the
     * Published date) to `at` and first_published_at. The channel's counts move with it.
     * Answers its channel, or undefined when another change got there first.
     */
    publish: (trx: Transaction<DB>, id: number, from: readonly ('draft' | 'in_review' | 'scheduled')[], at: number): Promise<{ channelId: number; title: string } | undefined> =>
      withPublishedCounts(trx, dialect, id, at, async () => {
        const row = await trx
          .updateTable('articles')
          .set({
            status: 'published',
            published: 1,
            publish_at: null,
            review_note: null,
            created_at: sql<number>`case when first_published_at is null then ${at} else created_at end`,
            first_published_at: sql<number>`coalesce(first_published_at, ${at})`,
          })
          .where('id', '=', id)
          .where('status', 'in', [...from])
          .returning(['channel_id', 'title'])
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.updateTable('channels').set({ article_count: sql`article_count + 1` }).where('id', '=', row.channel_id).execute();
        return { channelId: row.channel_id, title: row.title };
      }),

    /** Takes a published article back to drafts; the channel's counts move with it. */
    unpublish: (trx: Transaction<DB>, id: number, at: number): Promise<{ channelId: number; title: string } | undefined> =>
      withPublishedCounts(trx, dialect, id, at, async () => {
        const row = await trx
          .updateTable('articles')
          .set({ status: 'draft', published: 0, publish_at: null })
          .where('id', '=', id)
          .where('status', '=', 'published')
          .returning(['channel_id', 'title'])
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.updateTable('channels').set({ article_count: sql`article_count - 1` }).where('id', '=', row.channel_id).execute();
        return { channelId: row.channel_id, title: row.title };
      }),

    /**
     * Scheduled articles whose time has come, oldest due first: one seek on the partial index
     * articles_scheduled_idx (status = 'scheduled', by publish_at). An article whose author is
     * suspended waits until the suspension ends.
     */
    due(at: number, limit: number): Promise<{ id: number; publish_at: number | string }[]> {
      return db
        .selectFrom('articles')
        .select(['articles.id', 'articles.publish_at'])
        // A literal, not a parameter: only then may the planner use the partial index.
        .where(sql.ref('articles.status'), '=', sql.lit('scheduled'))
        .where('articles.publish_at', '<=', at)
        // A moderator's removal holds: the scheduler never undoes it (publication.ts, mayLiftRemoval).
        .where('articles.removed_by', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('users')
                .select('users.id')
                .whereRef('users.id', '=', 'articles.user_id')
                .where('users.suspended_at', 'is not', null)
                .where((u) => u.or([u('users.suspended_until', 'is', null), u('users.suspended_until', '>', at)])),
            ),
          ),
        )
        .orderBy('articles.publish_at')
        .orderBy('articles.id')
        .limit(limit)
        .execute() as Promise<{ id: number; publish_at: number | string }[]>;
    },

    /** A channel's articles in review and scheduled (its queue), on articles_channel_status_idx. */
    queue(channelId: number) {
      return db
        .selectFrom('articles')
        .innerJoin('users', 'users.id', 'articles.user_id')
        .select(['articles.id', 'articles.slug', 'articles.title', 'articles.status', 'articles.user_id', 'users.username', 'articles.publish_at', 'articles.last_edited', 'articles.review_note'])
        .where('articles.channel_id', '=', channelId)
        .where('articles.status', 'in', ['in_review', 'scheduled'])
        .execute();
    },

    /** Published again after a moderator removed it: the note and the removal are over. */
    async clearModeration(trx: Transaction<DB>, id: number): Promise<void> {
      await trx.updateTable('articles').set({ moderation_note: null, removed_by: null }).where('id', '=', id).where('removed_by', 'is not', null).execute();
    },
  };
}
export type WorkflowRepository = ReturnType<typeof createWorkflowRepository>;
