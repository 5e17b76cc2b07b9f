import { randomUUID } from 'node:crypto';
import {
  createExponentialBackoffPolicy,
  createFederation,
  exportJwk,
  generateCryptoKeyPair,
  importJwk,
  type Context,
  type Federation,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify';
import { Accept, Activity, Announce, Article, Create, Delete, Endpoints, Follow, Image, isActor, Like, Organization, Undo, Update, type Recipient } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { Article as ArticleAnswer } from '../../../contract/articles.js';
import { paths } from '../../../contract/paths.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { articleObject, articleTombstone } from './article-object.js';
import type { FederationRepository } from './federation.repository.js';
import { createRemoteReplies, type RemoteReplies } from './remote-replies.js';

/** A channel as federation needs it. */
export interface FederationChannel {
  id: number;
  name: string;
  slug: string;
  description: string;
  createdAt: number;
  imageUrl?: string | null;
}

export interface FederationServiceDeps {
  repository: FederationRepository;
  kv: KvStore;
  queue: MessageQueue;
  publicUrl: string;
  /** Loopback and private addresses may be fetched and delivered to: tests on one machine only. */
  allowPrivateAddress: boolean;
  version: string;
  openRegistrations: boolean;
  channel(id: number): Promise<FederationChannel | undefined>;
  /** The channel whose slug is this (ignoring case), for a WebFinger query before the channel has federated. */
  channelBySlug(slug: string): Promise<FederationChannel | undefined>;
  /** The article as an anonymous reader sees it; undefined when it is not public (a draft, removed, deleted). */
  publicArticle(id: number): Promise<ArticleAnswer | undefined>;
  written(tags: readonly string[]): void;
  /** The site's comments, which replies from the fediverse become. */
  comments: RemoteReplies['comments'];
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

type Ctx = Context<undefined>;

/**
 * Every channel an ActivityPub actor (docs/decisions/045-the-social-web.md): Fedify's federation
 * with the site's dispatchers and inbox listeners, and what the rest of the site tells it
 * (`articleChanged` after any write to an article).
 */
export function createFederationService(deps: FederationServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const origin = new URL(deps.publicUrl).origin;
  const host = new URL(deps.publicUrl).host;
  let log: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void } | undefined = deps.log;
  // Cached an hour: NodeInfo is asked for by every server that meets the site, and its figures are totals.
  let usageCache: { at: number; usage: Awaited<ReturnType<FederationRepository['usage']>> } | undefined;

  const federation: Federation<undefined> = createFederation<undefined>({
    kv: deps.kv,
    queue: deps.queue,
    origin,
    manuallyStartQueue: true,
    allowPrivateAddress: deps.allowPrivateAddress,
    // About a day and a half of attempts: 30 s, then three times longer each time, at most 12 hours apart.
    outboxRetryPolicy: createExponentialBackoffPolicy({ initialDelay: { seconds: 30 }, factor: 3, maxDelay: { hours: 12 }, maxAttempts: 10 }),
    userAgent: { software: `Broadsheet/${deps.version}`, url: new URL(origin) },
  });

  /** The channel's actor row when the channel federates (it exists and its owner has not turned federation off). */
  async function federatingChannel(identifier: string): Promise<{ channel: FederationChannel; handle: string } | undefined> {
    if (!/^\d{1,10}$/.test(identifier)) return undefined;
    const channel = await deps.channel(Number(identifier));
    if (!channel) return undefined;
    const actor = await repository.ensureActor(channel.id, channel.slug, now());
    return actor.federated === 1 ? { channel, handle: actor.handle } : undefined;
  }

  federation
    .setActorDispatcher('/channels/{identifier}', async (ctx, identifier) => {
      const found = await federatingChannel(identifier);
      if (!found) return null;
      const { channel, handle } = found;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Organization({
        id: ctx.getActorUri(identifier),
        preferredUsername: handle,
        name: channel.name,
        summary: `<p>${channel.description.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
        url: new URL(paths.channel(channel.id), origin),
        icon: channel.imageUrl ? new Image({ url: new URL(channel.imageUrl, origin) }) : null,
        published: Temporal.Instant.fromEpochMilliseconds(channel.createdAt),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        manuallyApprovesFollowers: false,
        discoverable: true,
        indexable: true,
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .mapHandle(async (_ctx, username) => {
      const actor = await repository.actorByHandle(username);
      if (actor) return actor.federated === 1 ? String(actor.channel_id) : null;
      // Before a channel has federated, its slug finds it (and fixes its handle).
      const channel = await deps.channelBySlug(username);
      if (!channel) return null;
      const made = await repository.ensureActor(channel.id, channel.slug, now());
      return made.handle.toLowerCase() === username.toLowerCase() && made.federated === 1 ? String(channel.id) : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const channelId = Number(identifier);
      const actor = await repository.actorOf(channelId);
      if (!actor) return [];
      let stored = actor.key_pairs;
      if (!stored) {
        // Made once per channel and kept: RSA for HTTP Signatures, Ed25519 for Object Integrity Proofs.
        const made = await Promise.all([generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), generateCryptoKeyPair('Ed25519')]);
        const json = JSON.stringify(await Promise.all(made.map(async (pair) => ({ private: await exportJwk(pair.privateKey), public: await exportJwk(pair.publicKey) }))));
        stored = await repository.keepKeyPairs(channelId, json);
      }
      const pairs = JSON.parse(stored) as { private: JsonWebKey; public: JsonWebKey }[];
      return Promise.all(pairs.map(async (pair) => ({ privateKey: await importJwk(pair.private, 'private'), publicKey: await importJwk(pair.public, 'public') })));
    });

  const FOLLOWERS_PAGE = 100;
  federation
    .setFollowersDispatcher('/channels/{identifier}/followers', async (_ctx, identifier, cursor) => {
      if (!(await federatingChannel(identifier))) return null;
      const after = cursor && cursor !== '0' ? parseFollowerCursor(cursor) : null;
      const rows = await repository.followersPage(Number(identifier), after, FOLLOWERS_PAGE);
      const items: Recipient[] = rows.map((row) => ({
        id: new URL(row.actor_uri),
        inboxId: new URL(row.inbox_url),
        endpoints: row.shared_inbox_url ? { sharedInbox: new URL(row.shared_inbox_url) } : null,
      }));
      const last = rows.at(-1);
      return { items, nextCursor: rows.length === FOLLOWERS_PAGE && last ? `${last.created_at}:${last.actor_uri}` : null };
    })
    .setFirstCursor(() => '0')
    .setCounter((_ctx, identifier) => repository.followerCount(Number(identifier)));

  const OUTBOX_PAGE = 20;
  federation
    .setOutboxDispatcher('/channels/{identifier}/outbox', async (ctx, identifier, cursor) => {
      if (!(await federatingChannel(identifier))) return null;
      const before = cursor && cursor !== 'first' ? Number(cursor) : null;
      if (before !== null && !Number.isSafeInteger(before)) return null;
      const rows = await repository.activitiesPage(Number(identifier), before, OUTBOX_PAGE);
      const items = await Promise.all(rows.map((row) => Activity.fromJsonLd(JSON.parse(row.json), { contextLoader: ctx.contextLoader, documentLoader: ctx.documentLoader })));
      const last = rows.at(-1);
      return { items, nextCursor: rows.length === OUTBOX_PAGE && last ? String(last.id) : null };
    })
    .setFirstCursor(() => 'first')
    .setCounter((_ctx, identifier) => repository.activityCount(Number(identifier)));

  federation.setObjectDispatcher(Article, '/ap/articles/{id}/{generation}', async (ctx, values) => {
    const state = await articleState(ctx, Number(values.id));
    return state.kind === 'article' && String(state.generation) === values.generation ? state.object : null;
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    if (!usageCache || now() - usageCache.at > 3_600_000) usageCache = { at: now(), usage: await repository.usage() };
    const { usage } = usageCache;
    return {
      software: { name: 'broadsheet', version: deps.version, homepage: new URL(origin) },
      protocols: ['activitypub'],
      openRegistrations: deps.openRegistrations,
      usage: { users: { total: usage.users }, localPosts: usage.posts, localComments: usage.comments },
    };
  });

  federation
    .setInboxListeners('/channels/{identifier}/inbox', '/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const parsed = ctx.parseUri(follow.objectId);
      if (parsed?.type !== 'actor') return;
      if (!(await federatingChannel(parsed.identifier))) return;
      const follower = await follow.getActor(ctx);
      if (!follower || !isActor(follower) || !follower.id || !follower.inboxId || follower.id.href !== follow.actorId.href) return;
      if (await repository.isBlocked(follower.id.host)) return;
      await repository.addFollower({
        channel_id: Number(parsed.identifier),
        actor_uri: follower.id.href,
        handle: `@${follower.preferredUsername ?? 'unknown'}@${follower.id.host}`,
        domain: follower.id.host.toLowerCase(),
        inbox_url: follower.inboxId.href,
        shared_inbox_url: follower.endpoints?.sharedInbox?.href ?? null,
        follow_id: follow.id.href,
        created_at: now(),
      });
      deps.written([CACHE_TAGS.channels, CACHE_TAGS.pages]);
      const actorUri = ctx.getActorUri(parsed.identifier);
      // Followers are accepted automatically.
      await ctx.sendActivity({ identifier: parsed.identifier }, follower, new Accept({ id: new URL(`#accepts/${randomUUID()}`, actorUri), actor: actorUri, object: follow }));
    })
    .on(Like, async (ctx, like) => reacted(ctx, like, 'like'))
    .on(Announce, async (ctx, announce) => reacted(ctx, announce, 'announce'))
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if ((object instanceof Like || object instanceof Announce) && undo.actorId && object.actorId?.href === undo.actorId.href) {
        const articleId = ourArticle(ctx, object.objectId);
        if (articleId !== null && (await repository.removeReaction(articleId, undo.actorId.href, object instanceof Like ? 'like' : 'announce'))) deps.written([CACHE_TAGS.article(articleId)]);
        return;
      }
      if (object instanceof Follow) {
        if (!undo.actorId || !object.objectId || object.actorId?.href !== undo.actorId.href) return;
        const parsed = ctx.parseUri(object.objectId);
        if (parsed?.type !== 'actor') return;
        if (await repository.removeFollower(Number(parsed.identifier), undo.actorId.href)) deps.written([CACHE_TAGS.channels, CACHE_TAGS.pages]);
      }
    })
    .on(Create, async (ctx, create) => replies.created(ctx, create))
    .on(Update, async (ctx, update) => replies.updated(ctx, update))
    .on(Delete, async (_ctx, deletion) => {
      // A reply deleted on its server: its comment goes.
      if (await replies.deleted(deletion)) return;
      // An account deleted on its server: its follows go.
      if (deletion.actorId && deletion.objectId?.href === deletion.actorId.href) {
        if ((await repository.removeActorEverywhere(deletion.actorId.href)).length > 0) deps.written([CACHE_TAGS.channels, CACHE_TAGS.pages]);
      }
    })
    // Anything else is accepted and ignored.
    .on(Activity, async () => {});

  const replies = createRemoteReplies({ repository, comments: deps.comments, ourArticle: (ctx, id) => ourArticle(ctx, id), now, log: () => log });

  /** The article an object id of ours names (any generation), or null. */
  function ourArticle(ctx: Ctx, id: URL | null): number | null {
    if (!id) return null;
    const parsed = ctx.parseUri(id);
    if (parsed?.type !== 'object' || parsed.class !== Article) return null;
    const articleId = Number(parsed.values.id);
    return Number.isSafeInteger(articleId) && articleId > 0 ? articleId : null;
  }

  /** A like or a boost of one of our articles, counted once per remote actor. */
  async function reacted(ctx: Ctx, activity: Like | Announce, kind: 'like' | 'announce'): Promise<void> {
    if (!activity.actorId) return;
    const articleId = ourArticle(ctx, activity.objectId);
    const announced = articleId === null ? undefined : await repository.federatedArticle(articleId);
    if (articleId === null || !announced) return;
    if (await repository.isBlocked(activity.actorId.host)) return;
    // A banned account's reactions are refused, as a banned reader's are.
    if (await repository.isBannedIn(announced.channel_id, activity.actorId.href, now())) return;
    if (await repository.addReaction({ articleId, actorUri: activity.actorId.href, kind, activityId: activity.id?.href ?? null, now: now() })) deps.written([CACHE_TAGS.article(articleId)]);
  }

  /** An article's object now: the Article, its Tombstone (withdrawn after it was announced), or nothing. */
  async function articleState(
    ctx: Ctx,
    articleId: number,
  ): Promise<{ kind: 'article'; object: Article; generation: number } | { kind: 'tombstone'; id: URL; deletedAt: number } | { kind: 'none' }> {
    if (!Number.isSafeInteger(articleId) || articleId <= 0) return { kind: 'none' };
    const announced = await repository.federatedArticle(articleId);
    const article = await deps.publicArticle(articleId);
    if (article) {
      const found = await federatingChannel(String(article.channelId));
      if (!found) return { kind: 'none' };
      const generation = announced && !announced.imported ? announced.generation + (announced.deleted_at ? 1 : 0) : 1;
      const publishedAt = announced && !announced.deleted_at ? announced.published_at : Date.parse(article.createdAt);
      const id = objectId(ctx, articleId, generation);
      const actor = ctx.getActorUri(String(article.channelId));
      return { kind: 'article', generation, object: articleObject({ article, id, actor, followers: ctx.getFollowersUri(String(article.channelId)), origin, publishedAt }) };
    }
    if (announced?.deleted_at && !announced.imported) {
      const actor = await repository.actorOf(announced.channel_id);
      if (!actor || actor.federated !== 1) return { kind: 'none' };
      return { kind: 'tombstone', id: objectId(ctx, articleId, announced.generation), deletedAt: announced.deleted_at };
    }
    return { kind: 'none' };
  }

  const objectId = (ctx: Ctx, articleId: number, generation: number) => ctx.getObjectUri(Article, { id: String(articleId), generation: String(generation) });

  function context(): Ctx {
    return federation.createContext(new URL(origin), undefined);
  }

  async function deliver(ctx: Ctx, channelId: number, activity: Activity, orderingKey: string): Promise<void> {
    const json = await activity.toJsonLd({ contextLoader: ctx.contextLoader, format: 'compact' });
    await repository.recordActivity({ channelId, activityId: activity.id!.href, type: activity.constructor.name, json, now: now() });
    await ctx.sendActivity({ identifier: String(channelId) }, 'followers', activity, { preferSharedInbox: true, orderingKey });
  }

  /** What was announced of the article, brought up to date with what readers see now. */
  async function reconcile(articleId: number): Promise<void> {
    const announced = await repository.federatedArticle(articleId);
    if (announced?.imported) return;
    const ctx = context();
    const article = await deps.publicArticle(articleId);
    const at = now();
    if (article) {
      const found = await federatingChannel(String(article.channelId));
      if (!found) return;
      const channelId = article.channelId;
      const editedAt = Date.parse(article.updatedAt ?? article.lastEdited);
      const actor = ctx.getActorUri(String(channelId));
      if (!announced || announced.deleted_at !== null) {
        // Announced again after a withdrawal: a new id, since servers keep the one they saw deleted.
        const generation = announced ? announced.generation + 1 : 1;
        await repository.saveFederatedArticle({ article_id: articleId, channel_id: channelId, generation, edited_at: editedAt, published_at: at, deleted_at: null, imported: 0 });
        const object = articleObject({ article, id: objectId(ctx, articleId, generation), actor, followers: ctx.getFollowersUri(String(channelId)), origin, publishedAt: at });
        await deliver(ctx, channelId, new Create({ id: new URL(`#create-${randomUUID()}`, object.id!), actor, object, tos: object.toIds, ccs: object.ccIds, published: Temporal.Instant.fromEpochMilliseconds(at) }), object.id!.href);
      } else if (editedAt > announced.edited_at) {
        await repository.saveFederatedArticle({ ...announced, edited_at: editedAt });
        const object = articleObject({ article, id: objectId(ctx, articleId, announced.generation), actor, followers: ctx.getFollowersUri(String(channelId)), origin, publishedAt: announced.published_at });
        await deliver(ctx, channelId, new Update({ id: new URL(`#update-${randomUUID()}`, object.id!), actor, object, tos: object.toIds, ccs: object.ccIds, updated: Temporal.Instant.fromEpochMilliseconds(at) }), object.id!.href);
      }
      return;
    }
    if (announced && announced.deleted_at === null) {
      await repository.saveFederatedArticle({ ...announced, deleted_at: at });
      const actorRow = await repository.actorOf(announced.channel_id);
      if (!actorRow || actorRow.federated !== 1) return;
      const id = objectId(ctx, articleId, announced.generation);
      const actor = ctx.getActorUri(String(announced.channel_id));
      await deliver(
        ctx,
        announced.channel_id,
        new Delete({ id: new URL(`#delete-${randomUUID()}`, id), actor, object: articleTombstone(id, at), tos: [new URL('https://www.w3.org/ns/activitystreams#Public')], ccs: [ctx.getFollowersUri(String(announced.channel_id))] }),
        id.href,
      );
    }
  }

  // One look at a time per article, in the order the writes came.
  const chains = new Map<number, Promise<void>>();
  function articleChanged(articleId: number): Promise<void> {
    const previous = chains.get(articleId) ?? Promise.resolve();
    const next = previous
      .then(() => reconcile(articleId))
      .catch((error: unknown) => log?.warn({ err: error, articleId }, 'federation: the article could not be announced'))
      .finally(() => {
        if (chains.get(articleId) === next) chains.delete(articleId);
      });
    chains.set(articleId, next);
    return next;
  }

  let stopQueue: AbortController | undefined;

  return {
    federation,
    host,
    origin,
    /** Written tags name the articles a write changed: each is looked at again. */
    written(tags: readonly string[]): void {
      for (const tag of tags) {
        const match = /^article-(\d+)$/.exec(tag);
        if (match) void articleChanged(Number(match[1]));
      }
    },
    articleChanged,
    /** Where its warnings go (buildApp points it at the app's log). */
    setLog(next: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void }): void {
      log = next;
    },
    /** Resolves once every look at an article begun so far has finished (tests wait on it). */
    async settled(): Promise<void> {
      while (chains.size > 0) await Promise.allSettled([...chains.values()]);
    },
    /** The handle (`@handle@host`) and the number of followers on the fediverse; null when not federated. */
    async describeChannel(channelId: number, slug: string): Promise<{ handle: string | null; fediverseFollowerCount: number }> {
      const actor = await repository.ensureActor(channelId, slug, now());
      return { handle: actor.federated === 1 ? `@${actor.handle}@${host}` : null, fediverseFollowerCount: await repository.followerCount(channelId) };
    },
    /** The article's object under content negotiation: 200 with the Article, 410 with its Tombstone, or 404. */
    async articleDocument(articleId: number): Promise<{ status: 200 | 404 | 410; body?: unknown }> {
      const ctx = context();
      const state = await articleState(ctx, articleId);
      if (state.kind === 'none') return { status: 404 };
      if (state.kind === 'tombstone') return { status: 410, body: await articleTombstone(state.id, state.deletedAt).toJsonLd({ contextLoader: ctx.contextLoader }) };
      return { status: 200, body: await state.object.toJsonLd({ contextLoader: ctx.contextLoader }) };
    },
    /** Whether the object id (`/ap/articles/{id}/{generation}`) is a withdrawn one: its Tombstone then. */
    async withdrawnObject(articleId: number, generation: number): Promise<unknown | undefined> {
      const ctx = context();
      const state = await articleState(ctx, articleId);
      const announced = await repository.federatedArticle(articleId);
      if (!announced || announced.imported || generation < 1 || generation > announced.generation + 1) return undefined;
      if (state.kind === 'article' && state.generation === generation) return undefined;
      if (state.kind === 'none' && !announced.deleted_at) return undefined;
      return articleTombstone(objectId(ctx, articleId, generation), announced.deleted_at ?? announced.published_at).toJsonLd({ contextLoader: ctx.contextLoader });
    },
    /** Articles an import brought in are never announced. */
    markImported: (articles: { articleId: number; channelId: number }[]) => repository.markImported(articles, now()),
    isBlocked: (domain: string) => repository.isBlocked(domain),
    /** Likes and boosts of the article from the fediverse, apart from the site's own likes. */
    fediverseReactions: (articleId: number) => repository.reactionCounts(articleId),
    /** An admin blocks an instance: its inbox posts answer 403 and its follows are dropped. */
    async block(domain: string, adminId: number): Promise<{ domain: string; createdAt: string }> {
      await repository.addBlock(domain, adminId, now());
      if ((await repository.removeDomain(domain)).length > 0) deps.written([CACHE_TAGS.channels, CACHE_TAGS.pages]);
      const row = (await repository.listBlocks()).find((b) => b.domain === domain)!;
      return { domain: row.domain, createdAt: new Date(row.created_at).toISOString() };
    },
    async blocks(): Promise<{ domain: string; createdAt: string }[]> {
      return (await repository.listBlocks()).map((b) => ({ domain: b.domain, createdAt: new Date(b.created_at).toISOString() }));
    },
    unblock: (domain: string) => repository.removeBlock(domain),
    /** The owner's switch for one channel: off, its WebFinger, actor and objects answer 404 and nothing more is delivered. */
    async setChannelFederated(channel: { id: number; slug: string }, federated: boolean): Promise<void> {
      await repository.ensureActor(channel.id, channel.slug, now());
      await repository.setFederated(channel.id, federated);
      deps.written([CACHE_TAGS.channels, CACHE_TAGS.pages]);
    },
    startQueue(): void {
      if (stopQueue) return;
      stopQueue = new AbortController();
      void federation.startQueue(undefined, { signal: stopQueue.signal });
    },
    stopQueue(): void {
      stopQueue?.abort();
      stopQueue = undefined;
    },
  };
}
export type FederationService = ReturnType<typeof createFederationService>;

function parseFollowerCursor(cursor: string): { createdAt: number; actorUri: string } | null {
  const colon = cursor.indexOf(':');
  const createdAt = Number(cursor.slice(0, colon));
  return colon > 0 && Number.isSafeInteger(createdAt) ? { createdAt, actorUri: cursor.slice(colon + 1) } : null;
}
