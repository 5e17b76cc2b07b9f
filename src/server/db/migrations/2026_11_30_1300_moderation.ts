import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Moderation (docs/product.md#moderation): reports and the queue they make, held and hidden comments,
 * articles removed by a moderator, channel settings and bans, account suspensions, and the log.
 * The queue reads one row per reported target (report_targets: counters kept in the same
 * transaction as each report), so a channel with thousands of reports pages through an index
 * instead of grouping every report on each read.
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
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('suspended_until', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_by', 'integer').execute();

  // 'published', 'pending' (held for approval) or 'hidden' (by a moderator); held_cause says why one was held.
  await db.schema.alterTable('comments').addColumn('status', 'text', (c) => c.notNull().defaultTo('published')).execute();
  await db.schema.alterTable('comments').addColumn('held_cause', 'text').execute();
  // The held queue: only pending comments are in this index, oldest first.
  await db.schema
    .createIndex('comments_pending_idx')
    .on('comments')
    .columns(['created_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // Why a moderator moved the article to drafts, and whose role removed it ('admin' or 'owner').
  await db.schema.alterTable('articles').addColumn('moderation_note', 'text').execute();
  await db.schema.alterTable('articles').addColumn('removed_by', 'text').execute();

  await db.schema
    .createTable('channel_moderation')
    .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
    .addColumn('comment_policy', 'text', (c) => c.notNull().defaultTo('open'))
    // JSON array of the words as the owner wrote them.
    .addColumn('blocked_words', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Readers with an approved comment in a channel: under hold_first their later comments appear at once.
  await db.schema
    .createTable('channel_commenters')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_commenters_pk', ['channel_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('channel_bans')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    // null: permanent.
    .addColumn('until_at', 'bigint')
    .addColumn('by_user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_bans_pk', ['channel_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('reports'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolution', 'text')
    .execute();
  // One open report per reporter and target; a repeat after resolution is a new report.
  await db.schema
    .createIndex('reports_open_unique')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
  // The hourly limit per reporter.
  await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at']).execute();
  // A target's open reports (the queue's page, a resolution).
  await db.schema.createIndex('reports_target_idx').on('reports').columns(['target_type', 'target_id', 'id']).execute();

  await withId(db, db.schema.createTable('report_targets'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // null for a profile: admins only.
    .addColumn('channel_id', 'integer')
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('harassment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('misinformation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('other', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('report_targets_target_unique', ['target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('report_targets_channel_idx').on('report_targets').columns(['channel_id', 'latest_at', 'id']).execute();
  await db.schema.createIndex('report_targets_latest_idx').on('report_targets').columns(['latest_at', 'id']).execute();

  await withId(db, db.schema.createTable('moderation_log'))
    // No foreign key: the record outlives the accounts it names.
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_log_channel_idx').on('moderation_log').columns(['channel_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['moderation_log', 'report_targets', 'reports', 'channel_bans', 'channel_commenters', 'channel_moderation']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('comments_pending_idx').ifExists().execute();
  for (const column of ['moderation_note', 'removed_by']) await db.schema.alterTable('articles').dropColumn(column).execute();
  for (const column of ['status', 'held_cause']) await db.schema.alterTable('comments').dropColumn(column).execute();
  for (const column of ['suspended_at', 'suspended_until', 'suspension_reason', 'suspended_by']) await db.schema.alterTable('users').dropColumn(column).execute();
}
