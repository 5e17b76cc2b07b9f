import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { clearSessionCookie, requireUser, type SessionCookieOptions } from '../../http/session.js';
import type { PasswordSignIn } from './password-sign-in.js';
import { userRowToCurrentUser } from '../users/users.repository.js';
import type { SessionsService } from './sessions.service.js';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';

export interface AuthRoutesOptions {
  /** Login and registration with their rules (password-sign-in.ts), shared with the sign-in page's form. */
  signIn: PasswordSignIn;
  sessions: SessionsService;
  cookie: SessionCookieOptions;
  authRateLimit: { max: number; timeWindow: number };
  googleEnabled: boolean;
}


export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { signIn, sessions, cookie } = opts;
  const rateLimit = {
    ...opts.authRateLimit,
    errorResponseBuilder: () => ({ statusCode: 429, error: AUTH_MESSAGES.tooManyAttempts, message: AUTH_MESSAGES.tooManyAttempts }),
  };

  app.post(
    '/register',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['auth'],
        operationId: 'register',
        security: sessionOptional,
        summary: 'Create an account and sign in',
        body: CredentialsSchema,
        response: { 201: AuthResultSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await signIn.register(request, reply, request.body);
      return reply.status(201).send({ success: true as const, ...userRowToCurrentUser(user) });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['auth'],
        operationId: 'login',
        security: sessionOptional,
        summary: 'Sign in with username and password',
        body: LoginSchema,
        response: { 200: AuthResultSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await signIn.login(request, reply, request.body);
      return { success: true as const, ...userRowToCurrentUser(user) };
    },
  );

  app.post(
    '/logout',
    { bodyLimit: BODY_LIMITS.anonymous, schema: { tags: ['auth'], operationId: 'logout', security: sessionOptional, summary: 'Sign out (revokes the session)', response: { 200: OkSchema, 403: ErrorSchema } } },
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
        operationId: 'getCurrentUser',
        security: sessionRequired,
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
    { schema: { tags: ['auth'], operationId: 'getIsAdmin', security: sessionOptional, summary: 'Whether the signed-in user is an admin', response: { 200: IsAdminSchema, 400: ErrorSchema } } },
    async (request) => ({ isAdmin: request.user?.isAdmin ?? false }),
  );

  app.get(
    '/auth/providers',
    { schema: { tags: ['auth'], operationId: 'listAuthProviders', security: sessionOptional, summary: 'Which external sign-in providers are configured', response: { 200: AuthProvidersSchema, 400: ErrorSchema } } },
    async () => ({ google: opts.googleEnabled }),
  );
};
