import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  AuthProvidersSchema,
  AuthResultSchema,
  CredentialsSchema,
  CurrentUserSchema,
  IsAdminSchema,
  LoginSchema,
} from '../../../contract/auth.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { OkSchema } from '../../../contract/common.js';
import { clearSessionCookie, requireUser, setSessionCookie, type SessionCookieOptions } from '../../http/session.js';
import type { UserRow } from '../users/users.repository.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthService } from './auth.service.js';
import type { DeviceCookies } from './device-cookies.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionsService } from './sessions.service.js';
import { BODY_LIMITS } from '../../http/body-limits.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionsService;
  cookie: SessionCookieOptions;
  authRateLimit: { max: number; timeWindow: number };
  googleEnabled: boolean;
  /** Failed sign-ins counted per account and address, per device, and per account (login-throttle.ts). */
  loginThrottle?: LoginThrottle;
  /** The cookie that keeps a browser's owner from being locked out by others' guesses (device-cookies.ts). */
  devices?: DeviceCookies;
}

const currentUser = (row: UserRow) => ({
  id: row.id,
  username: row.username,
  description: row.description,
  isAdmin: row.is_admin === 1,
  hasPassword: row.password_hash !== null,
  createdAt: new Date(row.created_at).toISOString(),
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, sessions, cookie } = opts;
  const rateLimit = {
    ...opts.authRateLimit,
    errorResponseBuilder: () => ({ statusCode: 429, error: AUTH_MESSAGES.tooManyAttempts, message: AUTH_MESSAGES.tooManyAttempts }),
  };

  /** A new session at every sign-in; any session the browser already had is revoked (no fixation). */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    if (request.user) await sessions.revoke(request.user.sessionId);
    const { token, expiresAt } = await sessions.start(user.id);
    setSessionCookie(reply, token, expiresAt, cookie);
  }

  app.post(
    '/register',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: CredentialsSchema,
        response: { 201: AuthResultSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      await signIn(request, reply, user);
      opts.devices?.issue(reply, user);
      return reply.status(201).send({ success: true as const, ...currentUser(user) });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: LoginSchema,
        response: { 200: AuthResultSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const throttle = opts.loginThrottle;
      const attempt = { username, address: request.ip, device: await opts.devices?.verify(request, username) };
      if (throttle && (await throttle.isBlocked(attempt))) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
      let user: UserRow;
      try {
        user = await auth.login(username, password);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await throttle?.recordFailure(attempt);
        throw error;
      }
      await throttle?.clear(attempt);
      await signIn(request, reply, user);
      opts.devices?.issue(reply, user);
      return { success: true as const, ...currentUser(user) };
    },
  );

  app.post(
    '/logout',
    { bodyLimit: BODY_LIMITS.anonymous, schema: { tags: ['auth'], summary: 'Sign out (revokes the session)', response: { 200: OkSchema } } },
    async (request, reply) => {
      if (request.user) await sessions.revoke(request.user.sessionId);
      clearSessionCookie(reply, cookie);
      return { success: true as const };
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: CurrentUserSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const { sessionId: _sessionId, ...user } = requireUser(request);
      return user;
    },
  );

  app.get(
    '/is-admin',
    { schema: { tags: ['auth'], summary: 'Whether the signed-in user is an admin', response: { 200: IsAdminSchema } } },
    async (request) => ({ isAdmin: request.user?.isAdmin ?? false }),
  );

  app.get(
    '/auth/providers',
    { schema: { tags: ['auth'], summary: 'Which external sign-in providers are configured', response: { 200: AuthProvidersSchema } } },
    async () => ({ google: opts.googleEnabled }),
  );
};
