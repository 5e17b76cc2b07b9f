import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { recordArticleChanges, type ArticleDelta } from '../analytics/analytics.repository.js';
import { utcDay } from '../../lib/time.js';

/** The article's counters after a reaction, real and boost apart (the service adds them up). */
export interface ReactionCounters {
  like_count: number;
  like_boost: number;
  dislike_count: number;
  dislike_boost: number;
}

export interface ReactOutcome {
  counters: ReactionCounters;
  /** The reader's reaction now: true = like, false = dislike, null = none. */
  reaction: boolean | null;
}

const column = (isLike: boolean) => (isLike ? 'like_count' : 'dislike_count');
const figure = (isLike: boolean) => (isLike ? 'likes' : 'dislikes');

/** The article vanished under us (deleted concurrently): a foreign key refused the row. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

class ArticleGone extends Error {}

export function createReactionsRepository(db: Database) {
  return {
    /** The reader's reaction: true = like, false = dislike, null = none. */
    async reactionOf(userId: number, articleId: number): Promise<boolean | null> {
      const row = await db.selectFrom('reactions').select('is_like').where('user_id', '=', userId).where('article_id', '=', articleId).executeTakeFirst();
      return row ? row.is_like === 1 : null;
    },

    /**
     * Sets, removes (the same one again) or switches a reader's reaction (docs/product.md#data).
     * Every step is a conditional write whose row count decides the counter change, in the same
     * transaction, so concurrent requests (even the same reader's double click) never lose or
     * double an update. When a concurrent request changed the row between our read and write, the
     * write touches nothing and the transaction starts over; SQLite serialises writers, so only
     * PostgreSQL ever takes a second turn. Answers undefined when the article no longer exists.
     */
    async react(userId: number, articleId: number, isLike: boolean, now: number): Promise<ReactOutcome | undefined> {
      for (let attempt = 0; ; attempt++) {
        const outcome = await db.transaction().execute(async (trx): Promise<ReactOutcome | undefined> => {
          const counters = async (delta: Partial<Record<'like_count' | 'dislike_count', 1 | -1>>) => {
            const changes = Object.entries(delta);
            const row = await trx
              .updateTable('articles')
              .set(Object.fromEntries(changes.map(([name, by]) => [name, by === 1 ? sql`${sql.ref(name)} + 1` : sql`${sql.ref(name)} - 1`])))
              .where('id', '=', articleId)
              .returning(['like_count', 'like_boost', 'dislike_count', 'dislike_boost', 'channel_id'])
              .executeTakeFirst();
            if (!row) throw new ArticleGone();
            return row;
          };
          // The article's and its channel's per-day figures (analytics): a reaction counts
          // on the day it was made, so taking one back lowers that day and a switch moves it to today.
          const rollups = async (changes: { day: number; delta: ArticleDelta }[], row: ReactionCounters & { channel_id: number }) => {
            await recordArticleChanges(trx, { id: articleId, channelId: row.channel_id }, changes);
            const { channel_id: _channel, ...counted } = row;
            return counted;
          };
          const today = utcDay(now);

          const inserted = await trx
            .insertInto('reactions')
            .values({ user_id: userId, article_id: articleId, is_like: isLike ? 1 : 0, created_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
            const row = await counters({ [column(isLike)]: 1 });
            return { counters: await rollups([{ day: today, delta: { [figure(isLike)]: 1 } }], row), reaction: isLike };
          }

          const existing = await trx
            .selectFrom('reactions')
            .select(['is_like', 'created_at'])
            .where('user_id', '=', userId)
            .where('article_id', '=', articleId)
            .executeTakeFirst();
          if (!existing) return undefined;
          const madeOn = utcDay(Number(existing.created_at));
          const current = existing.is_like === 1;

          if (current === isLike) {
            // The same reaction again takes it back.
            const deleted = await trx
              .deleteFrom('reactions')
              .where('user_id', '=', userId)
              .where('article_id', '=', articleId)
              .where('is_like', '=', existing.is_like)
              .where('created_at', '=', existing.created_at)
              .executeTakeFirst();
            if (Number(deleted.numDeletedRows) === 0) return undefined;
            const row = await counters({ [column(isLike)]: -1 });
            return { counters: await rollups([{ day: madeOn, delta: { [figure(isLike)]: -1 } }], row), reaction: null };
          }

          const switched = await trx
            .updateTable('reactions')
            .set({ is_like: isLike ? 1 : 0, created_at: now })
            .where('user_id', '=', userId)
            .where('article_id', '=', articleId)
            .where('is_like', '=', existing.is_like)
            .where('created_at', '=', existing.created_at)
            .executeTakeFirst();
          if (Number(switched.numUpdatedRows) === 0) return undefined;
          const row = await counters({ [column(isLike)]: 1, [column(current)]: -1 });
          const moved = [
            { day: madeOn, delta: { [figure(current)]: -1 } },
            { day: today, delta: { [figure(isLike)]: 1 } },
          ];
          return { counters: await rollups(moved, row), reaction: isLike };
        }).catch((error: unknown) => {
          if (error instanceof ArticleGone || isForeignKeyViolation(error)) return 'gone' as const;
          throw error;
        });
        if (outcome === 'gone') return undefined;
        if (outcome) return outcome;
        if (attempt >= 10) throw new Error('reaction kept changing under concurrent requests');
      }
    },

    /** Real reactions counted from the rows (tests and repair compare the counters with it). */
    async recount(articleId: number): Promise<{ likes: number; dislikes: number }> {
      const rows = await db
        .selectFrom('reactions')
        .select((eb) => ['is_like', eb.fn.countAll<number>().as('n')])
        .where('article_id', '=', articleId)
        .groupBy('is_like')
        .execute();
      const count = (isLike: number) => Number(rows.find((r) => r.is_like === isLike)?.n ?? 0);
      return { likes: count(1), dislikes: count(0) };
    },
  };
}
export type ReactionsRepository = ReturnType<typeof createReactionsRepository>;
