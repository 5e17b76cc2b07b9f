import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, ArrowUpDownIcon, PlusIcon, SearchIcon, TagIcon, XIcon } from 'lucide-react';
import { paths } from '@contract/paths';
import { Button } from '@/components/ui/button';
import { OnDemand } from '@/components/on-demand';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useChannels } from '../api/channels';
import {
  categoryChoices,
  DEFAULT_EXPLORE_FILTERS,
  exploreChips,
  matchesCategories,
  removeChip,
  SORT_LABELS,
  type ExploreFilters,
} from '../lib/explore-filters';
import { AuthRequiredDialog } from '@/components/auth-required-dialog';
import { ChannelCard } from './channel-card';
import { lazyWithRetry } from '@/lib/chunk-retry';

// The Sort and Categories menus load their code on first use (components/on-demand.tsx).
const loadMenus = () => import('./explore-menus');
const ChannelSortMenu = lazyWithRetry(() => loadMenus().then((m) => ({ default: m.ChannelSortMenu })));
const ChannelCategoryMenu = lazyWithRetry(() => loadMenus().then((m) => ({ default: m.ChannelCategoryMenu })));

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * Explore Channels (docs/product.md#channels). Sorting and search run on the server a page at a time; the
 * reader's own channels are left out there too. Categories are chosen from those of the loaded
 * channels and filter them here; more pages load as the reader scrolls (or with 'Load more').
 */
export function ExploreChannels({ currentUserId }: { currentUserId: number | null }) {
  const [filters, setFilters] = useState<ExploreFilters>(DEFAULT_EXPLORE_FILTERS);
  const [authDialogOpen, setAuthDialogOpen] = useState(false);
  const search = useDebounced(filters.search, 300);
  const query = useChannels({ sort: filters.sort, direction: filters.direction, q: search, excludeOwn: true });
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;

  const loaded = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const visible = loaded.filter((channel) => matchesCategories(channel, filters.categories));
  const categories = categoryChoices(loaded, filters.categories);
  const chips = exploreChips(filters);
  const filtered = filters.search.trim() !== '' || filters.categories.length > 0;

  // Infinite scroll: while the end of the list is on screen and more pages exist, load the next one.
  const sentinel = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(false);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setAtEnd(entry?.isIntersecting ?? false), { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 border-b pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-serif text-4xl font-bold tracking-tight sm:text-5xl">Explore Channels</h1>
          <p className="mt-2 text-lg text-muted-foreground">Discover and subscribe to channels that interest you</p>
        </div>
        {currentUserId !== null && (
          <Button asChild>
            <Link to={paths.newChannel}>
              <PlusIcon aria-hidden="true" />
              Create Channel
            </Link>
          </Button>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Search channels"
            placeholder="Search channels..."
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <OnDemand
            preload={loadMenus}
            trigger={
              <Button variant="outline" aria-haspopup="menu">
                <ArrowUpDownIcon aria-hidden="true" />
                Sort: {SORT_LABELS[filters.sort]}
              </Button>
            }
            render={(trigger) => <ChannelSortMenu trigger={trigger} defaultOpen filters={filters} setFilters={setFilters} />}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={filters.direction === 'asc' ? 'Ascending order; switch to descending' : 'Descending order; switch to ascending'}
            title={filters.direction === 'asc' ? 'Ascending' : 'Descending'}
            onClick={() => setFilters({ ...filters, direction: filters.direction === 'asc' ? 'desc' : 'asc' })}
          >
            {filters.direction === 'asc' ? <ArrowUpNarrowWideIcon aria-hidden="true" /> : <ArrowDownWideNarrowIcon aria-hidden="true" />}
          </Button>
          {categories.length > 0 && (
            <OnDemand
              preload={loadMenus}
              trigger={
                <Button variant="outline" aria-haspopup="menu">
                  <TagIcon aria-hidden="true" />
                  Categories
                </Button>
              }
              render={(trigger) => <ChannelCategoryMenu trigger={trigger} defaultOpen filters={filters} setFilters={setFilters} categories={categories} />}
            />
          )}
        </div>
      </div>

      {chips.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
          {chips.map((chip) => (
            <span key={chip.label} className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-sm text-secondary-foreground">
              {chip.label}
              <button
                type="button"
                aria-label={`Remove ${chip.label}`}
                className="rounded-full p-1 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => setFilters(removeChip(filters, chip))}
              >
                <XIcon className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          ))}
          <Button variant="link" size="sm" onClick={() => setFilters(DEFAULT_EXPLORE_FILTERS)}>
            Clear All
          </Button>
        </div>
      )}

      <div className="mt-6">
        {query.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading channels" />
          </div>
        ) : query.isError ? (
          <p className="py-16 text-center text-muted-foreground">Channels could not be loaded: {query.error.message}</p>
        ) : visible.length === 0 && !hasNextPage ? (
          <p className="py-16 text-center text-lg text-muted-foreground">{filtered ? 'No channels match your filters' : 'No channels yet'}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((channel) => (
              <li key={channel.id} className="grid">
                <ChannelCard channel={channel} currentUserId={currentUserId} onAuthRequired={() => setAuthDialogOpen(true)} />
              </li>
            ))}
          </ul>
        )}
        <div ref={sentinel} className="flex justify-center py-6">
          {isFetchingNextPage ? (
            <Spinner label="Loading more channels" />
          ) : (
            hasNextPage && (
              <Button variant="outline" onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            )
          )}
        </div>
      </div>
      <AuthRequiredDialog open={authDialogOpen} onOpenChange={setAuthDialogOpen} description="Please sign in to view channels and subscribe to them." />
    </div>
  );
}
