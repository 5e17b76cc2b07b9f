export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/**
 * Clicking a column header toggles the direction if that column is already
 * active, otherwise it selects the column, starting in the table's initial direction (channel
 * detail ascending, the profile descending).
 */
export function nextSort<K extends string>(current: SortState<K>, key: K, initialDirection: SortDirection): SortState<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: initialDirection };
}

/** A stable copy of `items` in the order `sort` asks for; text compares case-insensitively, missing values last. */
export function sortBy<T, K extends string>(
  items: readonly T[],
  sort: SortState<K>,
  value: (item: T, key: K) => string | number | null | undefined,
): T[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, v: value(item, sort.key) }))
    .sort((a, b) => {
      if (a.v == null || b.v == null) return a.v == null ? (b.v == null ? a.index - b.index : 1) : -1;
      const order =
        typeof a.v === 'number' && typeof b.v === 'number'
          ? a.v - b.v
          : String(a.v).localeCompare(String(b.v), 'en', { sensitivity: 'base', numeric: true });
      return order === 0 ? a.index - b.index : order * factor;
    })
    .map(({ item }) => item);
}

/** The value of aria-sort for a column header. */
export function ariaSort<K extends string>(sort: SortState<K>, key: K): 'ascending' | 'descending' | 'none' {
  if (sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
