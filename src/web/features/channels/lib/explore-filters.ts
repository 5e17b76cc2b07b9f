import type { ChannelSort } from '@contract/channels';
import type { SortDirection } from './sorting';

/** The Explore page's choices; the default is subscriber count, descending, no search, no categories (docs/product.md#channels). */
export interface ExploreFilters {
  sort: ChannelSort;
  direction: SortDirection;
  search: string;
  categories: string[];
}

export const DEFAULT_EXPLORE_FILTERS: ExploreFilters = { sort: 'subscribers', direction: 'desc', search: '', categories: [] };

export const SORT_LABELS: Record<ChannelSort, string> = {
  subscribers: 'Subscriber Count',
  created: 'Date Created',
  articles: 'Article Count',
};

export type ExploreChip =
  | { kind: 'sort'; label: string }
  | { kind: 'search'; label: string }
  | { kind: 'category'; label: string; category: string };

/** Chips for a non-default sort, the search text and each selected category (docs/product.md#channels). */
export function exploreChips(filters: ExploreFilters): ExploreChip[] {
  const chips: ExploreChip[] = [];
  if (filters.sort !== DEFAULT_EXPLORE_FILTERS.sort || filters.direction !== DEFAULT_EXPLORE_FILTERS.direction) {
    const direction = filters.direction === 'asc' ? 'ascending' : 'descending';
    chips.push({ kind: 'sort', label: `Sort: ${SORT_LABELS[filters.sort]} (${direction})` });
  }
  const search = filters.search.trim();
  if (search) chips.push({ kind: 'search', label: `Search: ${search}` });
  for (const category of filters.categories) chips.push({ kind: 'category', label: `Category: ${category}`, category });
  return chips;
}

/** The filters once a chip is removed: the sort chip restores the default sort and direction. */
export function removeChip(filters: ExploreFilters, chip: ExploreChip): ExploreFilters {
  switch (chip.kind) {
    case 'sort':
      return { ...filters, sort: DEFAULT_EXPLORE_FILTERS.sort, direction: DEFAULT_EXPLORE_FILTERS.direction };
    case 'search':
      return { ...filters, search: '' };
    case 'category':
      return { ...filters, categories: filters.categories.filter((c) => c !== chip.category) };
  }
}

export function toggleCategory(filters: ExploreFilters, category: string): ExploreFilters {
  const categories = filters.categories.includes(category)
    ? filters.categories.filter((c) => c !== category)
    : [...filters.categories, category];
  return { ...filters, categories };
}

/** Distinct categories of the loaded channels, plus any still selected, in alphabetical order. */
export function categoryChoices(channels: readonly { category: string | null }[], selected: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of [...selected, ...channels.map((c) => c.category)]) {
    const trimmed = name?.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Whether a channel passes the selected categories (none selected passes everything). */
export function matchesCategories(channel: { category: string | null }, categories: readonly string[]): boolean {
  if (categories.length === 0) return true;
  const own = channel.category?.trim().toLowerCase();
  return own !== undefined && categories.some((c) => c.toLowerCase() === own);
}
