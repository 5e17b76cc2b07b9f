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
import { queueArticleCorrected, queueArticlePublished, queueReviewNotices } from '../email/outbox.repository.js';
import type { ArticleSearch } from '../search/search.repository.js';
import type { ArticleListsRepository } from './article-lists.repository.js';
import { detailRowToArticle, summaryRowToSummary, type ArticleDetailRow, type ArticlesRepository } from './articles.repository.js';
import type { CategoriesRepository, CategoryIndex } from './categories.repository.js';
import type { ChannelTableRepository } from './channel-table.repository.js';
import { sanitizeArticleHtml } from './sanitize-html.js';
// Imports write articles under the same rules as the editor (features/imports/import-job.ts).
export { sanitizeArticleHtml, withResolvedImages } from './sanitize-html.js';
import { resolveInlineImages, resolvePendingInlineImages, type InlineImages } from './inline-images.js';
import type { ViewKeys } from './view-keys.js';
import { CORRECTION_MESSAGES } from '../../../contract/corrections.js';
import { recordRevision } from './revisions.repository.js';
import { MODERATION_MESSAGES } from '../../../contract/moderation-rules.js';
import {
  AUTOSAVE_MESSAGES,
  NEW_DRAFT_LIMITS,
  type AutosaveArticleInput,
  type AutosaveNewArticleInput,
  type AutosaveResult,
  type NewDraftResult,
} from '../../../contract/articles.js';
import { HttpError, conflict } from '../../lib/errors.js';
import { canPublishIn, STAFF_LIMITS, STAFF_MESSAGES, type ChannelRole, type Queue, type ReviewArticle } from '../../../contract/staff.js';
import type { ArticleWorkflowRow } from './articles.repository.js';
import { mayLiftRemoval, publishInTransaction, type RecordChannelEvent } from './publication.js';
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
  /** Where the reader came from, as the page sent it (docs/product.md#views); only its host is kept. */
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
  /** Who someone is in a channel (staff/channel-roles.ts): every article permission asks it. */
  channelRole: (userId: number, channelId: number) => Promise<ChannelRole | null>;
  /** Writes one line of the channel log in the change's transaction (staff/channel-roles.ts). */
  recordChannelEvent: RecordChannelEvent;
  /** Told when a write queued email (the sender wakes up instead of waiting for its next poll). */
  mailQueued?: () => void;
  /** The reader's ban in a channel while it lasts (moderation service): when it ends, null for good. */
  banOf?: (userId: number, channelId: number) => Promise<{ until: number | null } | null>;
}

