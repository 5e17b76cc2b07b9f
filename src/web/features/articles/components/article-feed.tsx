import { useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, ArrowUpDownIcon, FilterIcon, XIcon } from 'lucide-react';
import type { Facets } from '@contract/articles';
import { OnDemand } from '@/components/on-demand';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useFacets, useFeed } from '../api/articles';
import { categoryLeafName } from '@/lib/categories';
import {
  activeFilterCount,
  DEFAULT_FEED_FILTERS,
  feedCursorOf,
  feedFiltersToSearchParams,
  feedHref,
  parseFeedFilters,
  SORT_LABELS,
  type FeedFilters,
} from '../lib/feed-params';
import { ArticleCard } from './article-card';
import { FeedFormWithoutScript } from './feed-form-without-script';
import { lazyWithRetry } from '@/lib/chunk-retry';

// The Sort menu and the Filter panel load their code on first use (components/on-demand.tsx).
const loadSortDropdown = () => import('./feed-sort-dropdown');
const FeedSortDropdown = lazyWithRetry(loadSortDropdown);
const loadFilterPanel = () => import('./feed-filter-panel');
const FeedFilterPanel = lazyWithRetry(loadFilterPanel);

/** The feed state lives in the page's query string (sort, direction, q, categories, location, channels). */
function useFeedFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseFeedFilters(searchParams);
  const setFilters = useCallback(
    (update: (current: FeedFilters) => FeedFilters) =>
      setSearchParams((params) => feedFiltersToSearchParams(update(parseFeedFilters(params))), { replace: true, preventScrollReset: true }),
    [setSearchParams],
  );
  return [filters, setFilters, feedCursorOf(searchParams)] as const;
}

/**
 * The home feed's list (docs/product.md#feed): Sort menu with a direction toggle, Filter panel, badges
 * of active filters, the articles, empty states and more articles as the reader scrolls.
 */
