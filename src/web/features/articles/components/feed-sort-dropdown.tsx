import type { ReactElement } from 'react';
import type { ArticleSort } from '@contract/articles';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { FEED_SORTS, SORT_LABELS, type FeedFilters } from '../lib/feed-params';

/** The feed's Sort menu itself, loaded on first use (see article-feed.tsx). */
export default function FeedSortDropdown({
  trigger,
  defaultOpen,
  filters,
  setFilters,
}: {
  trigger: ReactElement;
  defaultOpen?: boolean;
  filters: FeedFilters;
  setFilters: (u: (f: FeedFilters) => FeedFilters) => void;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={filters.sort} onValueChange={(value) => setFilters((f) => ({ ...f, sort: value as ArticleSort }))}>
          {FEED_SORTS.map((sort) => (
            <DropdownMenuRadioItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
