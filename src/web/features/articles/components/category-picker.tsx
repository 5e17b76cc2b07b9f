import { useId, useMemo, useRef, useState } from 'react';
import { ChevronRightIcon, XIcon } from 'lucide-react';
import { LIMITS } from '@contract/limits';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useCategories } from '../api/articles';
import {
  addCategory,
  categoryLeafName,
  flattenCategoryTree,
  normalizeCategoryTree,
  removeCategory,
  searchCategories,
  type CategoryEntry,
  type PickedCategory,
} from '@/lib/categories';

/**
 * The category picker (docs/product.md#writing): a three-level tree to browse, a search whose
 * results are ranked exact, prefix, then alphabetical (at most 10, 'No results found'), and at
 * most three picks, a fourth dropping the oldest.
 */
export function CategoryPicker({ value, onChange, labelId }: { value: PickedCategory[]; onChange: (value: PickedCategory[]) => void; labelId: string }) {
  const categories = useCategories();
  const entries = useMemo(() => flattenCategoryTree(normalizeCategoryTree(categories.data ?? [])), [categories.data]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const listId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const searching = query.trim().length > 0;
  const options: CategoryEntry[] = searching ? searchCategories(entries, query) : entries;
  const listShown = open && !categories.isPending && options.length > 0;

  const pick = (entry: CategoryEntry) => {
    onChange(addCategory(value, entry));
    setQuery('');
    setActiveIndex(0);
    inputRef.current?.focus();
  };

  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen categories">
          {value.map((category) => (
            <li key={category.id}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 text-sm" title={category.name}>
                {category.name}
                <button
                  type="button"
                  onClick={() => onChange(removeCategory(value, category.id))}
                  aria-label={`Remove category ${category.name}`}
                  className="rounded-sm p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <XIcon className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Input
          ref={inputRef}
          role="combobox"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-expanded={listShown}
          aria-controls={listShown ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listShown && options[activeIndex] ? `${listId}-${options[activeIndex].id}` : undefined}
          placeholder="Search or browse categories"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActiveIndex(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          // Tab goes on to the next control: the list closes on blur, and is no tab stop itself (tabIndex -1),
          // which Chromium would otherwise make of a scrolling list, leaving focus on a removed element.
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActiveIndex((i) => Math.min(i + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActiveIndex((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter' && open && options[activeIndex]) {
              e.preventDefault();
              pick(options[activeIndex]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          Up to {LIMITS.categoriesPerArticle}; choosing another replaces the oldest.
        </p>
        {open && (
          <div className="absolute z-20 mt-1 w-full rounded-md border bg-popover shadow-md">
            {categories.isPending ? (
              <Spinner label="Loading categories" className="p-3" />
            ) : options.length === 0 ? (
              <p className="p-3 text-sm text-muted-foreground">No results found</p>
            ) : (
              <ul id={listId} role="listbox" tabIndex={-1} aria-labelledby={labelId} className="max-h-60 overflow-y-auto p-1">
                {options.map((entry, i) => {
                  const chosen = value.some((c) => c.id === entry.id);
                  return (
                    <li
                      key={entry.id}
                      id={`${listId}-${entry.id}`}
                      role="option"
                      aria-selected={chosen}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => pick(entry)}
                      onMouseMove={() => setActiveIndex(i)}
                      className={cn(
                        'flex cursor-pointer items-center gap-1 rounded-sm px-2 py-1.5 text-sm',
                        i === activeIndex && 'bg-accent text-accent-foreground',
                        chosen && 'font-semibold',
                      )}
                      style={searching ? undefined : { paddingLeft: `${0.5 + (entry.depth - 1) * 1.25}rem` }}
                    >
                      {searching ? (
                        entry.name
                      ) : (
                        <>
                          {entry.depth > 1 && <ChevronRightIcon className="size-3 text-muted-foreground" aria-hidden="true" />}
                          {categoryLeafName(entry.name)}
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
