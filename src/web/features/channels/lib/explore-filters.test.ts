import { describe, expect, it } from 'vitest';
import {
  categoryChoices,
  DEFAULT_EXPLORE_FILTERS,
  exploreChips,
  matchesCategories,
  removeChip,
  toggleCategory,
} from './explore-filters';
import { channelIdFromParam } from './route-params';

describe('Explore filter chips', () => {
  it('shows none for the default: subscriber count, descending, no search, no categories', () => {
    expect(exploreChips(DEFAULT_EXPLORE_FILTERS)).toEqual([]);
    expect(exploreChips({ ...DEFAULT_EXPLORE_FILTERS, search: '   ' })).toEqual([]);
  });

  it('shows a non-default sort (field or direction), the search text and each category', () => {
    const chips = exploreChips({ sort: 'created', direction: 'desc', search: ' news ', categories: ['Sports', 'Local'] });
    expect(chips.map((c) => c.label)).toEqual(['Sort: Date Created (descending)', 'Search: news', 'Category: Sports', 'Category: Local']);
    expect(exploreChips({ ...DEFAULT_EXPLORE_FILTERS, direction: 'asc' }).map((c) => c.label)).toEqual([
      'Sort: Subscriber Count (ascending)',
    ]);
  });

  it('removes one chip at a time; the sort chip restores the default sort', () => {
    const filters = { sort: 'articles' as const, direction: 'asc' as const, search: 'x', categories: ['A', 'B'] };
    const [sort, search, a] = exploreChips(filters);
    expect(removeChip(filters, sort!)).toEqual({ ...filters, sort: 'subscribers', direction: 'desc' });
    expect(removeChip(filters, search!)).toEqual({ ...filters, search: '' });
    expect(removeChip(filters, a!)).toEqual({ ...filters, categories: ['B'] });
  });

  it('toggles categories and filters by them case-insensitively', () => {
    const once = toggleCategory(DEFAULT_EXPLORE_FILTERS, 'Sports');
    expect(once.categories).toEqual(['Sports']);
    expect(toggleCategory(once, 'Sports').categories).toEqual([]);
    expect(matchesCategories({ category: 'sports' }, ['Sports'])).toBe(true);
    expect(matchesCategories({ category: null }, ['Sports'])).toBe(false);
    expect(matchesCategories({ category: null }, [])).toBe(true);
  });

  it('offers the distinct categories of the loaded channels plus the selected ones', () => {
    const channels = [{ category: 'Sports' }, { category: 'sports' }, { category: null }, { category: ' Local ' }];
    expect(categoryChoices(channels, ['Culture'])).toEqual(['Culture', 'Local', 'Sports']);
  });
});

describe('channelIdFromParam', () => {
  it('accepts positive whole numbers only', () => {
    expect(channelIdFromParam('42')).toBe(42);
    expect(channelIdFromParam('0')).toBeNull();
    expect(channelIdFromParam('4x')).toBeNull();
    expect(channelIdFromParam(undefined)).toBeNull();
    expect(channelIdFromParam('99999999999')).toBeNull();
  });
});
