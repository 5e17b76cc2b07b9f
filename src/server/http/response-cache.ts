import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PREFERENCE_COOKIES } from '../../contract/pages.js';
import { CACHE_TAGS } from '../lib/cache-tags.js';
import { SESSION_COOKIE } from './session.js';

/**
 * How answers are cached, in one place (docs/product.md#api, docs/decisions/008-one-render-path.md, docs/decisions/025-response-cache-in-fastify.md):
 *
 * - "Signed in" is decided once per request, from the parsed cookies (`request.signedIn`: the
 *   request carries a session cookie, valid or not). Nothing else looks at the Cookie header's text.
 * - An answer that depends on the session is private to every cache: to a signed-in request, any
 *   write, any answer that sets a cookie, a 401 or 403. It carries `Cache-Control: private,
 *   no-store`. Every API answer and page carries `Vary: Cookie`.
 * - An anonymous GET of a route that declares `config: { cache: { tags } }` (or a page the route
 *   table calls cacheable: `reply.cacheable()`) is shared: kept in memory for the time to live and
 *   sent with `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…` and a
 *   `Surrogate-Key` of its tags, so a CDN or proxy in front may keep it too.
 * - A write drops every entry carrying a tag it names (`invalidate`, fed by the services through
 *   lib/cache-invalidation.ts), before its answer is sent. An answer whose reading began before such a
 *   write committed is not stored, so a slow read cannot put back what the write just dropped.
 * - A hit is answered in `onRequest`, before the session lookup and the route; it is logged like
 *   any request and marked `x-cache: hit`. @fastify/compress compresses answers, hits included;
 *   what it wrote for an entry is kept beside it, per Accept-Encoding header, and later hits with
 *   that header are sent as that copy with its `Content-Encoding`, which the plugin passes through
 *   as already compressed (docs/decisions/044-libraries-for-limits-feeds-files-addresses-zones.md).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous readers may share this GET route's answer; a write naming one of `tags` drops it. */
    cache?: { tags: readonly string[] };
  }
  interface FastifyRequest {
    /** The request carries a session cookie (valid or not): its answer is never shared. */
    signedIn: boolean;
    responseCache: CacheState | null;
  }
  interface FastifyReply {
    /** Lets anonymous readers share this answer (pages the route table marks cacheable); `tags` add to `pages`. */
    cacheable(tags?: readonly string[]): void;
    /** Adds tags to this answer if it is going to be shared (e.g. the article a slug resolved to). */
    addCacheTags(tags: readonly string[]): void;
  }
}

interface CacheState {
  /** Where the answer is kept, or null while it is not shareable. */
  key: string | null;
  tags: Set<string>;
  /** The invalidation count when the request started: a write committed since may have made it stale. */
  generation: number;
  hit: boolean;
  /** The entry this answer was kept as, or is a hit of: where the plugin's compressed copy goes. */
  entry?: Entry;
}

interface Entry {
  status: number;
  /** Every header of the original answer but those that belong to one response. */
  headers: [string, string][];
  body: Buffer;
  tags: string[];
  /** What @fastify/compress wrote for this body, by the Accept-Encoding header it answered. */
  compressed: Map<string, { body: Buffer; encoding: string }>;
  compressedBytes: number;
}

export interface ResponseCache {
  /** Drops every entry carrying one of these tags (CACHE_TAGS); `all` drops everything. */
  invalidate(tags: Iterable<string>): void;
  /** Entries held now (tests). */
  size(): number;
  /** Keeps what @fastify/compress writes for kept answers: call it right after registering the plugin. */
  registerAfterCompression(app: FastifyInstance): void;
}

export interface ResponseCacheOptions {
  /** How long a shared answer is kept; 0 keeps nothing (the headers are still decided here). */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
}

/** Headers that belong to one response, never to a kept copy. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'set-cookie', 'x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-cache', 'surrogate-key']);
/**
 * How many compressed copies an entry keeps: one per Accept-Encoding header seen, and browsers
 * send a handful of different ones. Together they may take the body's own size (sizeCalculation).
 */
