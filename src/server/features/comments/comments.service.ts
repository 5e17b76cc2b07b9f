import { ARTICLE_MESSAGES } from '../../../contract/articles.js';
import {
  checkCommentContent,
  COMMENT_MESSAGES,
  threadComments,
  type Comment,
  REPLIES_PER_THREAD,
  type CommentReplyPage,
  type CommentReplyQuery,
  type CommentThread,
  type CommentThreadPage,
  type CommentThreadQuery,
  type CreateCommentInput,
} from '../../../contract/comments.js';
import type { UpdateComment } from '../../../contract/comments.js';
import { LIMITS } from '../../../contract/limits.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { MODERATION_MESSAGES } from '../../../contract/moderation-rules.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { CommentRow, CommentsRepository } from './comments.repository.js';

/**
 * Who reads the comments: a hidden comment's text is for its author and the channel's moderators
 * only; everyone else (the cached anonymous answers too) reads the removal notice.
 */
export interface CommentReader {
  viewerId: number | null;
  moderator: boolean;
  /** The comments among these the viewer has an open report on. */
  reported?: ReadonlySet<number>;
}
const ANONYMOUS: CommentReader = { viewerId: null, moderator: false };

export function commentRowToComment(row: CommentRow, reader: CommentReader = ANONYMOUS): Comment {
  const at = new Date(row.created_at).toISOString();
  const deleted = row.deleted === 1;
  const masked = row.status === 'hidden' && !reader.moderator && reader.viewerId !== row.user_id;
  return {
    id: row.id,
    article_id: row.article_id,
    content: deleted ? COMMENT_MESSAGES.deletedText : masked ? MODERATION_MESSAGES.hiddenText : row.content,
    parent_id: row.parent_id,
    created_at: at,
    createdAt: at,
    // An imported comment shows the name it was written under, and no account (no profile link);
    // a reply from the fediverse, its author's name, handle and profile on their own server.
    user: deleted || row.imported_author_name || row.remote_actor_uri ? null : { id: row.user_id, username: row.username },
    ...(deleted ? {} : commentAuthor(row)),
    deleted,
    editedAt: row.edited_at === null || deleted ? null : new Date(Number(row.edited_at)).toISOString(),
    status: row.status,
    reportedByViewer: reader.reported?.has(row.id) ?? false,
  };
}

/** The `author` of a comment that is no account of the site's. */
function commentAuthor(row: CommentRow): Pick<Comment, 'author'> {
  if (row.imported_author_name) return { author: { name: row.imported_author_name, kind: 'imported' } };
  if (row.remote_actor_uri) {
    // A second remote account under one handle (an account that moved) is named with a number after it.
    const handle = row.username.replace(/~\d+$/, '');
    return { author: { name: row.remote_name || handle, kind: 'fediverse', handle, url: row.remote_url ?? null } };
  }
  return {};
}

/**
 * Groups an article's comments (oldest first) into two-level threads. A deleted comment keeps its
 * place only while it has replies; a reply whose parent is missing is left out rather than
 * promoted, so the thread never changes shape under a reader.
 */
export function buildThreads(rows: CommentRow[], reader: CommentReader = ANONYMOUS): CommentThread[] {
  const shown = rows.filter((row) => row.parent_id === null || row.deleted !== 1).map((row) => commentRowToComment(row, reader));
  return threadComments(shown).filter((thread) => !thread.deleted || thread.replies.length > 0);
}

/**
 * A thread as a page of threads shows it: its first REPLIES_PER_THREAD replies, and where the rest
 * begin when the statement found one more.
 */
function firstReplies(thread: CommentThread): CommentThread {
  if (thread.replies.length <= REPLIES_PER_THREAD) return thread;
  const replies = thread.replies.slice(0, REPLIES_PER_THREAD);
  const last = replies.at(-1)!;
  return { ...thread, replies, repliesCursor: encodeCursor(Date.parse(last.created_at), last.id) };
}

/**
 * A remote account (a user row standing for a fediverse actor) as the author a comment's rules
 * judge: never an admin, never signed in.
 */
export function remoteAuthor(account: { id: number; username: string }): SessionUser {
  return { id: account.id, username: account.username, description: null, isAdmin: false, hasPassword: false, createdAt: new Date(0).toISOString(), sessionId: '' };
}

