import { sql, type Kysely } from 'kysely';

/**
 * An article's top-level comments in reading order (created_at, then id), for the pages of
 * comment threads: a partial index holding top-level comments only, so a page walks exactly the
 * threads it shows however many replies the discussion has. The query's `parent_id is null` is
 * what lets both databases use it. Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('comments_article_threads_idx')
    .on('comments')
    .columns(['article_id', 'created_at', 'id'])
    .where(sql.ref('parent_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_article_threads_idx').ifExists().execute();
}
