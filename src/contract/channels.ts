import { z } from 'zod';
import { IdSchema } from './common.js';
import { LIMITS } from './limits.js';
import { CHANNEL_SORTS } from './channel-rules.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';
import { withoutXmlForbidden } from './text.js';

export { CHANNEL_MESSAGES, CHANNEL_SORTS, type ChannelSort } from './channel-rules.js';

export const ChannelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    category: z.string().nullable(),
    userId: z.number().int(),
    owner: z.object({ id: z.number().int(), username: z.string() }),
    createdAt: z.string(),
    /** Real subscribers plus the admin boost (docs/product.md#data). */
    subscriberCount: z.number().int(),
    /** Published articles. */
    articleCount: z.number().int(),
    /** The same count under the first product's own name (its API names only `article_count`). */
    article_count: z.number().int(),
    /** Whether the signed-in reader subscribes; false when signed out. */
    isSubscribed: z.boolean(),
    /** The owner's choice: new-article emails carry the excerpt and a link, not the whole article. */
    emailExcerptOnly: z.boolean(),
    /** Its address on the social web, `@handle@host` (docs/decisions/045-the-social-web.md); one channel's answer only, null when it does not federate. */
    handle: z.string().nullable().optional(),
    /** Its followers on the fediverse, apart from its subscribers; one channel's answer only. */
    fediverseFollowerCount: z.number().int().optional(),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof ChannelSchema>;

export const ChannelPageSchema = paginated(ChannelSchema, 'ChannelPage');
export type ChannelPage = z.infer<typeof ChannelPageSchema>;

const NameSchema = z
  .string({ error: 'Channel name is required' })
  // The channel's feed carries both: no character XML forbids.
  .overwrite(withoutXmlForbidden)
  .trim()
  .min(1, 'Channel name is required')
  .max(LIMITS.channelNameMax, `Channel name must be at most ${LIMITS.channelNameMax} characters`);
const DescriptionSchema = z
  .string({ error: 'Description is required' })
  .overwrite(withoutXmlForbidden)
  .trim()
  .min(1, 'Description is required')
  .max(LIMITS.channelDescriptionMax, `Description must be at most ${LIMITS.channelDescriptionMax} characters`);
/** Optional; an empty value is stored as null (docs/product.md#channels). */
const CategorySchema = z
  .string({ error: 'Category must be text' })
  .trim()
  .max(60, 'Category must be at most 60 characters')
  .nullish()
  .transform((v) => (v ? v : null));

export const CreateChannelSchema = z
  .object({ name: NameSchema, description: DescriptionSchema, category: CategorySchema })
  .meta({ id: 'CreateChannel' });
export type CreateChannel = z.input<typeof CreateChannelSchema>;
export type CreateChannelInput = z.output<typeof CreateChannelSchema>;

export const UpdateChannelSchema = z
  .object({
    name: NameSchema.optional(),
    description: DescriptionSchema.optional(),
    category: CategorySchema.optional(),
    emailExcerptOnly: z.boolean({ error: 'emailExcerptOnly must be true or false' }).optional(),
    /** The owner's switch for the social web (docs/decisions/045-the-social-web.md): false stops federating the channel. */
    federated: z.boolean({ error: 'federated must be true or false' }).optional(),
  })
  .meta({ id: 'UpdateChannel' });
export type UpdateChannel = z.input<typeof UpdateChannelSchema>;
export type UpdateChannelInput = z.output<typeof UpdateChannelSchema>;

export const ChannelListQuerySchema = z.object({
  sort: z.enum(CHANNEL_SORTS, { error: `must be one of ${CHANNEL_SORTS.join(', ')}` }).default('subscribers'),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  category: z.string().trim().max(60).optional(),
  /** Leave out the signed-in reader's own channels (Explore does, docs/product.md#channels). */
  excludeOwn: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type ChannelListQueryInput = z.output<typeof ChannelListQuerySchema>;

export const SubscriptionStateSchema = z
  .object({ subscribed: z.boolean(), subscriberCount: z.number().int() })
  .meta({ id: 'SubscriptionState' });

export const SubscriberSchema = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'Subscriber' });

export const SubscriptionSchema = ChannelSchema.extend({
  subscriptionDate: z.string(),
  /** Made by an import of the publisher's old list (docs/product.md#import-and-export): the person sees why, and may unsubscribe. */
  imported: z.boolean().optional(),
}).meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const DebugSubscriptionsSchema = z
  .object({
    success: z.boolean(),
    subscriptions: z.array(z.object({ channel: ChannelSchema, subscriptionDate: z.string() })),
    diagnostic: z.object({ userId: z.number().int(), count: z.number().int() }),
  })
  .meta({ id: 'DebugSubscriptions' });

export const UserIdQuerySchema = z.object({ userId: IdSchema.optional() });
