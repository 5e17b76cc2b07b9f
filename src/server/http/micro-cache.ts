import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory } from 'fastify';
import { PREFERENCE_COOKIES } from '../../contract/pages.js';
import { SESSION_COOKIE } from './session.js';

/**
 * What a write drops from the cache (DESIGN.md section 7). An entry carries tags; a write names the
 * tags it affects and every entry carrying one of them is dropped when the write commits.
 * - `a:{id}`: one article's JSON and its comments (any segment that addresses it: id, slug, slug-id);
 * - `lists`: every list an article can appear on (the feed pages, its filter choices, channel article lists);
 * - `channels`: channel JSON and the channel lists (counts of articles and subscribers);
 * - `missing`: every cached 404 (a new article or channel, or a new slug, may answer it now);
 * - `pages`: every server-rendered page (any article, comment, reaction, channel or subscription write);
 * - `all`: every entry (rare writes that change what many answers embed, e.g. a channel's name).
 */
export const CACHE_TAGS = {
  article: (id: number) => `a:${id}`,
  lists: 'lists',
  channels: 'channels',
  missing: 'missing',
  pages: 'pages',
  all: 'all',
  /** Reference data no request writes (categories, places): only its TTL ends it. */
  reference: 'reference',
} as const;

/** Anonymous reads worth caching, with the tags their entries carry (routes add more, e.g. the article id). */
const CACHEABLE: [RegExp, string[]][] = [
  [/^\/api\/articles(\?|$)/, [CACHE_TAGS.lists]],
  [/^\/api\/articles\/facets(\?|$)/, [CACHE_TAGS.lists]],
  // Tagged with the article's id by the segment resolver (article-ref.ts); a 404 carries `missing`.
  [/^\/api\/articles\/[^/?]+(\?|$)/, []],
  [/^\/api\/articles\/[^/?]+\/comments(\?|$)/, []],
  [/^\/api\/articles\/[^/?]+\/comment-threads(\?|$)/, []],
  // Tagged with its article's id by the route.
  [/^\/api\/comments\/\d+\/replies(\?|$)/, []],
  [/^\/api\/channels(\?|$)/, [CACHE_TAGS.channels]],
  [/^\/api\/channels\/\d+(\?|$)/, [CACHE_TAGS.channels]],
  [/^\/api\/channels\/\d+\/articles(\?|$)/, [CACHE_TAGS.lists]],
  [/^\/api\/channels\/\d+\/article-rows(\?|$)/, [CACHE_TAGS.lists]],
  [/^\/api\/categories$/, [CACHE_TAGS.reference]],
  [/^\/api\/locations$/, [CACHE_TAGS.reference]],
  // Pages are not listed: the page renderer marks the ones the route table calls cacheable (markCacheable).
];

/** The per-request state of the cache, a request decoration. */
interface RequestCacheState {
  /** The key to store the response under (the URL), or null when it is not cacheable. */
  key: string | null;
  tags: Set<string>;
  /** The invalidation count when the request started: a write committed since may have made it stale. */
  generation: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    microCache: RequestCacheState | null;
  }
}

const PREFERENCE_PATTERNS = [PREFERENCE_COOKIES.showImages, PREFERENCE_COOKIES.timeZone].map((name) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));

/**
 * The cache key of a request: the URL, and for a page also the preference cookies it is rendered
 * with (images shown or not, the time zone of its dates), so no reader gets another's rendering.
 */
function keyOf(url: string, cookie: string | undefined): string {
  if (url.startsWith('/api/') || !cookie) return url;
  return `${url}\n${PREFERENCE_PATTERNS.map((pattern) => pattern.exec(cookie)?.[1] ?? '').join('\n')}`;
}

const isSignedInRequest = (request: FastifyRequest) => request.method !== 'GET' || isSignedIn(request.headers.cookie);

/**
 * Lets an anonymous GET response be shared with other anonymous readers for `MICRO_CACHE_MS`, dropped
 * by any write that names one of `tags` (every page also carries `pages`). The page renderer calls it
 * for pages that show the same to every anonymous reader. A no-op for signed-in requests, other
 * methods, or when the cache is off.
 */
export function markCacheable(request: FastifyRequest, tags: readonly string[] = []): void {
  const state = request.microCache;
  if (!state || isSignedInRequest(request)) return;
  state.key = keyOf(request.url, request.headers.cookie);
  state.tags.add(CACHE_TAGS.pages);
  for (const tag of tags) state.tags.add(tag);
}

