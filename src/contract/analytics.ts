import { z } from 'zod';

/**
 * Channel analytics (docs/product.md#analytics): per-UTC-day figures of a channel (or, for
 * admins, the whole site) over a period, compared with the period before.
 */

export const ANALYTICS_PERIODS = ['7', '30', '90', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  all: 'All time',
};

export const AnalyticsQuerySchema = z
  // No schema id: the OpenAPI document inlines query strings.
  .object({ period: z.enum(ANALYTICS_PERIODS, { error: 'period must be one of 7, 30, 90 or all' }).default('30') });

/** The longest referrer host kept (a DNS name is at most 253 characters, plus a port). */
export const REFERRER_HOST_MAX = 260;

/**
 * The view call's optional body (docs/product.md#views): the host of `document.referrer`. A full URL
 * is accepted too and cut down to its host on the server; nothing else of it is kept.
 */
export const ViewRequestSchema = z
  .object({ referrer: z.string().max(2048, 'referrer must be at most 2048 characters').nullish() })
  .nullish()
  .meta({ id: 'ViewRequest' });
export type ViewRequest = z.input<typeof ViewRequestSchema>;

/** The figures of one UTC day. Anonymous views are views minus signedInViews. */
export const AnalyticsDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
  views: z.number().int(),
  signedInViews: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  comments: z.number().int(),
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const ANALYTICS_METRICS = ['views', 'likes', 'dislikes', 'comments', 'subscribed', 'unsubscribed'] as const;

export const AnalyticsTotalsSchema = AnalyticsDaySchema.omit({ date: true });
export type AnalyticsTotals = z.infer<typeof AnalyticsTotalsSchema>;

export const TopArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The figure the list is sorted by, over the period. */
  value: z.number().int(),
  /** The same figure over the period in at most 30 equal steps, oldest first (a sparkline). */
  trend: z.array(z.number().int()),
});
export type TopArticle = z.infer<typeof TopArticleSchema>;

const PercentChangeSchema = z.number().nullable();

export const ChannelAnalyticsSchema = z
  .object({
    /** The channel, or null for the whole site (admins). */
    channel: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    period: z.enum(ANALYTICS_PERIODS),
    /** First and last day of the period, YYYY-MM-DD (UTC), both included. */
    from: z.string(),
    to: z.string(),
    /** Every day of the period, oldest first, days without activity included. */
    days: z.array(AnalyticsDaySchema),
    totals: AnalyticsTotalsSchema,
    /** The same length of time just before; null for all time. */
    previous: AnalyticsTotalsSchema.nullable(),
    /**
     * Per figure of ANALYTICS_METRICS, the change against the previous period in percent; null when
     * there is none to compare with. Named fields rather than a record, so a client generated from
     * the OpenAPI document knows each one is there.
     */
    change: z.object({
      views: PercentChangeSchema,
      likes: PercentChangeSchema,
      dislikes: PercentChangeSchema,
      comments: PercentChangeSchema,
      subscribed: PercentChangeSchema,
      unsubscribed: PercentChangeSchema,
    }),
    topArticles: z.object({
      views: z.array(TopArticleSchema),
      reactions: z.array(TopArticleSchema),
      comments: z.array(TopArticleSchema),
    }),
    /** Counted views by referring host, most first (at most 10); views without a referrer are `direct`. */
    referrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
    direct: z.number().int(),
    readers: z.object({ signedIn: z.number().int(), anonymous: z.number().int() }),
    /** Admin-set boosts now in the displayed totals; never part of the figures above. */
    boosts: z.object({ views: z.number().int(), likes: z.number().int(), dislikes: z.number().int(), subscribers: z.number().int() }),
  })
  .meta({ id: 'ChannelAnalytics' });
export type ChannelAnalytics = z.infer<typeof ChannelAnalyticsSchema>;

/** The CSV export's header row; one row per UTC day of the period follows. */
export const ANALYTICS_CSV_HEADER = ['date', 'views', 'signed_in_views', 'anonymous_views', 'likes', 'dislikes', 'comments', 'subscribers_gained', 'subscribers_lost'] as const;

export function analyticsCsv(days: readonly AnalyticsDay[]): string {
  const rows = days.map((d) =>
    [d.date, d.views, d.signedInViews, d.views - d.signedInViews, d.likes, d.dislikes, d.comments, d.subscribed, d.unsubscribed].join(','),
  );
  return [ANALYTICS_CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}

/** The change from `before` to `now` in percent, rounded to one decimal; null when before is 0. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** Cuts a referrer down to its host (lower case, no credentials, path or query); null when it has none. */
export function referrerHost(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).host.toLowerCase();
  } catch {
    return null;
  }
  if (!host || host.length > REFERRER_HOST_MAX || !/^[a-z0-9.\-[\]:]+$/.test(host)) return null;
  return host;
}
