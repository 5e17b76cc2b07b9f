import { useEffect, useRef } from 'react';
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article, ChannelTablePage, CreateArticle, Facets, FeedPage, UpdateArticle } from '@contract/articles';
import type { Channel } from '@contract/channels';
import type { CategoryNode } from '@contract/taxonomy';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@/lib/api-client';
import { articleDetailKey, invalidateArticleLists } from '@/lib/article-cache';
import { cursorPages } from '@/lib/cursor-pages';
import { fromSource } from '@/lib/server-data';
import { feedApiUrl, type FeedFilters } from '../lib/feed-params';
import type { TableSort } from '../lib/table-sort';
import { recordView, takeViewRecordedBeforeStart } from '../lib/view-before-start';

export type ChannelTableStatus = 'published' | 'drafts';

/** Rows a channel's article table asks for at a time. */
export const CHANNEL_TABLE_PAGE_SIZE = 50;

/** The query of a channel table's first page, for one tab and order (the cursor is added per page). */
export function channelTableQuery(status: ChannelTableStatus, sort: TableSort): Record<string, string> {
  return { status, sort: sort.field, direction: sort.direction, limit: String(CHANNEL_TABLE_PAGE_SIZE) };
}

/** GET /api/channels/{id}/article-rows with that query. */
export function channelTableUrl(channelId: number, status: ChannelTableStatus, sort: TableSort): string {
  return `/api/channels/${channelId}/article-rows?${new URLSearchParams(channelTableQuery(status, sort))}`;
}

/** Query keys are the API URLs (docs/product.md#api), so the default fetch and prefix invalidation both work. */
export const articlesKeys = {
  feed: (filters: FeedFilters) => [feedApiUrl(filters)] as const,
  facets: ['/api/articles/facets'] as const,
  detail: articleDetailKey,
  channelTable: (channelId: number, status: ChannelTableStatus, sort: TableSort) => [channelTableUrl(channelId, status, sort)] as const,
  categories: ['/api/categories'] as const,
  ownChannels: ['/api/user/channels'] as const,
};

/**
 * The home feed, a page at a time; sorting and filtering happen on the server (docs/product.md#api).
 * The home route's loader fills the first page (on the server, into the page's query state).
 */
export const feedQueryOptions = (filters: FeedFilters, startCursor: string | null = null) =>
  cursorPages<FeedPage>(feedApiUrl(filters), startCursor, (source, query) => source.feed(query));

/** The feed from the page's first article on, or from `startCursor` (a 'Load more' link followed without JavaScript). */
export function useFeed(filters: FeedFilters, startCursor: string | null = null) {
  return useInfiniteQuery(feedQueryOptions(filters, startCursor));
}

/** The filter choices: categories, places and channels that the reader's articles have. */
export const facetsQueryOptions = () =>
  queryOptions({
    queryKey: articlesKeys.facets,
    queryFn: fromSource(
      (source) => source.facets(),
      (signal) => apiRequest<Facets>('GET', articlesKeys.facets[0], undefined, { signal }),
    ),
  });

export function useFacets() {
  return useQuery(facetsQueryOptions());
}

/** A missing article, or one the viewer may not see: "not there" on both sides, as the page data source says. */
const NOT_THERE = new Set([400, 403, 404]);

/**
 * One article by any segment that addresses it (its id, `{slug}-{id}`, an old or bare slug), or null
 * when there is none. Keyed by the segment; a page keys it by the id (`articlesKeys.detail`).
 */
export const articleQueryOptions = (segment: number | string) =>
  queryOptions<Article | null>({
    queryKey: [`/api/articles/${segment}`],
    queryFn: fromSource(
      (source) => source.article(String(segment)),
      (signal) =>
        apiRequest<Article>('GET', `/api/articles/${encodeURIComponent(segment)}`, undefined, { signal }).catch((error: unknown) => {
          if (error instanceof ApiError && NOT_THERE.has(error.status)) return null;
          throw error;
        }),
    ),
  });

