import { type Kysely, type CreateTableBuilder } from 'kysely';

/**
 * Email: an optional address on the account, single-use tokens (address confirmation,
 * password reset), the per-subscription notification choice, the durable outbox and the list of
 * addresses that bounced. Frozen: imports no application code.
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
  // The confirmed address (as typed) and its lower-cased key; an address belongs to one account.
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_key', 'text').execute();
  await db.schema.createIndex('users_email_key_unique').on('users').column('email_key').unique().execute();

  // 'each' (one email per article), 'digest' (once a day) or 'none'.
  await db.schema
    .alterTable('subscriptions')
    .addColumn('notify', 'text', (c) => c.notNull().defaultTo('each'))
    .execute();

  await withId(db, db.schema.createTable('email_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 'confirm' or 'reset'. */
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** SHA-256 of the token in the link, hex; the token itself is never stored. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    /** The address being confirmed, or the address the reset link went to. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').columns(['user_id', 'purpose']).execute();

  await withId(db, db.schema.createTable('email_outbox'))
    /** 'publish' (fans out to one 'article' row per subscriber), 'article', 'digest', 'digest-run' (one per day), 'confirm', 'reset'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** At most one row per key: 'article:{articleId}:{userId}', 'publish:{articleId}', 'digest:{day}:{userId}'. */
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer')
    .addColumn('article_id', 'integer')
    .addColumn('channel_id', 'integer')
    .addColumn('to_address', 'text')
    /** JSON; for confirm and reset the link, cleared once the message is sent. */
    .addColumn('payload', 'text')
    /** 'pending', 'sent', 'failed' (permanent), 'skipped' (nothing to send any more). */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_outbox_due_idx').on('email_outbox').columns(['status', 'next_attempt_at']).execute();
  // The daily digest finds the articles published in its window through the 'publish' rows.
  await db.schema.createIndex('email_outbox_publish_idx').on('email_outbox').columns(['kind', 'channel_id', 'created_at']).execute();

  await db.schema
    .createTable('email_suppressions')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_secrets', 'email_suppressions', 'email_outbox', 'email_tokens']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex('users_email_key_unique').ifExists().execute();
  await db.schema.alterTable('subscriptions').dropColumn('notify').execute();
  await db.schema.alterTable('users').dropColumn('email_key').execute();
  await db.schema.alterTable('users').dropColumn('email').execute();
}
