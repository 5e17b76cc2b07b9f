import { z } from 'zod';
import { ArticleSummarySchema } from './articles.js';
import { IdSchema } from './common.js';
import { LIMITS } from './limits.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';

export const PublicUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    description: z.string().nullable(),
    created_at: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const UpdateUserSchema = z
  .object({
    description: z
      .string({ error: 'Description must be text' })
      .max(LIMITS.bioMax, `Description must be at most ${LIMITS.bioMax} characters`)
      .nullable(),
  })
  .meta({ id: 'UpdateUser' });
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

/** A user addressed by id (digits) or by username. */
export type UserSegment = { id: number } | { username: string };

/**
 * The `{segment}` of /api/users/{segment}: all digits is an id (the first product's route), anything else a
 * username (docs/product.md#data: every new username has a letter, so the two never meet).
 */
export const UserSegmentParamsSchema = z.object({
  id: z
    .string()
    .max(200, 'is too long')
    .transform((segment, ctx): UserSegment => {
      if (!/^\d+$/.test(segment)) return { username: segment };
      const id = IdSchema.safeParse(segment);
      if (id.success) return { id: id.data };
      ctx.addIssue({ code: 'custom', message: id.error.issues[0]?.message ?? 'is invalid' });
      return z.NEVER;
    }),
});

/** An author as their page shows them: bio, joining date and the channels they own. */
export const AuthorSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    bio: z.string().nullable(),
    createdAt: z.string(),
    channels: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof AuthorSchema>;

export const AuthorArticlesQuerySchema = z.object({ cursor: CursorSchema, limit: LimitSchema });
export type AuthorArticlesQuery = z.output<typeof AuthorArticlesQuerySchema>;

/** An author's published articles, newest first, a page at a time. */
export const AuthorArticlesPageSchema = paginated(ArticleSummarySchema, 'AuthorArticlesPage');
export type AuthorArticlesPage = z.infer<typeof AuthorArticlesPageSchema>;

/** GET /api/user/export: everything the signed-in person put on the site, for them to download. */
export const UserExportSchema = z
  .object({
    format: z.literal('broadsheet-user-export'),
    exportedAt: z.string(),
    profile: z.object({
      id: z.number().int(),
      username: z.string(),
      description: z.string().nullable(),
      // The person's own address: users.email only ever holds a confirmed one.
      email: z.string().nullable(),
      emailConfirmed: z.boolean(),
      createdAt: z.string(),
    }),
    comments: z.array(
      z.object({
        id: z.number().int(),
        article: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
        text: z.string(),
        createdAt: z.string(),
        editedAt: z.string().nullable(),
        status: z.enum(['published', 'pending', 'hidden']),
      }),
    ),
    reactions: z.array(
      z.object({
        article: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
        reaction: z.enum(['like', 'dislike']),
        createdAt: z.string(),
      }),
    ),
    subscriptions: z.array(
      z.object({ channel: z.object({ id: z.number().int(), name: z.string() }), since: z.string(), imported: z.boolean() }),
    ),
    channels: z.array(
      z.object({ id: z.number().int(), name: z.string(), description: z.string(), slug: z.string(), createdAt: z.string() }),
    ),
    staff: z.array(
      z.object({ channel: z.object({ id: z.number().int(), name: z.string() }), role: z.enum(['editor', 'writer']), since: z.string() }),
    ),
  })
  .meta({ id: 'UserExport' });
export type UserExport = z.infer<typeof UserExportSchema>;
