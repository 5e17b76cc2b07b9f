import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import {
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  BanListSchema,
  BanParamsSchema,
  BanSchema,
  ChannelModerationSchema,
  CreateBanSchema,
  CreateReportSchema,
  HeldCommentPageSchema,
  HeldCommentSchema,
  HeldDecisionSchema,
  HeldQuerySchema,
  ModerationCountsSchema,
  ModerationLogPageSchema,
  ModerationLogQuerySchema,
  ModerationQueueQuerySchema,
  ReportGroupPageSchema,
  ReportSchema,
  ResolveReportsResultSchema,
  ResolveReportsSchema,
  SuspendUserSchema,
} from '../../../contract/moderation.js';
import { adminOnly, requireAdmin, requireUser, signedInOnly } from '../../http/session.js';
import type { ModerationService } from './moderation.service.js';
import { sessionRequired } from '../../http/openapi.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

/**
 * Moderation (docs/product.md#moderation): reports, the queue and its resolutions, held comments, channel
 * settings and bans, the log, and admins' suspensions. Every route is for signed-in users (401
 * before the body is read); who may do what is the service's moderatorRole. Writes go through the
 * general write limit and Origin check like every other write.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (app, { moderation }) => {
  app.post(
    '/reports',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'createReport',
        security: sessionRequired,
        summary: "Report an article, a comment or a profile to its moderators (the channel's, or admins for a profile)",
        description: 'One open report per reader and target (409 on a repeat), 30 an hour (429); one\'s own content is refused (400); what the reader cannot see is a 404.',
        body: CreateReportSchema,
        response: { 201: ReportSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await moderation.report(requireUser(request), request.body)),
  );

  app.get(
    '/moderation/reports',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'listReports',
        security: sessionRequired,
        summary: "Open reports grouped by target, the most recently reported first: a channel's (its moderators) or all (admins)",
        querystring: ModerationQueueQuerySchema,
        response: { 200: ReportGroupPageSchema, ...errors },
      },
    },
    async (request) => moderation.queue(requireUser(request), request.query),
  );

  app.post(
    '/moderation/reports/resolve',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'resolveReports',
        security: sessionRequired,
        summary: "Resolve a target's open reports: dismiss, hide or unhide a comment, remove an article (to drafts) or a profile's bio",
        description: '404 when the target has no open report (except unhide); hide and unhide are for comments only, remove for articles and profiles (400).',
        body: ResolveReportsSchema,
        response: { 200: ResolveReportsResultSchema, ...errors },
      },
    },
    async (request) => moderation.resolve(requireUser(request), request.body),
  );

  app.get(
    '/moderation/held',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'listHeldComments',
        security: sessionRequired,
        summary: "Comments awaiting approval, oldest first: a channel's (its moderators) or all (admins)",
        querystring: HeldQuerySchema,
        response: { 200: HeldCommentPageSchema, ...errors },
      },
    },
    async (request) => moderation.heldComments(requireUser(request), request.query),
  );

  app.post(
    '/moderation/held/:id',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'decideHeldComment',
        security: sessionRequired,
        summary: 'Approve a held comment (it appears, and its author is let through from now on) or reject it (deleted)',
        params: IdParamsSchema,
        body: HeldDecisionSchema,
        response: { 200: HeldCommentSchema, ...errors },
      },
    },
    async (request) => moderation.decideHeld(requireUser(request), request.params.id, request.body.decision),
  );

  app.get(
    '/moderation/log',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'listModerationLog',
        security: sessionRequired,
        summary: "Every moderation action, newest first: a channel's (its moderators) or the whole site's (admins)",
        querystring: ModerationLogQuerySchema,
        response: { 200: ModerationLogPageSchema, ...errors },
      },
    },
    async (request) => moderation.log(requireUser(request), request.query),
  );

  app.get(
    '/moderation/counts',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'getModerationCounts',
        security: sessionRequired,
        summary: 'Open reports and held comments waiting in each channel the caller moderates (and the whole site for admins)',
        response: { 200: ModerationCountsSchema, 401: ErrorSchema },
      },
    },
    async (request) => moderation.counts(requireUser(request)),
  );

  app.get(
    '/channels/:id/moderation',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'getChannelModeration',
        security: sessionRequired,
        summary: "A channel's comment policy and blocked words (its moderators; 404 for anyone else)",
        params: IdParamsSchema,
        response: { 200: ChannelModerationSchema, ...errors },
      },
    },
    async (request) => moderation.settings(requireUser(request), request.params.id),
  );

  app.put(
    '/channels/:id/moderation',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'setChannelModeration',
        security: sessionRequired,
        summary: "Set a channel's comment policy (open, hold_first, closed) and blocked words (its owner)",
        params: IdParamsSchema,
        body: ChannelModerationSchema,
        response: { 200: ChannelModerationSchema, ...errors },
      },
    },
    async (request) => moderation.updateSettings(requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/channels/:id/bans',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'listChannelBans',
        security: sessionRequired,
        summary: 'The bans in force in a channel, newest first (its moderators)',
        params: IdParamsSchema,
        response: { 200: BanListSchema, ...errors },
      },
    },
    async (request) => moderation.bans(requireUser(request), request.params.id),
  );

  app.post(
    '/channels/:id/bans',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'banFromChannel',
        security: sessionRequired,
        summary: "Ban a reader from commenting and reacting in a channel, for `days` (1–365) or until lifted (its moderators)",
        params: IdParamsSchema,
        body: CreateBanSchema,
        response: { 201: BanSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await moderation.ban(requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/channels/:id/bans/:userId',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['moderation'],
        operationId: 'liftChannelBan',
        security: sessionRequired,
        summary: 'Lift someone else\u2019s ban (its channel\u2019s moderators; nobody lifts their own: 403)',
        params: BanParamsSchema,
        response: { 204: z.null().describe('Lifted'), ...errors },
      },
    },
    async (request, reply) => {
      await moderation.unban(requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/users',
    {
      onRequest: adminOnly(),
      schema: {
        tags: ['admin'],
        operationId: 'listAdminUsers',
        security: sessionRequired,
        summary: 'Accounts, newest first, by username and whether suspended (admins only)',
        querystring: AdminUserQuerySchema,
        response: { 200: AdminUserPageSchema, ...errors },
      },
    },
    async (request) => moderation.users(request.query),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      onRequest: adminOnly(),
      schema: {
        tags: ['admin'],
        operationId: 'suspendUser',
        security: sessionRequired,
        summary: 'Suspend an account: its sessions end at once and it cannot sign in until the suspension ends or is lifted (admins only)',
        params: IdParamsSchema,
        body: SuspendUserSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => moderation.suspend(requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/admin/users/:id/unsuspend',
    {
      onRequest: adminOnly(),
      schema: {
        tags: ['admin'],
        operationId: 'unsuspendUser',
        security: sessionRequired,
        summary: 'Lift a suspension (admins only)',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => moderation.unsuspend(requireAdmin(request), request.params.id),
  );
};
