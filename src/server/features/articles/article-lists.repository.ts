import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { jsonHelpers } from '../../db/json-helpers.js';
import { readerChannels } from './articles.repository.js';

/** Lists drawn from the published articles as a whole: the feed's filter choices, RSS and the sitemap. */
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

    /** Latest published articles, for feeds (RSS) and the sitemap. */
    latestPublished(limit: number, channelId?: number) {
      let query = db
        .selectFrom('articles')
        .innerJoin('channels', 'channels.id', 'articles.channel_id')
        .select(['articles.id', 'articles.slug', 'articles.title', 'articles.created_at', 'articles.last_edited', 'channels.name as channel_name'])
        .select(sql<string>`substr(articles.plain_text, 1, 400)`.as('text'))
        .select((eb) => [
          // The public record's corrections (oldest first) and last save, for each item's description and date.
          json
            .jsonArrayFrom(
              eb
                .selectFrom('article_revisions')
                .select(['article_revisions.correction_kind as kind', 'article_revisions.correction_text as text', 'article_revisions.created_at'])
                .whereRef('article_revisions.article_id', '=', 'articles.id')
                .where('article_revisions.published', '=', 1)
                .where('article_revisions.correction_kind', 'is not', null)
                .orderBy('article_revisions.number'),
            )
            .as('corrections'),
          eb
            .selectFrom('article_revisions')
            .select((r) => r.fn.max('article_revisions.created_at').as('updated_at'))
            .whereRef('article_revisions.article_id', '=', 'articles.id')
            .where('article_revisions.published', '=', 1)
            .as('updated_at'),
        ])
        .where('articles.published', '=', 1);
      if (channelId !== undefined) query = query.where('articles.channel_id', '=', channelId);
      return query.orderBy('articles.created_at', 'desc').orderBy('articles.id', 'desc').limit(limit).execute();
    },
  };
}
export type ArticleListsRepository = ReturnType<typeof createArticleListsRepository>;
