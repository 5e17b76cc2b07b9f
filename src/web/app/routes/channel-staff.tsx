import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ChannelRole } from '@contract/staff-rules';
import type { StaffMember } from '@contract/staff';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { ApiError } from '@/lib/api-client';
import { queryClientOf } from '@/lib/router-context';
import { useAuth } from '@/features/auth/components/auth-provider';
import { channelQueryOptions, useChannel } from '@/features/channels/api/channels';
import { channelIdFromParam } from '@/features/channels/lib/route-params';
import { channelLogQueryOptions, channelStaffQueryOptions } from '@/features/staff/api/staff-queries';
import { StaffPageView } from '@/features/staff/components/staff-page';
import { NotFound } from '../layout/not-found';
import { signedIn } from '../route-guards';

/** The viewer's place in the channel, read from its staff list; null for an admin, who is not on it. */
function roleIn(staff: StaffMember[] | undefined, userId: number): ChannelRole | null {
  return staff?.find((member) => member.user.id === userId && member.status === 'active')?.role ?? null;
}

/**
 * The channel's staff, rendered on the server with the list (and the log for those who may read
 * it). The list answers first: anyone outside the channel (or a missing channel) gets the API's
 * refusal there, and the page is the not-found page, asking for nothing else.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await signedIn(args);
  const id = channelIdFromParam(args.params.id);
  if (id === null) return data({ refused: true }, { status: 404 });
  const queryClient = queryClientOf(args.context);
  let staff: StaffMember[];
  try {
    staff = await queryClient.ensureQueryData(channelStaffQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({ refused: true }, { status: 404 });
    throw error;
  }
  await Promise.all([
    queryClient.ensureQueryData(channelQueryOptions(id)),
    roleIn(staff, user.id) === 'writer' ? null : queryClient.prefetchInfiniteQuery(channelLogQueryOptions(id)),
  ]);
  return { refused: false };
}

/** /channels/{id}/staff (docs/product.md#newsroom): the owner's, the staff's and admins'; private, never cached. */
export default function ChannelStaffPage() {
  const { id } = useParams();
  const channelId = channelIdFromParam(id);
  const { refused } = useLoaderData<typeof loader>();
  const { user } = useAuth();
  const allowed = !refused && channelId !== null && user !== null;
  const channel = useChannel(allowed ? channelId : null);
  const staff = useQuery({ ...channelStaffQueryOptions(channelId ?? 0), enabled: allowed });
  if (!allowed) return <NotFound />;
  return (
    <>
      <DocumentTitle title={pageTitle(channel.data ? `Staff · ${channel.data.name}` : 'Staff')} />
      <StaffPageView channelId={channelId} channelName={channel.data?.name ?? null} viewerId={user.id} role={roleIn(staff.data, user.id)} />
    </>
  );
}
