import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import {
  AuthorArticlesPageSchema,
  AuthorArticlesQuerySchema,
  AuthorSchema,
  PublicUserSchema,
  UpdateUserSchema,
  UserExportSchema,
  UserSegmentParamsSchema,
} from '../../../contract/users.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { UsersService } from './users.service.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users/:id',
    {
      // Anonymous readers share the author answers; a bio change or a channel's change drops them.
      config: { cache: { tags: [CACHE_TAGS.authors, CACHE_TAGS.channels] } },
      schema: {
        tags: ['users'],
        operationId: 'getUser',
        security: sessionOptional,
        summary: 'A user: by id (digits) their profile (username, bio, joining date); by username their author page (bio, channels)',
        params: UserSegmentParamsSchema,
        response: { 200: PublicUserSchema.or(AuthorSchema), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const segment = request.params.id;
      return 'id' in segment ? users.profile(segment.id) : users.author(segment.username);
    },
  );

  app.get(
    '/users/:id/articles',
    {
      config: { cache: { tags: [CACHE_TAGS.authors, CACHE_TAGS.articleLists] } },
      schema: {
        tags: ['users'],
        operationId: 'listUserArticles',
        security: sessionOptional,
        summary: "A user's published articles (by id or username), newest first, a page at a time",
        params: UserSegmentParamsSchema,
        querystring: AuthorArticlesQuerySchema,
        response: { 200: AuthorArticlesPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => users.authorArticles(request.params.id, request.query),
  );

  app.get(
    '/user/export',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['users'],
        operationId: 'exportOwnData',
        security: sessionRequired,
        summary: 'Your own data as JSON (profile, comments, reactions, subscriptions, channels, staff roles), as a download',
        response: { 200: UserExportSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const data = await users.exportOwn(requireUser(request));
      return reply
        .header('content-disposition', `attachment; filename="broadsheet-${data.profile.username}-export.json"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.patch(
    '/users/:id',
    {
      // Signed-out requests get 401 before their body is looked at.
      onRequest: signedInOnly(),
      schema: {
        tags: ['users'],
        operationId: 'updateUser',
        security: sessionRequired,
        summary: 'Update your own bio (at most 300 characters)',
        params: IdParamsSchema,
        body: UpdateUserSchema,
        response: { 200: PublicUserSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => users.updateBio(requireUser(request), request.params.id, request.body.description),
  );
};
