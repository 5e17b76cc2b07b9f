import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, ChangePasswordSchema, PASSWORD_MESSAGES } from '../../../contract/auth.js';
import { OkSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { UsersRepository } from '../users/users.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import type { SessionsService } from './sessions.service.js';

export interface PasswordRoutesOptions {
  users: UsersRepository;
  sessions: SessionsService;
  authRateLimit: { max: number; timeWindow: number };
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
        summary:
          'Set or change your password. A Google-only account sets its first one without currentPassword; every other session of the user is signed out',
        body: ChangePasswordSchema,
        response: { 200: OkSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
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
      // Whoever else held a session (a lost phone, a shared computer) is signed out; this browser stays in.
      await sessions.revokeAllForUser(me.id, me.sessionId);
      return { success: true as const };
    },
  );
};
