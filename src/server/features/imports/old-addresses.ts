import type { FastifyInstance } from 'fastify';
import { isOwnedPath, redirectKey } from './redirect-paths.js';

/**
 * Imported articles' old addresses answer 301 with their new page, on the site's own host (the
 * newsroom points its old domain here). Only GET and HEAD of paths no route of ours owns are
 * looked up, so our own pages and the API never pay for it.
 */
export function registerOldAddresses(app: FastifyInstance, locate: (pathAndQuery: string) => Promise<string | undefined>) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const key = redirectKey(request.url);
    if (!key || isOwnedPath(key)) return;
    const location = await locate(request.url);
    if (location) return reply.code(301).header('location', location).header('cache-control', 'public, max-age=300').send();
  });
}
