import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, NotificationSettings, NotifyChoice } from '@contract/email';
import { apiRequest } from '@/lib/api-client';
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
  return { change, remove, setNotify };
}
