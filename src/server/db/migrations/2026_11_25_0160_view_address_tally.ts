import type { Kysely } from 'kysely';

/**
 * Anonymous views per client address per article per UTC day: one address
 * adds at most 20, however its user agents vary (docs/product.md#views). The address is stored only
 * as a hash salted with the day's salt, like the anonymous viewer keys. Frozen: imports no
 * application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_view_addresses')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_view_addresses_pk', ['article_id', 'address_key', 'day'])
    .execute();
  await db.schema.createIndex('article_view_addresses_day_idx').on('article_view_addresses').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_view_addresses').ifExists().execute();
}