export function ArticleFeed({ signedIn }: { signedIn: boolean }) {
  const [filters, setFilters, startCursor] = useFeedFilters();
  const feed = useFeed(filters, startCursor);
  const facets = useFacets();
  const count = activeFilterCount(filters);
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const source = feed.data?.pages[0]?.source;
  const nextCursor = feed.data?.pages.at(-1)?.nextCursor ?? null;

  return (
    <div className="space-y-4">
      <FeedFormWithoutScript filters={filters} facets={facets.data} />
      <div className="flex flex-wrap items-center gap-2" data-needs-script="">
        <SortMenu filters={filters} setFilters={setFilters} />
        <OnDemand
          preload={loadFilterPanel}
          trigger={filterButton(count)}
          render={(trigger) => (
            <FeedFilterPanel trigger={trigger} defaultOpen filters={filters} setFilters={setFilters} facets={facets.data} facetsLoading={facets.isPending} />
          )}
        />
      </div>
      <FilterBadges filters={filters} facets={facets.data} />
      {signedIn && source === 'all-fallback' && (
        <p className="rounded-md border border-dashed bg-muted/40 px-4 py-3 text-sm text-muted-foreground" data-testid="feed-fallback-hint">
          You don’t follow any channels yet, so here are the latest articles from every channel. Subscribe to channels to build your
          own feed.
        </p>
      )}
      {feed.isPending ? (
        <PageSpinner label="Loading articles" />
      ) : feed.isError ? (
        <p role="alert" className="py-8 text-destructive">
          {errorMessage(feed.error, 'Failed to load articles')}
        </p>
      ) : items.length === 0 ? (
        <p className="py-12 text-center text-lg text-muted-foreground">{count > 0 ? 'No articles match your filters' : 'No articles yet'}</p>
      ) : (
        <>
          <h2 className="sr-only">Articles</h2>
          <div>
            {items.map((article) => (
              <ArticleCard key={article.id} article={article} signedIn={signedIn} headingLevel={3} />
            ))}
          </div>
          <LoadMore
            href={nextCursor === null ? null : feedHref(filters, nextCursor)}
            loading={feed.isFetchingNextPage}
            failed={feed.isFetchNextPageError}
            onLoad={() => void feed.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

/**
 * More articles load when the end of the list scrolls into view; the Load more link does the same
 * for keyboards, old browsers, and when a load failed (and without JavaScript it opens the next page).
 */
function LoadMore({ href, loading, failed, onLoad }: { href: string | null; loading: boolean; failed: boolean; onLoad: () => void }) {
  const hasMore = href !== null;
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadRef.current(), { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);

  if (href === null) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-6">
      {loading ? (
        <Spinner label="Loading more articles" />
      ) : (
        // A link to the next page of the feed, so it works without JavaScript too; the app adds the
        // articles in place instead.
        <Button asChild variant="outline">
          <a
            href={href}
            onClick={(event) => {
              event.preventDefault();
              onLoad();
            }}
          >
            Load more
          </a>
        </Button>
      )}
    </div>
  );
}

function SortMenu({ filters, setFilters }: { filters: FeedFilters; setFilters: (u: (f: FeedFilters) => FeedFilters) => void }) {
  const ascending = filters.direction === 'asc';
  return (
    <div className="flex items-center gap-1">
      <OnDemand
        preload={loadSortDropdown}
        trigger={
          <Button variant="outline" size="sm" aria-haspopup="menu">
            <ArrowUpDownIcon aria-hidden="true" />
            Sort: {SORT_LABELS[filters.sort]}
          </Button>
        }
        render={(trigger) => <FeedSortDropdown trigger={trigger} defaultOpen filters={filters} setFilters={setFilters} />}
      />
      <Button
        variant="outline"
        size="sm"
        onClick={() => setFilters((f) => ({ ...f, direction: f.direction === 'asc' ? 'desc' : 'asc' }))}
        title={ascending ? 'Switch to descending order' : 'Switch to ascending order'}
      >
        {ascending ? <ArrowUpNarrowWideIcon aria-hidden="true" /> : <ArrowDownWideNarrowIcon aria-hidden="true" />}
        <span className="sr-only">Order: </span>
        <span className="sr-only sm:not-sr-only">{ascending ? 'Ascending' : 'Descending'}</span>
      </Button>
    </div>
  );
}

/** An element, not a component: the menu's trigger merges its props and ref into the button. */
function filterButton(count: number) {
  return (
    <Button variant="outline" size="sm" aria-haspopup="dialog">
      <FilterIcon aria-hidden="true" />
      Filter
      {count > 0 && (
        <Badge className="ml-0.5 rounded-full px-1.5">
          {count}
          <span className="sr-only"> active</span>
        </Badge>
      )}
    </Button>
  );
}

/** One badge per active filter, each removable, and 'Clear all' (docs/product.md#feed). */
function FilterBadges({ filters, facets }: { filters: FeedFilters; facets: Facets | undefined }) {
  const badges: { key: string; label: string; remove: (f: FeedFilters) => FeedFilters }[] = [];
  if (filters.q.trim()) badges.push({ key: 'q', label: `Search: ${filters.q}`, remove: (f) => ({ ...f, q: '' }) });
  for (const id of filters.categories) {
    const name = facets?.categories.find((c) => c.id === id)?.name;
    badges.push({ key: `c${id}`, label: `Category: ${name ? categoryLeafName(name) : `#${id}`}`, remove: (f) => ({ ...f, categories: f.categories.filter((c) => c !== id) }) });
  }
  for (const name of filters.locations) {
    badges.push({ key: `l${name}`, label: `Location: ${name}`, remove: (f) => ({ ...f, locations: f.locations.filter((l) => l !== name) }) });
  }
  for (const id of filters.channels) {
    const name = facets?.channels.find((c) => c.id === id)?.name;
    badges.push({ key: `ch${id}`, label: `Channel: ${name ?? `#${id}`}`, remove: (f) => ({ ...f, channels: f.channels.filter((c) => c !== id) }) });
  }
  if (badges.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {badges.map((badge) => (
        <Badge key={badge.key} variant="secondary" className="gap-1 py-1 pr-1 text-sm">
          {badge.label}
          <Link
            to={feedHref(badge.remove(filters))}
            replace
            preventScrollReset
            aria-label={`Remove filter ${badge.label}`}
            className="rounded-sm p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-3.5" aria-hidden="true" />
          </Link>
        </Badge>
      ))}
      <Button asChild variant="link" size="sm">
        <Link to={feedHref({ ...DEFAULT_FEED_FILTERS, sort: filters.sort, direction: filters.direction })} replace preventScrollReset>
          Clear all
        </Link>
      </Button>
    </div>
  );
}
