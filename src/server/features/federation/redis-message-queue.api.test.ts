import { Redis } from 'ioredis';
import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, isRedisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test-support/redis.js';
import { createRedisMessageQueue, type RedisMessageQueueOptions } from './redis-message-queue.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const redisUp = await isRedisReachable();

describe.runIf(redisUp)('the delivery queue on Redis', () => {
  let client: Redis;
  const prefixes: string[] = [];
  /** A queue of its own for each test: a fresh prefix. */
  const freshQueue = (options: RedisMessageQueueOptions = {}) => {
    const prefix = uniqueRedisPrefix('queue');
    prefixes.push(prefix);
    return { prefix, queue: createRedisMessageQueue(client, { pollMs: 20, prefix, ...options }) };
  };
  beforeAll(() => {
    client = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteRedisKeys(client, prefix);
    client.disconnect();
  });

  it('keeps a delayed message until its time, and counts it as delayed meanwhile', async () => {
    const { queue } = freshQueue();
    await queue.enqueue({ n: 'now' });
    await queue.enqueue({ n: 'later' }, { delay: Temporal.Duration.from({ milliseconds: 600 }) });
    expect(await queue.getDepth!()).toEqual({ queued: 2, ready: 1, delayed: 1 });
    const seen: { n: string; at: number }[] = [];
    const start = Date.now();
    const stop = new AbortController();
    const done = queue.listen(async (message: { n: string }) => void seen.push({ n: message.n, at: Date.now() - start }), { signal: stop.signal });
    for (let i = 0; i < 200 && seen.length < 2; i++) await wait(20);
    stop.abort();
    await done;
    expect(seen.map((s) => s.n)).toEqual(['now', 'later']);
    expect(seen[1]!.at).toBeGreaterThanOrEqual(550);
    expect(await queue.getDepth!()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it('handles messages sharing an ordering key one at a time and in order, while others go alongside', async () => {
    const { queue } = freshQueue();
    await queue.enqueue({ step: 'create' }, { orderingKey: 'article-1' });
    await queue.enqueue({ step: 'update' }, { orderingKey: 'article-1' });
    await queue.enqueueMany!([{ step: 'delete' }, { step: 'tombstone' }], { orderingKey: 'article-1' });
    await queue.enqueue({ step: 'other' }, { orderingKey: 'article-2' });
    expect((await queue.getDepth!()).queued).toBe(5);
    const seen: string[] = [];
    let running = 0;
    let overlapped = false;
    let alongside = false;
    const stop = new AbortController();
    const done = queue.listen(
      async (message: { step: string }) => {
        if (message.step === 'other') {
          if (running > 0) alongside = true;
          seen.push(message.step);
          return;
        }
        running++;
        if (running > 1) overlapped = true;
        await wait(40);
        seen.push(message.step);
        running--;
      },
      { signal: stop.signal },
    );
    for (let i = 0; i < 300 && seen.length < 5; i++) await wait(20);
    stop.abort();
    await done;
    expect(seen.filter((step) => step !== 'other')).toEqual(['create', 'update', 'delete', 'tombstone']);
    expect(overlapped).toBe(false);
    expect(alongside).toBe(true);
  });

  it('handles a message again after its claim lapses when the listener stopped before finishing it, and none is lost', async () => {
    const { prefix, queue: first } = freshQueue({ leaseMs: 300 });
    for (let i = 0; i < 6; i++) await first.enqueue({ n: i });
    const interrupted: number[] = [];
    const stop = new AbortController();
    // The first process takes messages and "dies" while handling them: its handlers never finish.
    void first.listen(
      async (message: { n: number }) => {
        interrupted.push(message.n);
        stop.abort();
        await new Promise(() => {});
      },
      { signal: stop.signal },
    );
    await wait(100);
    expect(interrupted.length).toBeGreaterThan(0);
    // Being handled, they are not waiting.
    expect((await first.getDepth!()).queued).toBe(6 - interrupted.length);

    // The restarted process: the interrupted messages come back once their claim lapses.
    const second = createRedisMessageQueue(client, { prefix, pollMs: 20, leaseMs: 300 });
    const delivered: number[] = [];
    const stopSecond = new AbortController();
    const done = second.listen(async (message: { n: number }) => void delivered.push(message.n), { signal: stopSecond.signal });
    for (let i = 0; i < 200 && delivered.length < 6; i++) await wait(25);
    stopSecond.abort();
    await done;
    expect([...delivered].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (let n = 0; n < 6; n++) expect([...interrupted, ...delivered].filter((x) => x === n).length).toBeLessThanOrEqual(2);
    expect(await second.getDepth!()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it('gives a message whose handler threw back for later instead of dropping it', async () => {
    const { queue } = freshQueue();
    await queue.enqueue({ n: 1 });
    const stop = new AbortController();
    let calls = 0;
    const done = queue.listen(
      async () => {
        calls++;
        throw new Error('the remote server is down');
      },
      { signal: stop.signal },
    );
    for (let i = 0; i < 100 && calls === 0; i++) await wait(20);
    await wait(100);
    stop.abort();
    await done;
    expect(calls).toBe(1);
    expect(await queue.getDepth!()).toEqual({ queued: 1, ready: 0, delayed: 1 });
  });

  it('never lets two listeners handle one message, and they share the work', async () => {
    const { prefix, queue: a } = freshQueue({ concurrency: 4 });
    const b = createRedisMessageQueue(client, { prefix, pollMs: 20, concurrency: 4 });
    await a.enqueueMany!(Array.from({ length: 60 }, (_, n) => ({ n })));
    const byA: number[] = [];
    const byB: number[] = [];
    const stop = new AbortController();
    const handler = (into: number[]) => async (message: { n: number }) => {
      into.push(message.n);
      await wait(5);
    };
    const done = Promise.all([a.listen(handler(byA), { signal: stop.signal }), b.listen(handler(byB), { signal: stop.signal })]);
    for (let i = 0; i < 300 && byA.length + byB.length < 60; i++) await wait(20);
    await wait(100);
    stop.abort();
    await done;
    const all = [...byA, ...byB].sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect((await a.getDepth!()).queued).toBe(0);
  });

  it('leaves no keys behind once every message is handled, but the message counter', async () => {
    const { prefix, queue } = freshQueue();
    await queue.enqueue({ n: 1 }, { orderingKey: 'k' });
    await queue.enqueue({ n: 2 }, { orderingKey: 'k' });
    await queue.enqueue({ n: 3 });
    const seen: number[] = [];
    const stop = new AbortController();
    const done = queue.listen(async (message: { n: number }) => void seen.push(message.n), { signal: stop.signal });
    for (let i = 0; i < 100 && seen.length < 3; i++) await wait(20);
    stop.abort();
    await done;
    await queue.idle();
    const [, keys] = await client.scan('0', 'MATCH', `${prefix}*`, 'COUNT', 1000);
    expect(keys).toEqual([`${prefix}seq`]);
  });
});
