import type { Transaction } from 'kysely';
import { ARTICLE_MESSAGES, type Article } from '../../../contract/articles.js';
import { canPublishIn, STAFF_MESSAGES, type ChannelRole, type Queue, type ReviewArticle } from '../../../contract/staff.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ArticleAccess } from '../articles/article-access.service.js';
import type { ArticlesRepository } from '../articles/articles.repository.js';
import { queueReviewNotices } from '../email/outbox.repository.js';
import { recordRevision } from '../revisions/revisions.repository.js';
import { publishInTransaction } from './publication.js';
import type { WorkflowRepository } from './workflow.repository.js';
import { assertRemovalLifted, checkPublishable, listedTags, type RecordChannelEvent, type Transitions } from './transitions.service.js';

export interface WorkflowServiceDeps {
  articles: ArticlesRepository;
  moves: WorkflowRepository;
  access: ArticleAccess;
  transitions: Transitions;
  /** Writes one line of the channel log in the change's transaction (staff/channel-roles.ts). */
  recordChannelEvent: RecordChannelEvent;
  /** Runs a move and its side effects (the email outbox, the channel log) in one transaction. */
  transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  /** The article's answer after a move, for a caller whose role is known (the articles service's). */
  readArticle: (id: number, viewer: SessionUser, role: ChannelRole) => Promise<Article>;
  now?: () => number;
  /** Told of each committed write (the response cache drops what it shows). */
  written?: (tags: readonly string[]) => void;
  /** Told when a move queued email (the sender wakes up instead of waiting for its next poll). */
  mailQueued?: () => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Review and scheduling (docs/decisions/042-review-and-scheduling.md): publishing and unpublishing
 * at once, a writer's submission, an editor's decision, and the channel's queue. The scheduler
 * (scheduler.ts) publishes at their time the articles scheduled here and by a Save.
 */
export function createWorkflowService(deps: WorkflowServiceDeps) {
  const { articles, moves, access, transitions, recordChannelEvent, transaction, readArticle } = deps;
  const now = deps.now ?? Date.now;
  const written = deps.written ?? (() => {});
  const mailQueued = deps.mailQueued ?? (() => {});

  return {
    /** POST /articles/:id/toggle-status: publishes a draft (in review, scheduled) now, or takes a published article back to drafts. */
    async toggleStatus(id: number, editor: SessionUser) {
      const state = await articles.workflow(id);
      if (!state) throw notFound(ARTICLE_MESSAGES.notFound);
      const role = await access.roleOf(editor, state.channel_id);
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
          const row = await transitions.unpublish(trx, id, at);
          if (!row) return true;
          await recordRevision(trx, { articleId: id, editorId: editor.id, now: at });
          await recordChannelEvent(trx, { channelId: row.channelId, actorId: editor.id, action: 'unpublished', target: { type: 'article', id, label: row.title }, at });
          return false;
        }
        // Draft, in review or scheduled: out now. Published meanwhile by another hand: it stays so.
        await transitions.publishNow(trx, id, editor.id, at);
        return true;
      });
      written(listedTags(id));
      if (published) mailQueued();
      return { published, status: published ? ('published' as const) : ('draft' as const) };
    },

    /** POST /articles/:id/submit: the author sends their draft to the channel's owner and editors. */
    async submit(id: number, author: SessionUser): Promise<Article> {
      const { row, role } = await access.staffAccess(id, author);
      if (row.user_id !== author.id) throw forbidden(STAFF_MESSAGES.onlyAuthorSubmits);
      if (row.status !== 'draft') throw conflict(STAFF_MESSAGES.notSubmittable);
      checkPublishable(row.title, row.content);
      assertRemovalLifted(row, author, role);
      const at = now();
      const moved = await transaction(async (trx) => {
        // A new submission starts a new review: the last note is done with.
        if (!(await moves.moveUnpublished(trx, id, ['draft'], { status: 'in_review', reviewNote: null }))) return false;
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
      return readArticle(id, author, role);
    },

    /**
     * POST /articles/:id/review (owner and editors): approve publishes it now, or schedules it when
     * its publishAt is still ahead; a request for changes sends it back to draft with the note.
     */
    async review(id: number, editor: SessionUser, input: { decision: ReviewArticle['decision']; note: string | null }): Promise<Article> {
      const { row, role } = await access.staffAccess(id, editor);
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
          if (!(await moves.moveUnpublished(trx, id, ['in_review'], { status: 'draft', reviewNote: input.note }))) return undefined;
          await recordChannelEvent(trx, { ...event, action: 'changes_requested', detail: input.note });
          await reviewed(trx, 'changes_requested');
          return 'draft' as const;
        }
        if (publishAt !== null && publishAt > at) {
          if (!(await moves.moveUnpublished(trx, id, ['in_review'], { status: 'scheduled', reviewNote: null }))) return undefined;
          await moves.clearModeration(trx, id);
          await recordChannelEvent(trx, { ...event, action: 'approved', detail: input.note });
          await recordChannelEvent(trx, { ...event, action: 'scheduled', detail: iso(publishAt) });
          await reviewed(trx, 'approved');
          return 'scheduled' as const;
        }
        await recordChannelEvent(trx, { ...event, action: 'approved', detail: input.note });
        // Taken out of review meanwhile: nothing of this approval stays.
        if (!(await publishInTransaction(trx, moves, recordChannelEvent, { id, from: ['in_review'], actorId: editor.id, at }))) throw conflict(STAFF_MESSAGES.notInReview);
        await reviewed(trx, 'approved');
        return 'published' as const;
      });
      if (outcome === undefined) throw conflict(STAFF_MESSAGES.notInReview);
      if (outcome === 'published') written(listedTags(id));
      mailQueued();
      return readArticle(id, editor, role);
    },

    /** GET /channels/:id/queue (owner and staff): scheduled by time, then in review by last edit. */
    async queue(channelId: number, viewer: SessionUser | null): Promise<Queue> {
      if ((await access.roleOf(viewer, channelId)) === null) throw notFound(STAFF_MESSAGES.channelNotFound);
      const rows = await moves.queue(channelId);
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
  };
}
export type WorkflowService = ReturnType<typeof createWorkflowService>;
