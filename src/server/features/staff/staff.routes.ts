import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import {
  ChannelLogPageSchema,
  ChannelLogQuerySchema,
  InvitationListSchema,
  InviteStaffSchema,
  StaffChannelListSchema,
  StaffInvitationCreatedSchema,
  StaffListSchema,
  StaffMemberSchema,
  StaffParamsSchema,
  UpdateStaffSchema,
} from '../../../contract/staff.js';
import { BODY_LIMITS } from '../../http/body-limits.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { StaffService } from './staff.service.js';
import { sessionRequired } from '../../http/openapi.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

/**
 * A channel's staff and invitations, the channels one is staff of, and the channel log (docs/product.md#newsroom). Every route is for signed-in users (401 before the body is read); who may do what is
 * the service's, from channelRole. Writes go through the general write limit and Origin check like
 * every other write; bodies are a username and a role, so the default body limit is plenty.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.get(
    '/channels/:id/staff',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['staff'],
        operationId: 'listChannelStaff',
        security: sessionRequired,
        summary: "A channel's owner, staff and pending invitations (its owner, staff and admins; 404 for anyone else)",
        params: IdParamsSchema,
        response: { 200: StaffListSchema, ...errors },
      },
    },
    async (request) => staff.list(requireUser(request), request.params.id),
  );

  app.post(
    '/channels/:id/staff',
    {
      onRequest: signedInOnly(),
      bodyLimit: BODY_LIMITS.default,
      schema: {
        tags: ['staff'],
        operationId: 'inviteStaff',
        security: sessionRequired,
        summary: 'Invite someone to the channel\u2019s staff as editor or writer (its owner; valid 30 days)',
        description: '403 for the channel\u2019s staff, 404 for anyone else and for an unknown username; 409 when already staff, already invited or at 50 staff; 400 for a bad role or the owner; 429 past 3 invitations of one person to the channel an hour (cancelled ones count).',
        params: IdParamsSchema,
        body: InviteStaffSchema,
        response: { 201: StaffInvitationCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await staff.invite(requireUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/channels/:id/staff/:userId',
    {
      onRequest: signedInOnly(),
      bodyLimit: BODY_LIMITS.default,
      schema: {
        tags: ['staff'],
        operationId: 'updateStaffMember',
        security: sessionRequired,
        summary: 'Change a staff member\u2019s role (its owner; 404 when not staff)',
        params: StaffParamsSchema,
        body: UpdateStaffSchema,
        response: { 200: StaffMemberSchema, ...errors },
      },
    },
    async (request) => staff.changeRole(requireUser(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/channels/:id/staff/:userId',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['staff'],
        operationId: 'removeStaffMember',
        security: sessionRequired,
        summary: 'Remove a staff member or cancel an invitation (its owner), or leave the staff (the member themselves)',
        params: StaffParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await staff.remove(requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/invitations',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['staff'],
        operationId: 'listInvitations',
        security: sessionRequired,
        summary: 'The caller\u2019s pending invitations to channels\u2019 staff, newest first',
        response: { 200: InvitationListSchema, 401: ErrorSchema },
      },
    },
    async (request) => staff.invitations(requireUser(request)),
  );

  for (const decision of ['accept', 'decline'] as const) {
    app.post(
      `/invitations/:id/${decision}`,
      {
        onRequest: signedInOnly(),
        bodyLimit: BODY_LIMITS.default,
        schema: {
          tags: ['staff'],
          operationId: `${decision}Invitation`,
          security: sessionRequired,
          summary: decision === 'accept' ? 'Accept an invitation: join the channel\u2019s staff with its role (the invitee)' : 'Decline an invitation (the invitee)',
          description: '404 to anyone but the invitee, and for an expired or answered invitation.',
          params: IdParamsSchema,
          response: { 204: z.null().describe(decision === 'accept' ? 'Joined' : 'Declined'), ...errors },
        },
      },
      async (request, reply) => {
        await staff.answer(requireUser(request), request.params.id, decision);
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    '/user/staff-channels',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['staff'],
        operationId: 'listMyStaffChannels',
        security: sessionRequired,
        summary: 'The channels the caller is staff of (not owner), with their role, by name',
        response: { 200: StaffChannelListSchema, 401: ErrorSchema },
      },
    },
    async (request) => staff.staffChannels(requireUser(request)),
  );

  app.get(
    '/channels/:id/log',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['staff'],
        operationId: 'getChannelLog',
        security: sessionRequired,
        summary: 'The channel log, newest first: staff changes, the workflow and the channel\u2019s moderation (its owner, editors and admins)',
        description: '403 for writers, 404 for anyone else.',
        params: IdParamsSchema,
        querystring: ChannelLogQuerySchema,
        response: { 200: ChannelLogPageSchema, ...errors },
      },
    },
    async (request) => staff.log(requireUser(request), request.params.id, request.query),
  );
};
