import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArticleRefParamsSchema, ArticleSchema } from '../../../contract/articles.js';
import { IdSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import {
  RedactRevisionSchema,
  RevisionDiffQuerySchema,
  RevisionDiffSchema,
  RevisionListItemSchema,
  RevisionListQuerySchema,
  RevisionPageSchema,
  RevisionParamsSchema,
  RevisionSchema,
} from '../../../contract/revisions.js';
import { z } from 'zod';
import { adminOnly, requireAdmin, requireUser, signedInOnly } from '../../http/session.js';
import type { RevisionsService } from './revisions.service.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * The public record of an article (docs/product.md#public-record). The reads are shared with anonymous
 * readers (tagged with their article by the article resolver): a revision never changes, and an
 * edit, restore, redaction or deletion of the article drops them.
 */
export const revisionsRoutes: FastifyPluginAsyncZod<{ revisions: RevisionsService }> = async (app, { revisions }) => {
  app.get(
    '/articles/:id/revisions',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['revisions'],
        operationId: 'listRevisions',
        security: sessionOptional,
        summary: "An article's revisions, newest first, 50 a page (the public record; all of them for its owner and admins)",
        params: ArticleRefParamsSchema,
        querystring: RevisionListQuerySchema,
        response: { 200: RevisionPageSchema, ...errors },
      },
    },
    async (request) => revisions.list(request.articleId, request.query.cursor, request.user),
  );

  app.get(
    '/articles/:id/revisions/:number',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['revisions'],
        operationId: 'getRevision',
        security: sessionOptional,
        summary: 'One revision with its content, categories and place',
        params: RevisionParamsSchema,
        response: { 200: RevisionSchema, ...errors },
      },
    },
    async (request) => revisions.one(request.articleId, request.params.number, request.user),
  );

  app.get(
    '/articles/:id/revisions/:number/diff',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['revisions'],
        operationId: 'getRevisionDiff',
        security: sessionOptional,
        summary: 'What changed: the newer content with removed words in <del> and added words in <ins>',
        description: 'Against the previous revision the caller may see unless `against` names another.',
        params: RevisionParamsSchema,
        querystring: RevisionDiffQuerySchema,
        response: { 200: RevisionDiffSchema, ...errors },
      },
    },
    async (request) => revisions.diff(request.articleId, request.params.number, request.query.against, request.user),
  );

  app.post(
    '/articles/:id/revisions/:number/restore',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['revisions'],
        operationId: 'restoreRevision',
        security: sessionRequired,
        summary: "Save the article with a revision's title, content, categories and place (the channel's owner and admins)",
        params: RevisionParamsSchema,
        response: { 200: ArticleSchema, ...errors },
      },
    },
    async (request) => revisions.restore(request.articleId, request.params.number, requireUser(request)),
  );

  app.post(
    '/admin/articles/:id/revisions/:number/redact',
    {
      onRequest: adminOnly(),
      schema: {
        tags: ['admin'],
        operationId: 'redactRevision',
        security: sessionRequired,
        summary: "Remove a revision's content from the record, with a reason (admins only; audited)",
        params: z.object({ id: IdSchema, number: IdSchema }),
        body: RedactRevisionSchema,
        response: { 200: RevisionListItemSchema, ...errors },
      },
    },
    async (request) => revisions.redact(request.params.id, request.params.number, request.body.reason, requireAdmin(request)),
  );
};
