import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { migrations } from './migrations/index.js';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // A serving SQLite connection keeps temporary b-trees in memory (database.ts). A migration's
  // CREATE INDEX sorts a whole table (tens of MB at a million articles): that sort spills to
  // temporary files, as SQLite's default has it, and the connection's setting comes back after.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const tempStore = sqlite ? (await sql<{ temp_store: number }>`pragma temp_store`.execute(db)).rows[0]?.temp_store : undefined;
  if (sqlite) await sql`pragma temp_store = file`.execute(db);
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
    }
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    if (sqlite && tempStore !== undefined) await sql.raw(`pragma temp_store = ${Number(tempStore)}`).execute(db);
  }
}
