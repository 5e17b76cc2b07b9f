import type { Database } from '../../db/database.js';
import type { UserExport } from '../../../contract/users.js';
import { paths as pagePaths } from '../../../contract/paths.js';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/**
 * Everything a person has put into the site, read for their own download: one query per part, so the
 * cost does not grow with the number of comments or reactions beyond reading them.
 * Comments an import brought in under the importer's account are the old site's readers' words, not
 * the importer's, so they stay out; so do deleted comments, whose text is gone.
 */
export function createUserExportRepository(db: Database) {
  return {
    async exportOf(userId: number): Promise<Omit<UserExport, 'format' | 'exportedAt'> | undefined> {
      const profile = await db
        .selectFrom('users')
        .select(['id', 'username', 'description', 'email', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!profile) return undefined;
      const [comments, reactions, subscriptions, channels, staff] = await Promise.all([
        db
          .selectFrom('comments')
          .innerJoin('articles', 'articles.id', 'comments.article_id')
          .select(['comments.id', 'comments.content', 'comments.created_at', 'comments.edited_at', 'comments.status', 'articles.id as article_id', 'articles.title', 'articles.slug'])
          .where('comments.user_id', '=', userId)
          .where('comments.deleted', '=', 0)
          .where('comments.imported_author_name', 'is', null)
          .orderBy('comments.id')
          .execute(),
        db
          .selectFrom('reactions')
          .innerJoin('articles', 'articles.id', 'reactions.article_id')
          .select(['reactions.is_like', 'reactions.created_at', 'articles.id as article_id', 'articles.title', 'articles.slug'])
          .where('reactions.user_id', '=', userId)
          .orderBy('reactions.created_at')
          .orderBy('reactions.article_id')
          .execute(),
        db
          .selectFrom('subscriptions')
          .innerJoin('channels', 'channels.id', 'subscriptions.channel_id')
          .select(['channels.id', 'channels.name', 'subscriptions.created_at', 'subscriptions.imported'])
          .where('subscriptions.user_id', '=', userId)
          .orderBy('subscriptions.created_at')
          .orderBy('channels.id')
          .execute(),
        db
          .selectFrom('channels')
          .select(['id', 'name', 'description', 'slug', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('channel_staff')
          .innerJoin('channels', 'channels.id', 'channel_staff.channel_id')
          .select(['channels.id', 'channels.name', 'channel_staff.role', 'channel_staff.created_at'])
          .where('channel_staff.user_id', '=', userId)
          .orderBy('channels.id')
          .execute(),
      ]);
      const article = (row: { article_id: number; title: string; slug: string }) => ({ id: row.article_id, title: row.title, url: pagePaths.article(row.article_id, row.slug) });
      return {
        profile: {
          id: profile.id,
          username: profile.username,
          description: profile.description,
          // users.email only ever holds a confirmed address (one waiting for its link lives with its token).
          email: profile.email,
          emailConfirmed: profile.email !== null,
          createdAt: iso(profile.created_at),
        },
        comments: comments.map((row) => ({
          id: row.id,
          article: article(row),
          text: row.content,
          createdAt: iso(row.created_at),
          editedAt: row.edited_at === null ? null : iso(row.edited_at),
          status: row.status,
        })),
        reactions: reactions.map((row) => ({ article: article(row), reaction: row.is_like ? ('like' as const) : ('dislike' as const), createdAt: iso(row.created_at) })),
        subscriptions: subscriptions.map((row) => ({ channel: { id: row.id, name: row.name }, since: iso(row.created_at), imported: Number(row.imported) === 1 })),
        channels: channels.map((row) => ({ id: row.id, name: row.name, description: row.description, slug: row.slug, createdAt: iso(row.created_at) })),
        staff: staff.map((row) => ({ channel: { id: row.id, name: row.name }, role: row.role, since: iso(row.created_at) })),
      };
    },
  };
}
export type UserExportRepository = ReturnType<typeof createUserExportRepository>;
