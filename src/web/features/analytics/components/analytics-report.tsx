import { Link } from 'react-router';
import { DownloadIcon } from 'lucide-react';
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type ChannelAnalytics,
  type TopArticle,
} from '@contract/analytics';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SITE_NAME } from '@/lib/site';
import { formatChange, formatDay, formatNumber, share } from '../lib/format';
import { Sparkline } from './sparkline';
import { TimeSeriesChart } from './time-series-chart';

/** Parses ?period= (7, 30, 90 or all), else the default of 30 days. */
export function periodFromParam(value: string | null): AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '') ? (value as AnalyticsPeriod) : '30';
}

const SUMMARY: { key: keyof ChannelAnalytics['totals'] & keyof ChannelAnalytics['change']; label: string }[] = [
  { key: 'views', label: 'Views' },
  { key: 'likes', label: 'Likes' },
  { key: 'dislikes', label: 'Dislikes' },
  { key: 'comments', label: 'Comments' },
  { key: 'subscribed', label: 'New subscribers' },
  { key: 'unsubscribed', label: 'Unsubscribes' },
];

/**
 * The analytics of a channel or of the whole site: the period picker and CSV export, the
 * period's totals against the period before, daily charts, top articles, where readers came from,
 * and the admin boosts apart from all of it.
 */
export function AnalyticsReport({
  data,
  period,
  onPeriodChange,
  csvUrl,
  updating,
}: {
  data: ChannelAnalytics;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
  csvUrl: string;
  updating: boolean;
}) {
  const dates = data.days.map((d) => d.date);
  const previousLabel = period === 'all' ? null : `previous ${period} days`;
  return (
    // One column that may shrink below its content's width (minmax(0, 1fr)), so nothing in it can
    // widen the page on a phone; the four periods sit two by two there.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" aria-busy={updating}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Period" className="grid w-full grid-cols-2 rounded-lg bg-muted p-1 sm:inline-flex sm:w-auto">
          {ANALYTICS_PERIODS.map((p) => (
            <Button
              key={p}
              size="sm"
              variant={p === period ? 'default' : 'ghost'}
              aria-pressed={p === period}
              onClick={() => onPeriodChange(p)}
            >
              {ANALYTICS_PERIOD_LABELS[p]}
            </Button>
          ))}
        </div>
        <div className="flex items-center gap-3">
          {updating && <Spinner label="Updating figures" />}
          <Button asChild variant="outline">
            <a href={csvUrl} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {formatDay(data.from)} to {formatDay(data.to)}, by UTC day{previousLabel ? `, compared with the ${previousLabel}` : ''}.
      </p>

      <section aria-labelledby="analytics-totals">
        <h2 id="analytics-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {SUMMARY.map(({ key, label }) => {
            const change = data.change[key];
            return (
              <div key={key} className="rounded-lg border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="mt-1 font-serif text-3xl font-semibold tabular-nums">{formatNumber(data.totals[key])}</dd>
                <dd className="mt-1 text-xs text-muted-foreground">
                  {previousLabel === null
                    ? 'All time'
                    : change === null
                      ? `None in the ${previousLabel}`
                      : `${formatChange(change)} vs ${previousLabel}`}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      <Card>
        <CardContent className="grid gap-8">
          <TimeSeriesChart
            title="Views per day"
            dates={dates}
            series={[
              { label: 'All views', values: data.days.map((d) => d.views), color: 'var(--chart-1)' },
              { label: 'Signed-in readers', values: data.days.map((d) => d.signedInViews), color: 'var(--chart-2)', dash: '6 4' },
            ]}
          />
          <TimeSeriesChart
            title="Reactions and comments per day"
            dates={dates}
            series={[
              { label: 'Likes', values: data.days.map((d) => d.likes), color: 'var(--chart-3)' },
              { label: 'Dislikes', values: data.days.map((d) => d.dislikes), color: 'var(--chart-2)', dash: '6 4' },
              { label: 'Comments', values: data.days.map((d) => d.comments), color: 'var(--chart-4)', dash: '2 3' },
            ]}
          />
          <TimeSeriesChart
            title="Subscribers gained and lost per day"
            dates={dates}
            series={[
              { label: 'Gained', values: data.days.map((d) => d.subscribed), color: 'var(--chart-3)' },
              { label: 'Lost', values: data.days.map((d) => d.unsubscribed), color: 'var(--chart-2)', dash: '6 4' },
            ]}
          />
        </CardContent>
      </Card>

      <div className="grid gap-4 lg:grid-cols-3">
        <TopList title="Most read" unit="views" articles={data.topArticles.views} />
        <TopList title="Most reactions" unit="reactions" articles={data.topArticles.reactions} />
        <TopList title="Most comments" unit="comments" articles={data.topArticles.comments} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Referrers data={data} />
        <Card>
          <CardHeader>
            <CardTitle>Readers</CardTitle>
            <CardDescription>Views by signed-in readers and by anonymous ones.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Proportion
              parts={[
                { label: 'Signed in', value: data.readers.signedIn, color: 'var(--chart-1)' },
                { label: 'Anonymous', value: data.readers.anonymous, color: 'var(--chart-4)' },
              ]}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Admin adjustments</CardTitle>
          <CardDescription>
            Added by {SITE_NAME} admins to the displayed totals. They are not part of any figure above.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {(
              [
                ['Views', data.boosts.views],
                ['Likes', data.boosts.likes],
                ['Dislikes', data.boosts.dislikes],
                ['Subscribers', data.boosts.subscribers],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value ? `+${formatNumber(value)}` : 'None'}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function TopList({ title, unit, articles }: { title: string; unit: string; articles: TopArticle[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {articles.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {unit} in this period</p>
        ) : (
          <ol className="grid gap-3">
            {articles.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <Link to={paths.article(a.id, a.slug)} className="line-clamp-2 font-medium hover:underline">
                    {a.title}
                  </Link>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatNumber(a.value)} {unit}
                  </p>
                </div>
                <Sparkline values={a.trend} label={`${a.title}, ${unit}`} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Referrers({ data }: { data: ChannelAnalytics }) {
  const ownHost = typeof window === 'undefined' ? '' : window.location.host;
  const rows = [
    ...data.referrers.map((r) => ({ label: r.host === ownHost ? `Links within ${SITE_NAME}` : r.host, views: r.views })),
    ...(data.direct ? [{ label: 'Direct or unknown', views: data.direct }] : []),
  ].sort((a, b) => b.views - a.views);
  const total = data.totals.views;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where readers came from</CardTitle>
        <CardDescription>The referring site of each counted view (its host only).</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No views in this period</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Views by referring site</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">
                  Source
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Views
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label} className="border-t">
                  <th scope="row" className="max-w-0 truncate py-1.5 pr-2 text-left font-normal">
                    {r.label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{formatNumber(r.views)}</td>
                  <td className="py-1.5 text-right tabular-nums">{share(r.views, total)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function Proportion({ parts }: { parts: { label: string; value: number; color: string }[] }) {
  const total = parts.reduce((s, p) => s + p.value, 0);
  return (
    <>
      <div className="flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {total > 0 && parts.map((p) => <div key={p.label} style={{ width: `${(p.value / total) * 100}%`, background: p.color }} />)}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {parts.map((p) => (
          <div key={p.label}>
            <dt className="flex items-center gap-2 text-muted-foreground">
              <span className="inline-block size-2.5 rounded-full" style={{ background: p.color }} aria-hidden="true" />
              {p.label}
            </dt>
            <dd className="font-semibold tabular-nums">
              {share(p.value, total)}% ({formatNumber(p.value)})
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