const MAX_COMPRESSED_COPIES = 4;
/** How many recent invalidations are remembered to refuse storing an answer read before them. */
const RECENT_INVALIDATIONS = 256;
/** How long a CDN may serve a copy past its time while it fetches a fresh one. */
const STALE_WHILE_REVALIDATE_S = 30;
/** A path ending in a file extension (scripts, styles, images, feeds): never about the session. */
const STATIC_FILE = /\.[a-z0-9]{1,8}$/i;

/** Adds a field to the answer's Vary header, keeping those already there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Where an answer is kept: the URL, and for a page also the preference cookies it is rendered with
 * (images shown or not, the time zone of its dates), so no reader gets another's rendering.
 */
function keyOf(request: FastifyRequest): string {
  if (request.url.startsWith('/api/')) return request.url;
  const cookies = request.cookies;
  return `${request.url}\n${cookies[PREFERENCE_COOKIES.showImages] ?? ''}\n${cookies[PREFERENCE_COOKIES.timeZone] ?? ''}`;
}

/** Whether the answer depends on who asks (docs/product.md#api). */
function sessionBound(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.signedIn || (request.method !== 'GET' && request.method !== 'HEAD')) return true;
  if (reply.hasHeader('set-cookie')) return true;
  // "Sign in first" and "not yours" are answers about the session.
  return reply.statusCode === 401 || reply.statusCode === 403;
}

