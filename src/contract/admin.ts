import { z } from 'zod';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';

/**
 * The admin dashboard's API (docs/product.md#admin, #api and #data). Counts are
 * the DISPLAYED totals: an admin sets a total, the server stores boost = max(0, total - real), so
 * real views, likes and subscriptions keep moving the number afterwards.
 */

export const ADMIN_MESSAGES = {
  forbidden: 'Forbidden: Admin access required',
  articleNotFound: 'Article not found',
  channelNotFound: 'Channel not found',
  nothingToUpdate: 'must include view_count, like_count or dislike_count',
} as const;

/** Headroom below PostgreSQL's 32-bit integer, so real activity on top of a set total cannot overflow. */
export const ADMIN_COUNT_MAX = 1_000_000_000;

/** What a number field may hold: digits, an optional sign, fraction and exponent. */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * What an admin's typed count means (docs/product.md#admin): whole numbers with a minimum of 0; empty
 * or non-numeric input counts as 0; negative values are clamped to 0. A decimal keeps its whole
 * part, and anything above what the server accepts is capped, so a save never fails on the number.
 * Zod-free: the admin screens import it at run time.
 */
export function parseAdminCount(input: string | number | null | undefined): number {
  const text = String(input ?? '').trim();
  if (!NUMERIC.test(text)) return 0;
  const value = Number(text);
  if (Number.isNaN(value) || value <= 0) return 0;
  return Math.min(Math.trunc(value), ADMIN_COUNT_MAX);
}

/**
 * A count sent by an admin. A JSON number must be whole and at most ADMIN_COUNT_MAX; a negative one
 * is stored as 0. Text and null follow the product's input rule (docs/product.md#admin: empty or
 * non-numeric input counts as 0), as the dashboard's fields do: '' and 'abc' are 0, '12' is 12.
 */
export const AdminCountSchema = z
  .union([z.number(), z.string().max(100, 'must be at most 100 characters'), z.null()], { error: 'must be a number' })
  .transform((value) => (typeof value === 'number' ? value : parseAdminCount(value)))
  .pipe(
    z
      .number()
      .int('must be a whole number')
      .max(ADMIN_COUNT_MAX, `must be at most ${ADMIN_COUNT_MAX}`)
      .transform((n) => Math.max(0, n)),
  );

export const AdminListQuerySchema = z.object({
  /** Case-insensitive substring of the article title or the channel name. */
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type AdminListQueryInput = z.output<typeof AdminListQuerySchema>;

export const AdminArticleSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    published: z.boolean(),
    /** The first category's path ('Sports > Football'); null without categories (docs/product.md#admin). */
    category: z.string().nullable(),
    /** The author. */
    userId: z.number().int(),
    channel: z.object({ id: z.number().int(), name: z.string() }),
    createdAt: z.string(),
    created_at: z.string(),
    commentCount: z.number().int(),
    /** Displayed totals (real plus boost). */
    view_count: z.number().int(),
    like_count: z.number().int(),
    dislike_count: z.number().int(),
    /** Real activity only. */
    real_view_count: z.number().int(),
    real_like_count: z.number().int(),
    real_dislike_count: z.number().int(),
  })
  .meta({ id: 'AdminArticle' });
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

export const AdminArticlePageSchema = paginated(AdminArticleSchema, 'AdminArticlePage');
export type AdminArticlePage = z.infer<typeof AdminArticlePageSchema>;

export const UpdateAdminArticleSchema = z
  .object({
    view_count: AdminCountSchema.optional(),
    like_count: AdminCountSchema.optional(),
    dislike_count: AdminCountSchema.optional(),
  })
  .refine((body) => body.view_count !== undefined || body.like_count !== undefined || body.dislike_count !== undefined, {
    message: ADMIN_MESSAGES.nothingToUpdate,
  })
  .meta({ id: 'UpdateAdminArticle' });
export type UpdateAdminArticle = z.input<typeof UpdateAdminArticleSchema>;
export type UpdateAdminArticleInput = z.output<typeof UpdateAdminArticleSchema>;

export const AdminArticleUpdatedSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    view_count: z.number().int(),
    like_count: z.number().int(),
    dislike_count: z.number().int(),
  })
  .meta({ id: 'AdminArticleUpdated' });
export type AdminArticleUpdated = z.infer<typeof AdminArticleUpdatedSchema>;

export const AdminChannelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    category: z.string().nullable(),
    /** The owner. */
    userId: z.number().int(),
    createdAt: z.string(),
    created_at: z.string(),
    /** Real subscriptions. */
    real_subscriber_count: z.number().int(),
    /** Displayed total (real plus the admin boost). */
    subscriber_count: z.number().int(),
    /** The admin boost: total minus real, never below 0. */
    admin_subscriber_count: z.number().int(),
  })
  .meta({ id: 'AdminChannel' });
export type AdminChannel = z.infer<typeof AdminChannelSchema>;

export const AdminChannelPageSchema = paginated(AdminChannelSchema, 'AdminChannelPage');
export type AdminChannelPage = z.infer<typeof AdminChannelPageSchema>;

export const UpdateAdminChannelSchema = z
  .object({ subscriber_count: AdminCountSchema })
  .meta({ id: 'UpdateAdminChannel' });
export type UpdateAdminChannel = z.input<typeof UpdateAdminChannelSchema>;

export const AdminChannelUpdatedSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    subscriber_count: z.number().int(),
    admin_subscriber_count: z.number().int(),
  })
  .meta({ id: 'AdminChannelUpdated' });
export type AdminChannelUpdated = z.infer<typeof AdminChannelUpdatedSchema>;
