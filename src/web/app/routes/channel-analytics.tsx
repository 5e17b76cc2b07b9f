import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { analyticsKeys } from '@/features/analytics/api/analytics';
import { ChannelAnalyticsView } from '@/features/analytics/components/channel-analytics';
import { periodFromParam } from '@/features/analytics/components/analytics-report';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import type { PageLoader } from '../page-data';

/**
 * The owner's figures for the period in the address, rendered on the server (the totals, the
 * tables behind each chart, the top articles); the charts draw in the browser. A stranger's or a
 * missing channel's figures are not loaded: the browser asks the API, which answers the spec's
 * permission message or 'Channel not found'.
 */
export const loadPageData: PageLoader = async ({ source, queryClient, params, url, user }) => {
  const id = channelIdFromParam(params.id);
  if (id === null || !user) return;
  const period = periodFromParam(url.searchParams.get('period'));
  const report = await source.channelAnalytics(id, period);
  if (report) queryClient.setQueryData(analyticsKeys.channel(id, period), report);
};

/**
 * /channels/{id}/analytics (issue 18, DESIGN.md section 5b). Protected in the router (signed-out
 * visitors go to /auth); the API answers a stranger 403, shown as the spec's permission message.
 * Its own chunk: no other page loads the charts.
 */
export default function ChannelAnalyticsPage() {
  const { id } = useParams();
  return (
    <>
      <DocumentTitle title={pageTitle('Channel Analytics')} />
      <ChannelAnalyticsView channelId={channelIdFromParam(id)} />
    </>
  );
}
