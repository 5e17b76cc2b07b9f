import { TEXT_FIELD_COLUMNS } from './article-columns.repository.js';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { jsonHelpers } from '../../db/json-helpers.js';
import { readerChannels } from './articles.repository.js';
import { publicRecordColumns } from '../revisions/revisions.repository.js';

/** Lists drawn from the published articles as a whole: the feed's filter choices, the RSS, Atom and JSON feeds and the sitemap. */
export function createArticleListsRepository(db: Database, dialect: Dialect) {
  const json = jsonHelpers(dialect);
  return {
    /**
     * Filter choices over the published articles a feed draws from, read from the counts kept as
     * articles are published and unpublished: the site's totals (a row per category or place), or
     * for a signed-in reader the rows of the channels they follow, however many articles there are.
     */
    async facets(readerId: number | undefined, max: number) {
      const sum = (column: string) => sql<number>`sum(${sql.ref(column)})`;
      const categories: Promise<{ id: number; count: number }[]> =
        readerId === undefined
          ? db.selectFrom('published_category_totals').select(['category_id as id', 'article_count as count']).where('article_count', '>', 0).orderBy('count', 'desc').orderBy('id').limit(max).execute()
          : db
              .selectFrom('published_category_counts')
              .select(['category_id as id', sum('article_count').as('count')])
              .where('channel_id', 'in', readerChannels(db, readerId))
              .groupBy('category_id')
              .having(sum('article_count'), '>', 0)
              .orderBy('count', 'desc')
              .orderBy('id')
              .limit(max)
              .execute();
      const locations: Promise<{ name: string; count: number }[]> =
        readerId === undefined
          ? db.selectFrom('published_location_totals').select(['location_name as name', 'article_count as count']).where('article_count', '>', 0).orderBy('count', 'desc').orderBy('name').limit(max).execute()
          : db
              .selectFrom('published_location_counts')
              .select(['location_name as name', sum('article_count').as('count')])
              .where('channel_id', 'in', readerChannels(db, readerId))
              .groupBy('location_name')
              .having(sum('article_count'), '>', 0)
              .orderBy('count', 'desc')
              .orderBy('name')
              .limit(max)
              .execute();
      const channels = db
        .selectFrom('channels')
        .select(['id', 'name', 'article_count as count'])
        .where('article_count', '>', 0)
        .$if(readerId !== undefined, (q) => q.where('id', 'in', readerChannels(db, readerId!)))
        // Both descending, as the index on (article_count, id) reads backwards: the first `max` rows
        // are the answer. With the newest first among channels of one count, not the oldest, which
        // made the database sort every channel of the top count (most of them, at a million articles).
        .orderBy('count', 'desc')
        .orderBy('id', 'desc')
        .limit(max)
        .execute();
      const [c, l, ch] = await Promise.all([categories, locations, channels]);
      return { categories: c, locations: l, channels: ch };
    },

    /**
     * The authors and channels with published articles, each with the time of the latest change
     * among them (one published, edited or unpublished), newest first: the sitemap's author and
     * channel pages, from the counts kept per channel and author.
     */
    async publishedAuthorsAndChannels(limit: number) {
      const [authors, channels] = await Promise.all([
        db
          .selectFrom('published_author_counts')
          .innerJoin('users', 'users.id', 'published_author_counts.user_id')
          .select((eb) => ['users.username', eb.fn.max('published_author_counts.changed_at').as('last_edited')])
          .groupBy('users.username')
          .having((eb) => eb.fn.sum('published_author_counts.article_count'), '>', 0)
          .orderBy('last_edited', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('published_author_counts')
          .select((eb) => ['channel_id as id', eb.fn.max('changed_at').as('last_edited')])
          .groupBy('channel_id')
          .having((eb) => eb.fn.sum('article_count'), '>', 0)
          .orderBy('last_edited', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { authors, channels };
    },

    /**
     * The latest published articles with everything a feed item carries: the whole text, the
     * author, the categories' ids (in the writer's order), the cover (the chosen one, else the first
     * gallery image, as on a card) and the public record's corrections and last change.
     */
    feedItems(limit: number, channelId?: number) {
      let query = db
        .selectFrom('articles')
        .innerJoin('channels', 'channels.id', 'articles.channel_id')
        .innerJoin('users', 'users.id', 'articles.user_id')
        .select(['articles.id', 'articles.slug', ...TEXT_FIELD_COLUMNS.map((column) => `articles.${column}` as const), 'articles.content', 'articles.created_at', 'articles.channel_id', 'channels.name as channel_name', 'users.username as author_username'])
        .select(sql<string>`substr(articles.plain_text, 1, 400)`.as('text'))
        .select((eb) => [
          ...publicRecordColumns(eb, json),
          json
            .jsonArrayFrom(
              eb
                .selectFrom('article_categories')
                .select('article_categories.category_id as id')
                .whereRef('article_categories.article_id', '=', 'articles.id')
                .orderBy('article_categories.position'),
            )
            .as('categories'),
          json
            .jsonObjectFrom(
              eb
                .selectFrom('article_images')
                // Its upload says its type and size (an imported image may have none).
                .leftJoin('uploads', 'uploads.id', 'article_images.upload_id')
                .select(['article_images.image_url as url', 'uploads.mime', 'uploads.bytes'])
                .whereRef('article_images.article_id', '=', 'articles.id')
                .where('article_images.in_text', '=', 0)
                .orderBy('article_images.cover', 'desc')
                .orderBy('article_images.position')
                .limit(1),
            )
            .as('cover'),
        ])
        .where('articles.published', '=', 1);
      if (channelId !== undefined) query = query.where('articles.channel_id', '=', channelId);
      return query.orderBy('articles.created_at', 'desc').orderBy('articles.id', 'desc').limit(limit).execute();
    },

    /** The latest published articles' addresses and last edits, for the sitemap. */
    latestPublished(limit: number) {
      return db
        .selectFrom('articles')
        .select(['articles.id', 'articles.slug', 'articles.last_edited'])
        .where('articles.published', '=', 1)
        .orderBy('articles.created_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type ArticleListsRepository = ReturnType<typeof createArticleListsRepository>;
