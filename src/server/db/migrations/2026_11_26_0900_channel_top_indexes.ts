import { sql, type Kysely } from 'kysely';

/**
 * A channel's articles by each all-time figure (views, reactions, comments), highest first
 * (at scale). An article's figure over any period is at most its all-time figure, so the analytics
 * page finds a period's top articles by walking these indexes down and summing only the articles it
 * meets, instead of summing every article the channel had activity on (docs/decisions/018).
 * The id closes each index so ties come newest first from the index itself. Frozen: imports no
 * application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('articles_channel_views_idx').on('articles').columns(['channel_id', 'view_count', 'id']).execute();
  // The expression must be written exactly as the repository's query writes it.
  await sql`create index articles_channel_reactions_idx on articles (channel_id, (like_count + dislike_count), id)`.execute(db);
  await db.schema.createIndex('articles_channel_comments_idx').on('articles').columns(['channel_id', 'comment_count', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['articles_channel_comments_idx', 'articles_channel_reactions_idx', 'articles_channel_views_idx']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
