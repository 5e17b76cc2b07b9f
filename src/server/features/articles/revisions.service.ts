import type { Transaction } from 'kysely';
import { ARTICLE_MESSAGES, type Article } from '../../../contract/articles.js';
import {
  REVISION_MESSAGES,
  REVISIONS_PAGE_SIZE,
  type Revision,
  type RevisionDiff,
  type RevisionListItem,
  type RevisionPage,
} from '../../../contract/revisions.js';
import { slugify, stripHtml } from '../../../contract/text.js';
import type { DB } from '../../db/schema.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ChannelRole } from '../../../contract/staff.js';
import type { ArticlesRepository } from './articles.repository.js';
import type { CategoriesRepository } from './categories.repository.js';
import type { ChannelsRepository } from '../channels/channels.repository.js';
import { diffArticleHtml } from './revision-diff.js';
import { readRevisionFields, recordRevision, unpackContent, type RevisionRow, type RevisionsRepository } from './revisions.repository.js';
import { fieldChanges } from './field-changes.js';
import { pickTextFields } from '../../../contract/article-fields.js';

export interface RevisionsServiceDeps {
  revisions: RevisionsRepository;
  articles: ArticlesRepository;
  channels: ChannelsRepository;
  categories: CategoriesRepository;
  transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  /** The article's answer after a restore (the articles service's own reading of it). */
  readArticle: (id: number, viewer: SessionUser) => Promise<Article>;
  written?: (tags: readonly string[]) => void;
  now?: () => number;
  /** Who someone is in a channel now (staff/channel-roles.ts): the whole record is its staff's. */
  channelRole: (userId: number, channelId: number) => Promise<ChannelRole | null>;
}

function toItem(row: RevisionRow): RevisionListItem {
  return {
    number: row.number,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    editor: row.editor_id !== null && row.editor_username !== null ? { id: row.editor_id, username: row.editor_username } : null,
    title: readRevisionFields(row).title,
    published: row.published === 1,
    correction: row.correction_kind && row.correction_text !== null ? { kind: row.correction_kind, text: row.correction_text } : null,
    redaction:
      row.redaction_reason !== null && row.redacted_at !== null
        ? { reason: row.redaction_reason, redactedAt: new Date(Number(row.redacted_at)).toISOString() }
        : null,
  };
}

/**
 * The public record (docs/product.md#public-record). Anyone reads the revisions saved while a
 * published article was published;
 * its channel's staff as they are now (owner, editors, writers) and admins read them all, as they
 * read the article's unpublished text. A draft is 404 to everyone else, as the draft itself: a
 * writer off the staff no longer reads even their own article's private revisions.
 */
