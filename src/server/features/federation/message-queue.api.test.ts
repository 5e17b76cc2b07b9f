import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test-support/test-app.js';
import { createDatabaseMessageQueue } from './message-queue.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('the delivery queue on %s', (kind) => {
  it('survives a restart during delivery: each message is handled once more at most, none is lost', async () => {
    const { database, drop } = await openTestDatabase(kind);
    try {
      const first = createDatabaseMessageQueue(database.db, database.dialect, { pollMs: 20, leaseMs: 300 });
      for (let i = 0; i < 6; i++) await first.enqueue({ n: i });
      const handled: number[] = [];
      const stop = new AbortController();
      // The first process takes messages and "dies" while handling them: its handlers never finish.
      const listening = first.listen(
        async (message: { n: number }) => {
          handled.push(message.n);
          stop.abort();
          await new Promise(() => {});
        },
        { signal: stop.signal },
      );
      await wait(100);
      void listening;
      const interrupted = [...handled];
      expect(interrupted.length).toBeGreaterThan(0);

      // The restarted process: the interrupted messages come back once their claim lapses.
      const second = createDatabaseMessageQueue(database.db, database.dialect, { pollMs: 20, leaseMs: 300 });
      const delivered: number[] = [];
      const stopSecond = new AbortController();
      const done = second.listen(async (message: { n: number }) => void delivered.push(message.n), { signal: stopSecond.signal });
      for (let i = 0; i < 200 && delivered.length < 6; i++) await wait(25);
      stopSecond.abort();
      await done;
      expect([...delivered].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      // No message was handled more than twice in all (once interrupted, once for good).
      for (let n = 0; n < 6; n++) expect([...interrupted, ...delivered].filter((x) => x === n).length).toBeLessThanOrEqual(2);
      expect((await second.getDepth!()).queued).toBe(0);
    } finally {
      await drop();
    }
  });

  it('handles messages sharing an ordering key one at a time and in order, and a delayed one too', async () => {
    const { database, drop } = await openTestDatabase(kind);
    try {
      const queue = createDatabaseMessageQueue(database.db, database.dialect, { pollMs: 20 });
      const { Temporal } = await import('@js-temporal/polyfill');
      await queue.enqueue({ step: 'create' }, { orderingKey: 'a' });
      await queue.enqueue({ step: 'update' }, { orderingKey: 'a' });
      await queue.enqueue({ step: 'delete' }, { orderingKey: 'a' });
      await queue.enqueue({ step: 'later' }, { delay: Temporal.Duration.from({ milliseconds: 400 }) });
      const seen: string[] = [];
      let running = 0;
      let overlapped = false;
      const stop = new AbortController();
      const done = queue.listen(
        async (message: { step: string }) => {
          running++;
          if (running > 1 && message.step !== 'later') overlapped = true;
          await wait(30);
          seen.push(message.step);
          running--;
        },
        { signal: stop.signal },
      );
      for (let i = 0; i < 400 && seen.length < 4; i++) await wait(25);
      stop.abort();
      await done;
      expect(seen.filter((step) => step !== 'later')).toEqual(['create', 'update', 'delete']);
      expect(seen).toContain('later');
      expect(overlapped).toBe(false);
    } finally {
      await drop();
    }
  });
});
