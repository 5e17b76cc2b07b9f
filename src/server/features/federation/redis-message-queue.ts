import type { MessageQueue, MessageQueueDepth, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Redis } from 'ioredis';

export interface RedisMessageQueueOptions {
  /** Put before every key of the queue; the default suits one site per Redis database. */
  prefix?: string;
  /** How often a listener looks for due messages when nothing in this process woke it (ms). */
  pollMs?: number;
  /** How long a claimed message is this listener's before another may take it (ms): a crash or a restart gives it back then. */
  leaseMs?: number;
  /** Messages handled at once by one listener. */
  concurrency?: number;
  now?: () => number;
}

/*
 * The keys, under the prefix:
 *   seq        the last message id
 *   messages   hash: id -> the message's JSON
 *   due        sorted set: the ids that may be claimed, by the time they become due
 *   leases     sorted set: the claimed ids, by the time their claim lapses
 *   keys       hash: id -> its ordering key, for the messages that have one
 *   order:<k>  list: the ids sharing ordering key k, in the order they were queued; only its head is
 *              ever in `due` or `leases`, the others wait in `times` (id -> when it is due)
 * Every change is one Lua script, so several listeners (in this process or others) never claim
 * one message together.
 */

/** ARGV: prefix, due time, then per message its JSON and 'k' + its ordering key ('' without one). */
const ENQUEUE = `
local p = ARGV[1]
for i = 3, #ARGV, 2 do
  local id = redis.call('INCR', p .. 'seq')
  redis.call('HSET', p .. 'messages', id, ARGV[i])
  local key = ARGV[i + 1]
  if key ~= '' then
    key = string.sub(key, 2)
    redis.call('HSET', p .. 'keys', id, key)
    if redis.call('RPUSH', p .. 'order:' .. key, id) == 1 then
      redis.call('ZADD', p .. 'due', ARGV[2], id)
    else
      redis.call('HSET', p .. 'times', id, ARGV[2])
    end
  else
    redis.call('ZADD', p .. 'due', ARGV[2], id)
  end
end
return 1
`;

/** ARGV: prefix, now, lease end, limit. Gives lapsed claims back, then claims due messages: [id, json, ...]. */
const CLAIM = `
local p = ARGV[1]
local lapsed = redis.call('ZRANGEBYSCORE', p .. 'leases', '-inf', '(' .. ARGV[2])
for _, id in ipairs(lapsed) do
  redis.call('ZREM', p .. 'leases', id)
  redis.call('ZADD', p .. 'due', ARGV[2], id)
end
local ids = redis.call('ZRANGEBYSCORE', p .. 'due', '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[4]))
local out = {}
for _, id in ipairs(ids) do
  redis.call('ZREM', p .. 'due', id)
  local message = redis.call('HGET', p .. 'messages', id)
  if message then
    redis.call('ZADD', p .. 'leases', ARGV[3], id)
    table.insert(out, id)
    table.insert(out, message)
  end
end
return out
`;

/** ARGV: prefix, id, now. Removes a handled message; the next one of its ordering key becomes due. */
const DONE = `
local p = ARGV[1]
local id = ARGV[2]
redis.call('ZREM', p .. 'leases', id)
redis.call('ZREM', p .. 'due', id)
redis.call('HDEL', p .. 'messages', id)
local key = redis.call('HGET', p .. 'keys', id)
if key then
  redis.call('HDEL', p .. 'keys', id)
  local list = p .. 'order:' .. key
  redis.call('LREM', list, 1, id)
  local nextId = redis.call('LINDEX', list, 0)
  if nextId then
    local at = redis.call('HGET', p .. 'times', nextId)
    if at then
      redis.call('HDEL', p .. 'times', nextId)
      if tonumber(at) < tonumber(ARGV[3]) then at = ARGV[3] end
      redis.call('ZADD', p .. 'due', at, nextId)
    end
  end
end
return 1
`;

/** ARGV: prefix, id, when. A message whose handler threw is given back, due later. */
const RETRY = `
local p = ARGV[1]
if redis.call('HEXISTS', p .. 'messages', ARGV[2]) == 1 and redis.call('ZREM', p .. 'leases', ARGV[2]) == 1 then
  redis.call('ZADD', p .. 'due', ARGV[3], ARGV[2])
end
return 1
`;

