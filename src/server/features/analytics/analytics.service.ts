import {
  ANALYTICS_METRICS,
  percentChange,
  type AnalyticsDay,
  type AnalyticsPeriod,
  type AnalyticsTotals,
  type ChannelAnalytics,
  type TopArticle,
} from '../../../contract/analytics.js';
import { CHANNEL_MESSAGES } from '../../../contract/channel-rules.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import { dateOfDay, utcDay } from '../../lib/time.js';
import type { AnalyticsRepository, DayFigures, Scope, TopMetric } from './analytics.repository.js';

const TOP_ARTICLES = 5;
const TREND_STEPS = 30;
const REFERRERS = 10;

function toDay(figures: Omit<DayFigures, 'day'>): Omit<AnalyticsDay, 'date'> {
  return {
    views: figures.views,
    signedInViews: figures.signed_in_views,
    likes: figures.likes,
    dislikes: figures.dislikes,
    comments: figures.comments,
    subscribed: figures.subscribed,
    unsubscribed: figures.unsubscribed,
  };
}

/** Sums a day-by-day series into at most `steps` equal runs of days (the last run may be shorter). */
export function trendOf(values: number[], steps = TREND_STEPS): number[] {
  if (values.length <= steps) return values;
  const size = Math.ceil(values.length / steps);
  const out: number[] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size).reduce((a, b) => a + b, 0));
  return out;
}

/**
 * Channel analytics: the owner's (or an admin's) figures of a channel per UTC day over a
 * period, and the same for the whole site for admins. Everything is read from the rollups.
 */
export function createAnalyticsService(deps: {
  analytics: AnalyticsRepository;
  channels: Pick<ChannelsRepository, 'findById'>;
  now?: () => number;
}) {
  const { analytics, channels } = deps;
  const now = deps.now ?? Date.now;

  const metrics = ['views', 'reactions', 'comments'] as const;

  /**
   * The period's top articles by each figure. A channel's come from walking its articles by
   * all-time figure (a few index pages, whatever the channel's size); the site's, or a channel
   * whose all-time leaders were quiet in the period, from one pass summing every article's days.
   */
  async function topArticles(scope: Scope, from: number, to: number): Promise<{ id: number; value: number }[][]> {
    if (scope !== null) {
      const walked = await Promise.all(metrics.map((metric) => analytics.topInChannel(scope, metric, from, to, TOP_ARTICLES)));
      if (walked.every((list) => list !== undefined)) return walked as { id: number; value: number }[][];
    }
    const sums = await analytics.articleSums(scope, from, to);
    return metrics.map((metric) =>
      sums
        .filter((a) => a[metric] > 0)
        .sort((a, b) => b[metric] - a[metric] || b.id - a.id)
        .slice(0, TOP_ARTICLES)
        .map((a) => ({ id: a.id, value: a[metric] })),
    );
  }

  async function report(scope: Scope, period: AnalyticsPeriod, firstPossibleDay: number | null): Promise<Omit<ChannelAnalytics, 'channel'>> {
    const to = utcDay(now());
    let from: number;
    if (period === 'all') {
      const first = await analytics.firstDay(scope);
      from = Math.min(to, ...[first, firstPossibleDay].filter((d): d is number => d !== null));
    } else {
      from = to - Number(period) + 1;
    }
    const length = to - from + 1;
    // One read of the days covers the period and the one before it (none before all time).
    const [rows, boosts, hosts, ranked] = await Promise.all([
      analytics.days(scope, period === 'all' ? from : from - length, to),
      analytics.boosts(scope),
      analytics.referrers(scope, from, to),
      topArticles(scope, from, to),
    ]);

    const byDay = new Map(rows.filter((r) => r.day >= from).map((r) => [r.day, r]));
    const before = rows.filter((r) => r.day < from);
    const previousTotals =
      period === 'all'
        ? null
        : before.reduce(
            (sum, r) => ({
              views: sum.views + r.views,
              signed_in_views: sum.signed_in_views + r.signed_in_views,
              likes: sum.likes + r.likes,
              dislikes: sum.dislikes + r.dislikes,
              comments: sum.comments + r.comments,
              subscribed: sum.subscribed + r.subscribed,
              unsubscribed: sum.unsubscribed + r.unsubscribed,
            }),
            { views: 0, signed_in_views: 0, likes: 0, dislikes: 0, comments: 0, subscribed: 0, unsubscribed: 0 },
          );
    const referred = hosts.reduce((sum, h) => sum + h.views, 0);
    const referrers = hosts.slice(0, REFERRERS);
    const days: AnalyticsDay[] = [];
    const totals: AnalyticsTotals = { views: 0, signedInViews: 0, likes: 0, dislikes: 0, comments: 0, subscribed: 0, unsubscribed: 0 };
    for (let day = from; day <= to; day++) {
      const row = byDay.get(day);
      const figures = row ? toDay(row) : { views: 0, signedInViews: 0, likes: 0, dislikes: 0, comments: 0, subscribed: 0, unsubscribed: 0 };
      days.push({ date: dateOfDay(day), ...figures });
      for (const key of Object.keys(totals) as (keyof AnalyticsTotals)[]) totals[key] += figures[key];
    }
    const previous = previousTotals ? toDay(previousTotals) : null;
    const change = Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, previous ? percentChange(totals[m], previous[m]) : null])) as ChannelAnalytics['change'];

    // Each listed article's title, and its figure per day of the period for its sparkline.
    const listed = [...new Set(ranked.flat().map((a) => a.id))];
    const [titles, articleDays] = await Promise.all([analytics.titles(listed), analytics.articleDays(listed, from, to)]);
    const titleOf = new Map(titles.map((t) => [t.id, t]));
    const series = (id: number, metric: TopMetric) => {
      const values = new Array<number>(length).fill(0);
      for (const d of articleDays) {
        if (d.article_id !== id) continue;
        values[d.day - from] = metric === 'views' ? d.views : metric === 'reactions' ? d.likes + d.dislikes : d.comments;
      }
      return trendOf(values);
    };
    const [byViews, byReactions, byComments] = ranked.map((list, i) =>
      list.flatMap((a): TopArticle[] => {
        const article = titleOf.get(a.id);
        const metric = metrics[i]!;
        // An article deleted between the two reads is left out.
        return article ? [{ ...article, value: a.value, trend: series(a.id, metric) }] : [];
      }),
    );

    return {
      period,
      from: dateOfDay(from),
      to: dateOfDay(to),
      days,
      totals,
      previous,
      change,
      topArticles: { views: byViews!, reactions: byReactions!, comments: byComments! },
      referrers,
      direct: Math.max(0, totals.views - referred),
      readers: { signedIn: totals.signedInViews, anonymous: totals.views - totals.signedInViews },
      boosts,
    };
  }

  return {
    /** A channel's analytics: its owner's and admins' only (401 before this, 403 for anyone else). */
    async channel(channelId: number, viewer: SessionUser, period: AnalyticsPeriod): Promise<ChannelAnalytics> {
      const channel = await channels.findById(channelId, viewer.id);
      if (!channel) throw notFound(CHANNEL_MESSAGES.notFound);
      if (channel.user_id !== viewer.id && !viewer.isAdmin) throw forbidden(CHANNEL_MESSAGES.noPermission);
      const result = await report(channelId, period, utcDay(Number(channel.created_at)));
      return { channel: { id: channel.id, name: channel.name }, ...result };
    },

    /** The whole site's analytics (admins; the route checks the role). */
    async site(period: AnalyticsPeriod): Promise<ChannelAnalytics> {
      return { channel: null, ...(await report(null, period, null)) };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
