import { useRef } from 'react';
import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { canPublishIn, STAFF_MESSAGES } from '@contract/staff-rules';
import { ChannelPage } from '@/components/channel-page';
import { Spinner } from '@/components/ui/spinner';
import { DocumentTitle } from '@/components/document-title';
import { ApiError, errorMessage } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { queryClientOf } from '@/lib/router-context';
import { useAuth } from '@/features/auth/components/auth-provider';
import { channelQueryOptions, useChannel } from '@/features/channels/api/channels';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import { ReviewQueue } from '@/features/workflow/components/review-queue';
import { roleInChannel } from '@/features/workflow/lib/workflow';
import { channelQueueQueryOptions, staffChannelsQueryOptions, useStaffChannels } from '@/features/staff/api/staff-queries';
import { NotFound } from '../layout/not-found';
import { signedIn } from '../route-guards';

/**
 * The review queue, rendered on the server. The queue answers first: anyone outside the channel's
 * staff (or a missing channel) gets the API's refusal there, and the page is the not-found page,
 * saying nothing of the channel's unpublished work.
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedIn(args);
  const id = channelIdFromParam(args.params.id);
  if (id === null) return data({ refused: true }, { status: 404 });
  const queryClient = queryClientOf(args.context);
  try {
    await queryClient.ensureQueryData(channelQueueQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({ refused: true }, { status: 404 });
    throw error;
  }
  await Promise.all([queryClient.prefetchQuery(channelQueryOptions(id)), queryClient.prefetchQuery(staffChannelsQueryOptions())]);
  return { refused: false };
}

/** /channels/{id}/queue (docs/product.md#newsroom): the channel's owner and staff; private, never cached. */
export default function ChannelQueuePage() {
  const { refused } = useLoaderData<typeof loader>();
  const channelId = channelIdFromParam(useParams().id);
  const { user } = useAuth();
  const channel = useChannel(refused ? null : channelId);
  const staffChannels = useStaffChannels(!refused && user !== null);
  const queue = useQuery({ ...channelQueueQueryOptions(channelId ?? 0), enabled: !refused && channelId !== null });
  const headingRef = useRef<HTMLHeadingElement>(null);
  if (refused || channelId === null) return <NotFound />;

  const own = channel.data && user && channel.data.userId === user.id ? [{ id: channel.data.id }] : [];
  const role = roleInChannel(channelId, own, staffChannels.data ?? []);
  const name = channel.data?.name ?? null;

  return (
    <ChannelPage
      channelId={channelId}
      title="Review queue"
      channelName={name}
      headingRef={headingRef}
      intro={
        <p className="mt-3 text-sm text-muted-foreground">
          {canPublishIn(role)
            ? 'Articles writers submitted, and the ones scheduled to go out. Approve publishes now (or at the time set); Request changes sends it back with your note.'
            : `Articles waiting for an editor, and the ones scheduled to go out. You are a ${STAFF_MESSAGES.roleLabels[role ?? 'writer'].toLowerCase()} here: editors and the owner review them.`}
        </p>
      }
    >
      <DocumentTitle title={pageTitle(name ? `Review queue · ${name}` : 'Review queue')} />
      {queue.data ? (
        <ReviewQueue items={queue.data} canReview={canPublishIn(role)} headingRef={headingRef} />
      ) : queue.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(queue.error, 'Failed to load the queue')}
        </p>
      ) : (
        <Spinner label="Loading the queue" className="py-6" />
      )}
    </ChannelPage>
  );
}
