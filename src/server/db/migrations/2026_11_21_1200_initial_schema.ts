import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

/**
 * The whole first schema of the product. Frozen: imports no application code.
 * Portable shapes: epoch-millisecond bigints for time, 0/1 integers for booleans.
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
  const pg = isPostgres(db);

  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('description', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('user_identities'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_identities_issuer_subject_unique', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await withId(db, db.schema.createTable('channels'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text')
    .addColumn('subscriber_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscriber_boost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('article_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channels_user_idx').on('channels').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('channels_created_idx').on('channels').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('channels_articles_idx').on('channels').columns(['article_count', 'id']).execute();
  await sql`create index channels_subscribers_idx on channels ((subscriber_count + subscriber_boost), id)`.execute(db);

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['user_id', 'channel_id'])
    .execute();
  await db.schema.createIndex('subscriptions_channel_idx').on('subscriptions').columns(['channel_id', 'created_at']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').columns(['parent_id', 'position']).execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('locations_parent_idx').on('locations').columns(['parent_id', 'position']).execute();

  await withId(db, db.schema.createTable('articles'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('plain_text', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('location_name', 'text')
    .addColumn('location_lat', pg ? 'double precision' : 'real')
    .addColumn('location_lng', pg ? 'double precision' : 'real')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislike_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_boost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_boost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislike_boost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_edited', 'bigint', (c) => c.notNull())
    .execute();
  // Feed orderings: every sort key of docs/product.md#feed gets an index that keyset pagination can walk.
  await db.schema.createIndex('articles_feed_created_idx').on('articles').columns(['published', 'created_at', 'id']).execute();
  await sql`create index articles_feed_views_idx on articles (published, (view_count + view_boost), id)`.execute(db);
  await sql`create index articles_feed_likes_idx on articles (published, (like_count + like_boost), id)`.execute(db);
  await sql`create index articles_feed_dislikes_idx on articles (published, (dislike_count + dislike_boost), id)`.execute(db);
  await db.schema.createIndex('articles_feed_comments_idx').on('articles').columns(['published', 'comment_count', 'id']).execute();
  await db.schema.createIndex('articles_channel_idx').on('articles').columns(['channel_id', 'published', 'created_at', 'id']).execute();
  await db.schema.createIndex('articles_user_idx').on('articles').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('articles_location_idx').on('articles').columns(['location_name']).execute();

  // Case-insensitive substring search over title and text (docs/product.md#data).
  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index articles_search_trgm_idx on articles using gin ((lower(title || ' ' || plain_text)) gin_trgm_ops)`.execute(db);
  } else {
    // External-content FTS5 table kept in step by triggers; rowid = article id.
    await sql`create virtual table articles_search using fts5(title, plain_text, content='articles', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger articles_search_ai after insert on articles begin
      insert into articles_search(rowid, title, plain_text) values (new.id, new.title, new.plain_text);
    end`.execute(db);
    await sql`create trigger articles_search_ad after delete on articles begin
      insert into articles_search(articles_search, rowid, title, plain_text) values ('delete', old.id, old.title, old.plain_text);
    end`.execute(db);
    await sql`create trigger articles_search_au after update of title, plain_text on articles begin
      insert into articles_search(articles_search, rowid, title, plain_text) values ('delete', old.id, old.title, old.plain_text);
      insert into articles_search(rowid, title, plain_text) values (new.id, new.title, new.plain_text);
    end`.execute(db);
  }

  await db.schema
    .createTable('article_categories')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_categories_pk', ['article_id', 'category_id'])
    .execute();
  await db.schema.createIndex('article_categories_category_idx').on('article_categories').columns(['category_id', 'article_id']).execute();

  await withId(db, db.schema.createTable('uploads'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();

  await withId(db, db.schema.createTable('article_images'))
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('upload_id', 'integer', (c) => c.references('uploads.id').onDelete('set null'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('variants', 'text')
    .execute();
  await db.schema.createIndex('article_images_article_idx').on('article_images').columns(['article_id', 'position']).execute();
  await db.schema.createIndex('article_images_upload_idx').on('article_images').column('upload_id').execute();

  await withId(db, db.schema.createTable('comments'))
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_article_idx').on('comments').columns(['article_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  await db.schema
    .createTable('reactions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('is_like', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['user_id', 'article_id'])
    .execute();
  await db.schema.createIndex('reactions_article_idx').on('reactions').column('article_id').execute();

  await db.schema
    .createTable('article_views')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'viewer_key', 'day'])
    .execute();
  await db.schema.createIndex('article_views_day_idx').on('article_views').column('day').execute();

  await db.schema
    .createTable('article_view_days')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_view_days_pk', ['article_id', 'day'])
    .execute();

  await db.schema
    .createTable('daily_salts')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('admin_audit'))
    .addColumn('admin_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_entity_idx').on('admin_audit').columns(['entity_type', 'entity_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'admin_audit', 'daily_salts', 'article_view_days', 'article_views', 'reactions', 'comments',
    'article_images', 'uploads', 'article_categories', 'articles', 'locations', 'categories',
    'subscriptions', 'channels', 'sessions', 'user_identities', 'users',
  ];
  if (!isPostgres(db)) await sql`drop table if exists articles_search`.execute(db);
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
