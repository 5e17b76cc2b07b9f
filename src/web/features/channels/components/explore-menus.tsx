import type { ReactElement } from 'react';
import { CHANNEL_SORTS, type ChannelSort } from '@contract/channel-rules';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SORT_LABELS, toggleCategory, type ExploreFilters } from '../lib/explore-filters';

interface MenuProps {
  trigger: ReactElement;
  defaultOpen?: boolean;
  filters: ExploreFilters;
  setFilters: (filters: ExploreFilters) => void;
}

/** Explore Channels' Sort menu, loaded on first use (see explore-channels.tsx). */
export function ChannelSortMenu({ trigger, defaultOpen, filters, setFilters }: MenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Sort Channels By</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={filters.sort} onValueChange={(value) => setFilters({ ...filters, sort: value as ChannelSort })}>
          {CHANNEL_SORTS.map((sort) => (
            <DropdownMenuRadioItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Explore Channels' Categories menu, loaded on first use (see explore-channels.tsx). */
export function ChannelCategoryMenu({ trigger, defaultOpen, filters, setFilters, categories }: MenuProps & { categories: string[] }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Filter by category</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {categories.map((category) => (
          <DropdownMenuCheckboxItem
            key={category}
            checked={filters.categories.includes(category)}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={() => setFilters(toggleCategory(filters, category))}
          >
            {category}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
