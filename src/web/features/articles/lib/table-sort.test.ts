import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '@contract/articles';
import { INITIAL_TABLE_SORT, nextTableSort, sortArticleRows } from './table-sort';

const row = (id: number, title: string, createdAt: string, viewCount: number, category: string | null = null) =>
  ({ id, title, createdAt, viewCount, category, commentCount: 0, likes: id }) as ArticleSummary;

describe('channel article tables (spec 2 section 2)', () => {
  it('start by date, newest first', () => {
    expect(INITIAL_TABLE_SORT).toEqual({ field: 'createdAt', direction: 'desc' });
  });

  it('flip the active column and select another ascending', () => {
    expect(nextTableSort(INITIAL_TABLE_SORT, 'createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(nextTableSort({ field: 'createdAt', direction: 'asc' }, 'createdAt')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(nextTableSort(INITIAL_TABLE_SORT, 'viewCount')).toEqual({ field: 'viewCount', direction: 'asc' });
  });

  it('sort rows by text ignoring case, numbers and dates', () => {
    const rows = [row(1, 'beta', '2026-01-02T00:00:00Z', 5, 'World'), row(2, 'Alpha', '2026-01-03T00:00:00Z', 50), row(3, 'gamma', '2026-01-01T00:00:00Z', 1, 'Arts')];
    expect(sortArticleRows(rows, { field: 'title', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortArticleRows(rows, { field: 'createdAt', direction: 'desc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortArticleRows(rows, { field: 'viewCount', direction: 'desc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortArticleRows(rows, { field: 'category', direction: 'asc' }).map((r) => r.id)).toEqual([2, 3, 1]);
  });
});