/** ARGV: prefix, now. [waiting (not being handled), due now]. */
const DEPTH = `
local p = ARGV[1]
local now = tonumber(ARGV[2])
local waiting = redis.call('HLEN', p .. 'messages') - redis.call('ZCARD', p .. 'leases')
local ready = redis.call('ZCOUNT', p .. 'due', '-inf', ARGV[2])
for _, at in ipairs(redis.call('HVALS', p .. 'times')) do
  if tonumber(at) <= now then ready = ready + 1 end
end
return { waiting, ready }
`;

/**
 * Fedify's documented MessageQueue over Redis, for sites that share a Redis (REDIS_URL), with the
 * database queue's guarantees (message-queue.ts): a message is removed only once its handler has
 * finished, so a process that stops mid-delivery leaves it claimed and it is handled again when
 * the claim lapses (an activity goes out once more at most and is never lost); Fedify does its own
 * retries (nativeRetrial is false); messages sharing an ordering key are handled one at a time, in
 * the order they were queued; any number of listeners, in any number of instances, share the
 * queue and each message is claimed by one.
 */
export function createRedisMessageQueue(client: Redis, options: RedisMessageQueueOptions = {}): MessageQueue & { wake(): void; idle(): Promise<void> } {
  const prefix = options.prefix ?? 'broadsheet:fedify:queue:';
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const concurrency = options.concurrency ?? 8;
  const now = options.now ?? Date.now;
  const wakers = new Set<() => void>();
  const listening = new Set<Promise<void>>();
  const wake = () => {
    for (const waker of wakers) waker();
  };

  async function enqueue(messages: readonly unknown[], opts?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const delay = opts?.delay ? Math.max(0, opts.delay.total({ unit: 'milliseconds' })) : 0;
    const at = String(Math.round(now() + delay));
    const key = opts?.orderingKey === undefined ? '' : `k${opts.orderingKey}`;
    for (let i = 0; i < messages.length; i += 500) {
      const args = messages.slice(i, i + 500).flatMap((message) => [JSON.stringify(message), key]);
      await client.eval(ENQUEUE, 0, prefix, at, ...args);
    }
    wake();
  }

  async function claim(limit: number): Promise<{ id: string; message: string }[]> {
    const at = now();
    const reply = (await client.eval(CLAIM, 0, prefix, String(at), String(at + leaseMs), String(limit))) as string[];
    const claimed: { id: string; message: string }[] = [];
    for (let i = 0; i < reply.length; i += 2) claimed.push({ id: reply[i]!, message: reply[i + 1]! });
    return claimed;
  }

  async function listen(handler: (message: unknown) => Promise<void> | void, listenOptions: MessageQueueListenOptions = {}): Promise<void> {
    const { signal } = listenOptions;
    let wakeUp: (() => void) | undefined;
    const waker = () => wakeUp?.();
    wakers.add(waker);
    const running = new Set<Promise<void>>();
    const handle = async (item: { id: string; message: string }) => {
      try {
        await handler(JSON.parse(item.message));
      } catch {
        // Fedify's handlers retry on their own; one that still throws is given back after a while.
        await client.eval(RETRY, 0, prefix, item.id, String(now() + 60_000)).catch(() => undefined);
        return;
      }
      // When Redis cannot be told, the claim lapses and the message is handled once more.
      await client.eval(DONE, 0, prefix, item.id, String(now())).catch(() => undefined);
    };
    try {
      while (!signal?.aborted) {
        let claimed: { id: string; message: string }[] = [];
        const room = concurrency - running.size;
        if (room > 0) {
          try {
            claimed = await claim(room);
          } catch {
            claimed = []; // Redis is busy or away: look again at the next turn.
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
  }

  return {
    nativeRetrial: false,
    wake,
    /** Resolves once every listener has stopped (after its signal was aborted) and its handlers finished. */
    async idle() {
      while (listening.size > 0) await Promise.allSettled([...listening]);
    },
    enqueue: (message, opts) => enqueue([message], opts),
    enqueueMany: (messages, opts) => enqueue(messages, opts),
    async getDepth(): Promise<MessageQueueDepth> {
      const [queued, ready] = ((await client.eval(DEPTH, 0, prefix, String(now()))) as number[]).map(Number) as [number, number];
      return { queued, ready, delayed: queued - ready };
    },
    listen(handler, listenOptions) {
      const run = listen(handler, listenOptions).finally(() => listening.delete(run));
      listening.add(run);
      return run;
    },
  };
}
