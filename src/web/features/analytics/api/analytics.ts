import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod, ChannelAnalytics } from '@contract/analytics';
import { ApiError, apiRequest } from '@/lib/api-client';

/** Refusals and absences that another try will not change. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

export const analyticsKeys = {
  channel: (channelId: number, period: AnalyticsPeriod) => ['analytics', 'channel', channelId, period] as const,
  site: (period: AnalyticsPeriod) => ['analytics', 'site', period] as const,
};

/** Where the CSV export of the same figures is downloaded from. */
export const channelAnalyticsCsvUrl = (channelId: number, period: AnalyticsPeriod) => `/api/channels/${channelId}/analytics.csv?period=${period}`;
export const siteAnalyticsCsvUrl = (period: AnalyticsPeriod) => `/api/admin/analytics.csv?period=${period}`;

export const getChannelAnalytics = (channelId: number, period: AnalyticsPeriod, signal?: AbortSignal) =>
  apiRequest<ChannelAnalytics>('GET', `/api/channels/${channelId}/analytics?period=${period}`, undefined, { signal });
export const getSiteAnalytics = (period: AnalyticsPeriod, signal?: AbortSignal) =>
  apiRequest<ChannelAnalytics>('GET', `/api/admin/analytics?period=${period}`, undefined, { signal });

const retry = (failures: number, error: Error) => failures < 2 && !(error instanceof ApiError && FINAL_STATUSES.has(error.status));

/** A channel's analytics for a period; the last period's figures stay on screen while the next load. */
export function useChannelAnalytics(channelId: number | null, period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.channel(channelId ?? 0, period),
    queryFn: ({ signal }) => getChannelAnalytics(channelId!, period, signal),
    enabled: channelId !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry,
  });
}

export function useSiteAnalytics(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.site(period),
    queryFn: ({ signal }) => getSiteAnalytics(period, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry,
  });
}
