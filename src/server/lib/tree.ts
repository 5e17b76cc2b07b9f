export interface TreeFixture {
  name: string;
  children?: TreeFixture[];
}

export interface FlatNode {
  id: number;
  parentId: number | null;
  name: string;
  position: number;
  source: TreeFixture;
}

/**
 * Depth-first ids for a fixture tree. Sibling names that repeat (ignoring case) are dropped with
 * their subtrees, as docs/product.md#writing asks of the category tree.
 */
export function flattenTree<T extends TreeFixture>(roots: T[]): FlatNode[] {
  const out: FlatNode[] = [];
  const visit = (nodes: TreeFixture[], parentId: number | null) => {
    const seen = new Set<string>();
    for (const node of nodes) {
      const key = node.name.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const id = out.length + 1;
      out.push({ id, parentId, name: node.name.trim(), position: id, source: node });
      if (node.children) visit(node.children, id);
    }
  };
  visit(roots, null);
  return out;
}

/** Rebuilds a tree from rows ordered by position. */
export function nestRows<R extends { id: number; parent_id: number | null }, N extends { children: N[] }>(
  rows: R[],
  toNode: (row: R) => N,
): N[] {
  const byId = new Map<number, N>();
  const roots: N[] = [];
  for (const row of rows) byId.set(row.id, toNode(row));
  for (const row of rows) {
    const node = byId.get(row.id)!;
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
