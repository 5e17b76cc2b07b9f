import { createDatabase, type DatabaseHandle } from '../server/db/database.js';
import { createFreshPostgresDatabase } from './postgres.js';

/**
 * An empty database of that kind with no migration run yet, for tests that migrate part of the way,
 * write rows in an earlier schema and then migrate the rest. `drop` removes a PostgreSQL database;
 * close the handle first.
 */
export async function unmigratedDatabase(kind: 'sqlite' | 'postgres'): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'sqlite') return { handle: createDatabase({ kind: 'sqlite', file: ':memory:' }), drop: async () => {} };
  const fresh = await createFreshPostgresDatabase();
  return { handle: createDatabase({ kind: 'postgres', url: fresh.url }), drop: fresh.drop };
}
