import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, NotificationSettings, NotifyChoice, UnsubscribeInfo, UpdateNotificationSettings } from '@contract/email';
import { ApiError, apiRequest } from '@/lib/api-client';
import { fromSource } from '@/lib/server-data';

export const emailSettingsKey = ['/api/user/email'] as const;
export const notificationSettingsKey = ['/api/user/notifications'] as const;

/** The signed-in user's own address (the API shows it to nobody else). */
export const emailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingsKey,
    queryFn: fromSource(
      (source) => source.emailSettings(),
      (signal) => apiRequest<EmailSettings>('GET', emailSettingsKey[0], undefined, { signal }),
    ),
  });

/** How each subscription's new articles arrive by email. */
export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: fromSource(
      (source) => source.notificationSettings(),
      (signal) => apiRequest<NotificationSettings>('GET', notificationSettingsKey[0], undefined, { signal }),
    ),
  });

export const unsubscribeInfoKey = (token: string) => ['/api/email/unsubscribe', token] as const;
export const unsubscribeUrl = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an unsubscribe link stops; null when the link is not valid (the API's 400). */
export const unsubscribeInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: unsubscribeInfoKey(token),
    queryFn: fromSource(
      (source) => source.unsubscribeInfo(token),
      async (signal) => {
        try {
          return await apiRequest<UnsubscribeInfo>('GET', unsubscribeUrl(token), undefined, { signal });
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) return null;
          throw error;
        }
      },
    ),
    retry: false,
  });

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export function useEmailActions() {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: emailSettingsKey }), queryClient.invalidateQueries({ queryKey: notificationSettingsKey })]);
  // The current password travels only when the account has one (an account without approves by email).
  const change = useMutation({
    mutationFn: ({ email, currentPassword }: { email: string; currentPassword?: string }) =>
      apiRequest<EmailSettings>('PUT', '/api/user/email', { email, ...(currentPassword ? { currentPassword } : {}) }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey, settings),
  });
  const remove = useMutation({
    mutationFn: ({ currentPassword }: { currentPassword?: string }) =>
      apiRequest<EmailSettings>('DELETE', '/api/user/email', currentPassword ? { currentPassword } : undefined),
    onSuccess: refresh,
  });
  const setNotify = useMutation({
    mutationFn: ({ channelId, notify }: { channelId: number; notify: NotifyChoice }) =>
      apiRequest('PUT', `/api/channels/${channelId}/notifications`, { notify }),
    onSuccess: refresh,
  });
  const setReplies = useMutation({
    mutationFn: (settings: UpdateNotificationSettings) => apiRequest<NotificationSettings>('PUT', notificationSettingsKey[0], settings),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey, settings),
  });
  return { change, remove, setNotify, setReplies };
}
