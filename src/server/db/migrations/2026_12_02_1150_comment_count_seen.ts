import { sql, type Kysely } from 'kysely';

/**
 * An article's comment_count counts what readers see: replies written under someone else's held
 * comment were counted although nobody but their authors could read them. Counted again from the
 * rows, with the rule the comment writes keep from now on. Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update articles set comment_count = (
      select count(*) from comments c
      where c.article_id = articles.id and c.deleted = 0 and c.status <> 'pending'
        and (c.parent_id is null or not exists (select 1 from comments p where p.id = c.parent_id and p.status = 'pending'))
    )
    where exists (select 1 from comments c where c.article_id = articles.id and c.status = 'pending')
  `.execute(db);
}

/** Nothing to undo: the counter was wrong before. */
export async function down(): Promise<void> {}
