import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANNEL_MESSAGES,
  ChannelListQuerySchema,
  ChannelPageSchema,
  ChannelSchema,
  CreateChannelSchema,
  DebugSubscriptionsSchema,
  SubscriberSchema,
  SubscriptionSchema,
  SubscriptionStateSchema,
  UpdateChannelSchema,
  UserIdQuerySchema,
} from '../../../contract/channels.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { requireUser, signedInOnly } from '../../http/session.js';
import type { ChannelsService } from './channels.service.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export const channelsRoutes: FastifyPluginAsyncZod<{
  channels: ChannelsService;
  /** The channel's handle and followers on the social web, when the site federates. */
  fediverse?: (channel: { id: number; slug: string }) => Promise<{ handle: string | null; fediverseFollowerCount: number }>;
  /** The owner's switch for the social web, when the site federates. */
  setFederated?: (channel: { id: number; slug: string }, federated: boolean) => Promise<void>;
}> = async (app, { channels, fediverse, setFederated }) => {
  app.get(
    '/channels',
    {
      config: { cache: { tags: [CACHE_TAGS.channels] } },
      schema: {
        tags: ['channels'],
        operationId: 'listChannels',
        security: sessionOptional,
        summary: 'Channels, sorted and searched, a page at a time',
        querystring: ChannelListQuerySchema,
        response: { 200: ChannelPageSchema, 400: ErrorSchema },
      },
    },
    async (request) => channels.list(request.query, request.user),
  );

  app.post(
    '/channels',
    {
      onRequest: signedInOnly(CHANNEL_MESSAGES.signInToCreate),
      schema: {
        tags: ['channels'],
        operationId: 'createChannel',
        security: sessionRequired,
        summary: 'Create a channel owned by the signed-in user (at most 10 each)',
        body: CreateChannelSchema,
        response: { 201: ChannelSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await channels.create(user, request.body));
    },
  );

  app.get(
    '/channels/:id',
    {
      config: { cache: { tags: [CACHE_TAGS.channels] } }, schema: { tags: ['channels'], operationId: 'getChannel', security: sessionOptional, summary: 'One channel', params: IdParamsSchema, response: { 200: ChannelSchema, ...errors } } },
    async (request) => {
      const channel = await channels.get(request.params.id, request.user);
      return fediverse ? { ...channel, ...(await fediverse(channel)) } : { ...channel, handle: null, fediverseFollowerCount: 0 };
    },
  );

  app.patch(
    '/channels/:id',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['channels'],
        operationId: 'updateChannel',
        security: sessionRequired,
        summary: 'Edit a channel (owner only)',
        params: IdParamsSchema,
        body: UpdateChannelSchema,
        response: { 200: ChannelSchema, ...errors },
      },
    },
    async (request) => {
      const channel = await channels.update(request.params.id, requireUser(request), request.body);
      // Only the owner gets here (update refuses anyone else).
      if (request.body.federated !== undefined && setFederated) await setFederated(channel, request.body.federated);
      return channel;
    },
  );

  app.post(
    '/channels/:id/subscribe',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'subscribeToChannel',
        security: sessionRequired,
        summary: 'Subscribe to a channel (idempotent)',
        params: IdParamsSchema,
        response: { 200: SubscriptionStateSchema, ...errors },
      },
    },
    async (request) => channels.subscribe(request.params.id, requireUser(request)),
  );

  app.delete(
    '/channels/:id/subscribe',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'unsubscribeFromChannel',
        security: sessionRequired,
        summary: 'Unsubscribe from a channel (idempotent)',
        params: IdParamsSchema,
        response: { 200: SubscriptionStateSchema, ...errors },
      },
    },
    async (request) => channels.unsubscribe(request.params.id, requireUser(request)),
  );

  app.get(
    '/channels/:id/subscribers',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'listChannelSubscribers',
        security: sessionRequired,
        summary: "A channel's subscribers (owner only)",
        params: IdParamsSchema,
        response: { 200: z.array(SubscriberSchema), ...errors },
      },
    },
    async (request) => channels.subscribers(request.params.id, requireUser(request)),
  );

  app.get(
    '/user/channels',
    { schema: { tags: ['channels'], operationId: 'listMyChannels', security: sessionRequired, summary: "The signed-in user's channels", response: { 200: z.array(ChannelSchema), 401: ErrorSchema } } },
    async (request) => {
      const user = requireUser(request);
      return channels.ofOwner(user.id, user);
    },
  );

  app.get(
    '/user/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        operationId: 'listMySubscriptions',
        security: sessionRequired,
        summary: "The signed-in user's subscriptions, newest first",
        response: { 200: z.array(SubscriptionSchema), 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return channels.subscriptionsOf(user.id, user);
    },
  );

  app.get(
    '/users/:id/subscriptions',
    {
      onRequest: signedInOnly(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'listUserSubscriptions',
        security: sessionRequired,
        summary: "A user's subscriptions (their own, or any for an admin)",
        params: IdParamsSchema,
        response: { 200: z.array(SubscriptionSchema), ...errors },
      },
    },
    async (request) => channels.subscriptionsOf(request.params.id, requireUser(request)),
  );

  // docs/product.md#api: authenticated aliases of the user's own channels and subscriptions.
  app.get(
    '/debug/channels',
    {
      schema: {
        tags: ['channels'],
        operationId: 'getDebugChannels',
        security: sessionRequired,
        summary: "Alias of a user's own channels (own, or any for an admin)",
        querystring: UserIdQuerySchema,
        response: { 200: z.array(ChannelSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return channels.channelsOf(request.query.userId ?? user.id, user);
    },
  );

  app.get(
    '/debug/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        operationId: 'getDebugSubscriptions',
        security: sessionRequired,
        summary: "Alias of a user's subscriptions (own, or any for an admin)",
        querystring: UserIdQuerySchema,
        response: { 200: DebugSubscriptionsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const userId = request.query.userId ?? user.id;
      const list = await channels.subscriptionsOf(userId, user);
      return {
        success: true,
        subscriptions: list.map(({ subscriptionDate, imported: _imported, ...channel }) => ({ channel, subscriptionDate })),
        diagnostic: { userId, count: list.length },
      };
    },
  );
};
