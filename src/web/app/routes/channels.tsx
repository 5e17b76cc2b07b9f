import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ExploreChannels } from '@/features/channels/components/explore-channels';
import type { LoaderFunctionArgs } from 'react-router';
import { channelsQueryOptions } from '@/features/channels/api/channels';
import { DEFAULT_EXPLORE_FILTERS } from '@/features/channels/lib/explore-filters';
import { queryClientOf } from '@/lib/router-context';
import type { PageHead } from '../router';

/** /channels: Explore Channels (docs/product.md#channels); open to everyone, Create Channel for signed-in users. */
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
export async function loader({ context }: LoaderFunctionArgs) {
  const { sort, direction } = DEFAULT_EXPLORE_FILTERS;
  await queryClientOf(context).ensureInfiniteQueryData(channelsQueryOptions({ sort, direction, excludeOwn: true }));
  return null;
}

export const head: PageHead = ({ publicUrl }) => <link rel="canonical" href={`${publicUrl}/channels`} />;
