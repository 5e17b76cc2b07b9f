import { EMPTY_ARTICLE_FIELDS, pickTextFields, type ArticleFields } from '../../../contract/article-fields.js';
import type { Transaction } from 'kysely';
import { ARTICLE_MESSAGES, type Article, type CreateArticleInput, type UpdateArticleInput } from '../../../contract/articles.js';
import { referrerHost } from '../../../contract/analytics.js';
import { CORRECTION_MESSAGES } from '../../../contract/corrections.js';
import { canPublishIn, STAFF_MESSAGES, type ChannelRole } from '../../../contract/staff.js';
import { slugify } from '../../../contract/text.js';
import type { DB } from '../../db/schema.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { utcDay } from '../../lib/time.js';
import { forgetArticleRollups, recordViewRollup } from '../analytics/analytics.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import { dropPendingEdit } from '../drafts/pending-edits.repository.js';
import { takeSave } from '../drafts/saves.service.js';
import { queueArticleCorrected, queueArticlePublished } from '../email/outbox.repository.js';
import { recordRevision } from '../revisions/revisions.repository.js';
import { assertRemovalLifted, checkPublishable, listedTags, scheduleTime, type RecordChannelEvent, type Transitions } from '../workflow/transitions.service.js';
import type { ArticleAccess } from './article-access.service.js';
import type { ArticleEdits } from './article-edits.service.js';
import { detailRowToArticle, type ArticleDetailRow, type ArticlesRepository } from './articles.repository.js';
import type { CategoriesRepository } from './categories.repository.js';
// Imports write articles under the same rules as the editor (features/imports/import-job.ts).
export { sanitizeArticleHtml, withResolvedImages } from './sanitize-html.js';
import type { ViewKeys } from './view-keys.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** What each write of an article changes, for the caches that show it (lib/cache-tags.ts). */
const CHANGED = {
  /** A new article (published or not): lists and counts change, a cached 404 for its slug may now resolve. */
  created: () => [CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing],
  /** Title, text, place, categories or images; a new slug may answer a cached 404. */
  edited: (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.articleLists, CACHE_TAGS.missing],
  /** Published, unpublished or deleted: it joins or leaves the lists and its channel's count. */
  listed: listedTags,
};

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
  channels: ChannelsRepository;
  categories: CategoriesRepository;
  viewKeys: ViewKeys;
  /** Who may read and change an article (article-access.service.ts). */
  access: ArticleAccess;
  /** An edit's fields as stored (article-edits.service.ts). */
  edits: ArticleEdits;
  /** The moves a Save makes between draft, review, scheduled and published (workflow). */
  transitions: Transitions;
  /** Runs a write and its side effects (the email outbox, analytics rollups) in one transaction. */
  transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  /** Called with the image URLs an article no longer uses (deleted with it). */
  onImagesReleased?: (urls: string[]) => Promise<void>;
  now?: () => number;
  /** Told of each committed write (the response cache drops what it shows). A view is not one. */
  written?: (tags: readonly string[]) => void;
  /** Writes one line of the channel log in the change's transaction (staff/channel-roles.ts). */
  recordChannelEvent: RecordChannelEvent;
  /** Told when a write queued email (the sender wakes up instead of waiting for its next poll). */
  mailQueued?: () => void;
  /** The reader's ban in a channel while it lasts (moderation service): when it ends, null for good. */
  banOf?: (userId: number, channelId: number) => Promise<{ until: number | null } | null>;
}

/**
 * Reading and writing an article (docs/decisions/047-the-articles-wing-in-four-parts.md): its
 * answer, its addresses, a new article, a Save (which may publish, schedule or correct it), a
 * deletion and a view. Lists are listings.service.ts's; autosave is drafts', review workflow's.
 */
