import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelLogPage, Invitation, Queue, StaffChannel, StaffMember } from '@contract/staff';
import { ApiError, apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { fromSource } from '@/lib/server-data';

/**
 * The newsroom's reads (docs/product.md#newsroom). Each key is its API URL, so the server's render and
 * the browser keep the same data under the same key, and a write invalidates by URL.
 */
export const STAFF_CHANNELS_URL = '/api/user/staff-channels';
export const INVITATIONS_URL = '/api/invitations';
export const channelStaffUrl = (channelId: number) => `/api/channels/${channelId}/staff`;
export const channelQueueUrl = (channelId: number) => `/api/channels/${channelId}/queue`;
export const CHANNEL_LOG_PAGE_SIZE = 20;
export const channelLogUrl = (channelId: number) => `/api/channels/${channelId}/log?limit=${CHANNEL_LOG_PAGE_SIZE}`;

const FINAL_STATUSES = new Set([400, 401, 403, 404]);
const retry = (failures: number, error: Error) => failures < 2 && !(error instanceof ApiError && FINAL_STATUSES.has(error.status));

function foundOr404<T>(value: T | null): T {
  if (value === null) throw new ApiError(404, 'Channel not found');
  return value;
}

/** Channels the signed-in reader is staff of (not owner), with their role: the header's menu lists them after their own. */
export const staffChannelsQueryOptions = () =>
  queryOptions({
    queryKey: [STAFF_CHANNELS_URL],
    queryFn: fromSource(
      (source) => source.staffChannels(),
      (signal) => apiRequest<StaffChannel[]>('GET', STAFF_CHANNELS_URL, undefined, { signal }),
    ),
  });

export function useStaffChannels(enabled: boolean) {
  return useQuery({ ...staffChannelsQueryOptions(), enabled });
}

/** The signed-in reader's pending invitations: the user menu's badge and the profile's card. */
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: [INVITATIONS_URL],
    queryFn: fromSource(
      (source) => source.invitations(),
      (signal) => apiRequest<Invitation[]>('GET', INVITATIONS_URL, undefined, { signal }),
    ),
  });

export function useInvitations(enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(), enabled });
}

/** The channel's owner, staff and pending invitations; 404 for anyone outside it. */
export const channelStaffQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: [channelStaffUrl(channelId)],
    queryFn: fromSource(
      async (source) => foundOr404(await source.channelStaff(channelId)),
      (signal) => apiRequest<StaffMember[]>('GET', channelStaffUrl(channelId), undefined, { signal }),
    ),
    retry,
  });

/** Articles in review and scheduled ones; 404 for anyone outside the channel's staff. */
export const channelQueueQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: [channelQueueUrl(channelId)],
    queryFn: fromSource(
      async (source) => foundOr404(await source.channelQueue(channelId)),
      (signal) => apiRequest<Queue>('GET', channelQueueUrl(channelId), undefined, { signal }),
    ),
    retry,
  });

/** The channel log, newest first, a page at a time (owner, editors and admins). */
export const channelLogQueryOptions = (channelId: number) => ({
  ...cursorPages<ChannelLogPage>(channelLogUrl(channelId), null, async (source, query) => {
    const page = await source.channelLog(channelId, query);
    if (page === null) throw new ApiError(403, 'Not allowed');
    return page;
  }),
  retry,
});
