import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The newsroom (docs/product.md#newsroom): a channel's staff and their invitations, an article's place
 * in the workflow (status, publish_at, review_note), and the channel log. `published` stays and is
 * kept equal to status = 'published', so every public read and index is unchanged. The scheduler
 * reads only scheduled articles through a partial index, oldest due first.
 * Frozen: imports no application code.
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
  // 'draft', 'in_review', 'scheduled' or 'published'.
  await db.schema.alterTable('articles').addColumn('status', 'text', (c) => c.notNull().defaultTo('draft')).execute();
  await db.updateTable('articles').set({ status: 'published' }).where('published', '=', 1).execute();
  // Milliseconds since the epoch, UTC; set while scheduled (or chosen before approval).
  await db.schema.alterTable('articles').addColumn('publish_at', 'bigint').execute();
  await db.schema.alterTable('articles').addColumn('review_note', 'text').execute();
  // Whether it was ever published: a first publication sets created_at (the product's Published date).
  await db.schema.alterTable('articles').addColumn('first_published_at', 'bigint').execute();
  await db
    .updateTable('articles')
    .set({ first_published_at: sql`created_at` })
    .where('published', '=', 1)
    .execute();

  // The scheduler's one query: scheduled articles by due time.
  await db.schema
    .createIndex('articles_scheduled_idx')
    .on('articles')
    .columns(['publish_at', 'id'])
    .where(sql.ref('status'), '=', 'scheduled')
    .execute();
  // The queue and the Drafts tab: a channel's unpublished articles by status.
  await db.schema.createIndex('articles_channel_status_idx').on('articles').columns(['channel_id', 'status', 'last_edited', 'id']).execute();

  await db.schema
    .createTable('channel_staff')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'editor' or 'writer'.
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_staff_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema.createIndex('channel_staff_user_idx').on('channel_staff').columns(['user_id', 'channel_id']).execute();

  await withId(db, db.schema.createTable('staff_invitations'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // null while pending; 'accepted', 'declined' or 'cancelled' once answered.
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'bigint')
    .execute();
  // At most one pending invitation per channel and person.
  await db.schema
    .createIndex('staff_invitations_pending_idx')
    .on('staff_invitations')
    .columns(['channel_id', 'user_id'])
    .unique()
    .where(sql.ref('answer'), 'is', null)
    .execute();
  await db.schema.createIndex('staff_invitations_user_idx').on('staff_invitations').columns(['user_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('channel_events'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // The target's name when it happened (a deleted article keeps its title here).
    .addColumn('target_label', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channel_events_channel_idx').on('channel_events').columns(['channel_id', 'created_at', 'id']).execute();
  // An article's own lines (the scheduler names who scheduled it as the publication's actor).
  await db.schema.createIndex('channel_events_target_idx').on('channel_events').columns(['target_type', 'target_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_events').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.dropTable('channel_staff').execute();
  await db.schema.dropIndex('articles_channel_status_idx').execute();
  await db.schema.dropIndex('articles_scheduled_idx').execute();
  await db.schema.alterTable('articles').dropColumn('first_published_at').execute();
  await db.schema.alterTable('articles').dropColumn('review_note').execute();
  await db.schema.alterTable('articles').dropColumn('publish_at').execute();
  await db.schema.alterTable('articles').dropColumn('status').execute();
}
