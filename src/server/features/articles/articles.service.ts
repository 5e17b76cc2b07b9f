import {
  ARTICLE_MESSAGES,
  type Article,
  type ArticleImage,
  type ArticleSummary,
  type ChannelTablePage,
  type ChannelTableQueryInput,
  type CreateArticleInput,
  type Facets,
  type FeedPage,
  type FeedQueryInput,
  type UpdateArticleInput,
} from '../../../contract/articles.js';
import { referrerHost } from '../../../contract/analytics.js';
import { LIMITS } from '../../../contract/limits.js';
import { slugify, stripHtml } from '../../../contract/text.js';
import { parseJson } from '../../db/json-helpers.js';
import { WRITE_TAGS } from '../../http/cache-invalidation.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import type { ArticleDetailRow, ArticleImageRow, ArticleRowBase, ArticlesRepository, ArticleSummaryRow } from './articles.repository.js';
import type { CategoriesRepository, CategoryIndex } from './categories.repository.js';
import { sanitizeArticleHtml } from './sanitize-html.js';
import { utcDay, type ViewKeys } from './view-keys.js';

export function imageRowToImage(row: ArticleImageRow): ArticleImage {
  return {
    id: row.id,
    imageUrl: row.image_url,
    caption: row.caption,
    order: row.position,
    width: row.width,
    height: row.height,
    variants: parseJson(row.variants, []),
  };
}

function baseFields(row: ArticleRowBase, categories: CategoryIndex) {
  const categoryIds = parseJson<{ id: number }[]>(row.category_ids, []).map((c) => c.id);
  const named = categoryIds.flatMap((id) => {
    const name = categories.paths.get(id);
    return name ? [{ id, name }] : [];
  });
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    userId: row.user_id,
    channelId: row.channel_id,
    channel: { id: row.channel_id, name: row.channel_name, slug: row.channel_slug },
    categories: named,
    category: named[0]?.name ?? null,
    location: row.location_name,
    location_name: row.location_name,
    location_lat: row.location_lat,
    location_lng: row.location_lng,
    published: row.published === 1,
    status: row.published === 1 ? ('published' as const) : ('draft' as const),
    createdAt: new Date(row.created_at).toISOString(),
    lastEdited: new Date(row.last_edited).toISOString(),
    viewCount: row.view_count + row.view_boost,
    likes: row.like_count + row.like_boost,
    dislikes: row.dislike_count + row.dislike_boost,
    commentCount: row.comment_count,
  };
}

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

export function summaryRowToSummary(row: ArticleSummaryRow, categories: CategoryIndex): ArticleSummary {
  const image = parseJson<ArticleImageRow | null>(row.first_image, null);
  return { ...baseFields(row, categories), excerpt: row.excerpt, image: image ? imageRowToImage(image) : null };
}

export interface ResolvedArticleSegment {
  article: { id: number; slug: string; published: boolean; userId: number };
  /** `{slug}-{id}`: the article's URL is `/articles/{canonicalSegment}`. */
  canonicalSegment: string;
  /** Whether the segment asked for is already the canonical one. */
  canonical: boolean;
}

export interface ViewerInfo {
  user: SessionUser | null;
  ip: string;
  userAgent: string;
  /** Where the reader came from, as the page sent it (DESIGN.md section 5); only its host is kept. */
  referrer?: string | null;
}

