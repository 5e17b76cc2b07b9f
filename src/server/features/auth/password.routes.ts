import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, ChangePasswordSchema, PASSWORD_MESSAGES } from '../../../contract/auth.js';
import { OkSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { requireUser, setSessionCookie, signedInOnly, type SessionCookieOptions } from '../../http/session.js';
import type { UsersRepository } from '../users/users.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import type { DeviceCookies } from './device-cookies.js';
import type { SessionsService } from './sessions.service.js';
import { sessionRequired } from '../../http/openapi.js';

export interface PasswordRoutesOptions {
  users: UsersRepository;
  sessions: SessionsService;
  cookie: SessionCookieOptions;
  authRateLimit: { max: number; timeWindow: number };
  /** The new password retires the old device cookies: this browser gets a new one (device-cookies.ts). */
  devices?: DeviceCookies;
}

export const passwordRoutes: FastifyPluginAsyncZod<PasswordRoutesOptions> = async (app, opts) => {
  const { users, sessions } = opts;
  const rateLimit = {
    ...opts.authRateLimit,
    errorResponseBuilder: () => ({ statusCode: 429, error: AUTH_MESSAGES.tooManyAttempts, message: AUTH_MESSAGES.tooManyAttempts }),
  };

  app.post(
    '/user/password',
    {
      config: { rateLimit },
      onRequest: signedInOnly(),
      schema: {
        tags: ['auth'],
        operationId: 'changePassword',
        security: sessionRequired,
        summary:
          'Set or change your password. A Google-only account sets its first one without currentPassword; every other session of the user is signed out',
        body: ChangePasswordSchema,
        response: { 200: OkSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (isCommonPassword(request.body.newPassword)) throw badRequest(COMMON_PASSWORD_MESSAGE);
      const user = await users.findById(me.id);
      if (!user) throw unauthorized();
      if (user.password_hash !== null) {
        const current = request.body.currentPassword ?? '';
        if (!current || !(await verifyPassword(user.password_hash, current))) {
          throw unauthorized(PASSWORD_MESSAGES.currentPasswordIncorrect);
        }
      }
      await users.updatePasswordHash(me.id, await hashPassword(request.body.newPassword), Date.now());
      // Every session ends (a lost phone, a shared computer, a copied cookie); this browser stays in
      // with a new token, so a copy of its cookie taken before the change is worth nothing either.
      await sessions.revokeAllForUser(me.id);
      const { token, expiresAt } = await sessions.start(me.id);
      setSessionCookie(reply, token, expiresAt, opts.cookie);
      // The device cookie was signed with the old password hash: this browser keeps its exemption.
      const updated = await users.findById(me.id);
      if (updated) opts.devices?.issue(reply, updated);
      return { success: true as const };
    },
  );
};
