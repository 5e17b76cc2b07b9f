import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './session.js';

/** Anonymous reads worth caching: feeds, articles, channels, comments, trees, and the pages that embed them. */
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
  /^\/$/,
  /^\/articles\/[^/?]+$/,
];

interface Entry {
  expires: number;
  status: number;
  contentType: string;
  body: string;
}

/**
 * A one-second cache of anonymous read responses, per instance. The busiest pages (the popular
 * feed, a shared article) are requested by many anonymous readers at once; serving them from
 * memory for a second spares the database and the serializer without showing anyone data more
 * than a second old. Requests carrying a session cookie never read or fill it, so what a signed-in
 * user writes shows to them at once. Being a TTL cache only, several instances stay consistent.
 */
export function registerMicroCache(app: FastifyInstance, options: { ttlMs?: number; maxEntries?: number } = {}): void {
  const ttl = options.ttlMs ?? 1000;
  const max = options.maxEntries ?? 2000;
  const entries = new Map<string, Entry>();
  const cacheable = (method: string, url: string, cookie: string | undefined) =>
    method === 'GET' && !cookie?.includes(`${SESSION_COOKIE}=`) && CACHEABLE.some((re) => re.test(url));

  app.decorateRequest('microCacheKey', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request.method, request.url, request.headers.cookie)) return;
    const hit = entries.get(request.url);
    if (hit && hit.expires > Date.now()) {
      return reply.status(hit.status).header('content-type', hit.contentType).header('x-cache', 'hit').send(hit.body);
    }
    (request as unknown as { microCacheKey: string | null }).microCacheKey = request.url;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = (request as unknown as { microCacheKey: string | null }).microCacheKey;
    if (!key || typeof payload !== 'string' || reply.getHeader('set-cookie')) return payload;
    if (reply.statusCode !== 200 && reply.statusCode !== 404) return payload;
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { expires: Date.now() + ttl, status: reply.statusCode, contentType: String(reply.getHeader('content-type') ?? 'application/json'), body: payload });
    return payload;
  });
}
