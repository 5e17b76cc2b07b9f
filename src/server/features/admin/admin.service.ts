import {
  ADMIN_MESSAGES,
  type AdminArticle,
  type AdminArticlePage,
  type AdminArticleUpdated,
  type AdminChannel,
  type AdminChannelPage,
  type AdminChannelUpdated,
  type AdminListQueryInput,
  type UpdateAdminArticleInput,
} from '../../../contract/admin.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { AdminArticleRow, AdminChannelRow, AdminRepository } from './admin.repository.js';

/** A category's path by id (the fixed tree, categories.repository.ts). */
export type CategoryPaths = ReadonlyMap<number, string>;

export function adminArticleRowToAdminArticle(row: AdminArticleRow, categoryPaths: CategoryPaths): AdminArticle {
  const createdAt = new Date(row.created_at).toISOString();
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    published: row.published === 1,
    category: row.first_category_id === null ? null : (categoryPaths.get(row.first_category_id) ?? null),
    userId: row.user_id,
    channel: { id: row.channel_id, name: row.channel_name },
    createdAt,
    created_at: createdAt,
    commentCount: row.comment_count,
    view_count: row.view_count + row.view_boost,
    like_count: row.like_count + row.like_boost,
    dislike_count: row.dislike_count + row.dislike_boost,
    real_view_count: row.view_count,
    real_like_count: row.like_count,
    real_dislike_count: row.dislike_count,
  };
}

export function adminChannelRowToAdminChannel(row: AdminChannelRow): AdminChannel {
  const createdAt = new Date(row.created_at).toISOString();
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category,
    userId: row.user_id,
    createdAt,
    created_at: createdAt,
    real_subscriber_count: row.subscriber_count,
    subscriber_count: row.subscriber_count + row.subscriber_boost,
    admin_subscriber_count: row.subscriber_boost,
  };
}

/** A page of newest-first rows fetched one row long, so the extra row tells whether another page exists. */
function toPage<Row extends { id: number; created_at: number }, Item>(rows: Row[], limit: number, map: (row: Row) => Item) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(map), nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

/** The admin dashboard (docs/product.md#admin). Callers have already checked the admin role. */
export function createAdminService(
  admin: AdminRepository,
  /** The category tree's paths by id, for the article rows' category column. */
  categoryPaths: () => Promise<CategoryPaths>,
  now: () => number = Date.now,
  /** Told of each committed write (the response cache drops the answers that show it). */
  written: (tags: readonly string[]) => void = () => {},
) {
  return {
    async articles(query: AdminListQueryInput): Promise<AdminArticlePage> {
      const rows = await admin.listArticles({
        q: query.q || undefined,
        after: query.cursor ? decodeCursor(query.cursor, 'time') : undefined,
        limit: query.limit + 1,
      });
      const paths = await categoryPaths();
      return toPage(rows, query.limit, (row) => adminArticleRowToAdminArticle(row, paths));
    },

    async channels(query: AdminListQueryInput): Promise<AdminChannelPage> {
      const rows = await admin.listChannels({
        q: query.q || undefined,
        after: query.cursor ? decodeCursor(query.cursor, 'time') : undefined,
        limit: query.limit + 1,
      });
      return toPage(rows, query.limit, adminChannelRowToAdminChannel);
    },

    async updateArticle(id: number, totals: UpdateAdminArticleInput, by: SessionUser): Promise<AdminArticleUpdated> {
      const row = await admin.setArticleTotals(id, totals, by.id, now());
      if (!row) throw notFound(ADMIN_MESSAGES.articleNotFound);
      written([CACHE_TAGS.article(id), CACHE_TAGS.articleLists]);
      return {
        id,
        title: row.title,
        view_count: row.view_count + row.view_boost,
        like_count: row.like_count + row.like_boost,
        dislike_count: row.dislike_count + row.dislike_boost,
      };
    },

    async updateChannel(id: number, total: number, by: SessionUser): Promise<AdminChannelUpdated> {
      const row = await admin.setChannelTotal(id, total, by.id, now());
      if (!row) throw notFound(ADMIN_MESSAGES.channelNotFound);
      written([CACHE_TAGS.channels]);
      const { name, subscriber_count, admin_subscriber_count } = adminChannelRowToAdminChannel(row);
      return { id, name, subscriber_count, admin_subscriber_count };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
