import { useId, useState } from 'react';
import { MapPinIcon } from 'lucide-react';
import type { GeoFeature } from '@contract/geo';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { GEOCODE_MIN_CHARS, useGeocode } from '../api/geocode';
import { useDebouncedValue } from '../api/use-debounced-value';

/** The chosen place: what an article stores as location_name, location_lat, location_lng. */
export interface LocationValue {
  name: string;
  lat: number | null;
  lng: number | null;
}

export interface LocationPickerProps {
  value: LocationValue | null;
  onChange: (value: LocationValue | null) => void;
  /** The id of the visible label. */
  labelId: string;
}

/** Typing pauses 300 ms before a search (docs/product.md#writing). */
export const LOCATION_SEARCH_DEBOUNCE_MS = 300;

/**
 * The location picker (docs/product.md#writing): searches places after 2 or more
 * characters and a 300 ms pause; choosing a result fills the location; clearing the text empties
 * it; a failure shows 'Error: {message}' in red. Results list at most 15rem high.
 */
export function LocationPicker({ value, onChange, labelId }: LocationPickerProps) {
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const debounced = useDebouncedValue(text, LOCATION_SEARCH_DEBOUNCE_MS);
  const searchText = open && debounced.trim() !== (value?.name ?? '').trim() ? debounced : '';
  const places = useGeocode(searchText);
  const listId = useId();
  const features = places.data?.features ?? [];
  const searching = searchText.trim().length >= GEOCODE_MIN_CHARS;
  const listShown = open && searching && features.length > 0 && !places.isError;

  const choose = (feature: GeoFeature) => {
    onChange({ name: feature.place_name, lng: feature.center[0], lat: feature.center[1] });
    setText(feature.place_name);
    setOpen(false);
  };

  return (
    <div className="relative">
      <div className="relative">
        <MapPinIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          role="combobox"
          aria-labelledby={labelId}
          aria-expanded={listShown}
          aria-controls={listShown ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listShown && features[activeIndex] ? `${listId}-${activeIndex}` : undefined}
          autoComplete="off"
          placeholder="Search for a city, region or country"
          className="pl-9"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActiveIndex(0);
            setOpen(true);
            if (e.target.value.trim() === '') onChange(null);
          }}
          // Tab goes on to the next control: the list closes on blur, and is no tab stop itself (tabIndex -1),
          // which Chromium would otherwise make of a scrolling list, leaving focus on a removed element.
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActiveIndex((i) => Math.min(i + 1, Math.max(features.length - 1, 0)));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActiveIndex((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter' && listShown && features[activeIndex]) {
              e.preventDefault();
              choose(features[activeIndex]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
      </div>
      {open && searching && places.isFetching && (
        <Spinner label="Searching places" className="absolute top-1.5 right-2 [&_svg]:size-5" />
      )}
      {places.isError && searching && (
        <p className="mt-1 text-sm text-destructive" role="alert">
          Error: {places.error.message}
        </p>
      )}
      {listShown && (
        <ul id={listId} role="listbox" tabIndex={-1} aria-labelledby={labelId} className="absolute z-20 mt-1 max-h-[15rem] w-full overflow-y-auto rounded-md border bg-popover p-1 shadow-md">
          {features.map((feature, i) => (
            <li
              key={feature.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(feature)}
              onMouseMove={() => setActiveIndex(i)}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', i === activeIndex && 'bg-accent text-accent-foreground')}
            >
              <span className="font-medium">{feature.text}</span>
              {feature.place_name !== feature.text && <span className="block text-xs text-muted-foreground">{feature.place_name}</span>}
            </li>
          ))}
        </ul>
      )}
      {open && searching && !places.isFetching && !places.isError && places.isSuccess && features.length === 0 && (
        <p className="mt-1 text-sm text-muted-foreground">No places found</p>
      )}
    </div>
  );
}
