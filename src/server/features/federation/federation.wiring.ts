import type { KvStore, MessageQueue } from '@fedify/fedify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Article } from '../../../contract/articles.js';
import type { AppConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { channelIdBySlug, createFederationRepository } from './federation.repository.js';
import { createFederationService, type FederationChannel, type FederationService } from './federation.service.js';
import type { RemoteReplies } from './remote-replies.js';
import { createDatabaseKvStore } from './kv-store.js';
import { createDatabaseMessageQueue, type DatabaseMessageQueueOptions } from './message-queue.js';
import { createRedisKvStore } from './redis-kv-store.js';
import { createRedisMessageQueue } from './redis-message-queue.js';

export interface FederationWiring {
  /** A channel by id (null viewer); undefined when there is none. */
  channel(id: number): Promise<{ id: number; name: string; slug: string; description: string; created_at: number } | undefined>;
  /** The article as an anonymous reader reads it (throws the API's 404 when it cannot). */
  readArticle(id: number): Promise<Article>;
  written(tags: readonly string[]): void;
  comments: RemoteReplies['comments'];
  queue?: DatabaseMessageQueueOptions;
}

export type SiteFederation = FederationService & {
  /** Stops the queue and lets go of what the federation keeps its state in (app.ts, when the app closes). */
  close(): Promise<void>;
};

type Log = Parameters<FederationService['setLog']>[0];

/** Resolves with the promise's value, or undefined once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lapse = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, lapse]).finally(() => clearTimeout(timer));
}

/**
 * The federation's own Redis connection (REDIS_URL), opened when the federation first needs it.
 * Unlike the limits' connection (lib/redis-link.ts), which never lets a request wait, its commands
 * wait out a short reconnection (and fail after two seconds at most): deliveries and inbox work
 * would rather wait a little than fail. Keys are under broadsheet:fedify:<the site's host>:, so sites sharing a
 * Redis keep apart.
 */
function redisStorage(url: string, host: string, log: () => Log | undefined) {
  const prefix = `broadsheet:fedify:${host}:`;
  let opened: Promise<{ client: Redis; kv: KvStore; queue: ReturnType<typeof createRedisMessageQueue> }> | undefined;
  let down = false;
  const open = () =>
    (opened ??= import('ioredis').then(({ Redis }) => {
      const client = new Redis(url, { connectTimeout: 2000, commandTimeout: 2000, maxRetriesPerRequest: 3 });
      // An outage is logged once when it starts and once when it ends.
      client.on('error', (error: Error) => {
        if (!down) log()?.warn({ err: error }, 'Redis is unreachable: federation deliveries wait until it is back');
        down = true;
      });
      client.on('ready', () => {
        if (down) log()?.info?.({}, 'Redis is reachable again: federation deliveries go on');
        down = false;
      });
      return { client, kv: createRedisKvStore(client, { prefix: `${prefix}kv:` }), queue: createRedisMessageQueue(client, { prefix: `${prefix}queue:` }) };
    }));
  // Fedify holds these from the start; each call goes to Redis once the connection is made.
  const kv: KvStore = {
    get: async (key) => (await open()).kv.get(key),
    set: async (key, value, options) => (await open()).kv.set(key, value, options),
    delete: async (key) => (await open()).kv.delete(key),
    cas: async (key, expected, value, options) => (await open()).kv.cas!(key, expected, value, options),
    async *list(keyPrefix) {
      yield* (await open()).kv.list(keyPrefix);
    },
  };
  const queue: MessageQueue = {
    nativeRetrial: false,
    enqueue: async (message, options) => (await open()).queue.enqueue(message, options),
    enqueueMany: async (messages, options) => (await open()).queue.enqueueMany!(messages, options),
    getDepth: async () => (await open()).queue.getDepth!(),
    listen: async (handler, options) => (await open()).queue.listen(handler, options),
  };
  return {
    kv,
    queue,
    async close() {
      if (!opened) return;
      const { client, queue: redisQueue } = await opened;
      // Handlers still running finish first (a delivery is not cut off if it can help it).
      await within(redisQueue.idle(), 10_000);
      await within(client.quit(), 1000).catch(() => undefined);
      client.disconnect();
    },
  };
}

/**
 * The federation of a site whose config turns it on: what app.ts builds (undefined when FEDERATION
 * is off, so nothing of it is served or delivered). Its key-value store and delivery queue are in
 * Redis when REDIS_URL is set, else in the site's own database.
 */
export function createSiteFederation(config: AppConfig, database: DatabaseHandle, wiring: FederationWiring): SiteFederation | undefined {
  if (!config.federation.enabled) return undefined;
  const db: Kysely<DB> = database.db;
  const toChannel = (row: Awaited<ReturnType<FederationWiring['channel']>>): FederationChannel | undefined =>
    row ? { id: row.id, name: row.name, slug: row.slug, description: row.description, createdAt: row.created_at } : undefined;
  let log: Log | undefined;
  const redis = config.redisUrl ? redisStorage(config.redisUrl, new URL(config.publicUrl).host, () => log) : undefined;
  const service = createFederationService({
    repository: createFederationRepository(db, database.dialect),
    kv: redis?.kv ?? createDatabaseKvStore(db, database.dialect),
    queue: redis?.queue ?? createDatabaseMessageQueue(db, database.dialect, wiring.queue),
    publicUrl: config.publicUrl,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
    version: '1.0.0',
    openRegistrations: true,
    channel: async (id) => toChannel(await wiring.channel(id)),
    channelBySlug: async (slug) => {
      const id = await channelIdBySlug(db, slug);
      return id === undefined ? undefined : toChannel(await wiring.channel(id));
    },
    publicArticle: async (id) => {
      try {
        const article = await wiring.readArticle(id);
        return article.status === 'published' ? article : undefined;
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403 || error.statusCode === 410)) return undefined;
        throw error;
      }
    },
    written: wiring.written,
    comments: wiring.comments,
  });
  const setLog = service.setLog;
  return Object.assign(service, {
    setLog(next: Log) {
      log = next;
      setLog(next);
    },
    async close() {
      service.stopQueue();
      await redis?.close();
    },
  });
}
