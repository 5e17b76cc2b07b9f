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
  SaveConflictSchema,
  UpdateArticleSchema,
  ViewResultSchema,
} from '../../../contract/articles.js';
import { ViewRequestSchema } from '../../../contract/analytics.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';
import { answeringConflicts } from '../drafts/saves.service.js';
import type { ArticlesService } from './articles.service.js';
import type { ListingsService } from './listings.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export const articlesRoutes: FastifyPluginAsyncZod<{ articles: ArticlesService; listings: ListingsService }> = async (app, { articles, listings }) => {
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
    async (request) => listings.feed(request.query, request.user),
  );

  app.get(
    '/articles/facets',
    { config: { cache: { tags: [CACHE_TAGS.articleLists] } }, schema: { tags: ['articles'], operationId: 'getArticleFacets', security: sessionOptional, summary: 'Filter choices for the feed: categories, places, channels', response: { 200: FacetsSchema, 400: ErrorSchema } } },
    async (request) => listings.facets(request.user),
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
    async (request) => listings.ofChannel(request.params.id, false, request.user),
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
      return listings.channelTable(request.params.id, request.query, request.user);
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
      return listings.ofChannel(request.params.id, true, request.user);
    },
  );
};
