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
  const change = useMutation({
    mutationFn: (email: string) => apiRequest<EmailSettings>('PUT', '/api/user/email', { email }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey, settings),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<EmailSettings>('DELETE', '/api/user/email'),
    onSuccess: refresh,
  });
  const setNotify = useMutation({
    mutationFn: ({ channelId, notify }: { channelId: number; notify: NotifyChoice }) =>
      apiRequest('PUT', `/api/channels/${channelId}/notifications`, { notify }),
    onSuccess: refresh,
  });
  return { change, remove, setNotify };
}
