import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ARTICLE_MESSAGES,
  ArticleRefParamsSchema,
  AutosaveArticleSchema,
  AutosaveNewArticleSchema,
  AutosaveResultSchema,
  NEW_DRAFT_LIMITS,
  NewDraftResultSchema,
  SaveConflictSchema,
} from '../../../contract/articles.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { sessionRequired } from '../../http/openapi.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import { take, type Limiter } from '../../lib/limiters.js';
import type { DraftsService } from './drafts.service.js';
import { answeringConflicts } from './saves.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Autosaves have their own budget per writer: one every few seconds, from a couple of tabs, fits
 * well inside it, and it does not eat into the general write limit of the writer's address.
 */
const AUTOSAVES_PER_MINUTE = 120;
const autosaveRateLimit = { max: AUTOSAVES_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request: { user: { id: number } | null; ip: string }) => (request.user ? `autosave-u${request.user.id}` : request.ip) };

export const autosaveRoutes: FastifyPluginAsyncZod<{ drafts: DraftsService; newDrafts: Limiter }> = async (app, { drafts, newDrafts }) => {
  app.post(
    '/articles/autosave',
    {
      onRequest: signedInOnly(ARTICLE_MESSAGES.signInToCreate),
      bodyLimit: BODY_LIMITS.article,
      config: { rateLimit: autosaveRateLimit },
      schema: {
        tags: ['articles'],
        operationId: 'autosaveNewArticle',
        security: sessionRequired,
        summary: "A new article's first autosave: creates it as a draft in one of your channels",
        description: `At most ${NEW_DRAFT_LIMITS.perWindow} new drafts per person per ${NEW_DRAFT_LIMITS.windowMinutes} minutes, and ${NEW_DRAFT_LIMITS.openMax} open drafts: past either, 429 {error} saying which.`,
        body: AutosaveNewArticleSchema,
        response: { 201: NewDraftResultSchema, ...errors, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // NEW_DRAFT_LIMITS.perWindow per person per window, on every instance (Redis when configured).
      return reply.status(201).send(await drafts.autosaveNew(user, request.body, () => take(newDrafts, `u${user.id}`)));
    },
  );

  app.put(
    '/articles/:id/autosave',
    {
      onRequest: signedInOnly(),
      bodyLimit: BODY_LIMITS.article,
      config: { rateLimit: autosaveRateLimit },
      schema: {
        tags: ['articles'],
        operationId: 'autosaveArticle',
        security: sessionRequired,
        summary: 'Autosave the changed fields (author only): a draft in place, a published article as its private pending edit',
        description: 'Never a revision, never visible to readers. A save made after baseSavedAt answers 409 {error, savedAt}.',
        params: ArticleRefParamsSchema,
        body: AutosaveArticleSchema,
        response: { 200: AutosaveResultSchema, ...errors, 409: SaveConflictSchema },
      },
    },
    async (request, reply) => answeringConflicts(reply, () => drafts.autosave(request.articleId, requireUser(request), request.body)),
  );

  app.delete(
    '/articles/:id/autosave',
    {
      onRequest: signedInOnly(),
      config: { rateLimit: autosaveRateLimit },
      schema: {
        tags: ['articles'],
        operationId: 'discardPendingEdit',
        security: sessionRequired,
        summary: "Discard a published article's pending edit (author only); the live text stays",
        params: ArticleRefParamsSchema,
        response: { 200: AutosaveResultSchema, ...errors },
      },
    },
    async (request) => drafts.discardPendingEdit(request.articleId, requireUser(request)),
  );
};
