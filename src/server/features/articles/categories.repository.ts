import type { CategoryNode } from '../../../contract/taxonomy.js';
import type { Database } from '../../db/database.js';
import type { CategoryFixture } from './category-fixtures.js';
import { flattenTree, nestRows, type FlatNode } from '../../lib/tree.js';

export interface CategoryIndex {
  /** id -> path of names joined by ' > ' (docs/product.md#writing). */
  paths: Map<number, string>;
  /** id -> itself and every category below it. */
  subtree: Map<number, number[]>;
}

function indexTree(roots: CategoryNode[]): CategoryIndex {
  const paths = new Map<number, string>();
  const subtree = new Map<number, number[]>();
  const visit = (node: CategoryNode, prefix: string): number[] => {
    const path = prefix ? `${prefix} > ${node.name}` : node.name;
    paths.set(node.id, path);
    const ids = [node.id, ...node.children.flatMap((child) => visit(child, path))];
    subtree.set(node.id, ids);
    return ids;
  };
  roots.forEach((root) => visit(root, ''));
  return { paths, subtree };
}

export function createCategoriesRepository(db: Database) {
  let cached: Promise<CategoryNode[]> | undefined;
  let index: Promise<CategoryIndex> | undefined;
  /** The fixed tree; read once per process (it only changes with a release). */
  function tree(): Promise<CategoryNode[]> {
    cached ??= db
      .selectFrom('categories')
      .select(['id', 'parent_id', 'name', 'position'])
      .orderBy('position')
      .execute()
      .then((rows) => nestRows(rows, (row) => ({ id: row.id, name: row.name, children: [] as CategoryNode[] })))
      .catch((error) => {
        cached = undefined;
        throw error;
      });
    return cached;
  }

  return {
    tree,

    /** Paths and subtrees of the fixed tree, computed once per process. */
    index(): Promise<CategoryIndex> {
      index ??= tree().then(indexTree);
      return index;
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Loads the fixtures into an empty table, ids in depth-first order. */
    async load(fixtures: CategoryFixture[]): Promise<number> {
      const rows: FlatNode[] = flattenTree(fixtures);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 200) {
          const chunk = rows.slice(i, i + 200).map((r) => ({ id: r.id, parent_id: r.parentId, name: r.name, position: r.position }));
          await trx.insertInto('categories').values(chunk).execute();
        }
      });
      cached = undefined;
      index = undefined;
      return rows.length;
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
