import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { SessionUser } from '../lib/session-user.js';

export const SESSION_COOKIE = 'broadsheet_session';

/** A path ending in a file extension, e.g. /assets/index-abc.js or /uploads/1_photo.webp. */
const STATIC_FILE = /\.[a-z0-9]{1,8}$/i;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

/** What the session cookie's token resolves to (features/auth's sessions service). */
export interface SessionLookup {
  resolve(token: string): Promise<{ user: SessionUser; expiresAt: number; extended: boolean } | null>;
}

/** Reads the session cookie on every request and exposes `request.user`. */
export function registerSessionResolver(app: FastifyInstance, sessions: SessionLookup, cookie: SessionCookieOptions) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    // Files (scripts, styles, images, feeds) never depend on who asks: no session lookup for them.
    if (!request.url.startsWith('/api/') && STATIC_FILE.test(request.url.split('?')[0]!)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) {
      clearSessionCookie(reply, cookie);
      return;
    }
    request.user = resolved.user;
    if (resolved.extended) setSessionCookie(reply, token, resolved.expiresAt, cookie);
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: number, cookie: SessionCookieOptions) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookieOptions) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Forbidden: Admin access required');
  return user;
}

/**
 * A route's `onRequest` hook for routes that answer 401 when signed out: the refusal comes before
 * the body is read or parsed, so a signed-out sender can make the server read nothing (a deeply
 * nested JSON body, a slow one), and the refusal never depends on the input.
 */
export function signedInOnly(message?: string) {
  return async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(message);
  };
}

/** `signedInOnly` for admin routes: 401 signed out, 403 for everyone but admins, before the body is read. */
export function adminOnly() {
  return async (request: FastifyRequest) => {
    requireAdmin(request);
  };
}
