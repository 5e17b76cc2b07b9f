import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  AdminArticle,
  AdminArticlePage,
  AdminArticleUpdated,
  AdminChannel,
  AdminChannelPage,
  AdminChannelUpdated,
  UpdateAdminArticle,
} from '@contract/admin';
import { apiRequest } from '@/lib/api-client';
import { cursorPages } from '@/lib/cursor-pages';
import { invalidateApi } from '@/lib/query-client';

/** Admin lists are cached 5 minutes. */
export const ADMIN_LIST_STALE_TIME = 300_000;
export const ADMIN_PAGE_SIZE = 20;

export const adminArticlesPath = '/api/admin-articles';
export const adminChannelsPath = '/api/admin-channels';

/** The list URL, which is also the query key (docs/product.md#api). */
export function adminListUrl(path: string, q: string): string {
  const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  return `${path}?${params.toString()}`;
}

/** GET /api/admin-articles: every article, drafts included, newest first; `q` searches titles. */
export const adminArticlesQueryOptions = (q: string) => ({
  ...cursorPages<AdminArticlePage>(adminListUrl(adminArticlesPath, q), null, (source, query) => source.adminArticles(query)),
  staleTime: ADMIN_LIST_STALE_TIME,
});

/** GET /api/admin-channels: every channel with real and total subscribers; `q` searches names. */
export const adminChannelsQueryOptions = (q: string) => ({
  ...cursorPages<AdminChannelPage>(adminListUrl(adminChannelsPath, q), null, (source, query) => source.adminChannels(query)),
  staleTime: ADMIN_LIST_STALE_TIME,
});

export function useAdminArticles(q: string) {
  return useInfiniteQuery(adminArticlesQueryOptions(q));
}

export function useAdminChannels(q: string) {
  return useInfiniteQuery(adminChannelsQueryOptions(q));
}

/** Writes a saved row into every cached page of a list at once, so the table shows it before the refetch lands. */
function patchCachedRows<Item extends { id: number }>(queryClient: QueryClient, path: string, id: number, patch: (item: Item) => Item) {
  queryClient.setQueriesData<InfiniteData<{ items: Item[]; nextCursor: string | null }>>(
    { predicate: (query) => String(query.queryKey[0] ?? '').startsWith(`${path}?`) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === id ? patch(item) : item)) })),
      },
  );
}

/**
 * After an admin save: the admin lists (docs/product.md#admin, 'refreshed after a save') and every
 * public view that shows the figures (feeds, article pages, channel lists and pages).
 */
function refreshAfterSave(queryClient: QueryClient, adminPath: string): Promise<void> {
  return invalidateApi(queryClient, adminPath, '/api/articles', '/api/channels', '/api/user/channels', '/api/user/subscriptions');
}

/** PATCH /api/admin-articles/{id} with the displayed totals. */
export function useUpdateAdminArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, counts }: { id: number; counts: UpdateAdminArticle }) =>
      apiRequest<AdminArticleUpdated>('PATCH', `${adminArticlesPath}/${id}`, counts),
    onSuccess: (saved) => {
      patchCachedRows<AdminArticle>(queryClient, adminArticlesPath, saved.id, (article) => ({
        ...article,
        title: saved.title,
        view_count: saved.view_count,
        like_count: saved.like_count,
        dislike_count: saved.dislike_count,
      }));
      void refreshAfterSave(queryClient, adminArticlesPath);
    },
  });
}

/** PATCH /api/admin-channels/{id} with the displayed subscriber total. */
export function useUpdateAdminChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscriberCount }: { id: number; subscriberCount: number }) =>
      apiRequest<AdminChannelUpdated>('PATCH', `${adminChannelsPath}/${id}`, { subscriber_count: subscriberCount }),
    onSuccess: (saved) => {
      patchCachedRows<AdminChannel>(queryClient, adminChannelsPath, saved.id, (channel) => ({
        ...channel,
        name: saved.name,
        subscriber_count: saved.subscriber_count,
        admin_subscriber_count: saved.admin_subscriber_count,
      }));
      void refreshAfterSave(queryClient, adminChannelsPath);
    },
  });
}

/** The message of a failed request, or the product's fallback (docs/product.md#admin). */
export function adminErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unknown error occurred.';
}
