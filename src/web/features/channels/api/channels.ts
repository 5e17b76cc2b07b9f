import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, ChannelPage, ChannelSort, CreateChannel, UpdateChannel } from '@contract/channels';
import { API_HEADERS, ApiError, apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { invalidateApi } from '@/lib/query-client';

/**
 * Query keys are the API URLs (spec 1 section 7), so a mutation can refresh every view of a
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

/** GET /api/channels, a page at a time (the server sorts and searches; DESIGN.md section 4). */
export function useChannels(query: ChannelListParams) {
  const url = channelsListUrl(query);
  return useInfiniteQuery(cursorPages<ChannelPage>(url));
}

/** The first `limit` channels by subscriber count, the reader's own left out (spec 1 section 2). */
export function usePopularChannels(limit: number) {
  return useQuery({
    queryKey: channelsKeys.list({ sort: 'subscribers', direction: 'desc', excludeOwn: true, limit }),
    queryFn: ({ queryKey, signal }) => apiRequest<ChannelPage>('GET', queryKey[0], undefined, { signal }),
  });
}

/**
 * GET /api/channels/{id}. A 404 is an ApiError with status 404 ('Channel not found'); a page the
 * server rendered for a missing channel holds null.
 */
export function useChannel(id: number | null) {
  return useQuery<Channel | null>({
    queryKey: channelsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest<Channel>('GET', `/api/channels/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

/**
 * The signed-in user's own channels, oldest first. When the list is empty the fallback debug call
 * of spec 1 section 4 is made (GET /api/debug/channels?userId=), filtered by owner as the spec's
 * client did.
 */
export async function getUserChannels(userId: number, signal?: AbortSignal): Promise<Channel[]> {
  const channels = await apiRequest<Channel[]>('GET', '/api/user/channels', undefined, { signal });
  if (channels.length > 0) return channels;
  const response = await fetch(`/api/debug/channels?userId=${userId}`, { credentials: 'include', headers: API_HEADERS, signal });
  if (!response.ok) throw new ApiError(response.status, `Error fetching debug channels: ${response.status}`);
  const fallback = (await response.json()) as unknown;
  return Array.isArray(fallback) ? (fallback as Channel[]).filter((channel) => channel.userId === userId) : [];
}

export function useUserChannels(userId: number | null) {
  return useQuery({
    queryKey: channelsKeys.own,
    queryFn: ({ signal }) => getUserChannels(userId!, signal),
    enabled: userId !== null,
  });
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
