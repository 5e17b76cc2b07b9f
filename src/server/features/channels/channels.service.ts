import {
  CHANNEL_MESSAGES,
  type Channel,
  type ChannelListQueryInput,
  type ChannelPage,
  type CreateChannelInput,
  type Subscription,
  type UpdateChannelInput,
} from '../../../contract/channels.js';
import { LIMITS } from '../../../contract/limits.js';
import { slugify } from '../../../contract/text.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { channelRowToChannel, type ChannelsRepository } from './channels.repository.js';

export function createChannelsService(
  channels: ChannelsRepository,
  subscriptions: SubscriptionsRepository,
  now: () => number = Date.now,
  /** Told of each committed write (the response cache drops the answers that show it). */
  written: (tags: readonly string[]) => void = () => {},
) {
  async function getOrThrow(id: number, viewerId: number | null) {
    const row = await channels.findById(id, viewerId);
    if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
    return row;
  }

  return {
    async get(id: number, viewer: SessionUser | null): Promise<Channel> {
      return channelRowToChannel(await getOrThrow(id, viewer?.id ?? null));
    },

    async list(query: ChannelListQueryInput, viewer: SessionUser | null): Promise<ChannelPage> {
      const rows = await channels.list(
        {
          sort: query.sort,
          direction: query.direction,
          q: query.q || undefined,
          category: query.category || undefined,
          excludeUserId: query.excludeOwn && viewer ? viewer.id : undefined,
          after: query.cursor ? decodeCursor(query.cursor, query.sort === 'created' ? 'time' : 'count') : undefined,
          limit: query.limit + 1,
        },
        viewer?.id ?? null,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(channelRowToChannel),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.sort_value!, last.id) : null,
      };
    },

    async ofOwner(userId: number, viewer: SessionUser | null): Promise<Channel[]> {
      return (await channels.listByOwner(userId, viewer?.id ?? null)).map(channelRowToChannel);
    },

    async create(owner: SessionUser, input: CreateChannelInput): Promise<Channel> {
      const id = await channels.insertWithinLimit(
        {
          userId: owner.id,
          name: input.name,
          slug: slugify(input.name),
          description: input.description,
          category: input.category,
          now: now(),
        },
        LIMITS.channelsPerUser,
      );
      if (id === null) throw conflict(CHANNEL_MESSAGES.limitReached);
      written([CACHE_TAGS.channels, CACHE_TAGS.missing]);
      return channelRowToChannel(await getOrThrow(id, owner.id));
    },

    async update(id: number, editor: SessionUser, changes: UpdateChannelInput): Promise<Channel> {
      const row = await getOrThrow(id, editor.id);
      if (row.user_id !== editor.id) throw forbidden('Only the channel owner can edit it');
      await channels.update(id, {
        ...(changes.name !== undefined ? { name: changes.name, slug: slugify(changes.name) } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.category !== undefined ? { category: changes.category ?? null } : {}),
        ...(changes.emailExcerptOnly !== undefined ? { email_excerpt_only: changes.emailExcerptOnly ? 1 : 0 } : {}),
        now: now(),
      });
      written([CACHE_TAGS.all]);
      return channelRowToChannel(await getOrThrow(id, editor.id));
    },

    async subscribe(id: number, reader: SessionUser): Promise<{ subscribed: boolean; subscriberCount: number }> {
      const row = await getOrThrow(id, reader.id);
      if (row.user_id === reader.id) throw badRequest(CHANNEL_MESSAGES.ownChannel);
      if (await subscriptions.subscribe(reader.id, id, now())) written([CACHE_TAGS.channels]);
      const after = await getOrThrow(id, reader.id);
      return { subscribed: true, subscriberCount: channelRowToChannel(after).subscriberCount };
    },

    async unsubscribe(id: number, reader: SessionUser): Promise<{ subscribed: boolean; subscriberCount: number }> {
      await getOrThrow(id, reader.id);
      if (await subscriptions.unsubscribe(reader.id, id)) written([CACHE_TAGS.channels]);
      const after = await getOrThrow(id, reader.id);
      return { subscribed: false, subscriberCount: channelRowToChannel(after).subscriberCount };
    },

    async subscribers(id: number, viewer: SessionUser): Promise<{ id: number; username: string }[]> {
      const row = await getOrThrow(id, viewer.id);
      if (row.user_id !== viewer.id && !viewer.isAdmin) throw forbidden(CHANNEL_MESSAGES.noPermission);
      return subscriptions.subscribers(id);
    },

    /** A user's subscriptions: only their own, unless the viewer is an admin. */
    async subscriptionsOf(userId: number, viewer: SessionUser): Promise<Subscription[]> {
      if (userId !== viewer.id && !viewer.isAdmin) throw forbidden(CHANNEL_MESSAGES.noPermission);
      const rows = await channels.listSubscribedBy(userId, viewer.id);
      return rows.map(({ subscription_imported, ...row }) => ({
        ...channelRowToChannel(row),
        subscriptionDate: new Date(row.subscription_date).toISOString(),
        imported: subscription_imported === 1,
      }));
    },

    /** A user's own channels: only their own, unless the viewer is an admin (the debug alias). */
    async channelsOf(userId: number, viewer: SessionUser): Promise<Channel[]> {
      if (userId !== viewer.id && !viewer.isAdmin) throw forbidden(CHANNEL_MESSAGES.noPermission);
      return (await channels.listByOwner(userId, viewer.id)).map(channelRowToChannel);
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
