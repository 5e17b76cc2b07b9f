import { useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { AnalyticsPeriod } from '@contract/analytics';
import { CHANNEL_MESSAGES } from '@contract/channel-rules';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { channelAnalyticsCsvUrl, siteAnalyticsCsvUrl, useChannelAnalytics, useSiteAnalytics } from '../api/analytics';
import { AnalyticsReport, periodFromParam } from './analytics-report';

/** The chosen period lives in the URL (?period=90), so a reload or a shared link keeps it. */
function usePeriod(): [AnalyticsPeriod, (period: AnalyticsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = periodFromParam(params.get('period'));
  const choose = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === '30') updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [period, choose];
}

function Notice({ children }: { children: string }) {
  return <p className="py-10 text-center text-muted-foreground">{children}</p>;
}

/**
 * Channel Analytics (docs/product.md#analytics): the channel owner's and admins' figures.
 * `refused` is the refusal the page's loader met (a stranger, no such channel): it is shown as is,
 * on the server and in the browser alike, and nothing is asked again.
 */
export function ChannelAnalyticsView({ channelId, refused = null }: { channelId: number | null; refused?: number | null }) {
  const navigate = useNavigate();
  const [period, setPeriod] = usePeriod();
  const query = useChannelAnalytics(refused === null ? channelId : null, period);
  const status = refused ?? (query.error instanceof ApiError ? query.error.status : null);

  let body;
  if (channelId === null || status === 404) body = <Notice>{CHANNEL_MESSAGES.notFound}</Notice>;
  else if (status === 403) body = <Notice>{CHANNEL_MESSAGES.noPermission}</Notice>;
  else if (query.isError && !query.data) body = <Notice>Unable to load analytics. Please try again later.</Notice>;
  else if (!query.data)
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading analytics" />
      </div>
    );
  else
    body = (
      <AnalyticsReport
        data={query.data}
        period={period}
        onPeriodChange={setPeriod}
        csvUrl={channelAnalyticsCsvUrl(channelId, period)}
        updating={query.isPlaceholderData}
      />
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <Button
        variant="ghost"
        size="icon"
        title="Return to Channel Profile"
        aria-label="Return to Channel Profile"
        onClick={() => void navigate(channelId === null ? paths.channels : paths.channel(channelId))}
      >
        <ArrowLeftIcon aria-hidden="true" />
      </Button>
      <header className="mt-4 mb-6 border-b pb-4">
        <h1 className="font-serif text-4xl font-bold tracking-tight">Channel Analytics</h1>
        {query.data?.channel && <p className="mt-1 text-lg text-muted-foreground">{query.data.channel.name}</p>}
      </header>
      {body}
    </div>
  );
}

/** The same for the whole site, on the admin page (the admin route guards it; the API checks again). */
export function SiteAnalytics() {
  const [period, setPeriod] = usePeriod();
  const query = useSiteAnalytics(period);
  return (
    <section aria-labelledby="site-analytics" className="grid gap-4">
      <h2 id="site-analytics" className="font-serif text-2xl font-semibold">
        Site Analytics
      </h2>
      {query.data ? (
        <AnalyticsReport data={query.data} period={period} onPeriodChange={setPeriod} csvUrl={siteAnalyticsCsvUrl(period)} updating={query.isPlaceholderData} />
      ) : query.isError ? (
        <Notice>Unable to load analytics. Please try again later.</Notice>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading analytics" />
        </div>
      )}
    </section>
  );
}