/** Adds tags to the response being built, if it is going to be cached (e.g. the article id a slug resolved to). */
export function addCacheTags(request: FastifyRequest, tags: readonly string[]): void {
  const state = request.microCache;
  if (!state?.key) return;
  for (const tag of tags) state.tags.add(tag);
}

/** Headers that belong to one response, never to a cached copy. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'set-cookie', 'x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-cache']);
/** Smaller bodies are sent as they are (the same threshold as @fastify/compress in app.ts). */
const COMPRESS_THRESHOLD = 1024;

interface Entry {
  expires: number;
  status: number;
  /** Every header of the original response (security headers, content type…) but the per-response ones. */
  headers: [string, string][];
  /** The same headers as one flat list [name, value, name, value…] for writeHead, with x-cache: hit. */
  rawHeaders: string[];
  body: Buffer;
  tags: string[];
  /** Compressed once per entry, on the first request that accepts it. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface MicroCache {
  /** Fills the cache from Fastify's responses and serves hits to requests that reach Fastify (inject). */
  register(app: FastifyInstance): void;
  /** A node:http server that answers hits before Fastify sees the request, handing everything else to it. */
  serverFactory: FastifyServerFactory;
  /** Drops every entry carrying one of these tags (CACHE_TAGS); `all` drops everything. */
  invalidate(tags: Iterable<string>): void;
  /** Entries held now (tests). */
  size(): number;
}

const isSignedIn = (cookie: string | undefined) => cookie !== undefined && cookie.includes(`${SESSION_COOKIE}=`);

/** How many recent invalidations are remembered to refuse storing a response read before them. */
const RECENT_INVALIDATIONS = 256;

/**
 * A short cache of anonymous read responses, per instance. The busiest pages (the popular
 * feed, a shared article) are requested by many anonymous readers at once; serving them from
 * memory spares the database and the serializer. Requests carrying a session cookie never read or
 * fill it, so what a signed-in user writes shows to them at once.
 *
 * Fresh after writes: every entry carries tags (CACHE_TAGS) and a write drops the entries whose tags
 * it names as soon as it commits, before its answer is sent, so the next anonymous request on this
 * instance reads the database. Other instances hear of it over Redis (cache-invalidation.ts). A
 * response whose reading began before a write that touches its tags committed is not stored, so a
 * slow read cannot put back what the write just dropped. Views are not such writes: view counts may
 * lag by the TTL.
 *
 * A hit is answered straight from the node:http request handler (serverFactory): the response was
 * complete when it was cached (status, security headers, body), and nothing Fastify would do for an
 * anonymous GET changes it (no session, no rate limit on reads, no origin check on reads), so the
 * per-request work of the framework is skipped. Hits are therefore not in the request log; the
 * x-cache: hit header marks them. Entries are bounded in number and by their body size.
 */