export function createArticlesService(deps: {
  articles: ArticlesRepository;
  channels: ChannelsRepository;
  categories: CategoriesRepository;
  viewKeys: ViewKeys;
  /** Called with the image URLs an article no longer uses (deleted with it). */
  onImagesReleased?: (urls: string[]) => Promise<void>;
  now?: () => number;
  /** Told of each committed write (the micro-cache drops what it affects). A view is not one. */
  written?: (tags: readonly string[]) => void;
}) {
  const { articles, channels, categories, viewKeys } = deps;
  const now = deps.now ?? Date.now;
  const written = deps.written ?? (() => {});

  /** An article the viewer may see: drafts exist only for their author (404 for everyone else). */
  async function visibleRow(id: number, viewer: SessionUser | null): Promise<ArticleDetailRow> {
    const row = await articles.findById(id, viewer?.id);
    if (!row || (row.published !== 1 && row.user_id !== viewer?.id)) throw notFound(ARTICLE_MESSAGES.notFound);
    return row;
  }

  async function ownedRow(id: number, editor: SessionUser) {
    const owner = await articles.ownership(id);
    if (!owner || (owner.published !== 1 && owner.user_id !== editor.id)) throw notFound(ARTICLE_MESSAGES.notFound);
    if (owner.user_id !== editor.id) throw forbidden(ARTICLE_MESSAGES.notOwner);
    return owner;
  }

  /**
   * The categories an article gets: categoryIds (preferred), else a single categoryId, else the
   * spec's `category` text (spec 1 section 3): a category's name or its whole path ('Sports >
   * Football'), ignoring case; an empty one, or 'Other' (which the spec's picker sends as empty),
   * means none. Undefined when the input names no categories at all (an edit keeps them).
   */
  async function validCategoryIds(input: { categoryIds?: number[]; categoryId?: string | number | null; category?: string | null }): Promise<number[] | undefined> {
    let ids = input.categoryIds;
    if (!ids && input.categoryId !== undefined && input.categoryId !== null) {
      const single = Number(input.categoryId);
      ids = Number.isSafeInteger(single) && single > 0 ? [single] : [];
    }
    if (!ids && input.category !== undefined) ids = await categoryIdsNamed(input.category);
    if (!ids) return undefined;
    if (ids.length > LIMITS.categoriesPerArticle) throw badRequest(ARTICLE_MESSAGES.tooManyCategories);
    const { paths } = await categories.index();
    if (ids.some((id) => !paths.has(id))) throw badRequest(ARTICLE_MESSAGES.unknownCategory);
    return ids;
  }

  /** The category a name or path names: a whole path first, then the first category of that name in the tree's order. */
  async function categoryIdsNamed(text: string | null): Promise<number[]> {
    const wanted = (text ?? '').trim().toLowerCase();
    if (wanted === '' || wanted === 'other') return [];
    const { paths } = await categories.index();
    let byName: number | undefined;
    for (const [id, path] of paths) {
      const lower = path.toLowerCase();
      if (lower === wanted) return [id];
      const name = lower.includes(' > ') ? lower.slice(lower.lastIndexOf(' > ') + 3) : lower;
      if (byName === undefined && name === wanted) byName = id;
    }
    if (byName === undefined) throw badRequest(ARTICLE_MESSAGES.unknownCategory);
    return [byName];
  }

  function locationOf(input: { location?: string | null; location_name?: string | null; location_lat?: number | null; location_lng?: number | null }) {
    const name = (input.location_name ?? input.location ?? '').trim();
    if (input.location_name === undefined && input.location === undefined) return undefined;
    return name
      ? { locationName: name, locationLat: input.location_lat ?? null, locationLng: input.location_lng ?? null }
      : { locationName: null, locationLat: null, locationLng: null };
  }

  function cleanContent(html: string) {
    const content = sanitizeArticleHtml(html);
    const plainText = stripHtml(content);
    if (!plainText) throw badRequest(ARTICLE_MESSAGES.contentRequired);
    return { content, plainText };
  }

  /** The answer for a row read with the viewer's reaction (findById with their id). */
  async function toArticle(row: ArticleDetailRow, viewer: SessionUser | null): Promise<Article> {
    const index = await categories.index();
    const images = parseJson<ArticleImageRow[]>(row.images, []).map(imageRowToImage);
    return {
      ...baseFields(row, index),
      content: row.content,
      excerpt: row.excerpt,
      images,
      author: { id: row.user_id, username: row.author_username },
      userReaction: viewer && row.reader_reaction !== null ? row.reader_reaction === 1 : null,
    };
  }

  return {
    get: async (id: number, viewer: SessionUser | null) => toArticle(await visibleRow(id, viewer), viewer),

    /**
     * The article an URL segment names (DESIGN.md section 5: id, whole slug, `{slug}-{id}`, former
     * slugs too), and whether the segment is its canonical form `{slug}-{id}`; pages answer 301 to
     * `/articles/{canonicalSegment}` otherwise. A draft resolves only for its author, so a redirect
     * never reveals a draft's slug. Undefined when nothing matches.
     */
    async resolveArticleSegment(segment: string, viewer: SessionUser | null = null): Promise<ResolvedArticleSegment | undefined> {
      const row = await articles.resolveSegment(segment.toLowerCase());
      if (!row || (row.published !== 1 && row.user_id !== viewer?.id)) return undefined;
      const canonicalSegment = `${row.slug}-${row.id}`;
      return {
        article: { id: row.id, slug: row.slug, published: row.published === 1, userId: row.user_id },
        canonicalSegment,
        canonical: segment === canonicalSegment,
      };
    },

    /** The id an API route's article segment names; an all-digits segment needs no query. */
    async resolveArticleId(segment: string): Promise<number | undefined> {
      // Ids are 32-bit in both databases: a larger number names no article (PostgreSQL would refuse it).
      if (/^\d{1,10}$/.test(segment)) return Number(segment) <= 2_147_483_647 ? Number(segment) : undefined;
      return (await articles.resolveSegment(segment))?.id;
    },

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
      const rows = await articles.feed({
        sort: query.sort,
        direction: query.direction,
        readerId,
        search: query.q || undefined,
        categoryIds,
        locations: query.locations,
        channelIds: query.channels,
        after: query.cursor ? decodeCursor(query.cursor, query.sort === 'createdAt' ? 'time' : 'count') : undefined,
        limit: query.limit + 1,
      });
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
      const [raw, index] = await Promise.all([articles.facets(readerId, 100), categories.index()]);
      return {
        categories: raw.categories.flatMap((c) => {
          const name = index.paths.get(c.id);
          return name ? [{ id: c.id, name, count: Number(c.count) }] : [];
        }),
        locations: raw.locations.map((l) => ({ name: l.name, count: Number(l.count) })),
        channels: raw.channels.map((c) => ({ id: c.id, name: c.name, count: Number(c.count) })),
      };
    },

    async ofChannel(channelId: number, drafts: boolean, viewer: SessionUser | null): Promise<ArticleSummary[]> {
      const owner = await channels.ownerOf(channelId);
      if (owner === undefined) throw notFound('Channel not found');
      if (drafts && owner !== viewer?.id) throw forbidden("You don't have permission to view this page");
      const [rows, index] = await Promise.all([articles.ofChannel(channelId, !drafts, 500), categories.index()]);
      return rows.map((row) => summaryRowToSummary(row, index));
    },

    /**
     * A page of a channel's article table (spec 2 section 2), sorted by the server so a channel of
     * any size sends one page of rows. Drafts are the owner's only, as GET /drafts.
     */
    async channelTable(channelId: number, query: ChannelTableQueryInput, viewer: SessionUser | null): Promise<ChannelTablePage> {
      const owner = await channels.ownerOf(channelId);
      if (owner === undefined) throw notFound('Channel not found');
      const drafts = query.status === 'drafts';
      if (drafts && owner !== viewer?.id) throw forbidden("You don't have permission to view this page");
      const index = await categories.index();
      const [rows, total] = await Promise.all([
        articles.channelTable(channelId, !drafts, {
          sort: query.sort,
          direction: query.direction,
          after: query.cursor ? decodeCursor(query.cursor, query.sort === 'title' ? 'text' : query.sort === 'createdAt' ? 'time' : 'count') : undefined,
          limit: query.limit + 1,
          categoryRanks: categoryRanks(index),
        }),
        articles.channelTableTotal(channelId, !drafts),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          published: row.published === 1,
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

    async create(author: SessionUser, input: CreateArticleInput): Promise<Article> {
      const owner = await channels.ownerOf(input.channelId);
      if (owner === undefined) throw badRequest(ARTICLE_MESSAGES.selectChannel);
      if (owner !== author.id) throw forbidden(ARTICLE_MESSAGES.channelNotOwned);
      const categoryIds = (await validCategoryIds(input)) ?? [];
      const { content, plainText } = cleanContent(input.content);
      const published = input.status ? input.status === 'published' : (input.published ?? true);
      const location = locationOf(input) ?? { locationName: null, locationLat: null, locationLng: null };
      const id = await articles.insert({
        userId: author.id,
        channelId: input.channelId,
        title: input.title,
        slug: slugify(input.title),
        content,
        plainText,
        published,
        ...location,
        categoryIds,
        now: now(),
      });
      written(WRITE_TAGS.articleCreated());
      return toArticle((await articles.findById(id, author.id))!, author);
    },

    async update(id: number, editor: SessionUser, input: UpdateArticleInput): Promise<Article> {
      await ownedRow(id, editor);
      const categoryIds = await validCategoryIds(input);
      const content = input.content !== undefined ? cleanContent(input.content) : undefined;
      await articles.update(id, {
        ...(input.title !== undefined ? { title: input.title, slug: slugify(input.title) } : {}),
        ...(content ? { content: content.content, plainText: content.plainText } : {}),
        ...(locationOf(input) ?? {}),
        categoryIds,
        now: now(),
      });
      written(WRITE_TAGS.articleEdited(id));
      return toArticle((await articles.findById(id, editor.id))!, editor);
    },

    async toggleStatus(id: number, editor: SessionUser) {
      await ownedRow(id, editor);
      const published = await articles.toggleStatus(id);
      if (published === undefined) throw notFound(ARTICLE_MESSAGES.notFound);
      written(WRITE_TAGS.articleListed(id));
      return { published, status: published ? ('published' as const) : ('draft' as const) };
    },

    async delete(id: number, editor: SessionUser): Promise<void> {
      await ownedRow(id, editor);
      const deleted = await articles.delete(id);
      if (!deleted) throw notFound(ARTICLE_MESSAGES.notFound);
      written(WRITE_TAGS.articleListed(id));
      if (deleted.imageUrls.length > 0) await deps.onImagesReleased?.(deleted.imageUrls);
    },

    /** Counts a view once per viewer per article per UTC day; drafts are never counted. */
    async recordView(id: number, viewer: ViewerInfo) {
      const row = await articles.ownership(id);
      if (!row || (row.published !== 1 && row.user_id !== viewer.user?.id)) throw notFound(ARTICLE_MESSAGES.notFound);
      let counted = false;
      if (row.published === 1) {
        const at = now();
        const key = await viewKeys.viewerKey({ userId: viewer.user?.id ?? null, ip: viewer.ip, userAgent: viewer.userAgent }, utcDay(at));
          const addressKey = viewer.user ? undefined : await viewKeys.addressKey(viewer.ip, utcDay(at));
          counted = await articles.recordView(id, key, utcDay(at), referrerHost(viewer.referrer), addressKey);
      }
      const views = (await articles.displayedViews(id)) ?? 0;
      return { view_count: views, counted, shouldInvalidateFeeds: counted };
    },
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
