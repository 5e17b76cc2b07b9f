import { z } from 'zod';

export { REACTION_MESSAGES } from './reaction-rules.js';

export const ReactionInputSchema = z
  .object({ isLike: z.boolean({ error: 'isLike must be true (like) or false (dislike)' }) })
  .meta({ id: 'ReactionInput' });
export type ReactionInput = z.infer<typeof ReactionInputSchema>;

/**
 * The answer to a reaction (these snake_case names are the first product's, docs/product.md#api).
 * Counts are displayed totals: real reactions plus any admin boost.
 */
export const ReactionResultSchema = z
  .object({
    like_count: z.number().int(),
    dislike_count: z.number().int(),
    /** true = like, false = dislike, null = no reaction any more. */
    user_reaction: z.boolean().nullable(),
  })
  .meta({ id: 'ReactionResult' });
export type ReactionResult = z.infer<typeof ReactionResultSchema>;
