import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminArticlePageSchema,
  AdminArticleUpdatedSchema,
  AdminChannelPageSchema,
  AdminChannelUpdatedSchema,
  AdminListQuerySchema,
  UpdateAdminArticleSchema,
  UpdateAdminChannelSchema,
} from '../../../contract/admin.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { requireAdmin } from '../../http/session.js';
import type { AdminService } from './admin.service.js';
import { sessionRequired } from '../../http/openapi.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * The admin dashboard's routes (docs/product.md#api: the first product's edge functions admin-articles and
 * admin-channels). Every one answers 401 signed out and 403 'Forbidden: Admin access required'
 * to anyone but an admin, before looking at anything else it was sent.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  // The role is checked before the body is even parsed, so a non-admin learns nothing from a malformed request.
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/admin-articles',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listAdminArticles',
        security: sessionRequired,
        summary: 'Every article, drafts included, newest first; searchable by title (admins only)',
        querystring: AdminListQuerySchema,
        response: { 200: AdminArticlePageSchema, ...errors },
      },
    },
    async (request) => admin.articles(request.query),
  );

  app.patch(
    '/admin-articles/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'updateAdminArticle',
        security: sessionRequired,
        summary: "Set an article's displayed views, likes and dislikes (admins only; audited)",
        params: IdParamsSchema,
        body: UpdateAdminArticleSchema,
        response: { 200: AdminArticleUpdatedSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => admin.updateArticle(request.params.id, request.body, requireAdmin(request)),
  );

  app.get(
    '/admin-channels',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listAdminChannels',
        security: sessionRequired,
        summary: 'Every channel with real and total subscribers, newest first; searchable by name (admins only)',
        querystring: AdminListQuerySchema,
        response: { 200: AdminChannelPageSchema, ...errors },
      },
    },
    async (request) => admin.channels(request.query),
  );

  app.patch(
    '/admin-channels/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'updateAdminChannel',
        security: sessionRequired,
        summary: "Set a channel's displayed subscriber total (admins only; audited)",
        params: IdParamsSchema,
        body: UpdateAdminChannelSchema,
        response: { 200: AdminChannelUpdatedSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => admin.updateChannel(request.params.id, request.body.subscriber_count, requireAdmin(request)),
  );
};
