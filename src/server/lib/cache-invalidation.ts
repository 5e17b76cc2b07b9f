import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The Redis channel instances announce their writes on. */
export const INVALIDATION_CHANNEL = 'broadsheet-cache-invalidate';

/**
 * Where services announce a committed write (docs/decisions/008-one-render-path.md), naming what it changed with the
 * tags of lib/cache-tags.ts: the response cache of this instance drops the answers showing it at
 * once, and other instances hear it over Redis pub/sub when REDIS_URL is set. Services call
 * `written` after their transaction has committed and before they answer, so the writer's answer
 * never overtakes the invalidation on its own instance.
 */
export interface CacheInvalidation {
  written(tags: Iterable<string>): void;
  /** Listeners on this instance (the response cache); answers the function that removes it. */
  subscribe(listener: (tags: string[]) => void): () => void;
  /** Tags heard from another instance: told to the listeners here, not published again. */
  receive(tags: string[]): void;
  /** Sends every write of this instance to others too (set once Redis is connected). */
  setPublisher(publish: ((tags: string[]) => void) | undefined): void;
}

export function createCacheInvalidation(): CacheInvalidation {
  const listeners = new Set<(tags: string[]) => void>();
  let publish: ((tags: string[]) => void) | undefined;
  const tell = (tags: string[]) => {
    for (const listener of listeners) listener(tags);
  };
  return {
    written(tags) {
      const list = [...new Set(tags)];
      if (list.length === 0) return;
      tell(list);
      publish?.(list);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive: tell,
    setPublisher(next) {
      publish = next;
    },
  };
}

/**
 * Connects this instance's invalidations to the others' over Redis pub/sub: one message per event
 * loop turn with every tag written in it, and a dedicated subscriber connection (a Redis connection
 * in subscriber mode can do nothing else). Messages carry the sender's id, so an instance ignores
 * its own. Answers a function that disconnects.
 */
export function bridgeOverRedis(bus: CacheInvalidation, publisher: Redis, log: (error: unknown) => void): () => void {
  const instance = randomUUID();
  const subscriber = publisher.duplicate();
  subscriber.on('error', log);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== INVALIDATION_CHANNEL) return;
    try {
      const parsed = JSON.parse(message) as { from?: unknown; tags?: unknown };
      if (parsed.from === instance || !Array.isArray(parsed.tags)) return;
      const tags = parsed.tags.filter((tag): tag is string => typeof tag === 'string');
      if (tags.length > 0) bus.receive(tags);
    } catch (error) {
      log(error);
    }
  });
  // On every (re)connection: commands are not queued while Redis is away, so a subscription asked
  // for before the first connection would be lost.
  subscriber.on('ready', () => void subscriber.subscribe(INVALIDATION_CHANNEL).catch(log));

  let pending: Set<string> | undefined;
  bus.setPublisher((tags) => {
    if (pending) {
      for (const tag of tags) pending.add(tag);
      return;
    }
    pending = new Set(tags);
    setImmediate(() => {
      const batch = pending!;
      pending = undefined;
      publisher.publish(INVALIDATION_CHANNEL, JSON.stringify({ from: instance, tags: [...batch] })).catch(log);
    });
  });
  return () => {
    bus.setPublisher(undefined);
    subscriber.disconnect();
  };
}
