import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redirect } from '@contract/imports';
import { apiRequest } from '@/lib/api-client';

const redirectsKey = (channelId: number) => ['channels', 'redirects', channelId] as const;

/** The channel's old addresses from imports, a page at a time. */
export function useRedirects(channelId: number) {
  return useInfiniteQuery({
    queryKey: redirectsKey(channelId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<{ items: Redirect[]; nextCursor: string | null }>('GET', `/api/channels/${channelId}/redirects${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useRemoveRedirect(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (redirectId: number) => apiRequest('DELETE', `/api/channels/${channelId}/redirects/${redirectId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redirectsKey(channelId) }),
  });
}
