import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ApiError } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { pageTitle } from '@/lib/site';
import { subscribersQueryOptions } from '@/features/channels/api/subscriptions';
import { ChannelSubscribers } from '@/features/channels/components/channel-subscribers';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import { signedIn } from '../route-guards';

/**
 * The channel's subscribers, for its owner. A stranger's or a missing channel's list is refused;
 * the page says so in the product's words, with the refusal's status.
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedIn(args);
  const id = channelIdFromParam(args.params.id);
  if (id === null) return data({ refused: 404 }, { status: 404 });
  try {
    await queryClientOf(args.context).ensureQueryData(subscribersQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({ refused: error.status }, { status: error.status });
    throw error;
  }
  return { refused: null };
}

/** /channels/{id}/subscribers: Manage subscribers (docs/product.md#channels; signed-in readers). */
export default function ChannelSubscribersPage() {
  const { id } = useParams();
  const { refused } = useLoaderData<typeof loader>();
  return (
    <>
      <DocumentTitle title={pageTitle('Subscribers')} />
      <ChannelSubscribers channelId={channelIdFromParam(id)} refused={refused} />
    </>
  );
}
