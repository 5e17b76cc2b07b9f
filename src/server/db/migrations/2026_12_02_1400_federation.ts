import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The social web (docs/decisions/045-the-social-web.md): each channel's actor (its handle, fixed
 * once, and its key pairs), its followers on other servers, the articles it has announced (so a
 * withdrawn one answers with its Tombstone), its public activities (the outbox), blocked
 * instances, and Fedify's key-value store and message queue kept in the site's own database.
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
  await db.schema
    .createTable('federation_actors')
    .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull())
    // The handle folded to lower case: unique ignoring case.
    .addColumn('handle_key', 'text', (c) => c.notNull().unique())
    // The owner's switch: 0 answers 404 for the actor and its objects and delivers nothing more.
    .addColumn('federated', 'integer', (c) => c.notNull().defaultTo(1))
    // JSON: [{ private, public }] as JWKs, RSA first (HTTP Signatures), then Ed25519 (Object Integrity Proofs).
    .addColumn('key_pairs', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('federation_followers')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('actor_uri', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    // host[:port] of the actor's id, for an instance block.
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('inbox_url', 'text', (c) => c.notNull())
    .addColumn('shared_inbox_url', 'text')
    .addColumn('follow_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('federation_followers_pk', ['channel_id', 'actor_uri'])
    .execute();
  await db.schema.createIndex('federation_followers_actor_idx').on('federation_followers').column('actor_uri').execute();
  await db.schema.createIndex('federation_followers_domain_idx').on('federation_followers').column('domain').execute();

  // An article once announced: its current object generation and whether it is withdrawn now.
  await db.schema
    .createTable('federation_articles')
    .addColumn('article_id', 'integer', (c) => c.primaryKey())
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    // The article's last_edited when last delivered: a later one is an edit to announce.
    .addColumn('edited_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    // 1: brought in by an import, never announced.
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('federation_activities'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    // The activity as JSON-LD, as it was delivered.
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('federation_activities_channel_idx').on('federation_activities').columns(['channel_id', 'id']).execute();

  // Likes and boosts of an article from the fediverse, one per remote actor and kind; apart from the site's own reactions.
  await db.schema
    .createTable('federation_reactions')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('actor_uri', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('federation_reactions_pk', ['article_id', 'kind', 'actor_uri'])
    .execute();

  await db.schema
    .createTable('federation_blocks')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('federation_kv')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('federation_queue'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ordering_key', 'text')
    .addColumn('available_at', 'bigint', (c) => c.notNull())
    // Who is handling it and until when: a claim that lapses (a crash, a restart) is taken again.
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('federation_queue_ready_idx').on('federation_queue').columns(['available_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['federation_queue', 'federation_kv', 'federation_blocks', 'federation_reactions', 'federation_activities', 'federation_articles', 'federation_followers', 'federation_actors']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
