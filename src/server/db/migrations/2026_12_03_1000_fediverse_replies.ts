import { sql, type Kysely } from 'kysely';

/**
 * Replies and reactions from the fediverse. A remote account that replies is a user row with no
 * password and no address, named by its handle (`@user@host`), so the comments, bans and
 * moderation the site has apply to it unchanged; `remote_actor_uri` marks it (and keeps it out of
 * the site's own people). A comment made from a remote Note keeps the Note's id for its Update and
 * Delete. An article's likes and boosts from the fediverse are kept counted beside the site's own.
 * Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('remote_actor_uri', 'text').execute();
  await db.schema.alterTable('users').addColumn('remote_name', 'text').execute();
  await db.schema.alterTable('users').addColumn('remote_url', 'text').execute();
  await db.schema.createIndex('users_remote_actor_idx').on('users').column('remote_actor_uri').unique().execute();

  await db.schema.alterTable('comments').addColumn('remote_note_uri', 'text').execute();
  await db.schema.createIndex('comments_remote_note_idx').on('comments').column('remote_note_uri').unique().execute();

  await db.schema.alterTable('articles').addColumn('fediverse_like_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('articles').addColumn('fediverse_announce_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  for (const [column, kind] of [['fediverse_like_count', 'like'], ['fediverse_announce_count', 'announce']] as const) {
    await sql`update articles set ${sql.ref(column)} = (select count(*) from federation_reactions r where r.article_id = articles.id and r.kind = ${kind})
      where exists (select 1 from federation_reactions r where r.article_id = articles.id and r.kind = ${kind})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('fediverse_announce_count').execute();
  await db.schema.alterTable('articles').dropColumn('fediverse_like_count').execute();
  await db.schema.dropIndex('comments_remote_note_idx').execute();
  await db.schema.alterTable('comments').dropColumn('remote_note_uri').execute();
  await db.schema.dropIndex('users_remote_actor_idx').execute();
  for (const column of ['remote_url', 'remote_name', 'remote_actor_uri']) await db.schema.alterTable('users').dropColumn(column).execute();
}