/** One article; its page's loader has it in the cache (or knows it is missing) before the page renders. */
export function useArticle(id: number | null) {
  return useQuery({ ...articleQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * Records one view (docs/product.md#views): the caller runs it once per article load. The new count goes
 * into the open article; when the server says it was counted or that feeds should refresh, the
 * article lists are refetched.
 */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => takeViewRecordedBeforeStart(id) ?? recordView(id),
    onSuccess: (result, id) => {
      queryClient.setQueryData<Article>(articlesKeys.detail(id), (article) => (article ? { ...article, viewCount: result.view_count } : article));
      if (result.counted || result.shouldInvalidateFeeds) void invalidateArticleLists(queryClient);
    },
  });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: articlesKeys.categories,
    queryFn: ({ signal }) => apiRequest<CategoryNode[]>('GET', '/api/categories', undefined, { signal }),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** The signed-in user's own channels (the only ones an article can go in; docs/product.md#roles). */
export function useOwnChannels(enabled: boolean) {
  return useQuery({
    queryKey: articlesKeys.ownChannels,
    queryFn: ({ signal }) => apiRequest<Channel[]>('GET', '/api/user/channels', undefined, { signal }),
    enabled,
  });
}

/**
 * A channel's article table, sorted and paged by the server. The server renders the Published
 * table's first page into the page's query state; another order keeps showing the rows it had
 * until its own first page arrives, so the table does not collapse to a spinner on each click.
 */
export const channelTableQueryOptions = (channelId: number, status: ChannelTableStatus, sort: TableSort) =>
  cursorPages<ChannelTablePage>(channelTableUrl(channelId, status, sort), null, (source, query) => source.channelTable(channelId, query));

export function useChannelTable(channelId: number, status: ChannelTableStatus, sort: TableSort) {
  return useInfiniteQuery({ ...channelTableQueryOptions(channelId, status, sort), placeholderData: keepPreviousData });
}

/** POST /api/articles. Toasts are the caller's: create and publish read differently (docs/product.md#article). */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateArticle) => apiRequest<Article>('POST', '/api/articles', input),
    onSuccess: (article) => {
      queryClient.setQueryData(articlesKeys.detail(article.id), article);
      return invalidateArticleLists(queryClient);
    },
  });
}

/** PATCH /api/articles/{id}. */
export function useUpdateArticle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateArticle) => apiRequest<Article>('PATCH', `/api/articles/${id}`, input),
    onSuccess: (article) => {
      queryClient.setQueryData(articlesKeys.detail(id), article);
      return invalidateArticleLists(queryClient);
    },
  });
}

/** Publish a draft or move a published article to drafts, with the toasts of docs/product.md#article. */
export function useToggleArticleStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ published: boolean; status: 'draft' | 'published' }>('POST', `/api/articles/${id}/toggle-status`),
    onSuccess: (result) => {
      queryClient.setQueryData<Article>(articlesKeys.detail(id), (article) => (article ? { ...article, ...result } : article));
      toast({ title: result.published ? 'Article published' : 'Article moved to drafts' });
      return invalidateArticleLists(queryClient);
    },
    // A moderator's refusal (a removed article only a moderator may publish again) says so in its own words.
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError && error.status === 403 && error.message ? error.message : 'Failed to change article status.',
      }),
  });
}

/** DELETE /api/articles/{id}: 204 means success (docs/product.md#api). */
export function useDeleteArticle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/articles/${id}`),
    onSuccess: () => {
      // Not refetched now (the open page is leaving; the caller navigates), but never shown again from the cache.
      void queryClient.invalidateQueries({ queryKey: articlesKeys.detail(id), exact: true, refetchType: 'none' });
      toast({ title: 'Article deleted' });
      void invalidateArticleLists(queryClient);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete the article.') }),
  });
}

/** Records the view of an article once per load of the page (docs/product.md#views), when the article is there. */
export function useRecordViewOnce(id: number | null, loaded: boolean) {
  const { mutate } = useRecordView();
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || !loaded || recorded.current === id) return;
    recorded.current = id;
    mutate(id);
  }, [id, loaded, mutate]);
}
