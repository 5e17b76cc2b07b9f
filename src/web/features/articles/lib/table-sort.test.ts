import { describe, expect, it } from 'vitest';
import { INITIAL_TABLE_SORT, nextTableSort } from './table-sort';

describe('channel article tables', () => {
  it('start by date, newest first', () => {
    expect(INITIAL_TABLE_SORT).toEqual({ field: 'createdAt', direction: 'desc' });
  });

  it('flip the active column and select another ascending', () => {
    expect(nextTableSort(INITIAL_TABLE_SORT, 'createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(nextTableSort({ field: 'createdAt', direction: 'asc' }, 'createdAt')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(nextTableSort(INITIAL_TABLE_SORT, 'viewCount')).toEqual({ field: 'viewCount', direction: 'asc' });
  });
});
