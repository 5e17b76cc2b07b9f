import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_FEED_FILTERS, feedApiUrl, feedCursorOf, feedFiltersToSearchParams, feedHref, parseFeedFilters } from './feed-params';

describe('feed state in the URL', () => {
  it('defaults to Published Date, newest first, with no filters', () => {
    expect(parseFeedFilters(new URLSearchParams())).toEqual(DEFAULT_FEED_FILTERS);
    expect(feedFiltersToSearchParams(DEFAULT_FEED_FILTERS).toString()).toBe('');
  });

  it('round-trips every choice, including place names with commas', () => {
    const filters = { sort: 'likes', direction: 'asc', q: 'harbour', categories: [3, 9], locations: ['Paris, France', 'Lagos'], channels: [4] } as const;
    const parsed = parseFeedFilters(feedFiltersToSearchParams({ ...filters, categories: [3, 9], locations: ['Paris, France', 'Lagos'], channels: [4] }));
    expect(parsed).toEqual(filters);
  });

  it('ignores unreadable values', () => {
    const parsed = parseFeedFilters(new URLSearchParams('sort=title&direction=up&categories=a,2,-1,2&channels=x'));
    expect(parsed).toEqual({ ...DEFAULT_FEED_FILTERS, categories: [2] });
  });

  it('reads the query a plain GET form sends: one parameter per ticked box', () => {
    const parsed = parseFeedFilters(new URLSearchParams('sort=likes&direction=desc&q=&categories=3&categories=7&location=Paris%2C+France&channels=2'));
    expect(parsed).toEqual({ ...DEFAULT_FEED_FILTERS, sort: 'likes', categories: [3, 7], locations: ['Paris, France'], channels: [2] });
  });

  it('links Load more to the next cursor with the same choices', () => {
    const href = feedHref({ ...DEFAULT_FEED_FILTERS, sort: 'likes', categories: [3] }, 'WzEsMl0');
    expect(href).toBe('/?sort=likes&categories=3&cursor=WzEsMl0');
    expect(feedCursorOf(new URL(href, 'http://x').searchParams)).toBe('WzEsMl0');
    expect(feedCursorOf(new URLSearchParams(''))).toBeNull();
    expect(feedHref(DEFAULT_FEED_FILTERS)).toBe('/');
  });

  it('builds the API call, sending a lone place name twice so its comma is not split', () => {
    const url = new URL(feedApiUrl({ ...DEFAULT_FEED_FILTERS, q: ' tide ', locations: ['Paris, France'], categories: [1, 2] }), 'http://x');
    expect(url.pathname).toBe('/api/articles');
    expect(url.searchParams.get('sort')).toBe('createdAt');
    expect(url.searchParams.get('direction')).toBe('desc');
    expect(url.searchParams.get('q')).toBe('tide');
    expect(url.searchParams.get('categories')).toBe('1,2');
    expect(url.searchParams.getAll('locations')).toEqual(['Paris, France', 'Paris, France']);
  });

  it('counts the search text once and every chosen value', () => {
    expect(activeFilterCount(DEFAULT_FEED_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FEED_FILTERS, q: 'x', categories: [1, 2], locations: ['Oslo'], channels: [5] })).toBe(5);
  });
});

describe('FEED_SORTS', () => {
  it('lists exactly the API sort keys', async () => {
    const { ARTICLE_SORTS } = await import('@contract/articles');
    const { FEED_SORTS } = await import('./feed-params');
    expect([...FEED_SORTS].sort()).toEqual([...ARTICLE_SORTS].sort());
  });
});
