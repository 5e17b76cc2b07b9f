import type { Kysely } from 'kysely';

/**
 * Every feed card reads its article's categories in the author's order. The primary key
 * (article_id, category_id) found them but left them to be sorted by position per card (a temporary
 * b-tree for each of a page's 20 cards); this index gives them in order, and covers the read
 * (it halved the categories' share of a feed page's statement). Frozen: imports no
 * application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('article_categories_order_idx').on('article_categories').columns(['article_id', 'position', 'category_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('article_categories_order_idx').ifExists().execute();
}
