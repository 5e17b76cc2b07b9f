import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CACHE_TAGS } from './micro-cache.js';

/** The Redis channel instances announce their writes on. */
export const INVALIDATION_CHANNEL = 'broadsheet-cache-invalidate';

/**
 * Where services announce a committed write (DESIGN.md section 7): the micro-cache of this instance
 * drops the entries it affects at once, and other instances hear it over Redis pub/sub when
 * REDIS_URL is set. Services call `written` after their transaction has committed and before they
 * answer, so the writer's answer never overtakes the invalidation on its own instance.
 */
export interface CacheInvalidation {
  written(tags: Iterable<string>): void;
  /** Listeners on this instance (the micro-cache); answers the function that removes it. */
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

/** The tags each kind of write names (see CACHE_TAGS in micro-cache.ts for what carries them). */
export const WRITE_TAGS = {
  /** A new article (published or not): lists and counts change, a cached 404 for its slug may now resolve. */
  articleCreated: () => [CACHE_TAGS.lists, CACHE_TAGS.channels, CACHE_TAGS.missing, CACHE_TAGS.pages],
  /** Title, text, place, categories or images changed; a new slug may answer a cached 404. */
  articleEdited: (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.lists, CACHE_TAGS.missing, CACHE_TAGS.pages],
  /** Published or unpublished or deleted: it appears in or leaves the lists and its channel's count. */
  articleListed: (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.lists, CACHE_TAGS.channels, CACHE_TAGS.missing, CACHE_TAGS.pages],
  /** Reactions, comments and admin totals: the article's counts, which every list shows and sorts by. */
  articleCounts: (id: number) => [CACHE_TAGS.article(id), CACHE_TAGS.lists, CACHE_TAGS.pages],
  /** A new channel: channel lists and counts, a cached 404 for it. */
  channelCreated: () => [CACHE_TAGS.channels, CACHE_TAGS.missing, CACHE_TAGS.pages],
  /** A channel's name or description: its name is embedded in every article and list of it. */
  channelEdited: () => [CACHE_TAGS.all],
  /** Subscriptions and admin totals change a channel's subscriber count. */
  channelCounts: () => [CACHE_TAGS.channels, CACHE_TAGS.pages],
} as const;

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
