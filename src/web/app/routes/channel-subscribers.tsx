import { useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { ChannelSubscribers } from '@/features/channels/components/channel-subscribers';
import { channelIdFromParam } from '@/features/channels/lib/route-params';

/** /channels/{id}/subscribers: Manage subscribers (protected in the router; spec 2 section 2). */
export default function ChannelSubscribersPage() {
  const { id } = useParams();
  return (
    <>
      <DocumentTitle title={pageTitle('Subscribers')} />
      <ChannelSubscribers channelId={channelIdFromParam(id)} />
    </>
  );
}
