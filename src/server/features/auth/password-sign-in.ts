import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type Credentials } from '../../../contract/auth.js';
import { WELCOME_COOKIE, WELCOME_COOKIE_MAX_AGE_S } from '../../../contract/welcome.js';
import { HttpError } from '../../lib/errors.js';
import { setSessionCookie, type SessionCookieOptions } from '../../http/session.js';
import type { UserRow } from '../users/users.repository.js';
import type { AuthService } from './auth.service.js';
import type { DeviceCookies } from './device-cookies.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionsService } from './sessions.service.js';

export interface PasswordSignInOptions {
  auth: AuthService;
  sessions: SessionsService;
  cookie: SessionCookieOptions;
  /** Failed sign-ins counted per account and address, per device, and per account (login-throttle.ts). */
  loginThrottle?: LoginThrottle;
  /** The cookie that keeps a browser's owner from being locked out by others' guesses (device-cookies.ts). */
  devices?: DeviceCookies;
}

/**
 * Signing in with a username and password, and registering, as one request does it: the failed
 * attempts counted, a new session whose cookie goes on `reply` (any session the browser had is
 * revoked: no fixation), the device cookie. The API's /login and /register use it, and so does the
 * sign-in page's form when it is posted without JavaScript (the page data source): one set of rules.
 * Refusals throw HttpError with the API's words.
 */
export function createPasswordSignIn(options: PasswordSignInOptions) {
  const { auth, sessions, cookie, loginThrottle: throttle, devices } = options;

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    if (request.user) await sessions.revoke(request.user.sessionId);
    const { token, expiresAt } = await sessions.start(user.id);
    setSessionCookie(reply, token, expiresAt, cookie);
    devices?.issue(reply, user);
  }

  return {
    async login(request: FastifyRequest, reply: FastifyReply, { username, password }: { username: string; password: string }): Promise<UserRow> {
      const attempt = { username, address: request.ip, device: await devices?.verify(request, username) };
      if (throttle && (await throttle.isBlocked(attempt))) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
      let user: UserRow;
      try {
        user = await auth.login(username, password);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await throttle?.recordFailure(attempt);
        throw error;
      }
      await throttle?.clear(attempt);
      await startSession(request, reply, user);
      return user;
    },

    async register(request: FastifyRequest, reply: FastifyReply, credentials: Credentials): Promise<UserRow> {
      const user = await auth.register(credentials);
      await startSession(request, reply, user);
      // The feed greets the new account in this browser until its welcome panel is dismissed
      // (readable by the page's script, which deletes it on dismissal).
      reply.setCookie(WELCOME_COOKIE, String(user.id), { path: '/', sameSite: 'lax', secure: cookie.secure, maxAge: WELCOME_COOKIE_MAX_AGE_S });
      return user;
    },
  };
}

export type PasswordSignIn = ReturnType<typeof createPasswordSignIn>;
