import type { ArticleSort } from '@contract/articles';

/**
 * The sort keys of the feed, in menu order. Kept here rather than imported from the contract's
 * ARTICLE_SORTS, which would pull zod into the feed's first load; `satisfies` keeps them in step.
 */
export const FEED_SORTS = ['createdAt', 'viewCount', 'comments', 'likes', 'dislikes'] as const satisfies readonly ArticleSort[];

/** The Sort menu's options and labels (docs/product.md#feed). */
export const SORT_LABELS: Record<ArticleSort, string> = {
  createdAt: 'Published Date',
  viewCount: 'View Count',
  comments: 'Comment Count',
  likes: 'Likes',
  dislikes: 'Dislikes',
};

export type SortDirection = 'asc' | 'desc';

/** What the reader chose on the home feed; kept in the page's query string so it survives reloads and links. */
export interface FeedFilters {
  sort: ArticleSort;
  direction: SortDirection;
  q: string;
  categories: number[];
  locations: string[];
  channels: number[];
}

/** Default: Published Date, newest first (docs/product.md#feed). */
export const DEFAULT_FEED_FILTERS: FeedFilters = { sort: 'createdAt', direction: 'desc', q: '', categories: [], locations: [], channels: [] };

/** `categories=3,5` as the app writes it, or `categories=3&categories=5` as a plain GET form sends its checkboxes. */
function ids(raw: string[]): number[] {
  return [...new Set(raw.flatMap((value) => value.split(',')).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
}

function names(params: URLSearchParams, key: string): string[] {
  return [...new Set(params.getAll(key).map((s) => s.trim()).filter(Boolean))];
}

/** Reads the feed state from the page URL; anything unreadable falls back to the default. */
export function parseFeedFilters(params: URLSearchParams): FeedFilters {
  const sort = params.get('sort');
  const direction = params.get('direction');
  return {
    sort: (FEED_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ArticleSort) : DEFAULT_FEED_FILTERS.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_FEED_FILTERS.direction,
    q: (params.get('q') ?? '').slice(0, 200),
    categories: ids(params.getAll('categories')),
    // Place names can hold commas ('Paris, France'), so each is its own parameter.
    locations: names(params, 'location'),
    channels: ids(params.getAll('channels')),
  };
}

/** The page URL's query string for a feed state; defaults are left out. */
export function feedFiltersToSearchParams(filters: FeedFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== DEFAULT_FEED_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.direction !== DEFAULT_FEED_FILTERS.direction) params.set('direction', filters.direction);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.categories.length) params.set('categories', filters.categories.join(','));
  for (const location of filters.locations) params.append('location', location);
  if (filters.channels.length) params.set('channels', filters.channels.join(','));
  return params;
}

/** Where a followed 'Load more' link starts the feed (`?cursor=`); null for the first page. */
export function feedCursorOf(params: URLSearchParams): string | null {
  const cursor = params.get('cursor');
  return cursor && cursor.length <= 200 ? cursor : null;
}

/**
 * The home page with a feed state, from `cursor` on when given: what the filter badges and 'Load
 * more' link to, so they work without JavaScript too.
 */
export function feedHref(filters: FeedFilters, cursor: string | null = null): string {
  const params = feedFiltersToSearchParams(filters);
  if (cursor !== null) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** GET /api/articles for a feed state (the server sorts and filters; docs/product.md#api). */
export function feedApiUrl(filters: FeedFilters, limit?: number): string {
  const params = new URLSearchParams({ sort: filters.sort, direction: filters.direction });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.categories.length) params.set('categories', filters.categories.join(','));
  // The API splits a single list parameter at commas but takes a repeated one as it is, so place
  // names with commas ('Paris, France') are always sent repeated (a lone one twice; it is a set).
  const locations = filters.locations.length === 1 ? [filters.locations[0]!, filters.locations[0]!] : filters.locations;
  for (const location of locations) params.append('locations', location);
  if (filters.channels.length) params.set('channels', filters.channels.join(','));
  if (limit) params.set('limit', String(limit));
  return `/api/articles?${params.toString()}`;
}

/** How many filters are on: the search text counts as one, and each chosen category, place and channel one each. */
export function activeFilterCount(filters: FeedFilters): number {
  return (filters.q.trim() ? 1 : 0) + filters.categories.length + filters.locations.length + filters.channels.length;
}
