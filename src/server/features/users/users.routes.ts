import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { PublicUserSchema, UpdateUserSchema } from '../../../contract/users.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import { userRowToPublicUser, type UsersRepository } from './users.repository.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersRepository }> = async (app, { users }) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user profile: username, bio and the date they joined',
        params: IdParamsSchema,
        response: { 200: PublicUserSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const user = await users.findById(request.params.id);
      if (!user) throw notFound('User not found');
      return userRowToPublicUser(user);
    },
  );

  app.patch(
    '/users/:id',
    {
      // Signed-out requests get 401 before their body is looked at.
      onRequest: signedInOnly(),
      schema: {
        tags: ['users'],
        summary: 'Update your own bio (at most 300 characters)',
        params: IdParamsSchema,
        body: UpdateUserSchema,
        response: { 200: PublicUserSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const me = requireUser(request);
      if (me.id !== request.params.id) {
        if (!(await users.findById(request.params.id))) throw notFound('User not found');
        throw forbidden('You can only edit your own profile');
      }
      const description = request.body.description?.trim() ? request.body.description : null;
      const updated = await users.updateDescription(me.id, description, Date.now());
      if (!updated) throw notFound('User not found');
      return userRowToPublicUser(updated);
    },
  );
};
