import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES, AuthResultSchema } from '../../../contract/auth.js';
import { IdParamsSchema, OkSchema } from '../../../contract/common.js';
import {
  ChangeEmailSchema,
  ConfirmEmailResultSchema,
  ConfirmEmailSchema,
  DeliveryEventsResultSchema,
  DeliveryEventsSchema,
  EMAIL_MESSAGES,
  EmailSettingsSchema,
  ForgotPasswordSchema,
  MessageResultSchema,
  NotificationSettingsSchema,
  RemoveEmailSchema,
  ResetPasswordSchema,
  SetNotificationsSchema,
  UnsubscribeInfoSchema,
  UnsubscribeQuerySchema,
  UpdateNotificationSettingsSchema,
  EMAIL_PAGES,
} from '../../../contract/email.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { requireUser, setSessionCookie, signedInOnly, type SessionCookieOptions } from '../../http/session.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, type DeviceCookies } from '../auth/auth.service.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { EmailService } from './email.service.js';
import { sampleEmails, type SiteInfo } from './templates.js';
import { sessionOptional, sessionRequired, webhookTokenRequired } from '../../http/openapi.js';

export interface EmailRoutesOptions {
  email: EmailService;
  users: UsersRepository;
  sessions: SessionsService;
  cookie: SessionCookieOptions;
  authRateLimit: { max: number; timeWindow: number };
  /** A reset retires the account's device cookies: the browser that followed the link gets a new one. */
  devices?: DeviceCookies;
  /** The bearer token of the provider's bounce webhook (EMAIL_WEBHOOK_SECRET); unset refuses every call. */
  webhookSecret?: string;
  /** Development only: GET /api/dev/emails/{name} shows each template. */
  preview?: SiteInfo;
}

