import type { Kysely } from 'kysely';

/**
 * The slugs of deleted articles, kept for good so their addresses are never given to another
 * article (docs/product.md#addresses): `article_slugs` loses an article's rows with the article, and a
 * later "Mayor resigns 46" could otherwise take `mayor-resigns-46`, the canonical segment of
 * deleted article 46, and inherit its links. Lookups: by slug (its key), and by the deleted id
 * (`/articles/46`). Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retired_article_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('retired_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retired_article_slugs_article_idx').on('retired_article_slugs').columns(['article_id', 'slug']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retired_article_slugs').ifExists().execute();
}
