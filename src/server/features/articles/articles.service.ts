import type { Transaction } from 'kysely';
import {
  ARTICLE_MESSAGES,
  type Article,
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
import type { DB } from '../../db/schema.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { utcDay } from '../../lib/time.js';
import { forgetArticleRollups, recordViewRollup } from '../analytics/analytics.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import { queueArticleCorrected, queueArticlePublished } from '../email/outbox.repository.js';
import type { ArticleSearch } from '../search/search.repository.js';
import type { ArticleListsRepository } from './article-lists.repository.js';
import { detailRowToArticle, summaryRowToSummary, type ArticleDetailRow, type ArticlesRepository } from './articles.repository.js';
import type { CategoriesRepository, CategoryIndex } from './categories.repository.js';
import type { ChannelTableRepository } from './channel-table.repository.js';
import { sanitizeArticleHtml } from './sanitize-html.js';
import { resolveInlineImages, resolvePendingInlineImages, type InlineImages } from './inline-images.js';
import type { ViewKeys } from './view-keys.js';
import { CORRECTION_MESSAGES } from '../../../contract/corrections.js';
import { recordRevision } from './revisions.repository.js';
import { MODERATION_MESSAGES } from '../../../contract/moderation-rules.js';
import {
  AUTOSAVE_MESSAGES,
  type AutosaveArticleInput,
  type AutosaveNewArticleInput,
  type AutosaveResult,
  type NewDraftResult,
} from '../../../contract/articles.js';
import { HttpError } from '../../lib/errors.js';
import { claimSave, dropPendingEdit, mergePendingEdit, writerState, type PendingEditValues } from './pending-edits.repository.js';

/** 409 of a save made from an older version than the article's last save; the route answers `{error, savedAt}`. */
export class SaveConflictError extends HttpError {
  constructor(readonly savedAt: string) {
    super(409, AUTOSAVE_MESSAGES.conflict);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The save's time, or the conflict (the article gone in between is a 404). */
async function takeSave(trx: Transaction<DB>, articleId: number, base: string | undefined, at: number): Promise<number> {
  const claimed = await claimSave(trx, articleId, base === undefined ? undefined : Date.parse(base), at);
  if (typeof claimed === 'number') return claimed;
  if (claimed.savedAt === undefined) throw notFound(ARTICLE_MESSAGES.notFound);
  throw new SaveConflictError(iso(claimed.savedAt));
}

/** What each write of an article changes, for the caches that show it (lib/cache-tags.ts). */
const CHANGED = {
  /** A new article (published or not): lists and counts change, a cached 404 for its slug may now resolve. */
  created: () => [CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing],
  /** Title, text, place, categories or images; a new slug may answer a cached 404. */
  edited: (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.articleLists, CACHE_TAGS.missing],
  /** Published, unpublished or deleted: it joins or leaves the lists and its channel's count. */
  listed: (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing],
};

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

export interface ArticlesServiceDeps {
  articles: ArticlesRepository;
  channelTable: ChannelTableRepository;
  lists: ArticleListsRepository;
  search: ArticleSearch;
  channels: ChannelsRepository;
  categories: CategoriesRepository;
  viewKeys: ViewKeys;
  /** Runs a write and its side effects (the email outbox, analytics rollups) in one transaction. */
  transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  /** Called with the image URLs an article no longer uses (deleted with it). */
  onImagesReleased?: (urls: string[]) => Promise<void>;
  /** The uploads behind images in the text (media's); without it the text keeps no images. */
  inlineImages?: InlineImages;
  now?: () => number;
  /** Told of each committed write (the response cache drops what it shows). A view is not one. */
  written?: (tags: readonly string[]) => void;
  /** Who moderates a channel (moderation service): who may publish again an article a moderator removed. */
  moderatorRole?: (user: SessionUser, channelId: number) => Promise<'admin' | 'owner' | 'editor' | null>;
}

export function createArticlesService(deps: ArticlesServiceDeps) {
  const { articles, channels, categories, viewKeys, transaction } = deps;
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
    const content = sanitizeArticleHtml(html, deps.inlineImages?.prefix);
    const plainText = stripHtml(content);
    if (!plainText) throw badRequest(ARTICLE_MESSAGES.contentRequired);
    return { content, plainText };
  }

  /** The answer for a row read with the viewer's reaction (findById with their id); its writer also gets its save time and pending edit. */
  async function toArticle(row: ArticleDetailRow, viewer: SessionUser | null): Promise<Article> {
    const index = await categories.index();
    const article = detailRowToArticle(row, index, viewer?.id ?? null);
    if (viewer === null || row.user_id !== viewer.id) return article;
    const state = await articles.writerState(row.id);
    if (!state) return article;
    const pending = state.pending;
    return {
      ...article,
      savedAt: iso(state.savedAt),
      pendingEdit: pending && {
        title: pending.title,
        content: pending.content,
        categories: pending.categoryIds.flatMap((id) => {
          const name = index.paths.get(id);
          return name ? [{ id, name }] : [];
        }),
        location_name: pending.locationName,
        location_lat: pending.locationLat,
        location_lng: pending.locationLng,
        savedAt: iso(pending.savedAt),
      },
    };
  }

  /** An autosave's fields as stored: sanitized HTML (possibly empty), known categories, a place or none. */
  async function autosaveChanges(input: AutosaveArticleInput | AutosaveNewArticleInput): Promise<Partial<PendingEditValues>> {
    const location = locationOf(input);
    return {
      title: input.title?.trim(),
      content: input.content === undefined ? undefined : sanitizeArticleHtml(input.content, deps.inlineImages?.prefix),
      categoryIds: await validCategoryIds({ categoryIds: input.categoryIds }),
      ...(location ?? {}),
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
      const cleaned = cleanContent(input.content);
      const inline = await resolveInlineImages(deps.inlineImages, cleaned.content, author.id, null);
      const { content, plainText } = { ...cleaned, content: inline.content };
      const published = input.status ? input.status === 'published' : (input.published ?? true);
      const location = locationOf(input) ?? { locationName: null, locationLat: null, locationLng: null };
      const at = now();
      const id = await transaction(async (trx) => {
        const inserted = await articles.insert(trx, {
          userId: author.id,
          channelId: input.channelId,
          title: input.title,
          slug: slugify(input.title),
          content,
          plainText,
          published,
          ...location,
          categoryIds,
          now: at,
        });
        // Subscribers' emails are queued with the article itself: both commit, or neither.
        if (published) await queueArticlePublished(trx, { articleId: inserted, channelId: input.channelId, now: at });
        await recordRevision(trx, { articleId: inserted, editorId: author.id, now: at });
        await takeSave(trx, inserted, undefined, at);
        return inserted;
      });
      await inline.attach(id);
      written(CHANGED.created());
      return toArticle((await articles.findById(id, author.id))!, author);
    },

    async update(id: number, editor: SessionUser, input: UpdateArticleInput): Promise<Article> {
      const owned = await ownedRow(id, editor);
      // A correction speaks to readers of the published text; a draft has none yet.
      if (input.correction && owned.published !== 1) throw badRequest(CORRECTION_MESSAGES.correctionNeedsPublication);
      const categoryIds = await validCategoryIds(input);
      const cleaned = input.content !== undefined ? cleanContent(input.content) : undefined;
      const inline = cleaned ? await resolveInlineImages(deps.inlineImages, cleaned.content, editor.id, id) : undefined;
      const content = cleaned && inline ? { ...cleaned, content: inline.content } : undefined;
      const at = now();
      await transaction(async (trx) => {
        // Made from an older version than the last save (another tab, another device): refused.
        await takeSave(trx, id, input.baseSavedAt, at);
        // Save applies the writer's pending edit: what it held is what this edit saves.
        await dropPendingEdit(trx, id);
        await articles.update(
          id,
          {
            ...(input.title !== undefined ? { title: input.title, slug: slugify(input.title) } : {}),
            ...(content ? { content: content.content, plainText: content.plainText } : {}),
            ...(locationOf(input) ?? {}),
            categoryIds,
            now: at,
          },
          trx,
        );
        const revision = await recordRevision(trx, { articleId: id, editorId: editor.id, correction: input.correction ?? null, now: at });
        // The readers the article was emailed to hear of a correction (not of a clarification or an update).
        if (input.correction?.kind === 'correction') await queueArticleCorrected(trx, { articleId: id, channelId: owned.channel_id, revision, now: at });
      });
      await inline?.attach(id);
      written(CHANGED.edited(id));
      return toArticle((await articles.findById(id, editor.id))!, editor);
    },

    async toggleStatus(id: number, editor: SessionUser) {
      const state = await articles.ownership(id);
      if (state?.removed_by && state.published !== 1) {
        // Removed by a moderator: only a moderator whose role reaches the remover's publishes it again.
        const role = (await deps.moderatorRole?.(editor, state.channel_id)) ?? null;
        const allowed = state.removed_by === 'admin' ? role === 'admin' : role !== null;
        if (!allowed) {
          if (state.user_id !== editor.id) throw notFound(ARTICLE_MESSAGES.notFound);
          throw forbidden(MODERATION_MESSAGES.republishModerated);
        }
      } else {
        await ownedRow(id, editor);
      }
      // An autosaved draft may have no title or text yet; readers never get such an article.
      if (state && state.published !== 1) {
        const draft = await articles.findById(id);
        if (draft && draft.title.trim() === '') throw badRequest(AUTOSAVE_MESSAGES.publishNeedsTitle);
        if (draft && !stripHtml(draft.content)) throw badRequest(AUTOSAVE_MESSAGES.publishNeedsContent);
      }
      const toggled = await transaction(async (trx) => {
        const row = await articles.toggleStatus(trx, id);
        if (row?.published) await articles.clearModeration(trx, id);
        // A draft becoming published queues its subscribers' emails in the same transaction.
        if (row?.published) await queueArticlePublished(trx, { articleId: id, channelId: row.channelId, now: now() });
        if (row) await recordRevision(trx, { articleId: id, editorId: editor.id, now: now() });
        return row;
      });
      if (toggled === undefined) throw notFound(ARTICLE_MESSAGES.notFound);
      written(CHANGED.listed(id));
      return { published: toggled.published, status: toggled.published ? ('published' as const) : ('draft' as const) };
    },

    async delete(id: number, editor: SessionUser): Promise<void> {
      await ownedRow(id, editor);
      const deleted = await transaction(async (trx) => {
        // Its days leave its channel's analytics with it, so the channel's figures keep equalling a recount.
        await forgetArticleRollups(trx, id);
        return articles.delete(trx, id, now());
      });
      if (!deleted) throw notFound(ARTICLE_MESSAGES.notFound);
      written(CHANGED.listed(id));
      if (deleted.imageUrls.length > 0) await deps.onImagesReleased?.(deleted.imageUrls);
    },

    /** Counts a view once per viewer per article per UTC day; drafts are never counted. */
    async recordView(id: number, viewer: ViewerInfo) {
      const row = await articles.ownership(id);
      if (!row || (row.published !== 1 && row.user_id !== viewer.user?.id)) throw notFound(ARTICLE_MESSAGES.notFound);
      let counted = false;
      if (row.published === 1) {
        const day = utcDay(now());
        const viewerKey = await viewKeys.viewerKey({ userId: viewer.user?.id ?? null, ip: viewer.ip, userAgent: viewer.userAgent }, day);
        const anonymousAddressKey = viewer.user ? undefined : await viewKeys.addressKey(viewer.ip, day);
        counted = await transaction(async (trx) => {
          const channelId = await articles.countView(trx, { articleId: id, viewerKey, day, anonymousAddressKey });
          if (channelId === undefined) return false;
          // The per-day tallies of the article and its channel (analytics), with the view itself.
          await recordViewRollup(trx, { articleId: id, channelId, day, signedIn: viewer.user !== null, referrer: referrerHost(viewer.referrer) });
          return true;
        });
      }
      const views = (await articles.displayedViews(id)) ?? 0;
      return { view_count: views, counted, shouldInvalidateFeeds: counted };
    },

    /**
     * An autosave (docs/decisions/040-drafts-on-the-server.md): the changed fields, made from the
     * version saved at `baseSavedAt`. A draft is saved in place; a published article's go to its
     * pending edit, which readers never see. No revision, and no cache is told: nothing public changed.
     */
    async autosave(id: number, writer: SessionUser, input: AutosaveArticleInput): Promise<AutosaveResult> {
      const owned = await ownedRow(id, writer);
      const changes = await autosaveChanges(input);
      // Images in the text get their responsive copies and stay recorded, as on a Save.
      let inline: { attach(id: number): Promise<void> } | undefined;
      if (changes.content !== undefined) {
        const live = owned.published === 1 ? (await articles.findById(id))?.content : undefined;
        const resolved =
          live === undefined
            ? await resolveInlineImages(deps.inlineImages, changes.content, writer.id, id)
            : await resolvePendingInlineImages(deps.inlineImages, changes.content, live, writer.id, id);
        changes.content = resolved.content;
        inline = resolved;
      }
      const at = now();
      const savedAt = await transaction(async (trx) => {
        const saved = await takeSave(trx, id, input.baseSavedAt, at);
        if (owned.published === 1) {
          await mergePendingEdit(trx, id, changes, saved);
        } else if (Object.values(changes).some((v) => v !== undefined)) {
          await articles.update(
            id,
            {
              ...(changes.title !== undefined ? { title: changes.title } : {}),
              // A title cleared mid-edit keeps the address the draft has.
              ...(changes.title ? { slug: slugify(changes.title) } : {}),
              ...(changes.content !== undefined ? { content: changes.content, plainText: stripHtml(changes.content) } : {}),
              ...(changes.locationName !== undefined
                ? { locationName: changes.locationName, locationLat: changes.locationLat ?? null, locationLng: changes.locationLng ?? null }
                : {}),
              categoryIds: changes.categoryIds,
              now: at,
            },
            trx,
          );
        }
        return saved;
      });
      await inline?.attach(id);
      return { savedAt: iso(savedAt) };
    },

    /** A new article's first autosave: it becomes a draft in the writer's channel (no revision, nothing public). */
    async autosaveNew(author: SessionUser, input: AutosaveNewArticleInput): Promise<NewDraftResult> {
      const owner = await channels.ownerOf(input.channelId);
      if (owner === undefined) throw badRequest(ARTICLE_MESSAGES.selectChannel);
      if (owner !== author.id) throw forbidden(ARTICLE_MESSAGES.channelNotOwned);
      const changes = await autosaveChanges(input);
      const inline = await resolveInlineImages(deps.inlineImages, changes.content ?? '', author.id, null);
      const content = inline.content;
      const at = now();
      const created = await transaction(async (trx) => {
        const id = await articles.insert(trx, {
          userId: author.id,
          channelId: input.channelId,
          title: changes.title ?? '',
          slug: slugify(changes.title ?? ''),
          content,
          plainText: stripHtml(content),
          published: false,
          locationName: changes.locationName ?? null,
          locationLat: changes.locationLat ?? null,
          locationLng: changes.locationLng ?? null,
          categoryIds: changes.categoryIds ?? [],
          now: at,
        });
        return { id, savedAt: await takeSave(trx, id, undefined, at) };
      });
      await inline.attach(created.id);
      const slug = (await articles.findById(created.id))?.slug ?? slugify(changes.title ?? '');
      return { id: created.id, slug, savedAt: iso(created.savedAt) };
    },

    /** Drops a published article's pending edit (the live text stays); a draft has none, and nothing changes. */
    async discardPendingEdit(id: number, writer: SessionUser): Promise<AutosaveResult> {
      await ownedRow(id, writer);
      const at = now();
      const savedAt = await transaction(async (trx) => {
        if (!(await dropPendingEdit(trx, id))) return (await writerState(trx, id))?.savedAt ?? at;
        return takeSave(trx, id, undefined, at);
      });
      return { savedAt: iso(savedAt) };
    },
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
