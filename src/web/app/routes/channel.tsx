import { useParams } from 'react-router';
import { ChannelArticles } from '@/features/articles/components/channel-articles';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ChannelDetail } from '@/features/channels/components/channel-detail';
import { channelIdFromParam } from '@/features/channels/lib/route-params';

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
