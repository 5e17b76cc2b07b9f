import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, sortBy } from './sorting';

describe('nextSort: a column header cycles its sort', () => {
  it('toggles the direction when the active column is clicked again', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name', 'asc')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name', 'asc')).toEqual({ key: 'name', direction: 'asc' });
  });

  it("selects another column in the table's starting direction", () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'date', 'desc')).toEqual({ key: 'date', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'date', 'asc')).toEqual({ key: 'date', direction: 'asc' });
  });
});

describe('sortBy', () => {
  const rows = [
    { name: 'beta', n: 2 },
    { name: 'Alpha', n: 10 },
    { name: 'gamma', n: null },
  ];
  const value = (row: (typeof rows)[number], key: 'name' | 'n') => row[key];

  it('orders text case-insensitively and numbers numerically', () => {
    expect(sortBy(rows, { key: 'name', direction: 'asc' }, value).map((r) => r.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sortBy(rows, { key: 'name', direction: 'desc' }, value).map((r) => r.name)).toEqual(['gamma', 'beta', 'Alpha']);
    expect(sortBy(rows, { key: 'n', direction: 'desc' }, value).map((r) => r.n)).toEqual([10, 2, null]);
  });

  it('keeps missing values last in both directions and does not touch the input', () => {
    expect(sortBy(rows, { key: 'n', direction: 'asc' }, value).map((r) => r.n)).toEqual([2, 10, null]);
    expect(rows.map((r) => r.name)).toEqual(['beta', 'Alpha', 'gamma']);
  });

  it('reports aria-sort for the active column only', () => {
    expect(ariaSort({ key: 'n', direction: 'asc' }, 'n')).toBe('ascending');
    expect(ariaSort({ key: 'n', direction: 'desc' }, 'n')).toBe('descending');
    expect(ariaSort({ key: 'n', direction: 'desc' }, 'name')).toBe('none');
  });
});
