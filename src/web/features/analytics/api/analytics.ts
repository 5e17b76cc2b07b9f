import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod, ChannelAnalytics } from '@contract/analytics';
import { ApiError, apiRequest } from '@/lib/api-client';
import { fromSource } from '@/lib/server-data';

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

/**
 * A channel's analytics for a period. On the server a stranger's or a missing channel's figures
 * throw the 403 the API answers a stranger (the page shows the product's permission message).
 */
export const channelAnalyticsQueryOptions = (channelId: number, period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: analyticsKeys.channel(channelId, period),
    queryFn: fromSource(
      async (source) => {
        const report = await source.channelAnalytics(channelId, period);
        if (!report) throw new ApiError(403, 'Not allowed');
        return report;
      },
      (signal) => getChannelAnalytics(channelId, period, signal),
    ),
    staleTime: 60_000,
    retry,
  });

/** A channel's analytics for a period; the last period's figures stay on screen while the next load. */
export function useChannelAnalytics(channelId: number | null, period: AnalyticsPeriod) {
  return useQuery({ ...channelAnalyticsQueryOptions(channelId ?? 0, period), enabled: channelId !== null, placeholderData: keepPreviousData });
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
