import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ExploreChannels } from '@/features/channels/components/explore-channels';
import { channelsListUrl } from '@/features/channels/api/channels';
import { DEFAULT_EXPLORE_FILTERS } from '@/features/channels/lib/explore-filters';
import { apiQueryOf, type PageHead, type PageLoader } from '../page-data';

/** /channels: Explore Channels (spec 2 section 2); open to everyone, Create Channel for signed-in users. */
export default function ChannelsPage() {
  const { user } = useAuth();
  return (
    <>
      <DocumentTitle title={pageTitle('Explore Channels')} />
      <ExploreChannels currentUserId={user?.id ?? null} />
    </>
  );
}

/** The first page of Explore Channels in its default order. */
export const loadPageData: PageLoader = async ({ source, queryClient }) => {
  const url = channelsListUrl({ sort: DEFAULT_EXPLORE_FILTERS.sort, direction: DEFAULT_EXPLORE_FILTERS.direction, excludeOwn: true });
  queryClient.setQueryData([url], { pages: [await source.channels(apiQueryOf(url))], pageParams: [null] });
};

export const pageHead: PageHead = ({ publicUrl }) => <link rel="canonical" href={`${publicUrl}/channels`} />;
