import type { Database } from '../../db/database.js';
import type { WorkflowRepository } from './workflow.repository.js';
import { mayLiftRemoval, publishInTransaction, type RecordChannelEvent } from './publication.js';

/** Due articles read per query; a full batch is followed at once by the next. */
const BATCH = 100;

export interface SchedulerDeps {
  db: Database;
  moves: WorkflowRepository;
  intervalMs: number;
  recordChannelEvent: RecordChannelEvent;
  now?: () => number;
  /** After each publication's commit: the caches (here and on other instances) drop what it changed. */
  published: (articleId: number) => void;
  /** After a run that published something: the mail sender wakes up. */
  mailQueued?: () => void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Publishes scheduled articles when their time comes (docs/decisions/042-review-and-scheduling.md).
 * Every instance runs one: at start-up (an article due while the server was down goes out then)
 * and every `intervalMs`, one query on the partial index articles_scheduled_idx. Each due article
 * is claimed by the publication's own conditional UPDATE (status still 'scheduled'), so however
 * many instances share the database each article is published, emailed and dropped from the caches
 * once: the instance whose UPDATE changed no row does nothing. It is published as of its publishAt.
 */
export function createScheduler(deps: SchedulerDeps) {
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function publishOne(id: number, publishAt: number): Promise<boolean> {
    const published = await deps.db.transaction().execute(async (trx) => {
      const author = await trx.selectFrom('articles').select(['user_id', 'removed_by']).where('id', '=', id).executeTakeFirst();
      // Removed by a moderator (due() leaves such rows out; this holds against a removal in between).
      if (!author || !mayLiftRemoval(author.removed_by, null)) return undefined;
      // The log line's actor: whoever scheduled it, else its author.
      const scheduler = await trx
        .selectFrom('channel_events')
        .select('actor_id')
        .where('target_type', '=', 'article')
        .where('target_id', '=', id)
        .where('action', '=', 'scheduled')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return publishInTransaction(trx, deps.moves, deps.recordChannelEvent, { id, from: ['scheduled'], actorId: scheduler?.actor_id ?? author.user_id, at: publishAt, onSchedule: true });
    });
    if (!published) return false;
    deps.published(id);
    deps.log.info({ articleId: id, publishAt: new Date(publishAt).toISOString() }, 'scheduled article published');
    return true;
  }

  /** One pass: every due article, a batch at a time. Answers how many this instance published. */
  async function runOnce(): Promise<number> {
    let count = 0;
    for (;;) {
      const due = await deps.moves.due(now(), BATCH);
      let claimed = 0;
      for (const row of due) {
        try {
          if (await publishOne(row.id, Number(row.publish_at))) claimed += 1;
        } catch (error) {
          deps.log.warn({ err: error, articleId: row.id }, 'publishing a scheduled article failed; it is retried on the next pass');
        }
      }
      count += claimed;
      // A full batch of which none was ours (taken by another instance, or failing): the next pass sees.
      if (due.length < BATCH || claimed === 0 || stopped) break;
    }
    if (count > 0) deps.mailQueued?.();
    return count;
  }

  /** A pass, unless one is already running (its result is shared). */
  function run(): Promise<number> {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function tick() {
    run()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'the scheduler pass failed'))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, deps.intervalMs);
          timer.unref();
        }
      });
  }

  return {
    run,
    /** Catches up at once, then looks every intervalMs. */
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    /** Stops looking and waits for a pass in progress. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
