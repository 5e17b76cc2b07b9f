import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUserPage,
  Ban,
  ChannelModeration,
  CreateBan,
  CreateReport,
  HeldCommentPage,
  ModerationCounts,
  ModerationLogPage,
  Report,
  ReportGroupPage,
  ResolveReports,
  SuspendUser,
} from '@contract/moderation';
import { ApiError, apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { invalidateApi } from '@/lib/query-client';
import { fromSource } from '@/lib/server-data';

/** Rows each list shows at first and adds at each 'Load more'. */
export const MODERATION_PAGE_SIZE = 20;

/** A list's first page: its URL is its query key; `channelId` null is the whole site's (admins). */
function listUrl(path: string, channelId: number | null): string {
  const params = new URLSearchParams({ limit: String(MODERATION_PAGE_SIZE) });
  if (channelId !== null) params.set('channelId', String(channelId));
  return `${path}?${params.toString()}`;
}

/** A refused read on the server: the API's 403 for a stranger, so the page shows the refusal. */
function refusedUnlessFound<T>(value: T | null): T {
  if (value === null) throw new ApiError(403, 'Not allowed');
  return value;
}

const FINAL_STATUSES = new Set([400, 401, 403, 404]);
const retry = (failures: number, error: Error) => failures < 2 && !(error instanceof ApiError && FINAL_STATUSES.has(error.status));

export const reportQueueUrl = (channelId: number | null) => listUrl('/api/moderation/reports', channelId);
export const heldCommentsUrl = (channelId: number | null) => listUrl('/api/moderation/held', channelId);
export const moderationLogUrl = (channelId: number | null) => listUrl('/api/moderation/log', channelId);
export const channelModerationUrl = (channelId: number) => `/api/channels/${channelId}/moderation`;
export const channelBansUrl = (channelId: number) => `/api/channels/${channelId}/bans`;
export const MODERATION_COUNTS_URL = '/api/moderation/counts';

/** Open reports grouped by what they are about, the most recently reported first. */
export const reportQueueQueryOptions = (channelId: number | null) => ({
  ...cursorPages<ReportGroupPage>(reportQueueUrl(channelId), null, async (source, query) => refusedUnlessFound(await source.moderationReports(query))),
  retry,
});

/** Comments waiting for approval, oldest first. */
export const heldCommentsQueryOptions = (channelId: number | null) => ({
  ...cursorPages<HeldCommentPage>(heldCommentsUrl(channelId), null, async (source, query) => refusedUnlessFound(await source.moderationHeld(query))),
  retry,
});

/** What moderators did, newest first. */
export const moderationLogQueryOptions = (channelId: number | null) => ({
  ...cursorPages<ModerationLogPage>(moderationLogUrl(channelId), null, async (source, query) => refusedUnlessFound(await source.moderationLog(query))),
  retry,
});

/** The channel's comment policy and blocked words; 404 for anyone who does not moderate it. */
export const channelModerationQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: [channelModerationUrl(channelId)],
    queryFn: fromSource(
      async (source) => {
        const settings = await source.channelModeration(channelId);
        if (!settings) throw new ApiError(404, 'Channel not found');
        return settings;
      },
      (signal) => apiRequest<ChannelModeration>('GET', channelModerationUrl(channelId), undefined, { signal }),
    ),
    retry,
  });

/** The bans in force in the channel, newest first. */
export const channelBansQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: [channelBansUrl(channelId)],
    queryFn: fromSource(
      async (source) => refusedUnlessFound(await source.channelBans(channelId)),
      (signal) => apiRequest<Ban[]>('GET', channelBansUrl(channelId), undefined, { signal }),
    ),
    retry,
  });

export const useReportQueue = (channelId: number | null) => useInfiniteQuery(reportQueueQueryOptions(channelId));
export const useHeldComments = (channelId: number | null) => useInfiniteQuery(heldCommentsQueryOptions(channelId));
export const useModerationLog = (channelId: number | null) => useInfiniteQuery(moderationLogQueryOptions(channelId));
export const useChannelModeration = (channelId: number) => useQuery(channelModerationQueryOptions(channelId));
export const useChannelBans = (channelId: number) => useQuery(channelBansQueryOptions(channelId));

