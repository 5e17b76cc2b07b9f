import { useParams } from 'react-router';
import { pageTitle } from '@/lib/site';
import { ChannelSubscribers } from '@/features/channels/components/channel-subscribers';
import { channelIdFromParam } from '@/features/channels/lib/route-params';

/** /channels/{id}/subscribers: Manage subscribers (protected in the router; spec 2 section 2). */
export default function ChannelSubscribersPage() {
  const { id } = useParams();
  return (
    <>
      <title>{pageTitle('Subscribers')}</title>
      <ChannelSubscribers channelId={channelIdFromParam(id)} />
    </>
  );
}
