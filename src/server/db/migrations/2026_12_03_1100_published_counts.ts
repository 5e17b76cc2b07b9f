import { sql, type Kysely } from 'kysely';

/**
 * Counts of the published articles kept as they are published, edited, unpublished and deleted, so
 * the feed's filter choices and the sitemap's author and channel pages read a few rows per channel
 * instead of grouping every published article on each request. Per channel, because a signed-in
 * reader's choices are those of the channels they follow:
 * - published_category_counts: articles per category;
 * - published_location_counts: articles per place name;
 * - published_author_counts: articles per author, with the time of the latest change among them
 *   (a publication, an edit, or one leaving), the sitemap's lastmod of the author's and the channel's page;
 * - published_category_totals and published_location_totals: the same over the whole site, for the
 *   anonymous reader's choices (a row per category or place instead of one per channel).
 * Filled here from the articles as they are. Frozen: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('published_category_counts')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('article_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_category_counts_pk', ['channel_id', 'category_id'])
    .execute();
  await db.schema
    .createTable('published_location_counts')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('location_name', 'text', (c) => c.notNull())
    .addColumn('article_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_location_counts_pk', ['channel_id', 'location_name'])
    .execute();
  await db.schema
    .createTable('published_author_counts')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('article_count', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('published_author_counts_pk', ['channel_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('published_category_totals')
    .addColumn('category_id', 'integer', (c) => c.primaryKey().references('categories.id').onDelete('cascade'))
    .addColumn('article_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('published_location_totals')
    .addColumn('location_name', 'text', (c) => c.primaryKey())
    .addColumn('article_count', 'integer', (c) => c.notNull())
    .execute();

  await sql`insert into published_category_counts (channel_id, category_id, article_count)
    select a.channel_id, ac.category_id, count(*) from article_categories ac join articles a on a.id = ac.article_id
    where a.published = 1 group by a.channel_id, ac.category_id`.execute(db);
  await sql`insert into published_location_counts (channel_id, location_name, article_count)
    select channel_id, location_name, count(*) from articles
    where published = 1 and location_name is not null group by channel_id, location_name`.execute(db);
  await sql`insert into published_category_totals (category_id, article_count)
    select category_id, sum(article_count) from published_category_counts group by category_id`.execute(db);
  await sql`insert into published_location_totals (location_name, article_count)
    select location_name, sum(article_count) from published_location_counts group by location_name`.execute(db);
  await sql`insert into published_author_counts (channel_id, user_id, article_count, changed_at)
    select channel_id, user_id, count(*), max(last_edited) from articles
    where published = 1 group by channel_id, user_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['published_location_totals', 'published_category_totals', 'published_author_counts', 'published_location_counts', 'published_category_counts']) await db.schema.dropTable(table).execute();
}
