import { sql, type Kysely } from 'kysely';

/**
 * Drafts on the server (docs/decisions/040-drafts-on-the-server.md). `articles.saved_at` is the
 * time of the article's last save of any kind (autosave, edit, discard): a save that names an older
 * time is a conflict. A published article's autosaves are kept apart, in `article_pending_edits`
 * (one row per article: the writer's whole unsaved version), which no public read ever joins.
 * Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('articles').addColumn('saved_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update articles set saved_at = last_edited`.execute(db);
  await db.schema
    .createTable('article_pending_edits')
    .addColumn('article_id', 'integer', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('location_name', 'text')
    .addColumn('location_lat', pg ? 'double precision' : 'real')
    .addColumn('location_lng', pg ? 'double precision' : 'real')
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_pending_edits').ifExists().execute();
  await db.schema.alterTable('articles').dropColumn('saved_at').execute();
}
