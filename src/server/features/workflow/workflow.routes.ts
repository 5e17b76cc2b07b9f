import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArticleRefParamsSchema, ArticleSchema, ToggleStatusSchema } from '../../../contract/articles.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { QueueSchema, ReviewArticleSchema } from '../../../contract/staff.js';
import { sessionRequired } from '../../http/openapi.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { WorkflowService } from './workflow.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export const workflowRoutes: FastifyPluginAsyncZod<{ workflow: WorkflowService }> = async (app, { workflow }) => {
  app.post(
    '/articles/:id/toggle-status',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['articles'],
        operationId: 'toggleArticleStatus',
        security: sessionRequired,
        summary: 'Publish a draft or move a published article to drafts (author only)',
        params: ArticleRefParamsSchema,
        response: { 200: ToggleStatusSchema, ...errors },
      },
    },
    async (request) => workflow.toggleStatus(request.articleId, requireUser(request)),
  );

  app.post(
    '/articles/:id/submit',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['articles'],
        operationId: 'submitArticle',
        security: sessionRequired,
        summary: "Submit a draft for review (its author, on the channel's staff)",
        description: 'draft → in_review; 409 when it is not a draft. The channel’s owner and editors are emailed.',
        params: ArticleRefParamsSchema,
        response: { 200: ArticleSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => workflow.submit(request.articleId, requireUser(request)),
  );

  app.post(
    '/articles/:id/review',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['articles'],
        operationId: 'reviewArticle',
        security: sessionRequired,
        summary: 'Approve an article in review, or ask for changes (the channel’s owner and editors)',
        description: 'approve publishes it now, or schedules it when its publishAt is still ahead; request_changes (note required) returns it to draft with the note. 409 when it is not in review.',
        params: ArticleRefParamsSchema,
        body: ReviewArticleSchema,
        response: { 200: ArticleSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => workflow.review(request.articleId, requireUser(request), request.body),
  );

  app.get(
    '/channels/:id/queue',
    {
      schema: {
        tags: ['articles'],
        operationId: 'getChannelQueue',
        security: sessionRequired,
        summary: "A channel's review queue: scheduled articles by time, then articles in review (owner and staff)",
        params: IdParamsSchema,
        response: { 200: QueueSchema, ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      return workflow.queue(request.params.id, request.user);
    },
  );
};
