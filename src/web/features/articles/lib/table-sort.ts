import type { ChannelTableSort } from '@contract/articles';

export type TableSortField = ChannelTableSort;
export interface TableSort {
  field: TableSortField;
  direction: 'asc' | 'desc';
}

/** The channel's tables start sorted by date, newest first (docs/product.md#channels). */
export const INITIAL_TABLE_SORT: TableSort = { field: 'createdAt', direction: 'desc' };

/** A click on a column header: the active column flips direction, another column is selected ascending. */
export function nextTableSort(current: TableSort, field: TableSortField): TableSort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}