export function createCommentsService(deps: {
  comments: CommentsRepository;
  articles: Pick<ArticlesRepository, 'ownership'>;
  now?: () => number;
  /** Told of each committed write (the response cache drops the answers that show it). */
  written?: (tags: readonly string[]) => void;
  /** Told when a write queued an email (a reply's, to the replied-to author): the sender wakes. */
  mailQueued?: () => void;
  /** The channel's rules: bans, closed comments, held comments, and who moderates (moderation service). */
  moderation?: Pick<ModerationService, 'moderatorRole' | 'commentDecision' | 'editDecision' | 'assertNotBanned' | 'held' | 'reportedBy'>;
}) {
  const { comments, articles, moderation } = deps;
  const now = deps.now ?? Date.now;

  /**
   * How a viewer reads the rows: a moderator of the channel reads hidden text (asked only when a
   * signed-in viewer meets a hidden comment that is not theirs), and which of them the viewer has
   * reported (asked only of other people's comments).
   */
  async function readerOf(viewer: SessionUser | null, channelId: number, rows: CommentRow[]): Promise<CommentReader> {
    if (!viewer) return ANONYMOUS;
    const asks = rows.some((row) => row.status === 'hidden' && row.user_id !== viewer.id);
    const others = rows.filter((row) => row.user_id !== viewer.id).map((row) => row.id);
    const [moderator, reported] = await Promise.all([
      asks && moderation ? moderation.moderatorRole(viewer, channelId).then((role) => role !== null) : false,
      others.length > 0 && moderation ? moderation.reportedBy(viewer.id, 'comment', others) : new Set<number>(),
    ]);
    return { viewerId: viewer.id, moderator, reported };
  }

  /** Drafts exist only for their author: their comments too (404 for everyone else). */
  async function visibleArticle(articleId: number, viewer: SessionUser | null) {
    const owner = await articles.ownership(articleId);
    if (!owner || (owner.published !== 1 && owner.user_id !== viewer?.id)) throw notFound(ARTICLE_MESSAGES.notFound);
    return owner;
  }

  return {
    /** The first product's flat list, in reading order: each thread's top-level comment, then its replies. */
    async list(articleId: number, viewer: SessionUser | null): Promise<Comment[]> {
      const article = await visibleArticle(articleId, viewer);
      const rows = await comments.ofArticle(articleId, viewer?.id ?? 0);
      return buildThreads(rows, await readerOf(viewer, article.channel_id, rows)).flatMap(({ replies, ...comment }) => [comment, ...replies]);
    },

    /**
     * A page of threads (top-level comments oldest first, each with its first REPLIES_PER_THREAD
     * replies and a cursor to the rest) and the article's count.
     */
    async threads(articleId: number, viewer: SessionUser | null, query: CommentThreadQuery): Promise<CommentThreadPage> {
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor, 'time');
      const article = await visibleArticle(articleId, viewer);
      // One thread more than asked tells whether another page follows; one reply more than shown,
      // whether a thread has more.
      const rows = await comments.threadsOfArticle(articleId, after && { createdAt: after.value, id: after.id }, query.limit + 1, REPLIES_PER_THREAD + 1, viewer?.id ?? 0);
      const tops = rows.filter((row) => row.parent_id === null);
      const kept = tops.slice(0, query.limit);
      const last = kept.at(-1);
      const nextCursor = tops.length > query.limit && last ? encodeCursor(Number(last.created_at), last.id) : null;
      const keptIds = new Set(kept.map((row) => row.id));
      const shown = rows.filter((row) => keptIds.has(row.parent_id ?? row.id));
      const items = buildThreads(shown, await readerOf(viewer, article.channel_id, shown)).map(firstReplies);
      return { items, nextCursor, commentCount: article.comment_count };
    },

    /**
     * A thread's replies after `cursor` (the thread's repliesCursor, then each page's nextCursor).
     * Answers with the article's id too, which the response cache tags the answer with. A reply has no
     * replies of its own (two levels): its list is empty.
     */
    async replies(commentId: number, viewer: SessionUser | null, query: CommentReplyQuery): Promise<{ articleId: number; page: CommentReplyPage }> {
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor, 'time');
      const parent = await comments.findById(commentId);
      // Someone else's held comment is as missing as any other.
      if (!parent || (parent.status === 'pending' && parent.user_id !== viewer?.id)) throw notFound(COMMENT_MESSAGES.notFound);
      const article = await visibleArticle(parent.article_id, viewer);
      if (parent.parent_id !== null) return { articleId: parent.article_id, page: { items: [], nextCursor: null } };
      const rows = await comments.repliesOf(commentId, after && { createdAt: after.value, id: after.id }, query.limit + 1, viewer?.id ?? 0);
      const kept = rows.slice(0, query.limit);
      const last = kept.at(-1);
      const nextCursor = rows.length > query.limit && last ? encodeCursor(Number(last.created_at), last.id) : null;
      const reader = await readerOf(viewer, article.channel_id, kept);
      return { articleId: parent.article_id, page: { items: kept.map((row) => commentRowToComment(row, reader)), nextCursor } };
    },

    /**
     * A new comment. `remoteNoteUri` is given for a reply from the fediverse, whose author is a
     * remote account (see `remoteAuthor`): moderated exactly as a reader's comment.
     */
    async create(articleId: number, author: SessionUser, input: CreateCommentInput, options: { remoteNoteUri?: string } = {}): Promise<Comment> {
      // The article first: someone else's draft answers as a missing article, whatever the comment says.
      const article = await visibleArticle(articleId, author);
      const checked = checkCommentContent(input.content);
      if (!checked.ok) throw badRequest(checked.error);
      // Banned or closed: 403; a first comment under hold_first or a blocked word: held.
      const decision = moderation ? await moderation.commentDecision(author, article.channel_id, checked.content) : null;
      const at = now();
      const result = await comments.insert({
        articleId,
        userId: author.id,
        parentId: input.parent_id ?? null,
        content: checked.content,
        now: at,
        duplicateSince: at - LIMITS.duplicateCommentMs,
        held: decision?.cause ?? null,
        remoteNoteUri: options.remoteNoteUri ?? null,
      });
      if (!result.ok) {
        if (result.reason === 'articleGone') throw notFound(ARTICLE_MESSAGES.notFound);
        if (result.reason === 'duplicate') throw conflict(COMMENT_MESSAGES.duplicate);
        throw badRequest(COMMENT_MESSAGES[result.reason]);
      }
      if (result.row.status === 'pending') {
        // Nobody else sees it: no cached answer changes, and the owner may hear of the queue.
        await moderation?.held(article.channel_id);
        return commentRowToComment(result.row, { viewerId: author.id, moderator: false });
      }
      deps.written?.([CACHE_TAGS.article(articleId), CACHE_TAGS.articleLists]);
      if (result.replyNoticeQueued) deps.mailQueued?.();
      return commentRowToComment(result.row, { viewerId: author.id, moderator: false });
    },

    /**
     * Its author changes a comment's text, for LIMITS.commentEditMs after posting. Nobody else may,
     * not the article's owner, nor moderators or admins: their tool is delete, which leaves no words
     * in the author's name that the author did not write.
     */
    async edit(id: number, user: SessionUser, input: UpdateComment, options: { remote?: boolean } = {}): Promise<Comment> {
      const row = await comments.findById(id);
      // Someone else's held comment is as missing as any other.
      if (!row || row.deleted === 1 || (row.status === 'pending' && row.user_id !== user.id)) throw notFound(COMMENT_MESSAGES.notFound);
      if (row.user_id !== user.id) {
        // A comment on someone else's draft is as missing as the draft.
        const article = await articles.ownership(row.article_id);
        if (!article || (article.published !== 1 && article.user_id !== user.id)) throw notFound(COMMENT_MESSAGES.notFound);
        throw forbidden(COMMENT_MESSAGES.editNotAllowed);
      }
      const article = await articles.ownership(row.article_id);
      if (article && moderation) await moderation.assertNotBanned(user, article.channel_id);
      const at = now();
      // A reply from the fediverse was edited on its own server, where no window applies: it is
      // brought up to date whenever it changed there.
      const editableSince = options.remote ? 0 : at - LIMITS.commentEditMs;
      if (Number(row.created_at) <= editableSince) throw forbidden(COMMENT_MESSAGES.editWindowClosed);
      const checked = checkCommentContent(input.content ?? '');
      if (!checked.ok) throw badRequest(checked.error);
      // Moderated like a new comment: a blocked word, or text no moderator let through, waits.
      const decision = article && moderation ? await moderation.editDecision(user, article.channel_id, checked.content, Number(row.created_at)) : null;
      const updated = await comments.updateContent({
        id,
        userId: user.id,
        content: checked.content,
        editableSince,
        now: at,
        held: decision?.cause ?? null,
      });
      // Deleted or past its window between the read and the write.
      if (!updated) throw forbidden(COMMENT_MESSAGES.editWindowClosed);
      // A comment that waited already changed nothing readers see; one that starts waiting leaves their lists.
      if (row.status !== 'pending') deps.written?.([CACHE_TAGS.article(row.article_id), ...(updated.status === 'pending' ? [CACHE_TAGS.articleLists] : [])]);
      if (row.status !== 'pending' && updated.status === 'pending' && article) await moderation?.held(article.channel_id);
      return commentRowToComment(updated, { viewerId: user.id, moderator: false });
    },

    /** Authors delete their own comments; admins any (docs/product.md#data). */
    async remove(id: number, user: SessionUser): Promise<void> {
      const row = await comments.findById(id);
      // Someone else's held comment is as missing as any other (admins see every queue).
      if (!row || row.deleted === 1 || (row.status === 'pending' && row.user_id !== user.id && !user.isAdmin)) throw notFound(COMMENT_MESSAGES.notFound);
      if (row.user_id !== user.id && !user.isAdmin) {
        // A comment on someone else's draft is as missing as the draft: a 403 would confirm both exist.
        const article = await articles.ownership(row.article_id);
        if (!article || (article.published !== 1 && article.user_id !== user.id)) throw notFound(COMMENT_MESSAGES.notFound);
        throw forbidden(COMMENT_MESSAGES.notAllowed);
      }
      if (!(await comments.remove(id))) throw notFound(COMMENT_MESSAGES.notFound);
      deps.written?.([CACHE_TAGS.article(row.article_id), CACHE_TAGS.articleLists]);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
