import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory } from 'fastify';
import { PREFERENCE_COOKIES } from '../../contract/pages.js';
import { SESSION_COOKIE } from './session.js';

/**
 * Anonymous API reads worth caching: feeds, articles, channels, comments, trees. Pages are marked
 * by the page renderer (markMicroCacheable), from the route table's `cacheable`.
 */
const CACHEABLE = [
  /^\/api\/articles(\?|$)/,
  /^\/api\/articles\/facets(\?|$)/,
  /^\/api\/articles\/[^/?]+(\?|$)/,
  /^\/api\/articles\/[^/?]+\/comments(\?|$)/,
  /^\/api\/channels(\?|$)/,
  /^\/api\/channels\/\d+(\?|$)/,
  /^\/api\/channels\/\d+\/articles(\?|$)/,
  /^\/api\/categories$/,
  /^\/api\/locations$/,
];

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
  /** Compressed once per entry, on the first request that accepts it. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface MicroCache {
  /** Fills the cache from Fastify's responses and serves hits to requests that reach Fastify (inject). */
  register(app: FastifyInstance): void;
  /** A node:http server that answers hits before Fastify sees the request, handing everything else to it. */
  serverFactory: FastifyServerFactory;
}

const isSignedIn = (cookie: string | undefined) => cookie !== undefined && cookie.includes(`${SESSION_COOKIE}=`);

const PREFERENCE_PATTERNS = [PREFERENCE_COOKIES.showImages, PREFERENCE_COOKIES.timeZone].map((name) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));

/**
 * The cache key of a request: the URL, and for a page also the preference cookies it is rendered
 * with (images shown or not, the time zone of its dates), so no reader gets another's rendering.
 */
function keyOf(url: string, cookie: string | undefined): string {
  if (url.startsWith('/api/') || !cookie) return url;
  return `${url}\n${PREFERENCE_PATTERNS.map((pattern) => pattern.exec(cookie)?.[1] ?? '').join('\n')}`;
}

/** Lets the page renderer cache an anonymous page (a no-op when the cache is off or the reader is signed in). */
export function markMicroCacheable(request: FastifyRequest): void {
  const holder = request as unknown as { microCacheKey?: string | null };
  if (holder.microCacheKey !== null || request.method !== 'GET' || isSignedIn(request.headers.cookie)) return;
  holder.microCacheKey = keyOf(request.url, request.headers.cookie);
}

/**
 * A one-second cache of anonymous read responses, per instance. The busiest pages (the popular
 * feed, a shared article) are requested by many anonymous readers at once; serving them from
 * memory for a second spares the database and the serializer without showing anyone data more
 * than a second old. Requests carrying a session cookie never read or fill it, so what a signed-in
 * user writes shows to them at once. Being a TTL cache only, several instances stay consistent.
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
  let bytes = 0;

  const evictOldest = () => {
    const key = entries.keys().next().value;
    if (key === undefined) return;
    const old = entries.get(key)!;
    bytes -= old.body.length + (old.br?.length ?? 0) + (old.gzip?.length ?? 0);
    entries.delete(key);
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
      app.decorateRequest('microCacheKey', null);
      app.addHook('onRequest', async (request, reply) => {
        const hit = fresh(request.method, request.url, request.headers.cookie);
        if (hit) {
          for (const [name, value] of hit.headers) reply.header(name, value);
          return reply.status(hit.status).header('x-cache', 'hit').send(hit.body.toString());
        }
        if (request.method === 'GET' && !isSignedIn(request.headers.cookie) && CACHEABLE.some((re) => re.test(request.url))) {
          (request as unknown as { microCacheKey: string | null }).microCacheKey = request.url;
        }
      });

      app.addHook('onSend', async (request, reply, payload) => {
        const key = (request as unknown as { microCacheKey: string | null }).microCacheKey;
        if (!key || typeof payload !== 'string' || reply.getHeader('set-cookie')) return payload;
        if (reply.statusCode !== 200 && reply.statusCode !== 404) return payload;
        const body = Buffer.from(payload);
        if (body.length > maxBytes / 16) return payload;
        const headers: [string, string][] = [];
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined || PER_RESPONSE.has(name)) continue;
          headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
        }
        if (!headers.some(([name]) => name === 'vary')) headers.push(['vary', 'accept-encoding']);
        const previous = entries.get(key);
        if (previous) {
          bytes -= previous.body.length + (previous.br?.length ?? 0) + (previous.gzip?.length ?? 0);
          entries.delete(key);
        }
        while (entries.size > 0 && (entries.size >= maxEntries || bytes + body.length > maxBytes)) evictOldest();
        const rawHeaders = [...headers.flat(), 'x-cache', 'hit'];
        entries.set(key, { expires: Date.now() + ttl, status: reply.statusCode, headers, rawHeaders, body });
        bytes += body.length;
        return payload;
      });
    },

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