/**
 * Registers the cache's hooks on the app (not encapsulated: every route's answers pass through
 * them). Call it after @fastify/cookie, whose parsed cookies it reads, and before compression,
 * so the copy kept is the plain body.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): ResponseCache {
  const ttl = options.ttlMs;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const sharedControl = `public, max-age=0, s-maxage=${Math.max(1, Math.ceil(ttl / 1000))}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
  /** tag -> keys of the entries carrying it. */
  const byTag = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 2000,
    // The body, and room for its compressed copies (together at most the body's size).
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.body.length * 2 + 1,
    maxEntrySize: maxBytes / 16,
    ttl: Math.max(1, ttl),
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  /** Invalidations so far, and the tags of the latest ones (a ring), to refuse stale stores. */
  let generation = 0;
  const recent: (readonly string[])[] = [];

  const invalidate = (tags: Iterable<string>) => {
    const list = [...new Set(tags)];
    if (list.length === 0) return;
    generation++;
    recent.push(list);
    if (recent.length > RECENT_INVALIDATIONS) recent.shift();
    if (list.includes(CACHE_TAGS.all)) return entries.clear();
    // A page shows articles, counts, comments and channels together: any write may change one.
    for (const tag of [...list, CACHE_TAGS.pages]) {
      for (const key of [...(byTag.get(tag) ?? [])]) entries.delete(key);
    }
  };

  /** Whether a write committed since `since` named one of these tags (or too many writes to tell). */
  const staleSince = (since: number, tags: Set<string>) => {
    const missed = generation - since;
    if (missed === 0) return false;
    if (missed > recent.length) return true;
    if (tags.has(CACHE_TAGS.pages)) return true;
    for (let i = recent.length - missed; i < recent.length; i++) {
      for (const tag of recent[i]!) if (tag === CACHE_TAGS.all || tags.has(tag)) return true;
    }
    return false;
  };

  /** The Accept-Encoding a compressed copy is kept under; none when the plugin would send the body as it is. */
  const copyKey = (request: FastifyRequest): string | undefined => {
    const accept = request.headers['accept-encoding'];
    return accept && request.headers['x-no-compression'] === undefined ? accept : undefined;
  };

  const shareable = (request: FastifyRequest) => ttl > 0 && request.method === 'GET' && !request.signedIn;

  app.decorateRequest('signedIn', false);
  app.decorateRequest('responseCache', null);
  app.decorateReply('cacheable', function (this: FastifyReply, tags: readonly string[] = []) {
    const state = this.request.responseCache;
    if (!state) return;
    state.key = keyOf(this.request);
    state.tags.add(CACHE_TAGS.pages);
    for (const tag of tags) state.tags.add(tag);
  });
  app.decorateReply('addCacheTags', function (this: FastifyReply, tags: readonly string[]) {
    const state = this.request.responseCache;
    if (!state?.key) return;
    for (const tag of tags) state.tags.add(tag);
  });

  app.addHook('onRequest', async (request, reply) => {
    request.signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    if (!shareable(request)) return;
    const state: CacheState = { key: null, tags: new Set(), generation, hit: false };
    request.responseCache = state;
    const declared = request.routeOptions.config?.cache;
    const key = keyOf(request);
    const hit = entries.get(key);
    if (hit) {
      state.hit = true;
      state.entry = hit;
      const accept = copyKey(request);
      const copy = accept === undefined ? undefined : hit.compressed.get(accept);
      for (const [name, value] of hit.headers) reply.header(name, value);
      // Already compressed for this header: the plugin sends a body with a Content-Encoding as it is.
      if (copy) reply.header('content-encoding', copy.encoding);
      return reply.status(hit.status).header('surrogate-key', hit.tags.join(' ')).header('x-cache', 'hit').send(copy ? copy.body : hit.body);
    }
    if (declared) {
      state.key = key;
      for (const tag of declared.tags) state.tags.add(tag);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.responseCache;
    if (state?.hit) return payload;
    const path = request.url.split('?')[0]!;
    // Files (scripts, styles, images, feeds) never depend on who asks and keep their own headers.
    if (!path.startsWith('/api/') && STATIC_FILE.test(path)) return payload;
    const bound = sessionBound(request, reply);
    const own = reply.getHeader('cache-control');
    const declaredPublic = typeof own === 'string' && own.startsWith('public');
    // Reference data that says it is public to everyone (categories, places) keeps its own headers.
    if (!(declaredPublic && !bound)) addVary(reply, 'Cookie');
    if (bound) {
      reply.header('cache-control', 'private, no-store');
      return payload;
    }
    const key = state?.key;
    if (!state || !key || typeof payload !== 'string' || (reply.statusCode !== 200 && reply.statusCode !== 404)) return payload;
    // Anything that is not found may be created; an answer nothing could drop is never kept.
    if (reply.statusCode === 404) state.tags.add(CACHE_TAGS.missing);
    if (state.tags.size === 0) return payload;
    const tags = [...state.tags];
    if (!declaredPublic) reply.header('cache-control', sharedControl);
    reply.header('surrogate-key', tags.join(' '));
    // Hits may travel compressed, so they always vary by Accept-Encoding.
    addVary(reply, 'Accept-Encoding');
    if (staleSince(state.generation, state.tags)) return payload;
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_RESPONSE.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    const entry: Entry = { status: reply.statusCode, headers, body: Buffer.from(payload), tags, compressed: new Map(), compressedBytes: 0 };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.has(key)) {
      state.entry = entry;
      for (const tag of tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    }
    return payload;
  });

  /**
   * After @fastify/compress (its hook is a route hook, added as each route is declared): keeps the
   * compressed body it wrote for a kept answer or a hit, under the request's Accept-Encoding, so the
   * next hit with that header is not compressed again. A body the plugin streams (above its
   * syncThreshold) is not a Buffer here and is compressed on every hit.
   */
  const keepCompressed = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const entry = request.responseCache?.entry;
    if (!entry || !Buffer.isBuffer(payload)) return;
    const encoding = reply.getHeader('content-encoding');
    const accept = copyKey(request);
    if (typeof encoding !== 'string' || encoding === 'identity' || accept === undefined || entry.compressed.has(accept)) return;
    if (entry.compressed.size >= MAX_COMPRESSED_COPIES || entry.compressedBytes + payload.length > entry.body.length) return;
    entry.compressed.set(accept, { body: payload, encoding });
    entry.compressedBytes += payload.length;
  };

  return {
    invalidate,
    size: () => entries.size,
    registerAfterCompression(instance: FastifyInstance) {
      // A callback hook, not an async one: every answer passes it, and a hit should cost no promise more.
      const hook: onSendHookHandler = (request, reply, payload, done) => {
        keepCompressed(request, reply, payload);
        done(null, payload);
      };
      instance.addHook('onRoute', (route) => {
        route.onSend = [...(route.onSend ? [route.onSend].flat() : []), hook];
      });
    },
  };
}
