import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Imports from other platforms (docs/decisions/046-import-and-export.md): the jobs with their
 * progress and report, what each channel already took in from which source (so a second run
 * creates nothing twice), the old addresses that answer 301, the subscribers who came in by an
 * import, and the name an imported comment is shown under. Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('imports'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('format', 'text')
    .addColumn('authors', 'text', (c) => c.notNull())
    .addColumn('site_url', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('problems', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('imports_channel_idx').on('imports').columns(['channel_id', 'id']).execute();
  await db.schema.createIndex('imports_status_idx').on('imports').columns(['status', 'id']).execute();

  // One row per thing a channel took in: `source` is the format and the source's own id.
  await db.schema
    .createTable('import_items')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_items_pk', ['channel_id', 'kind', 'source'])
    .execute();

  await withId(db, db.schema.createTable('redirects'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    // The old path with its query, as the request line carries it (`/2024/05/17/slug/`, `/?p=101`).
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('import_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_channel_idx').on('redirects').columns(['channel_id', 'id']).execute();

  await db.schema
    .createTable('import_subscribers')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (c) => c.notNull())
    // 1: the old site no longer emailed them; they hold no subscription and get no email.
    .addColumn('suppressed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_subscribers_pk', ['channel_id', 'user_id'])
    .execute();

  await db.schema.alterTable('subscriptions').addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('comments').addColumn('imported_author_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('imported_author_name').execute();
  await db.schema.alterTable('subscriptions').dropColumn('imported').execute();
  for (const table of ['import_subscribers', 'redirects', 'import_items', 'imports']) await db.schema.dropTable(table).ifExists().execute();
}
