import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_MESSAGES,
  ArticleRefParamsSchema,
  ArticleSchema,
  ArticleSummarySchema,
  ChannelTablePageSchema,
  ChannelTableQuerySchema,
  CreateArticleSchema,
  FacetsSchema,
  FeedPageSchema,
  FeedQuerySchema,
  ToggleStatusSchema,
  UpdateArticleSchema,
  ViewResultSchema,
} from '../../../contract/articles.js';
import { ViewRequestSchema } from '../../../contract/analytics.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { QueueSchema, ReviewArticleSchema } from '../../../contract/staff.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import { SaveConflictError, type ArticlesService } from './articles.service.js';
import { AutosaveArticleSchema, AutosaveNewArticleSchema, NEW_DRAFT_LIMITS, AutosaveResultSchema, NewDraftResultSchema, SaveConflictSchema } from '../../../contract/articles.js';
import type { FastifyReply } from 'fastify';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';
import { take, type Limiter } from '../../lib/limiters.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Autosaves have their own budget per writer: one every few seconds, from a couple of tabs, fits
 * well inside it, and it does not eat into the general write limit of the writer's address.
 */
const AUTOSAVES_PER_MINUTE = 120;
const autosaveRateLimit = { max: AUTOSAVES_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request: { user: { id: number } | null; ip: string }) => (request.user ? `autosave-u${request.user.id}` : request.ip) };

/** A save made from an older version answers 409 with the newer save's time, which the editor offers to load. */
async function answeringConflicts<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SaveConflictError) return reply.status(409).send({ error: error.message, savedAt: error.savedAt });
    throw error;
  }
}

export const articlesRoutes: FastifyPluginAsyncZod<{ articles: ArticlesService; newDrafts: Limiter }> = async (app, { articles, newDrafts }) => {
  app.get(
    '/articles',
    {
      config: { cache: { tags: [CACHE_TAGS.articleLists] } },
      schema: {
        tags: ['articles'],
        operationId: 'listArticles',
        security: sessionOptional,
        summary: "The feed: a signed-in reader's channels (or every channel), sorted, filtered, a page at a time",
        querystring: FeedQuerySchema,
        response: { 200: FeedPageSchema, 400: ErrorSchema },
      },
    },
    async (request) => articles.feed(request.query, request.user),
  );

  app.get(
    '/articles/facets',
    { config: { cache: { tags: [CACHE_TAGS.articleLists] } }, schema: { tags: ['articles'], operationId: 'getArticleFacets', security: sessionOptional, summary: 'Filter choices for the feed: categories, places, channels', response: { 200: FacetsSchema, 400: ErrorSchema } } },
    async (request) => articles.facets(request.user),
  );

  app.post(
    '/articles',
    {
      // Signed-out writers learn they must log in before anything about their input.
      onRequest: signedInOnly(ARTICLE_MESSAGES.signInToCreate),
      bodyLimit: BODY_LIMITS.article,
      schema: {
        tags: ['articles'],
        operationId: 'createArticle',
        security: sessionRequired,
        summary: 'Write an article in one of your channels (published unless saved as a draft)',
        body: CreateArticleSchema,
        response: { 201: ArticleSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await articles.create(requireUser(request), request.body)),
  );

  app.get(
    '/articles/:id',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['articles'],
        operationId: 'getArticle',
        security: sessionOptional,
        summary: 'One article by id or {slug}-{id} (a draft only for its author)',
        params: ArticleRefParamsSchema,
        response: { 200: ArticleSchema, ...errors },
      },
    },
    async (request) => articles.get(request.articleId, request.user),
  );

  app.patch(
    '/articles/:id',
    {
      onRequest: signedInOnly(),
      bodyLimit: BODY_LIMITS.article,
      schema: {
        tags: ['articles'],
        operationId: 'updateArticle',
        security: sessionRequired,
        summary: 'Edit an article (author only)',
        description: 'With baseSavedAt (the savedAt the edit was made from), a save made since answers 409 {error, savedAt}. Applies and clears the pending edit.',
        params: ArticleRefParamsSchema,
        body: UpdateArticleSchema,
        response: { 200: ArticleSchema, ...errors, 409: SaveConflictSchema },
      },
    },
    async (request, reply) => answeringConflicts(reply, () => articles.update(request.articleId, requireUser(request), request.body)),
  );

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
      return reply.status(201).send(await articles.autosaveNew(user, request.body, () => take(newDrafts, `u${user.id}`)));
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
    async (request, reply) => answeringConflicts(reply, () => articles.autosave(request.articleId, requireUser(request), request.body)),
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
    async (request) => articles.discardPendingEdit(request.articleId, requireUser(request)),
  );

  app.delete(
    '/articles/:id',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['articles'],
        operationId: 'deleteArticle',
        security: sessionRequired,
        summary: 'Delete an article with its comments, reactions and images (author only)',
        params: ArticleRefParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await articles.delete(request.articleId, requireUser(request));
      return reply.status(204).send(null);
    },
  );

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
    async (request) => articles.toggleStatus(request.articleId, requireUser(request)),
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
    async (request) => articles.submit(request.articleId, requireUser(request)),
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
    async (request) => articles.review(request.articleId, requireUser(request), request.body),
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
      return articles.queue(request.params.id, request.user);
    },
  );

  app.post(
    '/articles/:id/view',
    {
      bodyLimit: BODY_LIMITS.view,
      schema: {
        tags: ['articles'],
        operationId: 'recordArticleView',
        security: sessionOptional,
        summary: 'Record a view (once per reader per article per UTC day)',
        params: ArticleRefParamsSchema,
        body: ViewRequestSchema,
        response: { 200: ViewResultSchema, ...errors },
      },
    },
    async (request) =>
      articles.recordView(request.articleId, {
        user: request.user,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        referrer: request.body?.referrer,
      }),
  );

  app.get(
    '/channels/:id/articles',
    {
      config: { cache: { tags: [CACHE_TAGS.articleLists] } },
      schema: {
        tags: ['articles'],
        operationId: 'listChannelArticles',
        security: sessionOptional,
        summary: "A channel's published articles, newest first",
        params: IdParamsSchema,
        response: { 200: z.array(ArticleSummarySchema), ...errors },
      },
    },
    async (request) => articles.ofChannel(request.params.id, false, request.user),
  );

  app.get(
    '/channels/:id/article-rows',
    {
      config: { cache: { tags: [CACHE_TAGS.articleLists] } },
      schema: {
        tags: ['articles'],
        operationId: 'listChannelArticleRows',
        security: sessionOptional,
        summary: "A page of a channel's article table, in the chosen order",
        description:
          "What the channel page's Published and Drafts tables show, sorted and paged by the server (keyset cursor). Drafts are the channel owner's only. GET /channels/{id}/articles stays the first product's whole list.",
        params: IdParamsSchema,
        querystring: ChannelTableQuerySchema,
        response: { 200: ChannelTablePageSchema, ...errors },
      },
    },
    async (request) => {
      if (request.query.status === 'drafts') requireUser(request);
      return articles.channelTable(request.params.id, request.query, request.user);
    },
  );

  app.get(
    '/channels/:id/drafts',
    {
      schema: {
        tags: ['articles'],
        operationId: 'listChannelDrafts',
        security: sessionRequired,
        summary: "A channel's drafts (owner only)",
        params: IdParamsSchema,
        response: { 200: z.array(ArticleSummarySchema), ...errors },
      },
    },
    async (request) => {
      requireUser(request);
      return articles.ofChannel(request.params.id, true, request.user);
    },
  );
};
