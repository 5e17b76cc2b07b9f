import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, ChannelPage, ChannelSort, CreateChannel, UpdateChannel } from '@contract/channels';
import { API_HEADERS, ApiError, apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { invalidateApi } from '@/lib/query-client';
import { apiQueryOf, fromSource } from '@/lib/server-data';

/**
 * Query keys are the API URLs (docs/product.md#api), so a mutation can refresh every view of a
 * channel, its count or its subscription state with one `invalidateApi` call, whoever owns the view.
 */
export const channelsKeys = {
  list: (query: ChannelListParams) => [channelsListUrl(query)] as const,
  detail: (id: number) => [`/api/channels/${id}`] as const,
  own: ['/api/user/channels'] as const,
  subscriptions: ['/api/user/subscriptions'] as const,
  subscribers: (id: number) => [`/api/channels/${id}/subscribers`] as const,
};

/** Everything a channel change or a (un)subscription can alter: lists, detail, own channels, subscriptions, feeds. */
export function invalidateChannelViews(queryClient: QueryClient): Promise<void> {
  return invalidateApi(queryClient, '/api/channels', '/api/user/channels', '/api/user/subscriptions', '/api/articles');
}

export interface ChannelListParams {
  sort?: ChannelSort;
  direction?: 'asc' | 'desc';
  q?: string;
  category?: string;
  /** Leave out the signed-in reader's own channels (Explore and Popular Channels). */
  excludeOwn?: boolean;
  limit?: number;
}

export function channelsListUrl({ sort = 'subscribers', direction = 'desc', q, category, excludeOwn, limit }: ChannelListParams): string {
  const params = new URLSearchParams({ sort, direction });
  if (q?.trim()) params.set('q', q.trim());
  if (category) params.set('category', category);
  if (excludeOwn) params.set('excludeOwn', 'true');
  if (limit) params.set('limit', String(limit));
  return `/api/channels?${params.toString()}`;
}

/** GET /api/channels, a page at a time (the server sorts and searches; docs/product.md#api). */
export const channelsQueryOptions = (query: ChannelListParams) =>
  cursorPages<ChannelPage>(channelsListUrl(query), null, (source, apiQuery) => source.channels(apiQuery));

export function useChannels(query: ChannelListParams) {
  return useInfiniteQuery(channelsQueryOptions(query));
}

/** The first `limit` channels by subscriber count, the reader's own left out (docs/product.md#feed). */
export const popularChannelsQueryOptions = (limit: number) => {
  const url = channelsListUrl({ sort: 'subscribers', direction: 'desc', excludeOwn: true, limit });
  return queryOptions({
    queryKey: [url],
    queryFn: fromSource(
      (source) => source.channels(apiQueryOf(url)),
      (signal) => apiRequest<ChannelPage>('GET', url, undefined, { signal }),
    ),
  });
};

export function usePopularChannels(limit: number) {
  return useQuery(popularChannelsQueryOptions(limit));
}

/**
 * GET /api/channels/{id}, or null when there is no such channel (the browser's 404 answer, the
 * server's missing row): its page shows 'Channel not found' (docs/product.md#channels).
 */
export const channelQueryOptions = (id: number) =>
  queryOptions<Channel | null>({
    queryKey: channelsKeys.detail(id),
    queryFn: fromSource(
      (source) => source.channel(id),
      (signal) =>
        apiRequest<Channel>('GET', `/api/channels/${id}`, undefined, { signal }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
    ),
  });

export function useChannel(id: number | null) {
  return useQuery({ ...channelQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * The signed-in user's own channels, oldest first. When the list is empty the fallback debug call
 * (GET /api/debug/channels?userId=, docs/product.md#api) is made, filtered by owner as the first
 * product's client did.
 */
export async function getUserChannels(userId: number, signal?: AbortSignal): Promise<Channel[]> {
  const channels = await apiRequest<Channel[]>('GET', '/api/user/channels', undefined, { signal });
  if (channels.length > 0) return channels;
  const response = await fetch(`/api/debug/channels?userId=${userId}`, { credentials: 'include', headers: API_HEADERS, signal });
  if (!response.ok) throw new ApiError(response.status, `Error fetching debug channels: ${response.status}`);
  const fallback = (await response.json()) as unknown;
  return Array.isArray(fallback) ? (fallback as Channel[]).filter((channel) => channel.userId === userId) : [];
}

/** The signed-in user's own channels: every signed-in page has them (the header's channel switcher). */
export const ownChannelsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: channelsKeys.own,
    queryFn: fromSource(
      (source) => source.ownChannels(),
      (signal) => getUserChannels(userId, signal),
    ),
  });

export function useUserChannels(userId: number | null) {
  return useQuery({ ...ownChannelsQueryOptions(userId ?? 0), enabled: userId !== null });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChannel) => apiRequest<Channel>('POST', '/api/channels', input),
    onSuccess: () => invalidateChannelViews(queryClient),
  });
}

export function useUpdateChannel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateChannel) => apiRequest<Channel>('PATCH', `/api/channels/${id}`, input),
    onSuccess: (channel) => {
      queryClient.setQueryData(channelsKeys.detail(id), channel);
      return invalidateChannelViews(queryClient);
    },
  });
}
