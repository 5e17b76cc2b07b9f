import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Per-UTC-day rollups. The write half is called by the views, reactions, comments and
 * subscriptions repositories inside their own transactions, with the transaction they hold, so a
 * rollup moves exactly when the row that justifies it does (docs/product.md#api). The read half is
 * what the analytics page asks; it reads only rollups and the articles table, never raw events.
 *
 * What each figure counts, so that it always equals a recount of the raw rows:
 * - views: views counted that day (article_views rows of that day);
 * - likes, dislikes, comments: the reactions and comments that exist now, on the day they were made
 *   (taking a reaction back or deleting a comment lowers the day it was made; switching a reaction
 *   moves it to today, as its row does);
 * - subscribed, unsubscribed: subscriptions made and ended that day (their difference over all days
 *   is the number of subscriptions now).
 */

type ArticleFigure = 'views' | 'signed_in_views' | 'likes' | 'dislikes' | 'comments';
type ChannelFigure = ArticleFigure | 'subscribed' | 'unsubscribed';
export type ArticleDelta = Partial<Record<ArticleFigure, number>>;

const added = (table: string, figures: string[]) =>
  Object.fromEntries(figures.map((f) => [f, sql<number>`${sql.ref(`${table}.${f}`)} + ${sql.ref(`excluded.${f}`)}`]));

async function bumpChannelDay(trx: Database, channelId: number, day: number, delta: Partial<Record<ChannelFigure, number>>) {
  const figures = Object.keys(delta).filter((k) => delta[k as ChannelFigure]) as ChannelFigure[];
  if (figures.length === 0) return;
  await trx
    .insertInto('channel_days')
    .values({ channel_id: channelId, day, ...Object.fromEntries(figures.map((f) => [f, delta[f]])) })
    .onConflict((oc) => oc.columns(['channel_id', 'day']).doUpdateSet(added('channel_days', figures)))
    .execute();
}

/** Adds to one article's day and its channel's day. */
export async function bumpArticleDay(trx: Database, article: { id: number; channelId: number }, day: number, delta: ArticleDelta) {
  const figures = Object.keys(delta).filter((k) => delta[k as ArticleFigure]) as ArticleFigure[];
  if (figures.length === 0) return;
  const values = Object.fromEntries(figures.map((f) => [f, delta[f]]));
  await trx
    .insertInto('article_view_days')
    .values({ article_id: article.id, day, channel_id: article.channelId, ...values })
    .onConflict((oc) => oc.columns(['article_id', 'day']).doUpdateSet(added('article_view_days', figures)))
    .execute();
  await bumpChannelDay(trx, article.channelId, day, values);
}

/** A counted view: the article's and channel's day, and the referring host's day when there is one. */
export async function recordViewRollup(
  trx: Database,
  view: { articleId: number; channelId: number; day: number; signedIn: boolean; referrer: string | null },
) {
  await bumpArticleDay(trx, { id: view.articleId, channelId: view.channelId }, view.day, { views: 1, signed_in_views: view.signedIn ? 1 : 0 });
  if (view.referrer) {
    await trx
      .insertInto('channel_referrer_days')
      .values({ channel_id: view.channelId, day: view.day, host: view.referrer, views: 1 })
      .onConflict((oc) => oc.columns(['channel_id', 'day', 'host']).doUpdateSet({ views: sql`channel_referrer_days.views + 1` }))
      .execute();
  }
}

/** Several changes to an article's days at once (a switched reaction touches two), one write per day. */
export async function recordArticleChanges(trx: Database, article: { id: number; channelId: number }, changes: { day: number; delta: ArticleDelta }[]) {
  const byDay = new Map<number, ArticleDelta>();
  for (const { day, delta } of changes) {
    const merged = byDay.get(day) ?? {};
    for (const [figure, by] of Object.entries(delta) as [ArticleFigure, number][]) merged[figure] = (merged[figure] ?? 0) + by;
    byDay.set(day, merged);
  }
  for (const [day, delta] of byDay) await bumpArticleDay(trx, article, day, delta);
}

export async function recordSubscriptionChange(trx: Database, channelId: number, day: number, change: 'subscribed' | 'unsubscribed') {
  await bumpChannelDay(trx, channelId, day, { [change]: 1 });
}

/**
 * Before an article is deleted: its days leave its channel's figures with it (its reactions, comments
 * and views go too, so the channel's figures keep equalling a recount). Referrer tallies stay: they
 * are where the channel's readers came from, whichever article they read.
 */
export async function forgetArticleRollups(trx: Database, articleId: number) {
  const days = await trx
    .selectFrom('article_view_days')
    .select(['channel_id', 'day', 'views', 'signed_in_views', 'likes', 'dislikes', 'comments'])
    .where('article_id', '=', articleId)
    .execute();
  for (const d of days) {
    await trx
      .updateTable('channel_days')
      .set({
        views: sql`views - ${d.views}`,
        signed_in_views: sql`signed_in_views - ${d.signed_in_views}`,
        likes: sql`likes - ${d.likes}`,
        dislikes: sql`dislikes - ${d.dislikes}`,
        comments: sql`comments - ${d.comments}`,
      })
      .where('channel_id', '=', d.channel_id)
      .where('day', '=', d.day)
      .execute();
  }
}

export interface DayFigures {
  day: number;
  views: number;
  signed_in_views: number;
  likes: number;
  dislikes: number;
  comments: number;
  subscribed: number;
  unsubscribed: number;
}
export type TopMetric = 'views' | 'reactions' | 'comments';

/** An article's all-time figures, as its counters keep them (the expressions the indexes hold). */
const ALL_TIME: Record<TopMetric, RawBuilder<number>> = {
  views: sql<number>`view_count`,
  reactions: sql<number>`like_count + dislike_count`,
  comments: sql<number>`comment_count`,
};
/** The same figures summed over an article's days. */
const IN_PERIOD: Record<TopMetric, RawBuilder<number>> = {
  views: sql<number>`sum(views)`,
  reactions: sql<number>`sum(likes + dislikes)`,
  comments: sql<number>`sum(comments)`,
};
const TOP_PAGE = 50;

/** null = the whole site. */
export type Scope = number | null;

export function createAnalyticsRepository(db: Database) {
  const sumOf = (column: keyof Omit<DayFigures, 'day'>) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as(column);
  const figureColumns = [
    sumOf('views'),
    sumOf('signed_in_views'),
    sumOf('likes'),
    sumOf('dislikes'),
    sumOf('comments'),
    sumOf('subscribed'),
    sumOf('unsubscribed'),
  ];
  const toNumbers = <T extends object>(row: T): T =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? Number(v) : v])) as T;

  return {
    /** The figures of each day of [from, to] that had any (days without activity are left out). */
    async days(scope: Scope, from: number, to: number): Promise<DayFigures[]> {
      const rows = await db
        .selectFrom('channel_days')
        .select(['day', ...figureColumns])
        .$if(scope !== null, (q) => q.where('channel_id', '=', scope!))
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map(toNumbers);
    },

    /** The first day with any figure, if any. */
    async firstDay(scope: Scope): Promise<number | null> {
      const row = await db
        .selectFrom('channel_days')
        .select((eb) => eb.fn.min('day').as('first'))
        .$if(scope !== null, (q) => q.where('channel_id', '=', scope!))
        .executeTakeFirst();
      return row?.first == null ? null : Number(row.first);
    },

    /**
     * Each article's sums over [from, to] that had any figure, in one pass over the channel's days
     * (the caller ranks them by each figure: one scan instead of one per ranking).
     */
    async articleSums(scope: Scope, from: number, to: number): Promise<{ id: number; views: number; reactions: number; comments: number }[]> {
      const rows = await db
        .selectFrom('article_view_days')
        .select([
          'article_id as id',
          sql<number>`sum(views)`.as('views'),
          sql<number>`sum(likes + dislikes)`.as('reactions'),
          sql<number>`sum(comments)`.as('comments'),
        ])
        .$if(scope !== null, (q) => q.where('channel_id', '=', scope!))
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('article_id')
        .execute();
      return rows.map((r) => ({ id: r.id, views: Number(r.views), reactions: Number(r.reactions), comments: Number(r.comments) }));
    },

    /**
     * A channel's `k` articles with the highest figure over [from, to], ties newest first, exactly
     * as ranking `articleSums` would, without summing every article the channel had activity on.
     * An article's figure over a period is at most its all-time figure (the article's counter,
     * which moves in the same transaction as its days), so the channel's articles are walked by
     * all-time figure, highest first (indexes of migration 2026_11_26_0900), each page's period
     * figures summed from their days, until the next article's all-time figure cannot reach the
     * k-th found. Answers undefined when `budget` articles did not settle it (the all-time leaders
     * were quiet in the period): the caller then sums the whole period.
     */
    async topInChannel(channelId: number, metric: TopMetric, from: number, to: number, k: number, budget = 500) {
      const total = ALL_TIME[metric];
      const best: { id: number; value: number }[] = [];
      const beats = (a: { id: number; value: number }, b: { id: number; value: number }) => a.value > b.value || (a.value === b.value && a.id > b.id);
      for (let offset = 0; offset < budget; offset += TOP_PAGE) {
        const page = await db
          .selectFrom('articles')
          .select(['id', total.as('total')])
          .where('channel_id', '=', channelId)
          .where(total, '>', 0)
          .orderBy(total, 'desc')
          .orderBy('id', 'desc')
          .limit(Math.min(TOP_PAGE, budget - offset))
          .offset(offset)
          .execute();
        if (page.length === 0) return best;
        const sums = await db
          .selectFrom('article_view_days')
          .select(['article_id', IN_PERIOD[metric].as('value')])
          .where('article_id', 'in', page.map((a) => a.id))
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('article_id')
          .execute();
        const inPeriod = new Map(sums.map((r) => [r.article_id, Number(r.value)]));
        for (const candidate of page) {
          const kth = best[k - 1];
          // Everything from here down is at most this article's all-time figure: done.
          if (kth && !beats({ id: candidate.id, value: Number(candidate.total) }, kth)) return best;
          const value = inPeriod.get(candidate.id) ?? 0;
          if (value <= 0) continue;
          const entry = { id: candidate.id, value };
          if (kth && !beats(entry, kth)) continue;
          const at = best.findIndex((b) => beats(entry, b));
          best.splice(at === -1 ? best.length : at, 0, entry);
          best.length = Math.min(best.length, k);
        }
        if (page.length < Math.min(TOP_PAGE, budget - offset)) return best;
      }
      return undefined;
    },

    /** Titles and slugs of some articles. */
    titles(ids: number[]): Promise<{ id: number; title: string; slug: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('articles').select(['id', 'title', 'slug']).where('id', 'in', ids).execute();
    },

    /** The days of some articles over [from, to] that had any figure. */
    articleDays(articleIds: number[], from: number, to: number) {
      if (articleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('article_view_days')
        .select(['article_id', 'day', 'views', 'likes', 'dislikes', 'comments'])
        .where('article_id', 'in', articleIds)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
    },

    /** Counted views by referring host over [from, to], most first (all hosts: the caller sums them for the direct views). */
    async referrers(scope: Scope, from: number, to: number): Promise<{ host: string; views: number }[]> {
      const rows = await db
        .selectFrom('channel_referrer_days')
        .select(['host', sql<number>`sum(views)`.as('views')])
        .$if(scope !== null, (q) => q.where('channel_id', '=', scope!))
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('host')
        .execute();
      return rows.map((r) => ({ host: r.host, views: Number(r.views) })).sort((a, b) => b.views - a.views || a.host.localeCompare(b.host));
    },

    /** The admin boosts in the displayed totals now (docs/product.md#data), apart from real figures. */
    async boosts(scope: Scope): Promise<{ views: number; likes: number; dislikes: number; subscribers: number }> {
      const articles = await db
        .selectFrom('articles')
        .select([
          sql<number>`coalesce(sum(view_boost), 0)`.as('views'),
          sql<number>`coalesce(sum(like_boost), 0)`.as('likes'),
          sql<number>`coalesce(sum(dislike_boost), 0)`.as('dislikes'),
        ])
        // Only boosted articles, through their partial index (migration 2026_11_25_1800).
        .where(sql<SqlBool>`view_boost + like_boost + dislike_boost > 0`)
        .$if(scope !== null, (q) => q.where('channel_id', '=', scope!))
        .executeTakeFirstOrThrow();
      const channels = await db
        .selectFrom('channels')
        .select(sql<number>`coalesce(sum(subscriber_boost), 0)`.as('subscribers'))
        .$if(scope !== null, (q) => q.where('id', '=', scope!))
        .executeTakeFirstOrThrow();
      return { views: Number(articles.views), likes: Number(articles.likes), dislikes: Number(articles.dislikes), subscribers: Number(channels.subscribers) };
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
