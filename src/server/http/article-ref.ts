import type { FastifyInstance } from 'fastify';
import { ARTICLE_MESSAGES, ArticleRefParamsSchema } from '../../contract/articles.js';
import { RevisionParamsSchema } from '../../contract/revisions.js';
import { CACHE_TAGS } from '../lib/cache-tags.js';
import { notFound } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of the article the route's `{id}` segment names (routes whose params are ArticleRefParamsSchema). */
    articleId: number;
  }
}

/**
 * Every `/api/articles/{…}` route accepts the article's id, its slug or `{slug}-{id}` (docs/product.md#addresses). Routes declare `params: ArticleRefParamsSchema` (or RevisionParamsSchema, which adds a number); after validation (and after any
 * sign-in check), this hook resolves the segment to `request.articleId`, or answers 404 with the
 * article's message. The answer is tagged with the article for the response cache, so a write to it
 * drops every cached answer about it, whichever segment was asked.
 */
export function registerArticleRefResolver(app: FastifyInstance, resolve: (segment: string) => Promise<number | undefined>): void {
  app.decorateRequest('articleId', 0);
  app.addHook('preHandler', async (request, reply) => {
    const params = request.routeOptions.schema?.params;
    if (params !== ArticleRefParamsSchema && params !== RevisionParamsSchema) return;
    const segment = (request.params as { id: string }).id;
    const id = await resolve(segment);
    if (id === undefined) throw notFound(ARTICLE_MESSAGES.notFound);
    request.articleId = id;
    reply.addCacheTags([CACHE_TAGS.article(id)]);
  });
}