/**
 * Open reports and held comments of each channel the reader moderates (the badges of the channel
 * menu). Read in the browser only, once a minute at most: the menu is on every page, and a count
 * that lags a little is no harm.
 */
export function useModerationCounts(enabled: boolean) {
  return useQuery({
    queryKey: [MODERATION_COUNTS_URL],
    queryFn: ({ signal }) => apiRequest<ModerationCounts>('GET', MODERATION_COUNTS_URL, undefined, { signal }),
    enabled,
    staleTime: 60_000,
    retry,
  });
}

/** After a moderation write: the queues, the log, the counts, and every reader's view it may change. */
function refreshAfterModeration(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  return invalidateApi(queryClient, '/api/moderation', '/api/channels', '/api/articles', '/api/comments', '/api/users');
}

/** POST /api/reports. */
export function useCreateReport() {
  return useMutation({ mutationFn: (report: CreateReport) => apiRequest<Report>('POST', '/api/reports', report) });
}

/** POST /api/moderation/reports/resolve: dismiss, hide, unhide or remove. */
export function useResolveReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resolve: ResolveReports) => apiRequest<{ resolved: number }>('POST', '/api/moderation/reports/resolve', resolve),
    onSuccess: () => refreshAfterModeration(queryClient),
  });
}

/** POST /api/moderation/held/{commentId}: approve, or reject (deletes it). */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, decision }: { commentId: number; decision: 'approve' | 'reject' }) =>
      apiRequest<unknown>('POST', `/api/moderation/held/${commentId}`, { decision }),
    onSuccess: () => refreshAfterModeration(queryClient),
  });
}

/** PUT /api/channels/{id}/moderation (the owner). */
export function useSaveChannelModeration(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChannelModeration) => apiRequest<ChannelModeration>('PUT', channelModerationUrl(channelId), settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(channelModerationQueryOptions(channelId).queryKey, saved);
      return refreshAfterModeration(queryClient);
    },
  });
}

/** POST /api/channels/{id}/bans. */
export function useBanUser(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ban: CreateBan) => apiRequest<Ban>('POST', channelBansUrl(channelId), ban),
    onSuccess: () => refreshAfterModeration(queryClient),
  });
}

/** DELETE /api/channels/{id}/bans/{userId}. */
export function useLiftBan(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<void>('DELETE', `${channelBansUrl(channelId)}/${userId}`),
    onSuccess: () => refreshAfterModeration(queryClient),
  });
}

/** GET /api/admin/users: `q` finds users by name; `suspended` lists only those suspended now. */
export function adminUsersUrl({ q = '', suspended = false }: { q?: string; suspended?: boolean }): string {
  const params = new URLSearchParams({ limit: String(MODERATION_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (suspended) params.set('suspended', 'true');
  return `/api/admin/users?${params.toString()}`;
}

export const adminUsersQueryOptions = (filter: { q?: string; suspended?: boolean }) => ({
  ...cursorPages<AdminUserPage>(adminUsersUrl(filter), null, (source, query) => source.adminUsers(query)),
  retry,
});

export const useAdminUsers = (filter: { q?: string; suspended?: boolean }, enabled = true) =>
  useInfiniteQuery({ ...adminUsersQueryOptions(filter), enabled });

/** POST /api/admin/users/{id}/suspend: their sessions end at once. */
export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...suspension }: SuspendUser & { userId: number }) =>
      apiRequest<unknown>('POST', `/api/admin/users/${userId}/suspend`, suspension),
    onSuccess: () => invalidateApi(queryClient, '/api/admin/users', '/api/moderation'),
  });
}

/** POST /api/admin/users/{id}/unsuspend. */
export function useUnsuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest<unknown>('POST', `/api/admin/users/${userId}/unsuspend`),
    onSuccess: () => invalidateApi(queryClient, '/api/admin/users', '/api/moderation'),
  });
}
