import { sql, type Kysely } from 'kysely';

/**
 * What each upload takes on disk or in the bucket: its file and its responsive copies together,
 * for the per-user quota of uploads not yet used in an article. Rows from before count their main
 * file only (their copies were not weighed). The sweep of abandoned uploads looks them up by age.
 * Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('stored_bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update uploads set stored_bytes = bytes`.execute(db);
  await db.schema.createIndex('uploads_created_idx').on('uploads').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_created_idx').ifExists().execute();
  await db.schema.alterTable('uploads').dropColumn('stored_bytes').execute();
}
