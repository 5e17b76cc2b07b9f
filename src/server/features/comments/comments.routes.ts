import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ArticleRefParamsSchema } from '../../../contract/articles.js';
import {
  COMMENT_MESSAGES,
  REPLIES_PER_THREAD,
  CommentListSchema,
  CommentReplyPageSchema,
  CommentReplyQuerySchema,
  CommentSchema,
  CommentThreadPageSchema,
  CommentThreadQuerySchema,
  CreateCommentSchema,
  UpdateCommentSchema,
} from '../../../contract/comments.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CommentsService } from './comments.service.js';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';

export interface CommentsRoutesOptions {
  comments: CommentsService;
  /** Comments per writer per minute. */
  perMinute: number;
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

export const commentsRoutes: FastifyPluginAsyncZod<CommentsRoutesOptions> = async (app, { comments, perMinute }) => {
  app.get(
    '/articles/:id/comments',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['comments'],
        operationId: 'listComments',
        security: sessionOptional,
        summary: "An article's comments: top-level ones oldest first, each with its replies oldest first",
        params: ArticleRefParamsSchema,
        response: { 200: CommentListSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => comments.list(request.articleId, request.user),
  );

  app.get(
    '/articles/:id/comment-threads',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['comments'],
        operationId: 'listCommentThreads',
        security: sessionOptional,
        summary: "A page of an article's comment threads: top-level comments oldest first, each with its first replies oldest first",
        description:
          'The comments of GET /api/articles/{id}/comments, `limit` threads at a time (default 20, at most 100), with the ' +
          "article's comment count. Pass `nextCursor` back as `cursor` for the next page; it is null on the last page. " +
          `Each thread brings its first ${REPLIES_PER_THREAD} replies; when it has more, its \`repliesCursor\` reads them ` +
          'from GET /api/comments/{id}/replies.',
        params: ArticleRefParamsSchema,
        querystring: CommentThreadQuerySchema,
        response: { 200: CommentThreadPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => comments.threads(request.articleId, request.user, request.query),
  );

  app.get(
    '/comments/:id/replies',
    {
      config: { cache: { tags: [] } },
      schema: {
        tags: ['comments'],
        operationId: 'listCommentReplies',
        security: sessionOptional,
        summary: "A page of a thread's replies, oldest first (the rest of a thread after its first replies)",
        description:
          'The replies of a top-level comment after `cursor` (a thread\'s `repliesCursor`, then each page\'s `nextCursor`), ' +
          '`limit` at a time (default 20, at most 100). A reply has no replies: its list is empty. A comment on a draft is ' +
          'a 404 for everyone but the draft\'s author.',
        params: IdParamsSchema,
        querystring: CommentReplyQuerySchema,
        response: { 200: CommentReplyPageSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { articleId, page } = await comments.replies(request.params.id, request.user, request.query);
      // A comment or a delete on the article drops the cached answer with the article's others.
      reply.addCacheTags([CACHE_TAGS.article(articleId)]);
      return page;
    },
  );

  app.post(
    '/articles/:id/comments',
    {
      // Counted per writer, not per address: readers behind one office NAT don't share a budget.
      config: {
        rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: (request) => (request.user ? `u${request.user.id}` : request.ip) },
      },
      // Signed-out writers learn they must log in before anything about their input.
      onRequest: signedInOnly(COMMENT_MESSAGES.signIn),
      bodyLimit: BODY_LIMITS.comment,
      schema: {
        tags: ['comments'],
        operationId: 'createComment',
        security: sessionRequired,
        summary: 'Comment on an article, or reply to a comment (a reply to a reply joins its top-level comment)',
        params: ArticleRefParamsSchema,
        body: CreateCommentSchema,
        response: { 201: CommentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await comments.create(request.articleId, requireUser(request), request.body)),
  );

  app.patch(
    '/comments/:id',
    {
      onRequest: signedInOnly(),
      bodyLimit: BODY_LIMITS.comment,
      schema: {
        tags: ['comments'],
        operationId: 'updateComment',
        security: sessionRequired,
        summary: 'Change the text of your own comment, for 15 minutes after posting (nobody else may, admins included)',
        description: 'The text is checked as a new comment\'s is. Later, or for anyone but the author: 403. The answer carries `editedAt`.',
        params: IdParamsSchema,
        body: UpdateCommentSchema,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (request) => comments.edit(request.params.id, requireUser(request), request.body),
  );

  app.delete(
    '/comments/:id',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['comments'],
        operationId: 'deleteComment',
        security: sessionRequired,
        summary: 'Delete a comment (its author or an admin); one with replies stays as "This comment was deleted"',
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await comments.remove(request.params.id, requireUser(request));
      return reply.status(204).send(null);
    },
  );
};
