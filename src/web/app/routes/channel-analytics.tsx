import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { ApiError } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { channelAnalyticsQueryOptions } from '@/features/analytics/api/analytics';
import { ChannelAnalyticsView } from '@/features/analytics/components/channel-analytics';
import { periodFromParam } from '@/features/analytics/components/analytics-report';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import { signedIn } from '../route-guards';

/**
 * The owner's figures for the period in the address, rendered on the server (the totals, the
 * tables behind each chart, the top articles); the charts draw in the browser. A stranger's or a
 * missing channel's figures are refused; the page shows the product's permission message.
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedIn(args);
  const id = channelIdFromParam(args.params.id);
  if (id === null) return data({ refused: 404 }, { status: 404 });
  const period = periodFromParam(new URL(args.request.url).searchParams.get('period'));
  try {
    await queryClientOf(args.context).ensureQueryData(channelAnalyticsQueryOptions(id, period));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({ refused: error.status }, { status: error.status });
    throw error;
  }
  return { refused: null };
}

/**
 * /channels/{id}/analytics (docs/product.md#analytics). Signed-in readers only (others go to
 * sign-in); the API answers a stranger 403, shown as the product's permission message.
 * Its own chunk: no other page loads the charts.
 */
export default function ChannelAnalyticsPage() {
  const { id } = useParams();
  const { refused } = useLoaderData<typeof loader>();
  return (
    <>
      <DocumentTitle title={pageTitle('Channel Analytics')} />
      <ChannelAnalyticsView channelId={channelIdFromParam(id)} refused={refused} />
    </>
  );
}
