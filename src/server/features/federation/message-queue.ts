import { randomUUID } from 'node:crypto';
import type { MessageQueue, MessageQueueDepth, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export interface DatabaseMessageQueueOptions {
  /** How often a listener looks for due messages when nothing woke it (ms). */
  pollMs?: number;
  /** How long a claimed message is this worker's before another may take it (ms): a crash or a restart gives it back then. */
  leaseMs?: number;
  /** Messages handled at once by one listener. */
  concurrency?: number;
  now?: () => number;
}

/**
 * Fedify's documented MessageQueue over the site's own database (federation_queue), so deliveries
 * and inbox work survive a restart (docs/decisions/045-the-social-web.md). A message is removed
 * only once its handler has finished: a process that stops mid-delivery leaves it claimed, and it
 * is handled again when the claim lapses, so an activity goes out once more at most and is never
 * lost. Fedify does its own retries with back-off (nativeRetrial is false): a failed delivery comes
 * back as a new, delayed message. Messages sharing an ordering key are handled one at a time, in
 * the order they were queued.
 */
export function createDatabaseMessageQueue(db: Kysely<DB>, dialect: Dialect, options: DatabaseMessageQueueOptions = {}): MessageQueue & { wake(): void } {
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const concurrency = options.concurrency ?? 8;
  const now = options.now ?? Date.now;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of wakers) waker();
  };

  const row = (message: unknown, opts?: MessageQueueEnqueueOptions) => {
    const at = now();
    const delay = opts?.delay ? Math.max(0, opts.delay.total({ unit: 'milliseconds' })) : 0;
    return { message: JSON.stringify(message), ordering_key: opts?.orderingKey ?? null, available_at: at + delay, claimed_by: null, claimed_until: null, created_at: at };
  };

  /** Claims due messages: none whose ordering key has an earlier message still waiting or being handled. */
  async function claim(worker: string, limit: number): Promise<{ id: number; message: string }[]> {
    const at = now();
    const due = db
      .selectFrom('federation_queue as q')
      .select('q.id')
      .where('q.available_at', '<=', at)
      .where((eb) => eb.or([eb('q.claimed_until', 'is', null), eb('q.claimed_until', '<', at)]))
      .where((eb) =>
        eb.or([
          eb('q.ordering_key', 'is', null),
          eb.not(eb.exists(eb.selectFrom('federation_queue as e').select('e.id').whereRef('e.ordering_key', '=', 'q.ordering_key').whereRef('e.id', '<', 'q.id'))),
        ]),
      )
      .orderBy('q.available_at')
      .orderBy('q.id')
      .limit(limit);
    return db
      .updateTable('federation_queue')
      .set({ claimed_by: worker, claimed_until: at + leaseMs })
      .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returning(['id', 'message'])
      .execute();
  }

  return {
    nativeRetrial: false,
    wake,
    async enqueue(message, opts) {
      await db.insertInto('federation_queue').values(row(message, opts)).execute();
      wake();
    },
    async enqueueMany(messages, opts) {
      if (messages.length === 0) return;
      for (let i = 0; i < messages.length; i += 500) {
        await db
          .insertInto('federation_queue')
          .values(messages.slice(i, i + 500).map((m) => row(m, opts)))
          .execute();
      }
      wake();
    },
    async getDepth(): Promise<MessageQueueDepth> {
      const at = now();
      const counts = await db
        .selectFrom('federation_queue')
        .select([sql<number>`count(*)`.as('queued'), sql<number>`sum(case when available_at <= ${at} then 1 else 0 end)`.as('ready')])
        .executeTakeFirstOrThrow();
      const queued = Number(counts.queued);
      const ready = Number(counts.ready ?? 0);
      return { queued, ready, delayed: queued - ready };
    },
    async listen(handler, listenOptions: MessageQueueListenOptions = {}) {
      const { signal } = listenOptions;
      const worker = randomUUID();
      let wakeUp: (() => void) | undefined;
      const waker = () => wakeUp?.();
      wakers.add(waker);
      const running = new Set<Promise<void>>();
      const handle = async (item: { id: number; message: string }) => {
        try {
          await handler(JSON.parse(item.message));
          await db.deleteFrom('federation_queue').where('id', '=', item.id).execute();
        } catch {
          // Fedify's handlers retry on their own; one that still throws is given back after a while.
          await db
            .updateTable('federation_queue')
            .set({ claimed_by: null, claimed_until: null, available_at: now() + 60_000 })
            .where('id', '=', item.id)
            .execute()
            .catch(() => undefined);
        }
      };
      try {
        while (!signal?.aborted) {
          let claimed: { id: number; message: string }[] = [];
          const room = concurrency - running.size;
          if (room > 0) {
            try {
              claimed = await claim(worker, room);
            } catch {
              claimed = []; // The database is busy or away: look again at the next turn.
            }
          }
          for (const item of claimed) {
            const task: Promise<void> = handle(item).finally(() => {
              running.delete(task);
              waker();
            });
            running.add(task);
          }
          if (claimed.length > 0 && running.size < concurrency) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, pollMs);
            function done() {
              clearTimeout(timer);
              signal?.removeEventListener('abort', done);
              wakeUp = undefined;
              resolve();
            }
            wakeUp = done;
            signal?.addEventListener('abort', done);
          });
        }
        await Promise.allSettled([...running]);
      } finally {
        wakers.delete(waker);
      }
    },
  };
}