export function createArticlesService(deps: ArticlesServiceDeps) {
  const { articles, channels, categories, viewKeys, access, edits, transitions, transaction } = deps;
  const now = deps.now ?? Date.now;
  const written = deps.written ?? (() => {});
  const mailQueued = deps.mailQueued ?? (() => {});
  const recordChannelEvent = deps.recordChannelEvent;
  const { roleOf, mayReadUnpublished, visibleRow, ownedRow } = access;

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
        ...pickTextFields(pending),
        content: pending.content,
        categories: pending.categoryIds.flatMap((id) => {
          const name = index.paths.get(id);
          return name ? [{ id, name }] : [];
        }),
        location_name: pending.location?.name ?? null,
        location_lat: pending.location?.lat ?? null,
        location_lng: pending.location?.lng ?? null,
        savedAt: iso(pending.savedAt),
      },
    };
  }

  return {
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

    /** The answer for a caller whose role in the article's channel is known (workflow, after a move). */
    answer: async (id: number, viewer: SessionUser, role: ChannelRole): Promise<Article> => toArticle((await articles.findById(id, viewer.id))!, viewer, role),

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
      const publishAt = input.publishAt ? scheduleTime(input.publishAt, now()) : null;
      const categoryIds = (await edits.validCategoryIds(input)) ?? [];
      const cleaned = edits.cleanContent(input.content);
      const inline = await edits.inlineImages(cleaned.content, author.id, null);
      const { content, plainText } = { ...cleaned, content: inline.content };
      const published = publishAt === null && role !== 'writer' && (input.status ? input.status === 'published' : (input.published ?? true));
      const fields: ArticleFields = { ...EMPTY_ARTICLE_FIELDS, ...edits.sentTextFields(input), content, categoryIds, ...(edits.locationOf(input) ?? {}) };
      const at = now();
      const id = await transaction(async (trx) => {
        const inserted = await articles.insert(trx, {
          userId: author.id,
          channelId: input.channelId,
          slug: slugify(input.title),
          fields,
          plainText,
          published,
          status: publishAt !== null ? 'scheduled' : published ? 'published' : 'draft',
          publishAt,
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
      const publishAt: number | null | undefined = input.publishAt ? scheduleTime(input.publishAt, now()) : (input.publishAt as null | undefined);
      const categoryIds = await edits.validCategoryIds(input);
      const cleaned = input.content !== undefined ? edits.cleanContent(input.content) : undefined;
      if (publishAt || publishing) {
        checkPublishable(input.title ?? owned.title, cleaned?.content ?? owned.content);
        assertRemovalLifted(owned, editor, owned.role);
      }
      const inline = cleaned ? await edits.inlineImages(cleaned.content, editor.id, id) : undefined;
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
            fields: { ...edits.sentTextFields(input), ...(content ? { content: content.content } : {}), ...(edits.locationOf(input) ?? {}), categoryIds },
            ...(input.title !== undefined ? { slug: slugify(input.title) } : {}),
            ...(content ? { plainText: content.plainText } : {}),
            now: at,
          },
          trx,
        );
        const event = { channelId: owned.channel_id, actorId: editor.id, target: { type: 'article' as const, id, label: input.title ?? owned.title }, at };
        // Published with this save: the publication's revision is this save's (published meanwhile by another hand: the save's own).
        if (publishing && (await transitions.publishNow(trx, id, editor.id, at))) return true;
        if (unpublishing && (await transitions.unpublish(trx, id, at))) {
          await recordRevision(trx, { articleId: id, editorId: editor.id, correction: input.correction ?? null, now: at });
          await recordChannelEvent(trx, { ...event, action: 'unpublished' });
          return true;
        }
        const revision = await recordRevision(trx, { articleId: id, editorId: editor.id, correction: input.correction ?? null, now: at });
        if (publishAt) await transitions.schedule(trx, event, publishAt);
        else if (publishAt === null && owned.status === 'scheduled') await transitions.unschedule(trx, event);
        else if (owned.status === 'in_review') await transitions.leaveReview(trx, { ...owned, title: input.title ?? owned.title }, editor, at, publishAt === null ? null : undefined);
        // The readers the article was emailed to hear of a correction (not of a clarification or an update).
        if (input.correction?.kind === 'correction') await queueArticleCorrected(trx, { articleId: id, channelId: owned.channel_id, revision, now: at });
        return false;
      });
      await inline?.attach(id);
      written(listed ? CHANGED.listed(id) : CHANGED.edited(id));
      if (listed && publishing) mailQueued();
      return toArticle((await articles.findById(id, editor.id))!, editor, owned.role);
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
  };
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
