import type { Kysely } from 'kysely';

/**
 * An article's images get alt text and a cover choice, and images placed in the article's text are
 * recorded beside the gallery's (in_text = 1): they belong to the article (deleting it deletes their
 * files, the quota of unused uploads no longer counts them) without counting against the gallery's
 * limit. Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('article_images').addColumn('alt', 'text').execute();
  await db.schema.alterTable('article_images').addColumn('cover', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('article_images').addColumn('in_text', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // A card's image (the gallery's cover, else its first) is one seek per card, with no sort.
  await db.schema.createIndex('article_images_card_idx').on('article_images').columns(['article_id', 'in_text', 'cover desc', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('article_images_card_idx').execute();
  await db.schema.alterTable('article_images').dropColumn('in_text').execute();
  await db.schema.alterTable('article_images').dropColumn('cover').execute();
  await db.schema.alterTable('article_images').dropColumn('alt').execute();
}
