import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { ApiError } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { channelQueryOptions, useChannel } from '@/features/channels/api/channels';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import {
  channelBansQueryOptions,
  channelModerationQueryOptions,
  heldCommentsQueryOptions,
  moderationLogQueryOptions,
  reportQueueQueryOptions,
} from '@/features/moderation/api/moderation';
import { ChannelModerationView } from '@/features/moderation/components/moderation-page';
import { useAuth } from '@/features/auth/components/auth-provider';
import { signedIn } from '../route-guards';

/**
 * The channel's moderation, rendered on the server with every section's first page. The settings
 * answer first: a stranger (or a missing channel) gets the API's 404 there, and the page shows the
 * refusal without asking for anything else.
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedIn(args);
  const id = channelIdFromParam(args.params.id);
  if (id === null) return data({ refused: 404 }, { status: 404 });
  const queryClient = queryClientOf(args.context);
  try {
    await queryClient.ensureQueryData(channelModerationQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({ refused: error.status }, { status: error.status });
    throw error;
  }
  await Promise.all([
    queryClient.ensureQueryData(channelQueryOptions(id)),
    queryClient.prefetchInfiniteQuery(reportQueueQueryOptions(id)),
    queryClient.prefetchInfiniteQuery(heldCommentsQueryOptions(id)),
    queryClient.prefetchInfiniteQuery(moderationLogQueryOptions(id)),
    queryClient.prefetchQuery(channelBansQueryOptions(id)),
  ]);
  return { refused: null };
}

/** /channels/{id}/moderation (docs/product.md#moderation): the owner's and admins'; private, never cached. */
export default function ChannelModerationPage() {
  const { id } = useParams();
  const channelId = channelIdFromParam(id);
  const { refused } = useLoaderData<typeof loader>();
  const channel = useChannel(refused === null ? channelId : null);
  const { user } = useAuth();
  return (
    <>
      <DocumentTitle title={pageTitle(channel.data ? `Moderation · ${channel.data.name}` : 'Moderation')} />
      <ChannelModerationView channelId={channelId} channelName={channel.data?.name ?? null} refused={refused} viewerId={user?.id ?? null} />
    </>
  );
}
