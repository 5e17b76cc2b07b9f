// @vitest-environment happy-dom
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Facets } from '@contract/articles';
import { DEFAULT_FEED_FILTERS, type FeedFilters } from '../lib/feed-params';
import FeedFilterPanel from './feed-filter-panel';

const facets: Facets = {
  categories: [
    { id: 3, name: 'Politics', count: 12 },
    { id: 7, name: 'Sport > Football', count: 4 },
  ],
  locations: [
    { name: 'Paris, France', count: 2 },
    { name: 'Brighton', count: 5 },
  ],
  channels: [{ id: 5, name: 'City Desk', count: 9 }],
};

/** The filters the panel's owner holds now, and every state its updates produced, in order. */
let current: FeedFilters;
let history: FeedFilters[];
/** Changes the filters from outside the panel (as the page does when a badge is cleared). */
let setFromOutside: (update: (f: FeedFilters) => FeedFilters) => void;

/** Holds the filters in state, as the feed page does, so the panel re-renders with what it set. */
function Owner({ initial, facets, facetsLoading }: { initial: FeedFilters; facets: Facets | undefined; facetsLoading: boolean }) {
  const [filters, setFilters] = useState(initial);
  current = filters;
  setFromOutside = setFilters;
  const update = useCallback((updater: (f: FeedFilters) => FeedFilters) => {
    setFilters((f) => {
      const next = updater(f);
      history.push(next);
      return next;
    });
  }, []);
  return (
    <FeedFilterPanel
      trigger={<button type="button">Filter</button>}
      defaultOpen
      filters={filters}
      setFilters={update}
      facets={facets}
      facetsLoading={facetsLoading}
    />
  );
}

