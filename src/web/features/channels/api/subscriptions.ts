import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@contract/channels';
import { toast } from '@/components/ui/use-toast';
import { API_HEADERS, ApiError, apiRequest } from '@/lib/api-client';
import { fromSource } from '@/lib/server-data';
import { channelsKeys, invalidateChannelViews } from './channels';

interface SubscriptionState {
  subscribed: boolean;
  subscriberCount: number;
}

/** What the subscribe controls need to know about a channel. */
export interface SubscribableChannel {
  id: number;
  name: string;
  isSubscribed: boolean;
}

/**
 * Subscribe and unsubscribe (docs/product.md#channels): the toasts are the product's; subscribing when already
 * subscribed shows 'Already subscribed' and sends nothing. On success every view that shows the
 * count or the state refetches, so nothing needs a reload. The product gives these calls no error
 * handler; a failure still tells the reader, rather than doing nothing visible.
 */
export function useSubscriptionActions() {
  const queryClient = useQueryClient();
  const subscribe = useMutation({
    mutationFn: (channel: SubscribableChannel) => apiRequest<SubscriptionState>('POST', `/api/channels/${channel.id}/subscribe`),
    onSuccess: (_state, channel) => {
      toast({ title: 'Subscribed', description: `You are now subscribed to ${channel.name}` });
      return invalidateChannelViews(queryClient);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
  });
  const unsubscribe = useMutation({
    mutationFn: (channel: SubscribableChannel) => apiRequest<SubscriptionState>('DELETE', `/api/channels/${channel.id}/subscribe`),
    onSuccess: (_state, channel) => {
      toast({ title: 'Unsubscribed', description: `You have unsubscribed from ${channel.name}` });
      return invalidateChannelViews(queryClient);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: error.message }),
  });
  return {
    subscribe: (channel: SubscribableChannel) => {
      if (channel.isSubscribed) {
        toast({ title: 'Already subscribed' });
        return;
      }
      subscribe.mutate(channel);
    },
    unsubscribe: (channel: SubscribableChannel) => unsubscribe.mutate(channel),
    isPending: subscribe.isPending || unsubscribe.isPending,
  };
}

interface DebugSubscriptions {
  success: boolean;
  subscriptions: { channel: Omit<Subscription, 'subscriptionDate'>; subscriptionDate: string }[];
}

/**
 * The user's subscriptions. When the list is empty the profile falls back to the debug endpoint
 * (docs/product.md#channels); if that finds any, the toast 'Subscriptions found!' shows.
 */
export async function getUserSubscriptions(userId: number, signal?: AbortSignal): Promise<Subscription[]> {
  const subscriptions = await apiRequest<Subscription[]>('GET', '/api/user/subscriptions', undefined, { signal });
  if (subscriptions.length > 0) return subscriptions;
  const response = await fetch(`/api/debug/subscriptions?userId=${userId}`, { credentials: 'include', headers: API_HEADERS, signal });
  if (!response.ok) throw new ApiError(response.status, `Error fetching debug subscriptions: ${response.status}`);
  const debug = (await response.json()) as DebugSubscriptions;
  if (!debug.success || !Array.isArray(debug.subscriptions) || debug.subscriptions.length === 0) return [];
  toast({ title: 'Subscriptions found!' });
  return debug.subscriptions.map(({ channel, subscriptionDate }) => ({ ...channel, subscriptionDate }));
}

export const subscriptionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: channelsKeys.subscriptions,
    queryFn: fromSource(
      (source) => source.subscriptions(),
      (signal) => getUserSubscriptions(userId, signal),
    ),
  });

export function useUserSubscriptions(userId: number | null) {
  return useQuery({ ...subscriptionsQueryOptions(userId ?? 0), enabled: userId !== null });
}

export interface SubscribersAnswer {
  subscribers: { id: number; username: string | null }[];
  /** False when the server's reply was not a list (docs/product.md#channels: it then counts as empty). */
  detailsAvailable: boolean;
}

/** GET /api/channels/{id}/subscribers with the thrown messages of docs/product.md#channels. */
export async function getSubscribers(channelId: number, signal?: AbortSignal): Promise<SubscribersAnswer> {
  const response = await fetch(`/api/channels/${channelId}/subscribers`, { credentials: 'include', headers: API_HEADERS, signal });
  if (!response.ok) throw new ApiError(response.status, `Failed to fetch subscribers: ${response.status}`);
  const text = await response.text();
  if (/^\s*</.test(text)) throw new Error('Server returned HTML instead of JSON');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error('Server returned an invalid response');
  }
  if (!Array.isArray(body)) return { subscribers: [], detailsAvailable: false };
  return { subscribers: body as SubscribersAnswer['subscribers'], detailsAvailable: true };
}

/** Refusals that asking again cannot change; everything else is retried. */
const FINAL_STATUSES = new Set([401, 403, 404]);

/**
 * Cached 60 seconds, 2 retries one second apart. On the server a refusal (not the
 * owner, no such channel) is thrown as the same ApiError the browser's call throws.
 */
export const subscribersQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: channelsKeys.subscribers(channelId),
    queryFn: fromSource<SubscribersAnswer>(
      async (source) => {
        const answer = await source.channelSubscribers(channelId);
        if ('status' in answer) throw new ApiError(answer.status, `Failed to fetch subscribers: ${answer.status}`);
        return { subscribers: answer, detailsAvailable: true };
      },
      (signal) => getSubscribers(channelId, signal),
    ),
    staleTime: 60_000,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && FINAL_STATUSES.has(error.status)),
    retryDelay: 1000,
  });

export function useSubscribers(channelId: number | null) {
  return useQuery({ ...subscribersQueryOptions(channelId ?? 0), enabled: channelId !== null });
}
