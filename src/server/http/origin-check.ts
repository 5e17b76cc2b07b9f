import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another site (docs/product.md#api). A request with no
 * Origin header (curl, server-to-server) passes; cookies are SameSite=Lax besides. Once PUBLIC_URL
 * is set (`strict`), its origin is the only one accepted: the request's own Host (or a forwarded
 * host) is chosen by whoever sends it. Only on a laptop, with PUBLIC_URL unset, is the request's
 * own host accepted too, so 127.0.0.1:3000 works beside the localhost default.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string, options: { strict: boolean }): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // RFC 8058 one-click unsubscribe: posted by mail providers; the signed token in the URL is the
    // whole authority (no cookie is used), so there is nothing to forge.
    if (request.url.startsWith('/api/email/unsubscribe?')) return;
    const origin = request.headers.origin;
    if (origin === undefined || origin === publicOrigin) return;
    if (!options.strict && origin === `${request.protocol}://${request.host}`) return;
    return reply.status(403).send({ error: 'Cross-origin request refused' });
  });
}