/**
 * Whether the client would rather have a page than JSON: a browser opening an address lists
 * text/html first (and JSON not at all); API clients ask for JSON or for anything.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

export const emailRoutes: FastifyPluginAsyncZod<EmailRoutesOptions> = async (app, opts) => {
  const { email, users, sessions, cookie } = opts;
  const rateLimit = {
    ...opts.authRateLimit,
    errorResponseBuilder: () => ({ statusCode: 429, error: AUTH_MESSAGES.tooManyAttempts, message: AUTH_MESSAGES.tooManyAttempts }),
  };

  // RFC 8058: the one-click POST is a form (application/x-www-form-urlencoded or multipart/form-data)
  // whose only field is List-Unsubscribe=One-Click; the token is in the URL. Only this plugin parses forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));

  app.get(
    '/user/email',
    {
      schema: {
        tags: ['email'],
        operationId: 'getEmailSettings',
        security: sessionRequired,
        summary: 'Your email address and the one waiting for confirmation (only ever shown to you)',
        response: { 200: EmailSettingsSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return email.settings(me.id);
    },
  );

  app.put(
    '/user/email',
    {
      config: { rateLimit },
      onRequest: signedInOnly(),
      schema: {
        tags: ['email'],
        operationId: 'changeEmail',
        security: sessionRequired,
        summary: 'Add or change your email address: a confirmation link goes to it (single use, 24 hours)',
        description:
          'Needs currentPassword when the account has a password. An account without one (signed in with Google) that has a ' +
          'confirmed address gets a link at that address to approve the change first (pendingApproval). At most ' +
          'CONFIRM_EMAILS_PER_ADDRESS confirmation emails go to one address an hour, whoever asks.',
        body: ChangeEmailSchema,
        response: { 202: EmailSettingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { settings } = await email.requestChange(requireUser(request).id, request.body.email, request.body.currentPassword);
      return reply.status(202).send(settings);
    },
  );

  app.delete(
    '/user/email',
    {
      config: { rateLimit },
      onRequest: signedInOnly(),
      schema: {
        tags: ['email'],
        operationId: 'removeEmail',
        security: sessionRequired,
        summary: 'Remove your email address (with currentPassword; without a password, a link at the address approves it: 202)',
        body: RemoveEmailSchema.nullish(),
        response: { 200: EmailSettingsSchema, 202: EmailSettingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { settings, approvalSent } = await email.remove(requireUser(request).id, request.body?.currentPassword);
      return reply.status(approvalSent ? 202 : 200).send(settings);
    },
  );

  app.post(
    '/email/confirm',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['email'],
        operationId: 'confirmEmail',
        security: sessionOptional,
        summary: 'Confirm an address, or approve a change or removal, with the token of its link (works signed out; single use; expires)',
        body: ConfirmEmailSchema,
        response: { 200: ConfirmEmailResultSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await email.confirm(request.body.token)) }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        security: sessionOptional,
        summary: 'Ask for a password reset link by username or email; the answer is the same whether or not it exists',
        body: ForgotPasswordSchema,
        response: { 202: MessageResultSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      await email.requestReset(request.body.login);
      return reply.status(202).send({ success: true as const, message: EMAIL_MESSAGES.resetRequested });
    },
  );

  app.get(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'checkPasswordResetLink',
        security: sessionOptional,
        summary: 'Whether a reset link can still be used (uses nothing)',
        querystring: UnsubscribeQuerySchema,
        response: { 200: z.object({ usable: z.boolean() }), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { usable: await email.resetLinkUsable(request.query.token) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit },
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        security: sessionOptional,
        summary: 'Set a new password with a reset link (single use, 30 minutes); signs out every session and signs this browser in',
        body: ResetPasswordSchema,
        response: { 200: AuthResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The same refusal as registration and a password change: no well-known password.
      if (isCommonPassword(request.body.password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
      const userId = await email.resetPassword(request.body.token, request.body.password);
      const user = await users.findById(userId);
      if (!user) throw unauthorized();
      if (request.user) await sessions.revoke(request.user.sessionId);
      const { token, expiresAt } = await sessions.start(user.id);
      setSessionCookie(reply, token, expiresAt, cookie);
      opts.devices?.issue(reply, user);
      return {
        success: true as const,
        id: user.id,
        username: user.username,
        description: user.description,
        isAdmin: user.is_admin === 1,
        hasPassword: true,
        createdAt: new Date(user.created_at).toISOString(),
      };
    },
  );

  app.get(
    '/user/notifications',
    {
      schema: {
        tags: ['email'],
        operationId: 'getNotificationSettings',
        security: sessionRequired,
        summary: 'Your new-article email choice for each subscription',
        response: { 200: NotificationSettingsSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return email.notifications(requireUser(request).id);
    },
  );

  app.put(
    '/user/notifications',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['email'],
        operationId: 'updateNotificationSettings',
        security: sessionRequired,
        summary: 'Choose whether replies to your comments arrive by email (at most one email per thread an hour)',
        body: UpdateNotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return email.setNotificationSettings(requireUser(request).id, request.body);
    },
  );

  app.put(
    '/channels/:id/notifications',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['email'],
        operationId: 'setChannelNotifications',
        security: sessionRequired,
        summary: "Choose a subscription's new-article emails: each, digest (daily) or none",
        params: IdParamsSchema,
        body: SetNotificationsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await email.setNotify(requireUser(request).id, request.params.id, request.body.notify);
      return { success: true as const };
    },
  );

  app.get(
    '/email/unsubscribe',
    {
      // The List-Unsubscribe address opened in a browser: the page that says what the link stops,
      // with its button (opening changes nothing). Before validation, so a broken link reaches the
      // page too, which says so; JSON clients get JSON.
      onRequest: async (request, reply) => {
        if (!prefersHtml(request.headers.accept)) return;
        const query = request.url.indexOf('?');
        return reply.header('cache-control', 'no-store').redirect(`${EMAIL_PAGES.unsubscribe}${query === -1 ? '' : request.url.slice(query)}`, 303);
      },
      schema: {
        tags: ['email'],
        operationId: 'getUnsubscribeLink',
        security: sessionOptional,
        summary: 'What an unsubscribe link stops (no sign-in); reading it changes nothing',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeInfoSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return email.unsubscribeInfo(request.query.token);
    },
  );

  app.post(
    '/email/unsubscribe',
    {
      bodyLimit: BODY_LIMITS.anonymous,
      schema: {
        tags: ['email'],
        operationId: 'unsubscribe',
        security: sessionOptional,
        summary: 'One-click unsubscribe (RFC 8058) and the unsubscribe page: stops the emails the link names; no sign-in',
        querystring: UnsubscribeQuerySchema,
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: MessageResultSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      await email.unsubscribe(request.query.token);
      return { success: true as const, message: EMAIL_MESSAGES.unsubscribed };
    },
  );

  // Compared as digests so the comparison takes the same time whatever the caller sent.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const webhookDigest = opts.webhookSecret ? digest(`Bearer ${opts.webhookSecret}`) : undefined;
  app.post(
    '/email/events',
    {
      bodyLimit: BODY_LIMITS.webhook,
      // The secret is checked before the body is read, so a caller without it learns nothing else.
      onRequest: async (request) => {
        const given = request.headers.authorization;
        if (!webhookDigest || typeof given !== 'string' || !timingSafeEqual(digest(given), webhookDigest)) {
          throw unauthorized('A valid webhook token is required');
        }
      },
      schema: {
        tags: ['email'],
        operationId: 'recordDeliveryEvents',
        security: webhookTokenRequired,
        summary: "The mail provider's bounce and complaint webhook (Authorization: Bearer EMAIL_WEBHOOK_SECRET): hard bounces and complaints stop mail to the address",
        body: DeliveryEventsSchema,
        response: { 200: DeliveryEventsResultSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await email.recordDeliveryEvents(request.body.events);
      if (result.suppressed > 0) request.log.warn({ suppressed: result.suppressed }, 'mail provider reported undeliverable addresses');
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  const preview = opts.preview;
  if (preview) {
    app.get(
      '/dev/emails/:name',
      {
        schema: {
          tags: ['email'],
          operationId: 'previewEmail',
          security: sessionOptional,
          summary: 'Development only: a sample of each email (confirm, approve, reset, article, digest, reply, correction); ?format=text for the plain text',
          params: z.object({ name: z.enum(['confirm', 'approve', 'reset', 'article', 'digest', 'reply', 'correction']) }),
          querystring: z.object({ format: z.enum(['html', 'text']).default('html') }),
          response: {
            200: { description: 'The sample email', content: { 'text/html': { schema: z.string() }, 'text/plain': { schema: z.string() } } },
            400: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const message = sampleEmails(preview)[request.params.name]!;
        if (request.query.format === 'text') return reply.type('text/plain; charset=utf-8').send(`Subject: ${message.subject}\n\n${message.text}`);
        return reply.type('text/html; charset=utf-8').send(message.html);
      },
    );
  }
};
