import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArticleRefParamsSchema } from '../../../contract/articles.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { REACTION_MESSAGES, ReactionInputSchema, ReactionResultSchema } from '../../../contract/reactions.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { ReactionsService } from './reactions.service.js';
import { sessionRequired } from '../../http/openapi.js';

export interface ReactionsRoutesOptions {
  reactions: ReactionsService;
  /** Reactions per reader per minute. */
  perMinute: number;
}

export const reactionsRoutes: FastifyPluginAsyncZod<ReactionsRoutesOptions> = async (app, { reactions, perMinute }) => {
  app.post(
    '/articles/:id/reactions',
    {
      config: {
        // Counted per reader, not per address: readers behind one office NAT don't share a budget.
        rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: (request) => (request.user ? `u${request.user.id}` : request.ip) },
      },
      // Signed-out readers learn they must log in before anything about their input.
      onRequest: signedInOnly(REACTION_MESSAGES.signIn),
      schema: {
        tags: ['reactions'],
        operationId: 'reactToArticle',
        security: sessionRequired,
        summary: 'Like or dislike an article; the same reaction again removes it, the other one switches',
        params: ArticleRefParamsSchema,
        body: ReactionInputSchema,
        response: { 200: ReactionResultSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => reactions.react(request.articleId, requireUser(request), request.body.isLike),
  );
};
