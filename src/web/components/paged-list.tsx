import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A list the API gives a page at a time (the moderation lists, the channel log): its rows, 'Load
 * more' while there is a next page, and what to say while it loads, when it is empty or fails.
 */
export function PagedList<Item>({
  query,
  label,
  empty,
  renderItem,
  itemKey,
  loadingLabel = `Loading ${label.toLowerCase()}`,
  failed = `${label} could not be loaded.`,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[]; nextCursor: string | null }>>;
  /** The list's accessible name. */
  label: string;
  empty: string;
  renderItem: (item: Item) => ReactNode;
  itemKey: (item: Item, index: number) => string | number;
  loadingLabel?: string;
  /** Said when the first page fails and the server gave no message. */
  failed?: string;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError && !query.data) return <p className="text-sm text-destructive">{query.error.message || failed}</p>;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="py-6 text-muted-foreground">{empty}</p>;
  return (
    <div className="space-y-4">
      <ul aria-label={label} className="space-y-4">
        {items.map((item, index) => (
          <li key={itemKey(item, index)}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage && <Spinner className="[&_svg]:size-4" label="Loading more" />}
            Load more
          </Button>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-destructive">
              More could not be loaded. Try again.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
