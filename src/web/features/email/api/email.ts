import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, NotificationSettings, NotifyChoice } from '@contract/email';
import { apiRequest } from '@/lib/api-client';

export const emailSettingsKey = ['/api/user/email'] as const;
export const notificationSettingsKey = ['/api/user/notifications'] as const;

/** The signed-in user's own address (the API shows it to nobody else). */
export function useEmailSettings() {
  return useQuery({ queryKey: emailSettingsKey, queryFn: () => apiRequest<EmailSettings>('GET', emailSettingsKey[0]) });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: () => apiRequest<NotificationSettings>('GET', notificationSettingsKey[0]) });
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
