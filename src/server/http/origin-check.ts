import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another site (DESIGN.md section 4). A request with no
 * Origin header (curl, server-to-server) passes; cookies are SameSite=Lax besides.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // RFC 8058 one-click unsubscribe: posted by mail providers; the signed token in the URL is the
    // whole authority (no cookie is used), so there is nothing to forge.
    if (request.url.startsWith('/api/email/unsubscribe?')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin === publicOrigin || origin === ownOrigin) return;
    return reply.status(403).send({ error: 'Cross-origin request refused' });
  });
}
