import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InviteStaff, StaffInvitationCreated, StaffRole } from '@contract/staff';
import { apiRequest } from '@/lib/api-client';
import { channelLogUrl, channelStaffUrl, INVITATIONS_URL, STAFF_CHANNELS_URL } from './staff-queries';

/**
 * The newsroom's writes (docs/product.md#newsroom). Each refreshes what it changes, by the URLs the
 * reads are keyed by: the channel's staff list and log, and where someone joins or leaves a
 * channel, the reader's invitations and the channels of the header's menus.
 */

/** The reader's own channels (GET /api/user/channels): the menus list them before staff channels. */
const OWN_CHANNELS_URL = '/api/user/channels';

function refreshChannelStaff(queryClient: QueryClient, channelId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [channelStaffUrl(channelId)] }),
    queryClient.invalidateQueries({ queryKey: [channelLogUrl(channelId)] }),
  ]);
}

function refreshMembership(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [INVITATIONS_URL] }),
    queryClient.invalidateQueries({ queryKey: [STAFF_CHANNELS_URL] }),
    queryClient.invalidateQueries({ queryKey: [OWN_CHANNELS_URL] }),
  ]);
}

/** POST /api/channels/{id}/staff (the owner): an invitation, pending until the invitee answers. */
export function useInviteStaff(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: InviteStaff) => apiRequest<StaffInvitationCreated>('POST', channelStaffUrl(channelId), invite),
    onSuccess: () => refreshChannelStaff(queryClient, channelId),
  });
}

/** PATCH /api/channels/{id}/staff/{userId} (the owner): editor or writer. */
export function useChangeStaffRole(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: StaffRole }) => apiRequest<unknown>('PATCH', `${channelStaffUrl(channelId)}/${userId}`, { role }),
    onSuccess: () => refreshChannelStaff(queryClient, channelId),
  });
}

/** DELETE /api/channels/{id}/staff/{userId} (the owner): removes a member or cancels an invitation. */
export function useRemoveStaff(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<void>('DELETE', `${channelStaffUrl(channelId)}/${userId}`),
    onSuccess: () => refreshChannelStaff(queryClient, channelId),
  });
}

/** DELETE /api/channels/{id}/staff/{own id}: a staff member leaves; the channel leaves their menus. */
export function useLeaveChannel(channelId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `${channelStaffUrl(channelId)}/${userId}`),
    onSuccess: async () => {
      // Their copy of the staff list is no longer theirs to see.
      queryClient.removeQueries({ queryKey: [channelStaffUrl(channelId)] });
      queryClient.removeQueries({ queryKey: [channelLogUrl(channelId)] });
      await refreshMembership(queryClient);
    },
  });
}

/** POST /api/invitations/{id}/accept: the channel joins the reader's menus at once. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => apiRequest<unknown>('POST', `${INVITATIONS_URL}/${invitationId}/accept`),
    onSuccess: () => refreshMembership(queryClient),
  });
}

/** POST /api/invitations/{id}/decline. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => apiRequest<unknown>('POST', `${INVITATIONS_URL}/${invitationId}/decline`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [INVITATIONS_URL] }),
  });
}
