import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { queueArticlePublished } from '../email/outbox.repository.js';
import type { ChannelLogAction, ChannelRole } from '../../../contract/staff.js';
import type { WorkflowRepository } from './workflow.repository.js';
import { recordRevision } from '../revisions/revisions.repository.js';

/**
 * One line of the channel log, in the change's transaction (staff/channel-roles.ts's
 * recordChannelEvent, handed over by app.ts: a feature reaches another only through its service).
 */
export type RecordChannelEvent = (
  trx: Transaction<DB>,
  event: { channelId: number; actorId: number; action: ChannelLogAction; target: { type: 'article'; id: number; label?: string | null }; detail?: string | null; at: number },
) => Promise<void>;

/**
 * Whether a caller may send out again an article a moderator removed (its `removed_by`): an admin
 * always, the channel's owner when the channel's moderators (not an admin) removed it, nobody else,
 * and never the scheduler (no caller). Every path to publication asks here: toggle-status,
 * submitting, approving, scheduling and the scheduler itself, so a removal is undone only by a
 * moderator who may (docs/product.md#moderation).
 */
export function mayLiftRemoval(removedBy: 'admin' | 'owner' | null, caller: { isAdmin: boolean; role: ChannelRole | null } | null): boolean {
  if (removedBy === null) return true;
  if (caller === null) return false;
  return caller.isAdmin || (removedBy === 'owner' && caller.role === 'owner');
}

/**
 * The one way an article goes out, whoever sends it (toggle-status, an editor's approval, the
 * scheduler): the row becomes published (a first publication dates it), a moderator's removal is
 * over, its subscribers' emails are queued, its public record gains a revision and the channel log
 * a line, all in the caller's transaction. The UPDATE is conditional on the status the caller saw,
 * so of two instances publishing the same article only one does any of this; it answers undefined
 * for the other. The caller tells the caches (CHANGED.listed) and the mail sender after commit.
 */
export async function publishInTransaction(
  trx: Transaction<DB>,
  moves: Pick<WorkflowRepository, 'publish' | 'clearModeration'>,
  recordChannelEvent: RecordChannelEvent,
  input: {
    id: number;
    from: readonly ('draft' | 'in_review' | 'scheduled')[];
    actorId: number;
    at: number;
    /** The scheduler's publication is its own act, logged with who set the time as the actor. */
    onSchedule?: boolean;
  },
): Promise<{ channelId: number } | undefined> {
  const published = await moves.publish(trx, input.id, input.from, input.at);
  if (!published) return undefined;
  await moves.clearModeration(trx, input.id);
  await queueArticlePublished(trx, { articleId: input.id, channelId: published.channelId, now: input.at });
  await recordRevision(trx, { articleId: input.id, editorId: input.actorId, now: input.at });
  await recordChannelEvent(trx, {
    channelId: published.channelId,
    actorId: input.actorId,
    action: input.onSchedule ? 'published_on_schedule' : 'published',
    target: { type: 'article', id: input.id, label: published.title },
    at: input.at,
  });
  return { channelId: published.channelId };
}
