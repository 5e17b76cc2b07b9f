import { sql, type Kysely } from 'kysely';

/**
 * Per-UTC-day rollups for channel analytics, written in the same transaction as each
 * view, reaction, comment and subscription, so the analytics page never scans raw events.
 * - article_view_days (per article per day) gains the channel, signed-in views, likes, dislikes
 *   and comments, and an index by channel and day for a channel's top articles of a period.
 * - channel_days: the channel's figures per day (the site's are their sum).
 * - channel_referrer_days: counted views per referring host per channel per day.
 * Existing figures are backfilled from the raw rows. Frozen: imports no application code.
 */
const DAY_MS = 86_400_000;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['signed_in_views', 'likes', 'dislikes', 'comments']) {
    await db.schema.alterTable('article_view_days').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema.alterTable('article_view_days').addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update article_view_days set channel_id = (select channel_id from articles where articles.id = article_view_days.article_id)`.execute(db);
  // Covering: a channel's top articles of a period are summed from the index alone (no lookups of
  // rows scattered over the table); the price is an index entry rewritten with each counted view,
  // reaction and comment.
  await db.schema
    .createIndex('article_view_days_channel_idx')
    .on('article_view_days')
    .columns(['channel_id', 'day', 'article_id', 'views', 'likes', 'dislikes', 'comments'])
    .execute();

  // The few articles an admin boosted, by channel: the analytics page sums their boosts without
  // reading every article of the channel (the predicate must match the query's, BOOSTED in the repository).
  await db.schema
    .createIndex('articles_boosted_idx')
    .on('articles')
    .columns(['channel_id', 'view_boost', 'like_boost', 'dislike_boost'])
    .where(sql.raw('view_boost + like_boost + dislike_boost'), '>', 0)
    .execute();

  await db.schema
    .createTable('channel_days')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signed_in_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsubscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('channel_days_pk', ['channel_id', 'day'])
    .execute();
  await db.schema.createIndex('channel_days_day_idx').on('channel_days').column('day').execute();

  await db.schema
    .createTable('channel_referrer_days')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('channel_referrer_days_pk', ['channel_id', 'day', 'host'])
    .execute();
  await db.schema.createIndex('channel_referrer_days_day_idx').on('channel_referrer_days').column('day').execute();

  // Backfill from the raw rows: views by day (signed-in viewers have keys 'u:{id}'), reactions and
  // comments by the day they were made, subscriptions as gains on the day they were made.
  const day = (column: string) => sql.raw(`cast(${column} / ${DAY_MS} as integer)`);
  await sql`
    insert into article_view_days (article_id, day, views, channel_id)
    select v.article_id, v.day, 0, a.channel_id from article_views v join articles a on a.id = v.article_id
    group by v.article_id, v.day, a.channel_id
    on conflict (article_id, day) do nothing`.execute(db);
  await sql`
    update article_view_days set signed_in_views = (
      select count(*) from article_views v
      where v.article_id = article_view_days.article_id and v.day = article_view_days.day and v.viewer_key like 'u:%')`.execute(db);
  await sql`
    insert into article_view_days (article_id, day, views, channel_id)
    select r.article_id, ${day('r.created_at')}, 0, a.channel_id from reactions r join articles a on a.id = r.article_id
    group by r.article_id, ${day('r.created_at')}, a.channel_id
    on conflict (article_id, day) do nothing`.execute(db);
  await sql`
    insert into article_view_days (article_id, day, views, channel_id)
    select c.article_id, ${day('c.created_at')}, 0, a.channel_id from comments c join articles a on a.id = c.article_id
    where c.deleted = 0
    group by c.article_id, ${day('c.created_at')}, a.channel_id
    on conflict (article_id, day) do nothing`.execute(db);
  await sql`
    update article_view_days set
      likes = (select count(*) from reactions r where r.article_id = article_view_days.article_id and r.is_like = 1
               and ${day('r.created_at')} = article_view_days.day),
      dislikes = (select count(*) from reactions r where r.article_id = article_view_days.article_id and r.is_like = 0
               and ${day('r.created_at')} = article_view_days.day),
      comments = (select count(*) from comments c where c.article_id = article_view_days.article_id and c.deleted = 0
               and ${day('c.created_at')} = article_view_days.day)`.execute(db);
  await sql`
    insert into channel_days (channel_id, day, views, signed_in_views, likes, dislikes, comments)
    select channel_id, day, sum(views), sum(signed_in_views), sum(likes), sum(dislikes), sum(comments)
    from article_view_days group by channel_id, day`.execute(db);
  await sql`
    insert into channel_days (channel_id, day, subscribed)
    select channel_id, ${day('created_at')}, count(*) from subscriptions group by channel_id, ${day('created_at')}
    on conflict (channel_id, day) do update set subscribed = excluded.subscribed`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_referrer_days').ifExists().execute();
  await db.schema.dropTable('channel_days').ifExists().execute();
  await db.schema.dropIndex('articles_boosted_idx').ifExists().execute();
  await db.schema.dropIndex('article_view_days_channel_idx').ifExists().execute();
  for (const column of ['channel_id', 'comments', 'dislikes', 'likes', 'signed_in_views']) {
    await db.schema.alterTable('article_view_days').dropColumn(column).execute();
  }
}