function show({ initial = DEFAULT_FEED_FILTERS, withFacets = facets, facetsLoading = false }: { initial?: FeedFilters; withFacets?: Facets; facetsLoading?: boolean } = {}) {
  history = [];
  return render(<Owner initial={initial} facets={withFacets} facetsLoading={facetsLoading} />);
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search' });
const group = (legend: string) => screen.getByRole('group', { name: legend });
/** Each choice of a group as the reader sees it: its label and its count. */
const choicesOf = (legend: string) =>
  within(group(legend))
    .getAllByRole('listitem')
    .map((item) => [item.querySelector('label')?.textContent, item.querySelector('span')?.textContent]);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the feed filter panel', () => {
  it('opens with its title, the search box and one group per facet, each choice with its label and count', () => {
    show();
    expect(screen.getByRole('dialog', { name: 'Filter articles' })).toBeTruthy();
    expect(searchBox()).toHaveProperty('value', '');
    expect(choicesOf('Categories')).toEqual([
      ['Politics', '12'],
      ['Sport > Football', '4'],
    ]);
    expect(choicesOf('Locations')).toEqual([
      ['Paris, France', '2'],
      ['Brighton', '5'],
    ]);
    expect(choicesOf('Channels')).toEqual([['City Desk', '9']]);
    // Nothing is chosen yet.
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
  });

  it('says "None yet" in a group with no choices', () => {
    show({ withFacets: { categories: [], locations: [{ name: 'Brighton', count: 1 }], channels: [] } });
    expect(within(group('Categories')).getByText('None yet')).toBeTruthy();
    expect(within(group('Channels')).getByText('None yet')).toBeTruthy();
    expect(within(group('Locations')).queryByText('None yet')).toBeNull();
  });

  it('shows the spinner, and no choice groups, while the choices load', () => {
    show({ facetsLoading: true });
    expect(screen.getByText('Loading filter choices')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    // The search box works while the choices load.
    expect(searchBox()).toBeTruthy();
  });

  // Testing Library's async wrapper waits on a real setTimeout, which a fake clock never runs, so
  // the tests on the clock type with fireEvent (synchronous) instead of user-event.
  it('applies what is typed in Search only once typing has paused for 300 ms, trimmed', () => {
    vi.useFakeTimers();
    show();

    fireEvent.change(searchBox(), { target: { value: '  bri' } });
    act(() => vi.advanceTimersByTime(200));
    // Another key restarts the wait.
    fireEvent.change(searchBox(), { target: { value: '  bridge ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(current.q).toBe('');
    expect(history).toEqual([]);

    act(() => vi.advanceTimersByTime(1));
    expect(current.q).toBe('bridge');
    // One update for the whole word; the box then shows the search as applied, trimmed.
    expect(history).toHaveLength(1);
    expect(searchBox()).toHaveProperty('value', 'bridge');

    // Nothing more happens later: the filters already hold the text.
    act(() => vi.advanceTimersByTime(1000));
    expect(history).toHaveLength(1);
  });

  it('applies the search at once, trimmed, on Enter', () => {
    vi.useFakeTimers();
    show();

    fireEvent.change(searchBox(), { target: { value: ' late ferry  ' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(current.q).toBe('late ferry');
    expect(history).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(history).toHaveLength(1);
  });

  it('sends what is typed, trimmed, when typed with the keyboard (real clock)', async () => {
    const user = userEvent.setup();
    show();
    await user.type(searchBox(), ' ferry ');
    expect(current.q).toBe('');
    await waitFor(() => expect(current.q).toBe('ferry'));
    expect(history).toHaveLength(1);
  });

  it('adds a category, place or channel when its choice is ticked and removes it when unticked', async () => {
    const user = userEvent.setup();
    show();

    await user.click(screen.getByRole('checkbox', { name: 'Sport > Football' }));
    expect(current.categories).toEqual([7]);
    await user.click(screen.getByRole('checkbox', { name: 'Politics' }));
    expect(current.categories).toEqual([7, 3]);
    expect(screen.getByRole('checkbox', { name: 'Politics' })).toHaveProperty('checked', true);

    await user.click(screen.getByRole('checkbox', { name: 'Paris, France' }));
    expect(current.locations).toEqual(['Paris, France']);
    await user.click(screen.getByRole('checkbox', { name: 'City Desk' }));
    expect(current.channels).toEqual([5]);

    await user.click(screen.getByRole('checkbox', { name: 'Sport > Football' }));
    expect(current.categories).toEqual([3]);
    expect(screen.getByRole('checkbox', { name: 'Sport > Football' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: 'Paris, France' }));
    expect(current.locations).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'City Desk' }));
    expect(current.channels).toEqual([]);
    // The sort is not touched by the choices.
    expect(current).toEqual({ ...DEFAULT_FEED_FILTERS, categories: [3] });
  });

  it('ticks the choices the filters already hold', () => {
    show({ initial: { ...DEFAULT_FEED_FILTERS, categories: [7], locations: ['Brighton'], channels: [5] } });
    const ticked = screen
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('li')?.querySelector('label')?.textContent);
    expect(ticked).toEqual(['Sport > Football', 'Brighton', 'City Desk']);
  });

  it('keeps "Clear all filters" off with no filter on, and clears every filter but the sort with it', async () => {
    const user = userEvent.setup();
    show({ initial: { ...DEFAULT_FEED_FILTERS, sort: 'likes', direction: 'asc' } });
    const clear = screen.getByRole('button', { name: 'Clear all filters' });
    expect(clear).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('checkbox', { name: 'Politics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Brighton' }));
    await user.type(searchBox(), 'ferry{Enter}');
    expect(clear).toHaveProperty('disabled', false);

    await user.click(clear);
    expect(current).toEqual({ ...DEFAULT_FEED_FILTERS, sort: 'likes', direction: 'asc' });
    expect(searchBox()).toHaveProperty('value', '');
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
    expect(clear).toHaveProperty('disabled', true);
  });

  it('counts search text alone as a filter for "Clear all filters"', () => {
    show({ initial: { ...DEFAULT_FEED_FILTERS, q: 'ferry' } });
    expect(screen.getByRole('button', { name: 'Clear all filters' })).toHaveProperty('disabled', false);
  });

  it('shows in the box a search changed from outside the panel, without setting it again', () => {
    vi.useFakeTimers();
    show({ initial: { ...DEFAULT_FEED_FILTERS, q: 'ferry' } });
    expect(searchBox()).toHaveProperty('value', 'ferry');

    act(() => setFromOutside((f) => ({ ...f, q: 'bridge' })));
    expect(searchBox()).toHaveProperty('value', 'bridge');
    act(() => setFromOutside((f) => ({ ...f, q: '' })));
    expect(searchBox()).toHaveProperty('value', '');

    act(() => vi.advanceTimersByTime(1000));
    expect(history).toEqual([]);
    expect(current.q).toBe('');
  });
});
