import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Channel } from '@contract/channels';
import { paths } from '@contract/paths';
import { ActivityPubLink, FeedLinks } from '@/components/feed-links';
import { SITE_NAME } from '@/lib/site';
import { channelTableQueryOptions } from '@/features/articles/api/articles';
import { channelQueryOptions } from '@/features/channels/api/channels';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { ChannelArticles } from '@/features/articles/components/channel-articles';
import { INITIAL_TABLE_SORT } from '@/features/articles/lib/table-sort';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ChannelDetail } from '@/features/channels/components/channel-detail';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import { queryClientOf } from '@/lib/router-context';
import { staffChannelsQueryOptions, useStaffChannels } from '@/features/staff/api/staff-queries';
import type { PageHead } from '../router';

/** /channels/{id} and /channels/{slug}/{id}: the channel page (docs/product.md#channels; login required). */
export default function ChannelPage() {
  const { id } = useParams();
  const { user, isLoading } = useAuth();
  const channelId = channelIdFromParam(id);
  // The channels the reader is staff of come with every signed-in page (the root loader); staff get
  // the Drafts tab and the review queue as the owner does.
  const staffChannels = useStaffChannels(user !== null);
  const staffRole = staffChannels.data?.find((channel) => channel.id === channelId)?.role ?? null;
  return (
    <ChannelDetail
      channelId={channelId}
      currentUserId={user?.id ?? null}
      authLoading={isLoading}
      staffRole={staffRole}
      articlesSection={({ channelId, isOwner }) => <ChannelArticles channelId={channelId} isOwner={isOwner} role={isOwner ? 'owner' : staffRole} />}
    />
  );
}

/**
 * The channel and the first page of its published articles, for signed-in readers (signed-out
 * visitors get a sign-in dialog and no content, docs/product.md#channels). A missing channel answers 404.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const queryClient = queryClientOf(context);
  const id = channelIdFromParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!user) return null;
  const [channel] = await Promise.all([
    queryClient.ensureQueryData(channelQueryOptions(id)),
    // The Published table's first page, as the page's table holds it.
    queryClient.prefetchInfiniteQuery(channelTableQueryOptions(id, 'published', INITIAL_TABLE_SORT)),
    // Whether the reader is on the channel's staff (its Drafts tab), rendered with the page.
    queryClient.prefetchQuery(staffChannelsQueryOptions()),
  ]);
  // The page itself says 'Channel not found' (docs/product.md#channels), with the status a missing page has.
  return channel ? null : data(null, { status: 404 });
}

/** The channel's own feeds, for readers' feed apps. */
export const head: PageHead = ({ params, queryClient }) => {
  const id = channelIdFromParam(params.id);
  if (id === null) return null;
  const channel = queryClient.getQueryData<Channel | null>(channelQueryOptions(id).queryKey);
  return (
    <>
      <FeedLinks title={channel ? `${channel.name} · ${SITE_NAME}` : SITE_NAME} feeds={paths.channelFeeds(id)} />
      <ActivityPubLink href={paths.channel(id)} />
    </>
  );
};
