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

export interface FederationWiring {
  /** A channel by id (null viewer); undefined when there is none. */
  channel(id: number): Promise<{ id: number; name: string; slug: string; description: string; created_at: number } | undefined>;
  /** The article as an anonymous reader reads it (throws the API's 404 when it cannot). */
  readArticle(id: number): Promise<Article>;
  written(tags: readonly string[]): void;
  comments: RemoteReplies['comments'];
  queue?: DatabaseMessageQueueOptions;
}

/**
 * The federation of a site whose config turns it on, over its own database: what app.ts builds
 * (undefined when FEDERATION is off, so nothing of it is served or delivered).
 */
export function createSiteFederation(config: AppConfig, database: DatabaseHandle, wiring: FederationWiring): FederationService | undefined {
  if (!config.federation.enabled) return undefined;
  const db: Kysely<DB> = database.db;
  const toChannel = (row: Awaited<ReturnType<FederationWiring['channel']>>): FederationChannel | undefined =>
    row ? { id: row.id, name: row.name, slug: row.slug, description: row.description, createdAt: row.created_at } : undefined;
  return createFederationService({
    repository: createFederationRepository(db, database.dialect),
    kv: createDatabaseKvStore(db, database.dialect),
    queue: createDatabaseMessageQueue(db, database.dialect, wiring.queue),
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
}
