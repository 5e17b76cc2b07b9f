import type { Transaction } from 'kysely';
import { AUTOSAVE_MESSAGES } from '../../../contract/articles.js';
import { MODERATION_MESSAGES } from '../../../contract/moderation-rules.js';
import { STAFF_LIMITS, STAFF_MESSAGES, type ChannelRole } from '../../../contract/staff.js';
import { stripHtml } from '../../../contract/text.js';
import type { DB } from '../../db/schema.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { ArticleWorkflowRow } from '../articles/articles.repository.js';
import { mayLiftRemoval, publishInTransaction, type RecordChannelEvent } from './publication.js';
import type { WorkflowRepository } from './workflow.repository.js';

export type { RecordChannelEvent } from './publication.js';

/**
 * The moves of an article between draft, review, scheduled and published that other parts make
 * inside their own writes (docs/decisions/047-the-articles-wing-in-four-parts.md): a Save that
 * publishes or schedules, an autosave that takes an article out of review. The rules here are
 * asked before anything changes; the moves run in the caller's transaction, each conditional on
 * the status it leaves, as every move is.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** What a publication, an unpublication or a deletion changes, for the caches (lib/cache-tags.ts): the article joins or leaves the lists and its channel's count. */
export const listedTags = (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing];

/** A publishAt as stored (ms, UTC): a future instant at most a year ahead of `current`. */
export function scheduleTime(isoTime: string, current: number): number {
  const at = Date.parse(isoTime);
  if (!(at > current)) throw badRequest(STAFF_MESSAGES.publishAtPast);
  if (at > current + STAFF_LIMITS.scheduleMaxDays * 86_400_000) throw badRequest(STAFF_MESSAGES.publishAtTooFar);
  return at;
}

/** Readers never get an article without a title or text: it can be neither published nor scheduled so. */
export function checkPublishable(title: string, content: string) {
  if (title.trim() === '') throw badRequest(AUTOSAVE_MESSAGES.publishNeedsTitle);
  if (!stripHtml(content)) throw badRequest(AUTOSAVE_MESSAGES.publishNeedsContent);
}

/**
 * 403 unless the caller may undo a moderator's removal of this article (mayLiftRemoval): asked
 * by every path toward publication, before anything changes.
 */
export function assertRemovalLifted(row: Pick<ArticleWorkflowRow, 'removed_by'>, user: SessionUser, role: ChannelRole | null) {
  if (!mayLiftRemoval(row.removed_by, { isAdmin: user.isAdmin, role })) throw forbidden(MODERATION_MESSAGES.republishModerated);
}

/** A line of the channel log about one article, without its action. */
export interface ArticleEvent {
  channelId: number;
  actorId: number;
  target: { type: 'article'; id: number; label: string };
  at: number;
}

export interface TransitionsDeps {
  moves: WorkflowRepository;
  /** Writes one line of the channel log in the change's transaction (staff/channel-roles.ts). */
  recordChannelEvent: RecordChannelEvent;
}

export function createTransitions({ moves, recordChannelEvent }: TransitionsDeps) {
  return {
    /** Publishes now (toggle-status, approval, a Save that publishes): one publication path; the caller tells the caches and the mail sender. */
    publishNow: (trx: Transaction<DB>, id: number, actorId: number, at: number) =>
      publishInTransaction(trx, moves, recordChannelEvent, { id, from: ['draft', 'in_review', 'scheduled'], actorId, at }),

    /**
     * A save of an article in review: the text under review changed, so it is a draft again and an
     * approval answers 409 (it would publish what nobody reviewed). Conditional, as every move is.
     */
    async leaveReview(trx: Transaction<DB>, row: { id: number; channel_id: number; title: string }, user: SessionUser, at: number, publishAt?: null) {
      if (!(await moves.moveUnpublished(trx, row.id, ['in_review'], { status: 'draft', ...(publishAt === null ? { publishAt } : {}) }))) return;
      await recordChannelEvent(trx, { channelId: row.channel_id, actorId: user.id, action: 'returned_to_draft', target: { type: 'article', id: row.id, label: row.title }, at });
    },

    /** Scheduled (or rescheduled): the time wins over the draft or review it was in. */
    async schedule(trx: Transaction<DB>, event: ArticleEvent, publishAt: number) {
      const id = event.target.id;
      if (await moves.moveUnpublished(trx, id, ['draft', 'in_review', 'scheduled'], { status: 'scheduled', publishAt, reviewNote: null })) {
        // Scheduled by one who may undo the removal: the scheduler, which never may, publishes it.
        await moves.clearModeration(trx, id);
        await recordChannelEvent(trx, { ...event, action: 'scheduled', detail: iso(publishAt) });
      }
    },

    /** Takes a published article back to drafts (a Save's or toggle-status's); the channel's count moves with it. */
    unpublish: (trx: Transaction<DB>, id: number, at: number) => moves.unpublish(trx, id, at),

    /** A scheduled article's time taken away: a draft again. */
    async unschedule(trx: Transaction<DB>, event: ArticleEvent) {
      if (await moves.moveUnpublished(trx, event.target.id, ['scheduled'], { status: 'draft', publishAt: null })) await recordChannelEvent(trx, { ...event, action: 'unscheduled' });
    },
  };
}
export type Transitions = ReturnType<typeof createTransitions>;
