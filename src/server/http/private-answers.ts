import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.js';

/** A path ending in a file extension (scripts, styles, images, feeds): never about the session. */
const STATIC_FILE = /\.[a-z0-9]{1,8}$/i;

/** Adds a field to the response's Vary header, keeping those already there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/** Whether the answer to this request depends on who asks (DESIGN.md section 4). */
function sessionBound(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return true;
  if (reply.hasHeader('set-cookie')) return true;
  // "Sign in first" and "not yours" are answers about the session.
  return reply.statusCode === 401 || reply.statusCode === 403;
}

/**
 * Answers that depend on the session are private to caches (DESIGN.md section 4): every API answer
 * and page given to a request with a session cookie, every answer that sets a cookie, every write's
 * answer and every refusal for want of a session carries `Cache-Control: private, no-store`. Every
 * API answer and page carries `Vary: Cookie`, so no shared cache hands an anonymous copy to a
 * signed-in reader. Files (paths with an extension) and answers that declare themselves public
 * (categories, places, geocoding) to a request without a session are left as they are.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') && STATIC_FILE.test(path)) return payload;
    const bound = sessionBound(request, reply);
    const declared = reply.getHeader('cache-control');
    if (!bound && typeof declared === 'string' && declared.startsWith('public')) return payload;
    addVary(reply, 'Cookie');
    if (bound) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
