import { useEffect, useId, useState, type ReactElement } from 'react';
import type { Facets } from '@contract/articles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { activeFilterCount, DEFAULT_FEED_FILTERS, type FeedFilters } from '../lib/feed-params';

/** How long typing in the search box waits before the feed is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** The feed's Filter panel itself, loaded on first use (see article-feed.tsx). */
export default function FeedFilterPanel({
  trigger,
  defaultOpen,
  filters,
  setFilters,
  facets,
  facetsLoading,
}: {
  trigger: ReactElement;
  defaultOpen?: boolean;
  filters: FeedFilters;
  setFilters: (u: (f: FeedFilters) => FeedFilters) => void;
  facets: Facets | undefined;
  facetsLoading: boolean;
}) {
  const count = activeFilterCount(filters);
  const searchId = useId();
  const [text, setText] = useState(filters.q);
  const [lastQ, setLastQ] = useState(filters.q);
  // The URL changed from elsewhere (a badge was cleared): show it in the box.
  if (filters.q !== lastQ) {
    setLastQ(filters.q);
    setText(filters.q);
  }

  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q: text.trim() })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, setFilters]);

  return (
    <Sheet defaultOpen={defaultOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="right" className="w-full sm:max-w-md">
        <SheetHeader className="pr-12">
          <SheetTitle>Filter articles</SheetTitle>
          <SheetDescription>Narrow the feed by text, category, place or channel.</SheetDescription>
        </SheetHeader>
        <div className="space-y-6 px-4">
          <div className="space-y-2">
            <Label htmlFor={searchId}>Search</Label>
            <Input
              id={searchId}
              type="search"
              placeholder="Search titles and content"
              value={text}
              maxLength={200}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') setFilters((f) => ({ ...f, q: text.trim() }));
              }}
            />
          </div>
          {facetsLoading ? (
            <Spinner label="Loading filter choices" />
          ) : (
            <>
              <ChoiceGroup
                legend="Categories"
                choices={(facets?.categories ?? []).map((c) => ({ key: String(c.id), label: c.name, count: c.count }))}
                selected={filters.categories.map(String)}
                onToggle={(key) => setFilters((f) => ({ ...f, categories: toggle(f.categories, Number(key)) }))}
              />
              <ChoiceGroup
                legend="Locations"
                choices={(facets?.locations ?? []).map((l) => ({ key: l.name, label: l.name, count: l.count }))}
                selected={filters.locations}
                onToggle={(key) => setFilters((f) => ({ ...f, locations: toggle(f.locations, key) }))}
              />
              <ChoiceGroup
                legend="Channels"
                choices={(facets?.channels ?? []).map((c) => ({ key: String(c.id), label: c.name, count: c.count }))}
                selected={filters.channels.map(String)}
                onToggle={(key) => setFilters((f) => ({ ...f, channels: toggle(f.channels, Number(key)) }))}
              />
            </>
          )}
        </div>
        <SheetFooter>
          <Button variant="outline" disabled={count === 0} onClick={() => setFilters((f) => ({ ...DEFAULT_FEED_FILTERS, sort: f.sort, direction: f.direction }))}>
            Clear all filters
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

function ChoiceGroup({
  legend,
  choices,
  selected,
  onToggle,
}: {
  legend: string;
  choices: { key: string; label: string; count: number }[];
  selected: string[];
  onToggle: (key: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet</p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto pr-1">
          {choices.map((choice, i) => (
            <li key={choice.key} className="flex items-center gap-2">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                className="size-4 accent-primary"
                checked={selected.includes(choice.key)}
                onChange={() => onToggle(choice.key)}
              />
              <label htmlFor={`${id}-${i}`} className="flex-1 text-sm">
                {choice.label}
              </label>
              <span className="text-xs text-muted-foreground tabular-nums">{choice.count}</span>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
