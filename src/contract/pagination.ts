import { z } from 'zod';
import { LIMITS } from './limits.js';

/** Lists that can grow answer `{items, nextCursor}`; the cursor is opaque to clients. */
export function paginated<T extends z.ZodType>(item: T, id: string) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() }).meta({ id });
}

export const LimitSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(LIMITS.pageSizeMax, `must be at most ${LIMITS.pageSizeMax}`)
  .default(LIMITS.pageSizeDefault);

export const CursorSchema = z.string().max(500, 'is too long').optional();

const INT32_MAX = 2_147_483_647;
/** Row ids are 32-bit integers in both databases. */
const CursorIdSchema = z.number().int().min(1).max(INT32_MAX);

/**
 * What a keyset cursor decodes to: the last row's sort value and id, `[value, id]`. Its kind is the
 * sort column's: a time in milliseconds (a 64-bit column), a count or rank (32-bit columns, boosts
 * included), or a title. A cursor outside its column's type is refused before any query: PostgreSQL
 * would otherwise fail on `1.5` for a bigint or 2^31 for an integer.
 */
export const CURSOR_POSITIONS = {
  time: z.tuple([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), CursorIdSchema]),
  count: z.tuple([z.number().int().min(-INT32_MAX - 1).max(INT32_MAX), CursorIdSchema]),
  text: z.tuple([z.string().max(1000), CursorIdSchema]),
} as const;
export type CursorKind = keyof typeof CURSOR_POSITIONS;
