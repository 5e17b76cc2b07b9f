import type { Database } from '../../db/database.js';
import { readRevisionFields, unpackContent } from '../revisions/revisions.repository.js';

/** What an export reads of a channel, a page of articles at a time so a large channel never sits in memory whole. */
export function createExportsRepository(db: Database) {
  return {
    channel: (id: number) => db.selectFrom('channels').select(['id', 'name', 'slug', 'description', 'category', 'created_at', 'user_id']).where('id', '=', id).executeTakeFirst(),

    articlesAfter: (channelId: number, afterId: number, limit: number) =>
      db
        .selectFrom('articles')
        .innerJoin('users', 'users.id', 'articles.user_id')
        .select([
          'articles.id',
          'articles.subtitle',
          'articles.user_id',
          'users.username',
          'articles.title',
          'articles.slug',
          'articles.content',
          'articles.status',
          'articles.published',
          'articles.created_at',
          'articles.first_published_at',
          'articles.last_edited',
        ])
        .where('articles.channel_id', '=', channelId)
        .where('articles.id', '>', afterId)
        .orderBy('articles.id')
        .limit(limit)
        .execute(),

    async categoriesOf(articleIds: number[]) {
      if (articleIds.length === 0) return [];
      return db.selectFrom('article_categories').select(['article_id', 'category_id', 'position']).where('article_id', 'in', articleIds).orderBy('article_id').orderBy('position').execute();
    },

    async imagesOf(articleIds: number[]) {
      if (articleIds.length === 0) return [];
      return db
        .selectFrom('article_images')
        .leftJoin('uploads', 'uploads.id', 'article_images.upload_id')
        .select(['article_images.article_id', 'article_images.image_url', 'article_images.alt', 'article_images.caption', 'article_images.cover', 'article_images.in_text', 'article_images.position', 'uploads.storage_key', 'uploads.mime'])
        .where('article_images.article_id', 'in', articleIds)
        .orderBy('article_images.article_id')
        .orderBy('article_images.position')
        .execute();
    },

    async revisionsOf(articleIds: number[]) {
      if (articleIds.length === 0) return [];
      const rows = await db
        .selectFrom('article_revisions')
        .select(['article_id', 'number', 'fields', 'content', 'published', 'correction_kind', 'correction_text', 'redacted_at', 'created_at'])
        .where('article_id', 'in', articleIds)
        .orderBy('article_id')
        .orderBy('number')
        .execute();
      return rows.map((row) => ({ ...row, ...readRevisionFields(row), content: unpackContent(row.content) }));
    },

    async commentsOf(articleIds: number[]) {
      if (articleIds.length === 0) return [];
      return db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select(['comments.id', 'comments.article_id', 'comments.parent_id', 'comments.content', 'comments.created_at', 'comments.status', 'comments.deleted', 'comments.imported_author_name', 'users.username'])
        .where('comments.article_id', 'in', articleIds)
        .orderBy('comments.article_id')
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute();
    },

    redirectsOf: (channelId: number) => db.selectFrom('redirects').select(['path', 'article_id', 'created_at']).where('channel_id', '=', channelId).orderBy('id').execute(),

    /**
     * The channel's subscribers, active and suppressed. The address only of those who came in by an
     * import to this channel (the publisher's own list); nobody else's is shown to anyone.
     */
    async subscribersOf(channelId: number) {
      const active = await db
        .selectFrom('subscriptions')
        .innerJoin('users', 'users.id', 'subscriptions.user_id')
        .leftJoin('import_subscribers', (join) => join.onRef('import_subscribers.user_id', '=', 'subscriptions.user_id').on('import_subscribers.channel_id', '=', channelId))
        .select(['users.username', 'users.email', 'subscriptions.created_at', 'import_subscribers.user_id as imported_user'])
        .where('subscriptions.channel_id', '=', channelId)
        .orderBy('subscriptions.created_at')
        .execute();
      const suppressed = await db
        .selectFrom('import_subscribers')
        .innerJoin('users', 'users.id', 'import_subscribers.user_id')
        .select(['users.username', 'users.email', 'import_subscribers.created_at'])
        .where('import_subscribers.channel_id', '=', channelId)
        .where('import_subscribers.suppressed', '=', 1)
        .execute();
      return [
        ...active.map((row) => ({ username: row.username, email: row.imported_user === null ? null : row.email, confirmed: row.email !== null, suppressed: false, since: Number(row.created_at) })),
        ...suppressed.map((row) => ({ username: row.username, email: row.email, confirmed: row.email !== null, suppressed: true, since: Number(row.created_at) })),
      ];
    },

    usersByUsernames: async (names: string[]) =>
      names.length === 0 ? [] : db.selectFrom('users').select(['id', 'username', 'description', 'email', 'created_at']).where('username', 'in', names).execute(),
  };
}
export type ExportsRepository = ReturnType<typeof createExportsRepository>;
