import { TEXT_FIELD_COLUMNS } from './article-columns.js';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { jsonHelpers } from '../../db/json-helpers.js';
import { readerChannels } from './articles.repository.js';
import { publicRecordColumns } from './revisions.repository.js';

/** Lists drawn from the published articles as a whole: the feed's filter choices, the RSS, Atom and JSON feeds and the sitemap. */
export function createArticleListsRepository(db: Database, dialect: Dialect) {
  const json = jsonHelpers(dialect);
  return {
    /** Filter choices over the published articles a feed draws from. */
    async facets(readerId: number | undefined, max: number) {
      const scope = (q: any) => (readerId === undefined ? q : q.where('articles.channel_id', 'in', readerChannels(db, readerId)));
      const [categories, locations, channels] = await Promise.all([
        scope(
          db
            .selectFrom('article_categories')
            .innerJoin('articles', 'articles.id', 'article_categories.article_id')
            .select((eb) => ['article_categories.category_id as id', eb.fn.countAll<number>().as('count')])
            .where('articles.published', '=', 1)
            .groupBy('article_categories.category_id'),
        )
          .orderBy('count', 'desc')
          .limit(max)
          .execute() as Promise<{ id: number; count: number }[]>,
        scope(
          db
            .selectFrom('articles')
            .select((eb) => ['articles.location_name as name', eb.fn.countAll<number>().as('count')])
            .where('articles.published', '=', 1)
            .where('articles.location_name', 'is not', null)
            .groupBy('articles.location_name'),
        )
          .orderBy('count', 'desc')
          .limit(max)
          .execute() as Promise<{ name: string; count: number }[]>,
        scope(
          db
            .selectFrom('articles')
            .innerJoin('channels', 'channels.id', 'articles.channel_id')
            .select((eb) => ['channels.id', 'channels.name', eb.fn.countAll<number>().as('count')])
            .where('articles.published', '=', 1)
            .groupBy(['channels.id', 'channels.name']),
        )
          .orderBy('count', 'desc')
          .limit(max)
          .execute() as Promise<{ id: number; name: string; count: number }[]>,
      ]);
      return { categories, locations, channels };
    },

    /**
     * The authors and channels with published articles, each with the time of its latest
     * publication or edit, newest first: the sitemap's author and channel pages.
     */
    async publishedAuthorsAndChannels(limit: number) {
      const [authors, channels] = await Promise.all([
        db
          .selectFrom('articles')
          .innerJoin('users', 'users.id', 'articles.user_id')
          .select((eb) => ['users.username', eb.fn.max('articles.last_edited').as('last_edited')])
          .where('articles.published', '=', 1)
          .groupBy('users.username')
          .orderBy('last_edited', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('articles')
          .select((eb) => ['articles.channel_id as id', eb.fn.max('articles.last_edited').as('last_edited')])
          .where('articles.published', '=', 1)
          .groupBy('articles.channel_id')
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