export function createArticlesService(deps: ArticlesServiceDeps) {
  const { articles, channels, categories, viewKeys, transaction } = deps;
  const now = deps.now ?? Date.now;
  const written = deps.written ?? (() => {});
  const mailQueued = deps.mailQueued ?? (() => {});
  const recordChannelEvent = deps.recordChannelEvent;
  const roleOf = (user: SessionUser | null | undefined, channelId: number) => (user ? deps.channelRole(user.id, channelId) : Promise.resolve(null));

  /**
   * Who reads an unpublished article (draft, in review, scheduled): the channel's owner and staff,
   * and admins one a moderator removed, to see it with its reason (docs/product.md#article).
   * Everyone else, a removed writer included, gets 404.
   */
  const mayReadUnpublished = (row: { removed_by: 'admin' | 'owner' | null }, viewer: SessionUser | null, role: ChannelRole | null) =>
    role !== null || (viewer?.isAdmin === true && row.removed_by !== null);

  /** An article the viewer may see (mayReadUnpublished), with the viewer's role in its channel. */
  async function visibleRow(id: number, viewer: SessionUser | null): Promise<{ row: ArticleDetailRow; role: ChannelRole | null }> {
    const row = await articles.findById(id, viewer?.id);
    if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
    const role = viewer ? await roleOf(viewer, row.channel_id) : null;
    if (row.published !== 1 && !mayReadUnpublished(row, viewer, role)) throw notFound(ARTICLE_MESSAGES.notFound);
    return { row, role };
  }

  /** The article and the caller's role in its channel; outsiders get 404 for unpublished articles, 403 for published ones. */
  async function staffAccess(id: number, user: SessionUser): Promise<{ row: ArticleWorkflowRow; role: ChannelRole }> {
    const row = await articles.workflow(id);
    if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
    const role = await roleOf(user, row.channel_id);
    if (role === null) {
      if (row.published !== 1) throw notFound(ARTICLE_MESSAGES.notFound);
      throw forbidden(ARTICLE_MESSAGES.notOwner);
    }
    return { row, role };
  }

  /**
   * An article the caller may change (edit, autosave, delete): the owner and editors any of the
   * channel's; a writer only their own, and only while it is a draft or in review.
   */
  async function ownedRow(id: number, editor: SessionUser): Promise<ArticleWorkflowRow & { role: ChannelRole }> {
    const { row, role } = await staffAccess(id, editor);
    if (role === 'writer') {
      if (row.user_id !== editor.id) throw forbidden(STAFF_MESSAGES.notYourArticle);
      if (row.status === 'published' || row.status === 'scheduled') throw forbidden(STAFF_MESSAGES.publishedLocked);
    }
    return { ...row, role };
  }

  /** A publishAt as stored (ms, UTC): a future instant at most a year ahead. */
  function scheduleTime(isoTime: string): number {
    const at = Date.parse(isoTime);
    const current = now();
    if (!(at > current)) throw badRequest(STAFF_MESSAGES.publishAtPast);
    if (at > current + STAFF_LIMITS.scheduleMaxDays * 86_400_000) throw badRequest(STAFF_MESSAGES.publishAtTooFar);
    return at;
  }

  /** Readers never get an article without a title or text: it can be neither published nor scheduled so. */
  function checkPublishable(title: string, content: string) {
    if (title.trim() === '') throw badRequest(AUTOSAVE_MESSAGES.publishNeedsTitle);
    if (!stripHtml(content)) throw badRequest(AUTOSAVE_MESSAGES.publishNeedsContent);
  }

  /**
   * 403 unless the caller may undo a moderator's removal of this article (mayLiftRemoval): asked
   * by every path toward publication, before anything changes.
   */
  function assertRemovalLifted(row: Pick<ArticleWorkflowRow, 'removed_by'>, user: SessionUser, role: ChannelRole | null) {
    if (!mayLiftRemoval(row.removed_by, { isAdmin: user.isAdmin, role })) throw forbidden(MODERATION_MESSAGES.republishModerated);
  }

  /**
   * A save of an article in review: the text under review changed, so it is a draft again and an
   * approval answers 409 (it would publish what nobody reviewed). Conditional, as every move is.
   */
  async function leaveReview(trx: Transaction<DB>, row: { id: number; channel_id: number; title: string }, user: SessionUser, at: number, publishAt?: null) {
    if (!(await articles.moveUnpublished(trx, row.id, ['in_review'], { status: 'draft', ...(publishAt === null ? { publishAt } : {}) }))) return;
    await recordChannelEvent(trx, { channelId: row.channel_id, actorId: user.id, action: 'returned_to_draft', target: { type: 'article', id: row.id, label: row.title }, at });
  }

  /** Publishes now (toggle-status, approval): one publication path, then the caches and the mail sender hear of it. */
  async function publishNow(trx: Transaction<DB>, id: number, actorId: number, at: number) {
    return publishInTransaction(trx, articles, recordChannelEvent, { id, from: ['draft', 'in_review', 'scheduled'], actorId, at });
  }

  /**
   * The categories an article gets: categoryIds (preferred), else a single categoryId, else the
   * first product's `category` text (docs/product.md#writing): a category's name or its whole path ('Sports >
   * Football'), ignoring case; an empty one, or 'Other' (which the category picker sends as empty),
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
  async function toArticle(row: ArticleDetailRow, viewer: SessionUser | null, role: ChannelRole | null): Promise<Article> {
    const index = await categories.index();
    const ban = viewer && deps.banOf ? await deps.banOf(viewer.id, row.channel_id) : null;
    const isAuthor = viewer !== null && row.user_id === viewer.id;
    // Why a moderator removed it: for its author, the channel's owner and admins.
    const readsRemoval = isAuthor || role === 'owner' || viewer?.isAdmin === true;
    const base = {
      ...detailRowToArticle(row, index, viewer?.id ?? null),
      moderationNote: readsRemoval ? row.moderation_note : null,
      viewerBan: ban && { until: ban.until === null ? null : iso(ban.until) },
    };
    // The review note is for the author and the channel's staff.
    const article = isAuthor || role !== null ? { ...base, reviewNote: row.review_note } : base;
    // The save time and the private pending edit go to whoever may save it now (ownedRow's rule):
    // the owner and editors; a writer only their own, and only until approved or scheduled.
    const writerMaySave = isAuthor && role === 'writer' && (row.status === 'draft' || row.status === 'in_review');
    if (viewer === null || !(writerMaySave || canPublishIn(role))) return article;
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
    /** 404 or 403 unless the user may change the article (its images: media's routes ask here). */
    assertMayChange: async (id: number, user: SessionUser): Promise<void> => {
      await ownedRow(id, user);
    },

    get: async (id: number, viewer: SessionUser | null) => {
      const { row, role } = await visibleRow(id, viewer);
      return toArticle(row, viewer, role);
    },

    /**
     * The article an URL segment names (docs/product.md#addresses: id, whole slug, `{slug}-{id}`, former
     * slugs too), and whether the segment is its canonical form `{slug}-{id}`; pages answer 301 to
     * `/articles/{canonicalSegment}` otherwise. A draft resolves only for its author, so a redirect
     * never reveals a draft's slug. Undefined when nothing matches.
     */
    async resolveArticleSegment(segment: string, viewer: SessionUser | null = null): Promise<ResolvedArticleSegment | undefined> {
      const row = await articles.resolveSegment(segment.toLowerCase());
      if (!row) return undefined;
      if (row.published !== 1) {
        const state = await articles.workflow(row.id);
        if (state === undefined || !mayReadUnpublished(state, viewer, await roleOf(viewer, state.channel_id))) return undefined;
      }
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

    async create(author: SessionUser, input: CreateArticleInput): Promise<Article> {
      const role = await roleOf(author, input.channelId);
      if (role === null) {
        if ((await channels.ownerOf(input.channelId)) === undefined) throw badRequest(ARTICLE_MESSAGES.selectChannel);
        throw forbidden(ARTICLE_MESSAGES.channelNotOwned);
      }
      // A writer files drafts; publishing and scheduling are the owner's and editors'.
      if (role === 'writer' && (input.published === true || input.status === 'published' || (input.publishAt ?? null) !== null)) {
        throw forbidden(STAFF_MESSAGES.writerCannotPublish);
      }
      // A time to publish wins over published: false / status: 'draft' in the same request.
      const publishAt = input.publishAt ? scheduleTime(input.publishAt) : null;
      const categoryIds = (await validCategoryIds(input)) ?? [];
      const cleaned = cleanContent(input.content);
      const inline = await resolveInlineImages(deps.inlineImages, cleaned.content, author.id, null);
      const { content, plainText } = { ...cleaned, content: inline.content };
      const published = publishAt === null && role !== 'writer' && (input.status ? input.status === 'published' : (input.published ?? true));
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
          status: publishAt !== null ? 'scheduled' : published ? 'published' : 'draft',
          publishAt,
          ...location,
          categoryIds,
          now: at,
        });
        // Subscribers' emails are queued with the article itself: both commit, or neither.
        if (published) await queueArticlePublished(trx, { articleId: inserted, channelId: input.channelId, now: at });
        if (published || publishAt !== null) {
          await recordChannelEvent(trx, {
            channelId: input.channelId,
            actorId: author.id,
            action: published ? 'published' : 'scheduled',
            target: { type: 'article', id: inserted, label: input.title },
            detail: publishAt === null ? null : iso(publishAt),
            at,
          });
        }
        await recordRevision(trx, { articleId: inserted, editorId: author.id, now: at });
        await takeSave(trx, inserted, undefined, at);
        return inserted;
      });
      await inline.attach(id);
      written(CHANGED.created());
      if (published) mailQueued();
      return toArticle((await articles.findById(id, author.id))!, author, role);
    },

    async update(id: number, editor: SessionUser, input: UpdateArticleInput): Promise<Article> {
      const owned = await ownedRow(id, editor);
      if (owned.role === 'writer' && input.publishAt !== undefined && input.publishAt !== null) throw forbidden(STAFF_MESSAGES.writerCannotPublish);
      // A correction speaks to readers of the published text; a draft has none yet.
      if (input.correction && owned.published !== 1) throw badRequest(CORRECTION_MESSAGES.correctionNeedsPublication);
      if (input.publishAt && owned.status === 'published') throw badRequest(STAFF_MESSAGES.publishAtPublished);
      // The editor's one Save that also publishes or moves to drafts: one action, one revision.
      const publishing = input.published === true && owned.status !== 'published';
      const unpublishing = input.published === false && owned.status === 'published';
      if ((publishing || unpublishing) && owned.role === 'writer') throw forbidden(STAFF_MESSAGES.writerCannotPublish);
      const publishAt: number | null | undefined = input.publishAt ? scheduleTime(input.publishAt) : (input.publishAt as null | undefined);
      const categoryIds = await validCategoryIds(input);
      const cleaned = input.content !== undefined ? cleanContent(input.content) : undefined;
      if (publishAt || publishing) {
        checkPublishable(input.title ?? owned.title, cleaned?.content ?? owned.content);
        assertRemovalLifted(owned, editor, owned.role);
      }
      const inline = cleaned ? await resolveInlineImages(deps.inlineImages, cleaned.content, editor.id, id) : undefined;
      const content = cleaned && inline ? { ...cleaned, content: inline.content } : undefined;
      const at = now();
      const listed = await transaction(async (trx) => {
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
        const event = { channelId: owned.channel_id, actorId: editor.id, target: { type: 'article' as const, id, label: input.title ?? owned.title }, at };
        // Published with this save: the publication's revision is this save's (published meanwhile by another hand: the save's own).
        if (publishing && (await publishNow(trx, id, editor.id, at))) return true;
        if (unpublishing && (await articles.unpublish(trx, id))) {
          await recordRevision(trx, { articleId: id, editorId: editor.id, correction: input.correction ?? null, now: at });
          await recordChannelEvent(trx, { ...event, action: 'unpublished' });
          return true;
        }
        const revision = await recordRevision(trx, { articleId: id, editorId: editor.id, correction: input.correction ?? null, now: at });
        if (publishAt) {
          // Scheduled (or rescheduled): the time wins over the draft or review it was in.
          if (await articles.moveUnpublished(trx, id, ['draft', 'in_review', 'scheduled'], { status: 'scheduled', publishAt, reviewNote: null })) {
            // Scheduled by one who may undo the removal: the scheduler, which never may, publishes it.
            await articles.clearModeration(trx, id);
            await recordChannelEvent(trx, { ...event, action: 'scheduled', detail: iso(publishAt) });
          }
        } else if (publishAt === null && owned.status === 'scheduled') {
          if (await articles.moveUnpublished(trx, id, ['scheduled'], { status: 'draft', publishAt: null })) await recordChannelEvent(trx, { ...event, action: 'unscheduled' });
        } else if (owned.status === 'in_review') {
          await leaveReview(trx, { ...owned, title: input.title ?? owned.title }, editor, at, publishAt === null ? null : undefined);
        }
        // The readers the article was emailed to hear of a correction (not of a clarification or an update).
        if (input.correction?.kind === 'correction') await queueArticleCorrected(trx, { articleId: id, channelId: owned.channel_id, revision, now: at });
        return false;
      });
      await inline?.attach(id);
      written(listed ? CHANGED.listed(id) : CHANGED.edited(id));
      if (listed && publishing) mailQueued();
      return toArticle((await articles.findById(id, editor.id))!, editor, owned.role);
    },

    async toggleStatus(id: number, editor: SessionUser) {
      const state = await articles.workflow(id);
      if (!state) throw notFound(ARTICLE_MESSAGES.notFound);
      const role = await roleOf(editor, state.channel_id);
      if (state.removed_by && state.published !== 1) {
        // Removed by a moderator: an admin (on staff or not) may publish it again, and the owner when the channel removed it.
        if (role === null && !editor.isAdmin) throw notFound(ARTICLE_MESSAGES.notFound);
        assertRemovalLifted(state, editor, role);
      } else {
        if (role === null) {
          if (state.published !== 1) throw notFound(ARTICLE_MESSAGES.notFound);
          throw forbidden(ARTICLE_MESSAGES.notOwner);
        }
        if (role === 'writer') throw forbidden(STAFF_MESSAGES.writerCannotPublish);
      }
      // An autosaved draft may have no title or text yet; readers never get such an article.
      if (state.published !== 1) checkPublishable(state.title, state.content);
      const at = now();
      const published = await transaction(async (trx) => {
        if (state.status === 'published') {
          const row = await articles.unpublish(trx, id);
          if (!row) return true;
          await recordRevision(trx, { articleId: id, editorId: editor.id, now: at });
          await recordChannelEvent(trx, { channelId: row.channelId, actorId: editor.id, action: 'unpublished', target: { type: 'article', id, label: row.title }, at });
          return false;
        }
        // Draft, in review or scheduled: out now. Published meanwhile by another hand: it stays so.
        await publishNow(trx, id, editor.id, at);
        return true;
      });
      written(CHANGED.listed(id));
      if (published) mailQueued();
      return { published, status: published ? ('published' as const) : ('draft' as const) };
    },

    /** POST /articles/:id/submit: the author sends their draft to the channel's owner and editors. */
    async submit(id: number, author: SessionUser): Promise<Article> {
      const { row, role } = await staffAccess(id, author);
      if (row.user_id !== author.id) throw forbidden(STAFF_MESSAGES.onlyAuthorSubmits);
      if (row.status !== 'draft') throw conflict(STAFF_MESSAGES.notSubmittable);
      checkPublishable(row.title, row.content);
      assertRemovalLifted(row, author, role);
      const at = now();
      const moved = await transaction(async (trx) => {
        // A new submission starts a new review: the last note is done with.
        if (!(await articles.moveUnpublished(trx, id, ['draft'], { status: 'in_review', reviewNote: null }))) return false;
        await recordChannelEvent(trx, { channelId: row.channel_id, actorId: author.id, action: 'submitted', target: { type: 'article', id, label: row.title }, at });
        // The channel's owner and editors hear of it (the writer is not one of them).
        const reviewers = await trx
          .selectFrom('channels')
          .select('channels.user_id as id')
          .where('channels.id', '=', row.channel_id)
          .unionAll(trx.selectFrom('channel_staff').select('channel_staff.user_id as id').where('channel_staff.channel_id', '=', row.channel_id).where('channel_staff.role', '=', 'editor'))
          .execute();
        await queueReviewNotices(trx, {
          userIds: reviewers.map((r) => r.id).filter((userId) => userId !== author.id),
          key: `submitted:${id}:${at}`,
          notice: { type: 'submitted', articleId: id, channelId: row.channel_id, title: row.title, writer: author.username },
          now: at,
        });
        return true;
      });
      if (!moved) throw conflict(STAFF_MESSAGES.notSubmittable);
      mailQueued();
      return toArticle((await articles.findById(id, author.id))!, author, role);
    },

    /**
     * POST /articles/:id/review (owner and editors): approve publishes it now, or schedules it when
     * its publishAt is still ahead; a request for changes sends it back to draft with the note.
     */
    async review(id: number, editor: SessionUser, input: { decision: ReviewArticle['decision']; note: string | null }): Promise<Article> {
      const { row, role } = await staffAccess(id, editor);
      if (!canPublishIn(role)) throw forbidden(STAFF_MESSAGES.editorsOnly);
      if (input.decision === 'request_changes' && !input.note) throw badRequest(STAFF_MESSAGES.noteRequired);
      if (row.status !== 'in_review') throw conflict(STAFF_MESSAGES.notInReview);
      if (input.decision === 'approve') assertRemovalLifted(row, editor, role);
      const at = now();
      const publishAt = row.publish_at === null ? null : Number(row.publish_at);
      const event = { channelId: row.channel_id, actorId: editor.id, target: { type: 'article' as const, id, label: row.title }, at };
      // The author hears of the decision (not when they reviewed their own article as its owner or an editor).
      const reviewed = (trx: Transaction<DB>, type: 'approved' | 'changes_requested') =>
        queueReviewNotices(trx, {
          userIds: row.user_id === editor.id ? [] : [row.user_id],
          key: `${type}:${id}:${at}`,
          notice: { type, articleId: id, title: row.title, note: input.note },
          now: at,
        });
      const outcome = await transaction(async (trx) => {
        if (input.decision === 'request_changes') {
          if (!(await articles.moveUnpublished(trx, id, ['in_review'], { status: 'draft', reviewNote: input.note }))) return undefined;
          await recordChannelEvent(trx, { ...event, action: 'changes_requested', detail: input.note });
          await reviewed(trx, 'changes_requested');
          return 'draft' as const;
        }
        if (publishAt !== null && publishAt > at) {
          if (!(await articles.moveUnpublished(trx, id, ['in_review'], { status: 'scheduled', reviewNote: null }))) return undefined;
          await articles.clearModeration(trx, id);
          await recordChannelEvent(trx, { ...event, action: 'approved', detail: input.note });
          await recordChannelEvent(trx, { ...event, action: 'scheduled', detail: iso(publishAt) });
          await reviewed(trx, 'approved');
          return 'scheduled' as const;
        }
        await recordChannelEvent(trx, { ...event, action: 'approved', detail: input.note });
        // Taken out of review meanwhile: nothing of this approval stays.
        if (!(await publishInTransaction(trx, articles, recordChannelEvent, { id, from: ['in_review'], actorId: editor.id, at }))) throw conflict(STAFF_MESSAGES.notInReview);
        await reviewed(trx, 'approved');
        return 'published' as const;
      });
      if (outcome === undefined) throw conflict(STAFF_MESSAGES.notInReview);
      if (outcome === 'published') written(CHANGED.listed(id));
      mailQueued();
      return toArticle((await articles.findById(id, editor.id))!, editor, role);
    },

    /** GET /channels/:id/queue (owner and staff): scheduled by time, then in review by last edit. */
    async queue(channelId: number, viewer: SessionUser | null): Promise<Queue> {
      if ((await roleOf(viewer, channelId)) === null) throw notFound(STAFF_MESSAGES.channelNotFound);
      const rows = await articles.queue(channelId);
      const scheduled = rows.filter((r) => r.status === 'scheduled').sort((a, b) => Number(a.publish_at) - Number(b.publish_at) || a.id - b.id);
      const inReview = rows.filter((r) => r.status === 'in_review').sort((a, b) => Number(a.last_edited) - Number(b.last_edited) || a.id - b.id);
      return [...scheduled, ...inReview].map((r) => ({
        id: r.id,
        slug: r.slug,
        title: r.title,
        status: r.status as 'in_review' | 'scheduled',
        author: { id: r.user_id, username: r.username },
        publishAt: r.publish_at === null ? null : iso(Number(r.publish_at)),
        lastEdited: iso(Number(r.last_edited)),
        reviewNote: r.review_note,
      }));
    },

    async delete(id: number, editor: SessionUser): Promise<void> {
      const owned = await ownedRow(id, editor);
      const deleted = await transaction(async (trx) => {
        // Its days leave its channel's analytics with it, so the channel's figures keep equalling a recount.
        await forgetArticleRollups(trx, id);
        await recordChannelEvent(trx, { channelId: owned.channel_id, actorId: editor.id, action: 'deleted', target: { type: 'article', id, label: owned.title }, at: now() });
        return articles.delete(trx, id, now());
      });
      if (!deleted) throw notFound(ARTICLE_MESSAGES.notFound);
      written(CHANGED.listed(id));
      if (deleted.imageUrls.length > 0) await deps.onImagesReleased?.(deleted.imageUrls);
    },

    /** Counts a view once per viewer per article per UTC day; drafts are never counted. */
    async recordView(id: number, viewer: ViewerInfo) {
      const row = await articles.ownership(id);
      if (!row || (row.published !== 1 && !mayReadUnpublished(row, viewer.user, await roleOf(viewer.user, row.channel_id)))) throw notFound(ARTICLE_MESSAGES.notFound);
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
      // Images in the text get their responsive copies and stay recorded, as on a Save; those it
      // dropped stay too, for an undo, until the writer saves on purpose.
      let inline: { attach(id: number): Promise<void> } | undefined;
      if (changes.content !== undefined) {
        const live = owned.published === 1 ? (await articles.findById(id))?.content : undefined;
        const keep = { keepDropped: true };
        const resolved =
          live === undefined
            ? await resolveInlineImages(deps.inlineImages, changes.content, writer.id, id, keep)
            : await resolvePendingInlineImages(deps.inlineImages, changes.content, live, writer.id, id, keep);
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
          if (owned.status === 'in_review') await leaveReview(trx, { ...owned, title: changes.title || owned.title }, writer, at);
        }
        return saved;
      });
      await inline?.attach(id);
      return { savedAt: iso(savedAt) };
    },

    /** A new article's first autosave: it becomes a draft in the writer's channel (no revision, nothing public). */
    async autosaveNew(author: SessionUser, input: AutosaveNewArticleInput, admit: () => Promise<boolean> = async () => true): Promise<NewDraftResult> {
      if ((await roleOf(author, input.channelId)) === null) {
        if ((await channels.ownerOf(input.channelId)) === undefined) throw badRequest(ARTICLE_MESSAGES.selectChannel);
        throw forbidden(ARTICLE_MESSAGES.channelNotOwned);
      }
      // Each new draft is a row kept until deleted: a bound on those open, then on the pace (the route's limiter).
      if ((await articles.openDraftCount(author.id)) >= NEW_DRAFT_LIMITS.openMax) throw new HttpError(429, AUTOSAVE_MESSAGES.tooManyOpenDrafts);
      if (!(await admit())) throw new HttpError(429, AUTOSAVE_MESSAGES.tooManyNewDrafts);
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
