import type { Kysely } from 'kysely';

/**
 * A thread's replies in reading order (created_at, then id), for the first replies a page of
 * threads shows and for 'Show more replies': the parent index gains the order, so a thread's first
 * replies, or its replies after a cursor, are a seek and a short walk however long the thread is.
 * It replaces the index on parent_id alone, which it covers (the same leading column). Frozen:
 * imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('comments_parent_created_idx').on('comments').columns(['parent_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('comments_parent_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();
  await db.schema.dropIndex('comments_parent_created_idx').ifExists().execute();
}
