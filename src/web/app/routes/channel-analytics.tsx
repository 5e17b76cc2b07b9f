import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { ChannelAnalyticsView } from '@/features/analytics/components/channel-analytics';
import { channelIdFromParam } from '@/features/channels/lib/route-params';

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
