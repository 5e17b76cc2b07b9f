import { useParams } from 'react-router';
import type { Channel } from '@contract/channels';
import { SITE_NAME } from '@/lib/site';
import { articlesKeys, channelTableQuery } from '@/features/articles/api/articles';
import { channelsKeys } from '@/features/channels/api/channels';
import { ChannelArticles } from '@/features/articles/components/channel-articles';
import { INITIAL_TABLE_SORT } from '@/features/articles/lib/table-sort';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ChannelDetail } from '@/features/channels/components/channel-detail';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import type { PageHead, PageLoader } from '../page-data';

/** /channels/{id} and /channels/{slug}/{id}: the channel page (spec 2 section 2; login required). */
export default function ChannelPage() {
  const { id } = useParams();
  const { user, isLoading } = useAuth();
  return (
    <ChannelDetail
      channelId={channelIdFromParam(id)}
      currentUserId={user?.id ?? null}
      authLoading={isLoading}
      articlesSection={({ channelId, isOwner }) => <ChannelArticles channelId={channelId} isOwner={isOwner} />}
    />
  );
}

/**
 * The channel and the first page of its published articles, for signed-in readers (spec 2 shows
 * signed-out visitors a sign-in dialog and no content). A missing channel answers 404.
 */
export const loadPageData: PageLoader = async ({ source, queryClient, params, user }) => {
  const id = channelIdFromParam(params.id);
  if (id === null) return { status: 404 };
  if (!user) return;
  const [channel, firstRows] = await Promise.all([
    source.channel(id),
    source.channelTable(id, channelTableQuery('published', INITIAL_TABLE_SORT)).catch(() => null),
  ]);
  queryClient.setQueryData(channelsKeys.detail(id), channel);
  if (!channel) return { status: 404 };
  // The Published table's first page, as useChannelTable's infinite query holds it.
  if (firstRows) queryClient.setQueryData(articlesKeys.channelTable(id, 'published', INITIAL_TABLE_SORT), { pages: [firstRows], pageParams: [null] });
};

/** The channel's own feed, for readers' feed apps. */
export const pageHead: PageHead = ({ params, queryClient }) => {
  const id = channelIdFromParam(params.id);
  const channel = id === null ? undefined : queryClient.getQueryData<Channel | null>(channelsKeys.detail(id));
  return <link rel="alternate" type="application/rss+xml" title={channel ? `${channel.name} · ${SITE_NAME}` : SITE_NAME} href={`/channels/${id}/rss.xml`} />;
};
