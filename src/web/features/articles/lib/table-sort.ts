import type { ArticleSummary } from '@contract/articles';

export type TableSortField = 'title' | 'createdAt' | 'category' | 'viewCount' | 'commentCount' | 'likes';
export interface TableSort {
  field: TableSortField;
  direction: 'asc' | 'desc';
}

/** Spec 2 section 2: the channel's tables start sorted by date, newest first. */
export const INITIAL_TABLE_SORT: TableSort = { field: 'createdAt', direction: 'desc' };

/** A click on a column header: the active column flips direction, another column is selected ascending. */
export function nextTableSort(current: TableSort, field: TableSortField): TableSort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

function value(article: ArticleSummary, field: TableSortField): string | number {
  switch (field) {
    case 'title':
      return article.title;
    case 'createdAt':
      return Date.parse(article.createdAt) || 0;
    case 'category':
      return article.category ?? '';
    default:
      return article[field];
  }
}

/** The rows in the chosen order; ties keep the newest first so the order is stable. */
export function sortArticleRows(rows: ArticleSummary[], sort: TableSort): ArticleSummary[] {
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort.field);
    const y = value(b, sort.field);
    const order = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y, 'en', { sensitivity: 'base' }) : Number(x) - Number(y);
    return order * factor || b.id - a.id;
  });
}
