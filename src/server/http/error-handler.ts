import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES } from '../../contract/admin.js';
import { ARTICLE_MESSAGES } from '../../contract/articles.js';
import { AUTH_MESSAGES, OIDC_MESSAGES, PASSWORD_MESSAGES } from '../../contract/auth.js';
import { CHANNEL_MESSAGES } from '../../contract/channel-rules.js';
import { COMMENT_MESSAGES } from '../../contract/comment-rules.js';
import { EMAIL_MESSAGES } from '../../contract/email.js';
import { MEDIA_MESSAGES } from '../../contract/media-rules.js';
import { REACTION_MESSAGES } from '../../contract/reaction-rules.js';
import { isDatabaseOverloaded } from '../db/overload.js';
import { HttpError } from '../lib/errors.js';
import { BUSY_MESSAGE } from './server-limits.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/**
 * The messages the contract words itself (many are the product's, word for word, e.g. 'Please select a
 * channel'): a reader sees them as they are, never behind a field name.
 */
const CONTRACT_MESSAGES = new Set<string>(
  [ADMIN_MESSAGES, ARTICLE_MESSAGES, AUTH_MESSAGES, OIDC_MESSAGES, PASSWORD_MESSAGES, CHANNEL_MESSAGES, COMMENT_MESSAGES, EMAIL_MESSAGES, MEDIA_MESSAGES, REACTION_MESSAGES]
    .flatMap((messages) => Object.values(messages))
    // Whole sentences only: a fragment such as 'must include …' is written to follow a field name.
    .filter((message): message is string => typeof message === 'string' && /^[A-Z]/.test(message)),
);

/** Turns the first validation issue into a sentence: the contract's own words, or one that names the field. */
function describeValidationFailure(context: string | undefined, issues: ValidationIssue[]): string {
  const issue = issues[0];
  const pathFromIssue = issue?.params?.issue?.path?.map(String).join('.');
  const field = pathFromIssue || issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context || 'input';
  const message = issue?.message ?? 'is invalid';
  if (CONTRACT_MESSAGES.has(message)) return message;
  if (message.toLowerCase().includes(field.toLowerCase().split('.').pop() ?? field)) return message;
  if (/^(must|is|should)\b/.test(message)) return `${field} ${message}`;
  return `${field}: ${message}`;
}

/**
 * One place maps every failure to `{error}` (docs/product.md#api): our HttpErrors and Fastify's own
 * 4xx errors keep their status and message; an overloaded database is a 503 with Retry-After;
 * anything else is a bug, logged and answered with a body that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeValidationFailure(error.validationContext, error.validation as ValidationIssue[]);
      return reply.status(400).send({ error: message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: error.message || 'Too many requests. Please slow down.' });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
          ? 'Request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type; send application/json'
              : error.message;
      return reply.status(status).send({ error: message });
    }
    if (isDatabaseOverloaded(error)) {
      request.log.warn({ err: error }, 'database overloaded');
      return reply.status(503).header('retry-after', '5').send({ error: BUSY_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}