export function createRevisionsService(deps: RevisionsServiceDeps) {
  const { revisions, articles, channels, categories, transaction } = deps;
  const now = deps.now ?? Date.now;
  const written = deps.written ?? (() => {});

  /** The article and how much of its record the viewer sees: 'all', or 'public' only. */
  async function access(articleId: number, viewer: SessionUser | null) {
    const article = await articles.ownership(articleId);
    if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
    const owner = viewer ? viewer.isAdmin || (await deps.channelRole(viewer.id, article.channel_id)) !== null : false;
    if (!owner && article.published !== 1) throw notFound(ARTICLE_MESSAGES.notFound);
    return { article, owner };
  }

  async function visibleRevision(articleId: number, number: number, owner: boolean) {
    const row = await revisions.one(articleId, number);
    if (!row || (!owner && row.published !== 1)) throw notFound(REVISION_MESSAGES.notFound);
    return row;
  }

  return {
    async list(articleId: number, cursor: string | undefined, viewer: SessionUser | null): Promise<RevisionPage> {
      const { owner } = await access(articleId, viewer);
      const before = cursor ? decodeCursor(cursor, 'count').value : undefined;
      const rows = await revisions.page(articleId, { all: owner, before, limit: REVISIONS_PAGE_SIZE + 1 });
      const page = rows.slice(0, REVISIONS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(toItem),
        nextCursor: rows.length > REVISIONS_PAGE_SIZE && last ? encodeCursor(last.number, articleId) : null,
      };
    },

    async one(articleId: number, number: number, viewer: SessionUser | null): Promise<Revision> {
      const { owner } = await access(articleId, viewer);
      const row = await visibleRevision(articleId, number, owner);
      const index = await categories.index();
      const fields = readRevisionFields(row);
      return {
        ...toItem(row),
        ...pickTextFields(fields),
        content: unpackContent(row.content) ?? '',
        categories: fields.categoryIds.flatMap((id) => {
          const name = index.paths.get(id);
          return name ? [{ id, name }] : [];
        }),
        location: fields.location?.name ?? null,
      };
    },

    async diff(articleId: number, number: number, against: number | undefined, viewer: SessionUser | null): Promise<RevisionDiff> {
      const { owner } = await access(articleId, viewer);
      const to = await visibleRevision(articleId, number, owner);
      const fromNumber = against ?? (await revisions.previousNumber(articleId, number, owner));
      const from = fromNumber === undefined ? undefined : await visibleRevision(articleId, fromNumber, owner);
      // The older of the two is "before", whichever order they were asked in.
      const [older, newer] = from && from.number > to.number ? [to, from] : [from, to];
      const before = older ? readRevisionFields(older) : undefined;
      const after = readRevisionFields(newer!);
      const index = await categories.index();
      return {
        from: older?.number ?? 0,
        to: newer!.number,
        title: { before: before?.title ?? '', after: after.title },
        changes: fieldChanges(before, after, (id) => index.paths.get(id)),
        html: diffArticleHtml(unpackContent(older?.content ?? null) ?? '', unpackContent(newer!.content) ?? ''),
      };
    },

    /** Saves the article with a revision's title, content, categories and place, as a new revision. */
    async restore(articleId: number, number: number, editor: SessionUser): Promise<Article> {
      const { article, owner } = await access(articleId, editor);
      const channelOwner = editor.isAdmin || editor.id === (await channels.ownerOf(article.channel_id));
      if (!owner || !channelOwner) throw forbidden(REVISION_MESSAGES.restoreForbidden);
      await visibleRevision(articleId, number, owner);
      const saved = await revisions.restorable(articleId, number);
      const content = unpackContent(saved?.content ?? null);
      // A redacted revision has no content left to bring back.
      if (!saved || content === null) throw notFound(REVISION_MESSAGES.notFound);
      const fields = { ...readRevisionFields(saved), content };
      const at = now();
      await transaction(async (trx) => {
        await articles.update(articleId, { fields, slug: slugify(fields.title), plainText: stripHtml(content), now: at }, trx);
        await recordRevision(trx, { articleId, editorId: editor.id, now: at });
      });
      written([CACHE_TAGS.article(articleId), CACHE_TAGS.articleLists, CACHE_TAGS.missing]);
      return deps.readArticle(articleId, editor);
    },

    /** An administrator removes a revision's content from the record, saying why; logged in the admin audit. */
    async redact(articleId: number, number: number, reason: string, admin: SessionUser): Promise<RevisionListItem> {
      if (!admin.isAdmin) throw forbidden();
      const at = now();
      const done = await transaction(async (trx) => {
        if (!(await revisions.redact(trx, articleId, number, reason, at))) return false;
        await trx
          .insertInto('admin_audit')
          .values({ admin_user_id: admin.id, entity_type: 'article', entity_id: articleId, changes: JSON.stringify({ revision: { number, redacted: reason } }), created_at: at })
          .execute();
        return true;
      });
      if (!done) throw notFound(REVISION_MESSAGES.notFound);
      written([CACHE_TAGS.article(articleId)]);
      const row = await revisions.one(articleId, number);
      return toItem(row!);
    },
  };
}
export type RevisionsService = ReturnType<typeof createRevisionsService>;
