import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ExploreChannels } from '@/features/channels/components/explore-channels';

/** /channels: Explore Channels (spec 2 section 2); open to everyone, Create Channel for signed-in users. */
export default function ChannelsPage() {
  const { user } = useAuth();
  return (
    <>
      <title>{pageTitle('Explore Channels')}</title>
      <ExploreChannels currentUserId={user?.id ?? null} />
    </>
  );
}
