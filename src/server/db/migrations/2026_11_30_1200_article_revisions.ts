import type { Kysely } from 'kysely';

/**
 * The public record (docs/product.md#public-record): one immutable row per save of an article, numbered
 * 1, 2, … per article. The content is the sanitized HTML compressed with deflate (a 20 KB article
 * saved 1,000 times must stay well under 25 MB); null once an administrator redacted it. Categories
 * are a JSON array of ids. The primary key serves every read: an article's rows by number.
 * Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('article_revisions')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('editor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', pg ? 'bytea' : 'blob')
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('location_name', 'text')
    .addColumn('location_lat', pg ? 'double precision' : 'real')
    .addColumn('location_lng', pg ? 'double precision' : 'real')
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('correction_kind', 'text')
    .addColumn('correction_text', 'text')
    .addColumn('redaction_reason', 'text')
    .addColumn('redacted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_revisions_pk', ['article_id', 'number'])
    .execute();
  // A deleted editor's rows keep their place (editor null); this finds them without a scan.
  await db.schema.createIndex('article_revisions_editor_idx').on('article_revisions').column('editor_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_revisions').ifExists().execute();
}
