import { useId } from 'react';
import type { Facets } from '@contract/articles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { activeFilterCount, FEED_SORTS, SORT_LABELS, type FeedFilters } from '../lib/feed-params';

/** Controls that need the app (the feed's Sort and Filter buttons) carry `data-needs-script`; without JavaScript they are hidden. */
const HIDE_WITHOUT_SCRIPT = '[data-needs-script]{display:none!important}';

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * The feed's sort, search and filters as a plain GET form, for a reader without JavaScript: the
 * browser sends `/?sort=likes&direction=desc&categories=3`, and the server renders that feed
 * (docs/decisions/008-one-render-path.md). Inside <noscript>, so with JavaScript the page is exactly the app's.
 */
export function FeedFormWithoutScript({ filters, facets }: { filters: FeedFilters; facets: Facets | undefined }) {
  const id = useId();
  return (
    <noscript className="block">
      <style>{HIDE_WITHOUT_SCRIPT}</style>
      <form method="get" action="/" aria-label="Sort and filter articles" className="grid gap-4 rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-sort`}>Sort by</Label>
            <select id={`${id}-sort`} name="sort" defaultValue={filters.sort} className={selectClass}>
              {FEED_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-direction`}>Order</Label>
            <select id={`${id}-direction`} name="direction" defaultValue={filters.direction} className={selectClass}>
              <option value="desc">Descending</option>
              <option value="asc">Ascending</option>
            </select>
          </div>
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor={`${id}-q`}>Search</Label>
            <Input id={`${id}-q`} type="search" name="q" defaultValue={filters.q} maxLength={200} placeholder="Search titles and content" />
          </div>
        </div>
        {facets && (
          <details open={activeFilterCount(filters) > 0}>
            <summary className="cursor-pointer text-sm font-medium">Filter</summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <Choices
                legend="Categories"
                name="categories"
                choices={facets.categories.map((c) => ({ value: String(c.id), label: c.name }))}
                chosen={filters.categories.map(String)}
              />
              <Choices legend="Locations" name="location" choices={facets.locations.map((l) => ({ value: l.name, label: l.name }))} chosen={filters.locations} />
              <Choices
                legend="Channels"
                name="channels"
                choices={facets.channels.map((c) => ({ value: String(c.id), label: c.name }))}
                chosen={filters.channels.map(String)}
              />
            </div>
          </details>
        )}
        <div>
          <Button type="submit" size="sm">
            Apply
          </Button>
        </div>
      </form>
    </noscript>
  );
}

function Choices({ legend, name, choices, chosen }: { legend: string; name: string; choices: { value: string; label: string }[]; chosen: string[] }) {
  const id = useId();
  return (
    <fieldset className="grid content-start gap-1.5">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet</p>
      ) : (
        choices.map((choice, i) => (
          <div key={choice.value} className="flex items-center gap-2">
            <input id={`${id}-${i}`} type="checkbox" name={name} value={choice.value} defaultChecked={chosen.includes(choice.value)} className="size-4 accent-primary" />
            <label htmlFor={`${id}-${i}`} className="text-sm">
              {choice.label}
            </label>
          </div>
        ))
      )}
    </fieldset>
  );
}
