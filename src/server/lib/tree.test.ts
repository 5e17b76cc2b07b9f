import { describe, expect, it } from 'vitest';
import { flattenTree, nestRows } from './tree.js';

describe('fixture trees', () => {
  it('drops repeated sibling names ignoring case, with their subtrees, but keeps cousins', () => {
    const flat = flattenTree([
      { name: 'Sports', children: [{ name: 'Football' }, { name: 'football', children: [{ name: 'Lost' }] }, { name: 'Policy' }] },
      { name: 'SPORTS' },
      { name: 'Health', children: [{ name: 'Policy' }] },
    ]);
    expect(flat.map((n) => n.name)).toEqual(['Sports', 'Football', 'Policy', 'Health', 'Policy']);
    expect(flat.map((n) => n.parentId)).toEqual([null, 1, 1, null, 4]);
  });

  it('nests rows back into the same tree', () => {
    const flat = flattenTree([{ name: 'A', children: [{ name: 'B', children: [{ name: 'C' }] }] }, { name: 'D' }]);
    const tree = nestRows(
      flat.map((n) => ({ id: n.id, parent_id: n.parentId, name: n.name })),
      (row) => ({ name: row.name, children: [] as any[] }),
    );
    expect(tree).toEqual([{ name: 'A', children: [{ name: 'B', children: [{ name: 'C', children: [] }] }] }, { name: 'D', children: [] }]);
  });
});
