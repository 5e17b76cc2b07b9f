import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CategoryNode } from '@contract/taxonomy';
import { addCategory, categoryIdsForSubmit, flattenCategoryTree, normalizeCategoryTree, removeCategory, searchCategories } from './categories';

const node = (id: number, name: string, children: CategoryNode[] = []): CategoryNode => ({ id, name, children });

const tree: CategoryNode[] = [
  node(1, 'Business', [node(2, 'Markets', [node(3, 'Stocks'), node(4, 'Bonds')]), node(5, 'Startups')]),
  node(6, 'Technology', [node(7, 'Startups'), node(8, 'Gadgets'), node(9, 'gadgets')]),
  node(10, 'Sport', [node(11, 'Sports Business'), node(12, 'Motorsport')]),
  node(13, 'Other'),
];

describe('category tree', () => {
  it('joins paths with " > " and keeps up to three levels', () => {
    const entries = flattenCategoryTree(normalizeCategoryTree(tree));
    expect(entries.find((e) => e.id === 3)).toMatchObject({ name: 'Business > Markets > Stocks', label: 'Stocks', depth: 3 });
    const deep = normalizeCategoryTree([node(1, 'A', [node(2, 'B', [node(3, 'C', [node(4, 'D')])])])]);
    expect(flattenCategoryTree(deep).map((e) => e.name)).toEqual(['A', 'A > B', 'A > B > C']);
  });

  it('drops sibling names that repeat ignoring case, keeping the first', () => {
    const entries = flattenCategoryTree(normalizeCategoryTree(tree));
    expect(entries.filter((e) => e.name.toLowerCase() === 'technology > gadgets').map((e) => e.id)).toEqual([8]);
    // The same name under different parents is not a duplicate.
    expect(entries.filter((e) => e.label === 'Startups').map((e) => e.id)).toEqual([5, 7]);
  });
});

describe('searchCategories', () => {
  const entries = flattenCategoryTree(normalizeCategoryTree(tree));

  it('matches a case-insensitive substring: exact first, then prefix, then alphabetical', () => {
    expect(searchCategories(entries, 'SPORT').map((e) => e.name)).toEqual(['Sport', 'Sport > Sports Business', 'Sport > Motorsport']);
    expect(searchCategories(entries, 'startups').map((e) => e.name)).toEqual(['Business > Startups', 'Technology > Startups']);
  });

  it('ranks a prefix match above a substring match regardless of the alphabet', () => {
    const names = searchCategories(entries, 'sport').map((e) => e.label);
    expect(names.indexOf('Sports Business')).toBeLessThan(names.indexOf('Motorsport'));
  });

  it('finds nothing for an empty or unmatched query', () => {
    expect(searchCategories(entries, '  ')).toEqual([]);
    expect(searchCategories(entries, 'zzz')).toEqual([]);
  });

  it('returns at most 10 results', () => {
    const many = flattenCategoryTree(Array.from({ length: 30 }, (_, i) => node(i + 1, `News ${String(i).padStart(2, '0')}`)));
    expect(searchCategories(many, 'news')).toHaveLength(10);
  });

  it('never returns a non-match and never more than 10 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 40 }), fc.string({ maxLength: 3 }), (names, q) => {
        const list = flattenCategoryTree(names.map((n, i) => node(i + 1, n)));
        const found = searchCategories(list, q);
        expect(found.length).toBeLessThanOrEqual(10);
        for (const entry of found) expect(entry.name.toLowerCase()).toContain(q.trim().toLowerCase());
      }),
    );
  });
});

describe('category selection', () => {
  const a = { id: 1, name: 'A' };
  const b = { id: 2, name: 'B' };
  const c = { id: 3, name: 'C' };
  const d = { id: 4, name: 'D' };

  it('keeps at most three; a fourth drops the oldest', () => {
    let picked = addCategory([], a);
    picked = addCategory(picked, b);
    picked = addCategory(picked, c);
    expect(picked.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(addCategory(picked, d).map((p) => p.id)).toEqual([2, 3, 4]);
  });

  it('ignores a category already picked and removes one by id', () => {
    expect(addCategory([a, b], a)).toEqual([a, b]);
    expect(removeCategory([a, b, c], 2)).toEqual([a, c]);
  });

  it("sends 'Other' as empty and leaves out non-numeric ids", () => {
    expect(categoryIdsForSubmit([{ id: 13, name: 'Other' }, { id: 3, name: 'Business > Markets > Stocks' }])).toEqual([3]);
    expect(categoryIdsForSubmit([{ id: 'no-categories', name: 'None' }, { id: '7', name: 'Technology > Startups' }])).toEqual([7]);
  });
});
