import type { Kysely } from 'kysely';

/**
 * Email worth opening and comments that can be edited:
 * - comments.edited_at: when its author last changed it (null when never), shown as "edited";
 * - users.notify_replies: whether replies to the user's comments arrive by email (on by default;
 *   only a confirmed address ever gets them);
 * - channels.email_excerpt_only: the owner's choice to send subscribers the excerpt instead of the
 *   whole article;
 * - email_outbox.thread_id: the comment thread a reply notice is about, so replies in one thread
 *   are batched into one email an hour per reader.
 * Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('edited_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_replies', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('email_excerpt_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('thread_id', 'integer').execute();
  await db.schema.createIndex('email_outbox_thread_idx').on('email_outbox').columns(['thread_id', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_thread_idx').ifExists().execute();
  await db.schema.alterTable('email_outbox').dropColumn('thread_id').execute();
  await db.schema.alterTable('channels').dropColumn('email_excerpt_only').execute();
  await db.schema.alterTable('users').dropColumn('notify_replies').execute();
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
}
