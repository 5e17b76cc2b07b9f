import type { LocationNode } from '../../../contract/taxonomy.js';
import type { Database } from '../../db/database.js';
import { flattenTree, nestRows } from '../../lib/tree.js';
import type { LocationFixture } from './location-fixtures.js';

export function createLocationsRepository(db: Database) {
  let cached: Promise<LocationNode[]> | undefined;
  return {
    /** The fixed countries > regions > cities tree; read once per process. */
    tree(): Promise<LocationNode[]> {
      cached ??= db
        .selectFrom('locations')
        .select(['id', 'parent_id', 'name', 'type', 'position'])
        .orderBy('position')
        .execute()
        .then((rows) => nestRows(rows, (row) => ({ id: row.id, name: row.name, type: row.type, children: [] as LocationNode[] })))
        .catch((error) => {
          cached = undefined;
          throw error;
        });
      return cached;
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async load(fixtures: LocationFixture[]): Promise<number> {
      const rows = flattenTree(fixtures).map((r) => ({
        id: r.id,
        parent_id: r.parentId,
        name: r.name,
        type: (r.source as LocationFixture).type,
        position: r.position,
      }));
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 200) await trx.insertInto('locations').values(rows.slice(i, i + 200)).execute();
      });
      cached = undefined;
      return rows.length;
    },
  };
}
export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
