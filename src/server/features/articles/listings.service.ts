import type { ArticleSummary, ChannelTablePage, ChannelTableQueryInput, Facets, FeedPage, FeedQueryInput } from '../../../contract/articles.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import type { ArticleSearch } from '../search/search.repository.js';
import type { ArticleAccess } from './article-access.service.js';
import type { ArticleListsRepository } from './article-lists.repository.js';
import { summaryRowToSummary, type ArticlesRepository } from './articles.repository.js';
import type { CategoriesRepository, CategoryIndex } from './categories.repository.js';
import type { ChannelTableRepository } from './channel-table.repository.js';

export interface ListingsServiceDeps {
  articles: ArticlesRepository;
  channelTable: ChannelTableRepository;
  lists: ArticleListsRepository;
  search: ArticleSearch;
  channels: ChannelsRepository;
  categories: CategoriesRepository;
  access: ArticleAccess;
}

const iso = (ms: number) => new Date(ms).toISOString();

const rankCache = new WeakMap<CategoryIndex, Map<number, number>>();
/** Each category's place in the alphabetical order of category paths (the channel table's Category column). */
function categoryRanks(index: CategoryIndex): Map<number, number> {
  let ranks = rankCache.get(index);
  if (!ranks) {
    const sorted = [...index.paths].sort(([, a], [, b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    ranks = new Map(sorted.map(([id], rank) => [id, rank]));
    rankCache.set(index, ranks);
  }
  return ranks;
}

/** The lists articles appear on: the feed and its filter choices, an author's page, a channel's lists and table. */
export function createListingsService(deps: ListingsServiceDeps) {
  const { articles, channels, categories } = deps;
  const { roleOf } = deps.access;

  return {
    async feed(query: FeedQueryInput, viewer: SessionUser | null): Promise<FeedPage> {
      const index = await categories.index();
      let source: FeedPage['source'] = 'all';
      let readerId: number | undefined;
      if (viewer && query.scope === 'feed') {
        const subscribes = await articles.readerHasSubscriptions(viewer.id);
        source = subscribes ? 'subscriptions' : 'all-fallback';
        readerId = subscribes ? viewer.id : undefined;
      }
      // Picking a section also finds the articles filed under its subsections.
      const categoryIds = query.categories?.length
        ? [...new Set(query.categories.flatMap((id) => index.subtree.get(id) ?? [id]))]
        : undefined;
      const filter = {
        sort: query.sort,
        direction: query.direction,
        readerId,
        categoryIds,
        locations: query.locations,
        channelIds: query.channels,
        after: query.cursor ? decodeCursor(query.cursor, query.sort === 'createdAt' ? 'time' : 'count') : undefined,
        limit: query.limit + 1,
      };
      const rows = query.q ? await deps.search.feedPage(query.q, filter) : await articles.feed(filter);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => summaryRowToSummary(row, index)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.sort_value), last.id) : null,
        source,
      };
    },

    async facets(viewer: SessionUser | null): Promise<Facets> {
      const readerId = viewer && (await articles.readerHasSubscriptions(viewer.id)) ? viewer.id : undefined;
      const [raw, index] = await Promise.all([deps.lists.facets(readerId, 100), categories.index()]);
      return {
        categories: raw.categories.flatMap((c) => {
          const name = index.paths.get(c.id);
          return name ? [{ id: c.id, name, count: Number(c.count) }] : [];
        }),
        locations: raw.locations.map((l) => ({ name: l.name, count: Number(l.count) })),
        channels: raw.channels.map((c) => ({ id: c.id, name: c.name, count: Number(c.count) })),
      };
    },

    /** A page of an author's published articles, newest first (their author page). */
    async byAuthor(userId: number, query: { cursor?: string; limit: number }): Promise<{ items: ArticleSummary[]; nextCursor: string | null }> {
      const after = query.cursor ? decodeCursor(query.cursor, 'time') : undefined;
      const [rows, index] = await Promise.all([articles.ofAuthor(userId, after, query.limit + 1), categories.index()]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => summaryRowToSummary(row, index)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(Number(last.sort_value), last.id) : null,
      };
    },

    async ofChannel(channelId: number, drafts: boolean, viewer: SessionUser | null): Promise<ArticleSummary[]> {
      const owner = await channels.ownerOf(channelId);
      if (owner === undefined) throw notFound('Channel not found');
      if (drafts && (await roleOf(viewer, channelId)) === null) throw forbidden("You don't have permission to view this page");
      const [rows, index] = await Promise.all([articles.ofChannel(channelId, !drafts, 500), categories.index()]);
      return rows.map((row) => summaryRowToSummary(row, index));
    },

    /**
     * A page of a channel's article table (docs/product.md#channels), sorted by the server so a channel of
     * any size sends one page of rows. Drafts are the owner's only, as GET /drafts.
     */
    async channelTable(channelId: number, query: ChannelTableQueryInput, viewer: SessionUser | null): Promise<ChannelTablePage> {
      const owner = await channels.ownerOf(channelId);
      if (owner === undefined) throw notFound('Channel not found');
      const drafts = query.status === 'drafts';
      if (drafts && (await roleOf(viewer, channelId)) === null) throw forbidden("You don't have permission to view this page");
      const index = await categories.index();
      const [rows, total] = await Promise.all([
        deps.channelTable.channelTable(channelId, !drafts, {
          sort: query.sort,
          direction: query.direction,
          after: query.cursor ? decodeCursor(query.cursor, query.sort === 'title' ? 'text' : query.sort === 'createdAt' ? 'time' : 'count') : undefined,
          limit: query.limit + 1,
          categoryRanks: categoryRanks(index),
        }),
        deps.channelTable.channelTableTotal(channelId, !drafts),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          published: row.published === 1,
          status: row.status,
          publishAt: row.publish_at === null ? null : iso(Number(row.publish_at)),
          author: { id: row.user_id, username: row.author_username },
          createdAt: new Date(Number(row.created_at)).toISOString(),
          category: row.category_id === null ? null : (index.paths.get(Number(row.category_id)) ?? null),
          viewCount: Number(row.views),
          commentCount: row.comment_count,
          likes: Number(row.likes),
        })),
        nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort === 'title' ? String(last.sort_value) : Number(last.sort_value), last.id) : null,
        total,
      };
    },
  };
}
export type ListingsService = ReturnType<typeof createListingsService>;