export function createMicroCache(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}): MicroCache {
  const ttl = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  /** tag -> keys of the entries carrying it. */
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  /** Invalidations so far, and the tags of the latest ones (a ring), to refuse stale stores. */
  let generation = 0;
  const recent: (readonly string[])[] = [];

  const remove = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    bytes -= old.body.length + (old.br?.length ?? 0) + (old.gzip?.length ?? 0);
    entries.delete(key);
    for (const tag of old.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };

  const evictOldest = () => {
    const key = entries.keys().next().value;
    if (key !== undefined) remove(key);
  };

  const invalidate = (tags: Iterable<string>) => {
    const list = [...new Set(tags)];
    if (list.length === 0) return;
    generation++;
    recent.push(list);
    if (recent.length > RECENT_INVALIDATIONS) recent.shift();
    if (list.includes(CACHE_TAGS.all)) {
      for (const key of [...entries.keys()]) remove(key);
      return;
    }
    for (const tag of list) {
      const keys = byTag.get(tag);
      if (keys) for (const key of [...keys]) remove(key);
    }
  };

  /** Whether a write committed since `since` named one of these tags (or too many writes to tell). */
  const staleSince = (since: number, tags: Set<string>) => {
    const missed = generation - since;
    if (missed === 0) return false;
    if (missed > recent.length) return true;
    for (let i = recent.length - missed; i < recent.length; i++) {
      for (const tag of recent[i]!) if (tag === CACHE_TAGS.all || tags.has(tag)) return true;
    }
    return false;
  };
  const fresh = (method: string | undefined, url: string | undefined, cookie: string | undefined) => {
    if (method !== 'GET' || url === undefined || isSignedIn(cookie)) return undefined;
    const hit = entries.get(keyOf(url, cookie));
    return hit && hit.expires > Date.now() ? hit : undefined;
  };

  /** The body in the best encoding the client accepts, compressed at most once per entry. */
  const encoded = (hit: Entry, accept: string | undefined): [Buffer, string | undefined] => {
    if (!accept || hit.body.length < COMPRESS_THRESHOLD) return [hit.body, undefined];
    if (accept.includes('br')) {
      if (!hit.br) {
        hit.br = brotliCompressSync(hit.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
        bytes += hit.br.length;
      }
      return [hit.br, 'br'];
    }
    if (accept.includes('gzip')) {
      if (!hit.gzip) {
        hit.gzip = gzipSync(hit.body);
        bytes += hit.gzip.length;
      }
      return [hit.gzip, 'gzip'];
    }
    return [hit.body, undefined];
  };

  const requestId = (given: string | string[] | undefined) => (typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID());

  return {
    register(app) {
      app.decorateRequest('microCache', null);
      app.addHook('onRequest', async (request, reply) => {
        const hit = fresh(request.method, request.url, request.headers.cookie);
        if (hit) {
          for (const [name, value] of hit.headers) reply.header(name, value);
          return reply.status(hit.status).header('x-cache', 'hit').send(hit.body.toString());
        }
        if (request.method !== 'GET' || isSignedIn(request.headers.cookie)) return;
        const state: RequestCacheState = { key: null, tags: new Set(), generation };
        const match = CACHEABLE.find(([re]) => re.test(request.url));
        if (match) {
          state.key = request.url;
          for (const tag of match[1]) state.tags.add(tag);
        }
        request.microCache = state;
      });

      app.addHook('onSend', async (request, reply, payload) => {
        const state = request.microCache;
        const key = state?.key;
        if (!state || !key || typeof payload !== 'string' || reply.getHeader('set-cookie')) return payload;
        if (reply.statusCode !== 200 && reply.statusCode !== 404) return payload;
        // Anything that is not found may be created; an entry nothing could drop is never stored.
        if (reply.statusCode === 404) state.tags.add(CACHE_TAGS.missing);
        if (state.tags.size === 0) return payload;
        if (staleSince(state.generation, state.tags)) return payload;
        const body = Buffer.from(payload);
        if (body.length > maxBytes / 16) return payload;
        const headers: [string, string][] = [];
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined || PER_RESPONSE.has(name)) continue;
          headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
        }
        // Hits may be compressed (encoded below), so they always vary by Accept-Encoding.
        const vary = headers.find(([name]) => name === 'vary');
        if (!vary) headers.push(['vary', 'accept-encoding']);
        else if (!/accept-encoding/i.test(vary[1])) vary[1] = `${vary[1]}, accept-encoding`;
        remove(key);
        while (entries.size > 0 && (entries.size >= maxEntries || bytes + body.length > maxBytes)) evictOldest();
        const rawHeaders = [...headers.flat(), 'x-cache', 'hit'];
        const tags = [...state.tags];
        entries.set(key, { expires: Date.now() + ttl, status: reply.statusCode, headers, rawHeaders, body, tags });
        for (const tag of tags) {
          let keys = byTag.get(tag);
          if (!keys) byTag.set(tag, (keys = new Set()));
          keys.add(key);
        }
        bytes += body.length;
        return payload;
      });
    },

    invalidate,
    size: () => entries.size,

    serverFactory(handler, opts) {
      const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
        const hit = fresh(req.method, req.url, req.headers.cookie);
        if (!hit) return handler(req, res);
        const [body, encoding] = encoded(hit, req.headers['accept-encoding']);
        const head = hit.rawHeaders.slice();
        head.push('content-length', String(body.length), 'x-request-id', requestId(req.headers['x-request-id']));
        if (encoding) head.push('content-encoding', encoding);
        res.writeHead(hit.status, head);
        res.end(body);
      });
      // What Fastify sets on the server it makes itself.
      const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
      server.keepAliveTimeout = numberOr(opts.keepAliveTimeout, 72_000);
      server.requestTimeout = numberOr(opts.requestTimeout, 0);
      server.setTimeout(numberOr(opts.connectionTimeout, 0));
      return server;
    },
  };
}
