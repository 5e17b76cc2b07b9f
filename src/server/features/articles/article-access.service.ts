import { ARTICLE_MESSAGES } from '../../../contract/articles.js';
import { STAFF_MESSAGES, type ChannelRole } from '../../../contract/staff.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ArticleDetailRow, ArticlesRepository, ArticleWorkflowRow } from './articles.repository.js';

export interface ArticleAccessDeps {
  articles: ArticlesRepository;
  /** Who someone is in a channel (staff/channel-roles.ts): every article permission asks it. */
  channelRole: (userId: number, channelId: number) => Promise<ChannelRole | null>;
}

/**
 * Who may read and who may change an article: the one set of rules the articles, drafts and
 * workflow services ask before anything else (docs/decisions/047-the-articles-wing-in-four-parts.md).
 */
export function createArticleAccess(deps: ArticleAccessDeps) {
  const { articles } = deps;
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

  return {
    roleOf,
    mayReadUnpublished,
    visibleRow,
    staffAccess,
    ownedRow,
    /** 404 or 403 unless the user may change the article (its images: media's routes ask here). */
    assertMayChange: async (id: number, user: SessionUser): Promise<void> => {
      await ownedRow(id, user);
    },
  };
}
export type ArticleAccess = ReturnType<typeof createArticleAccess>;
