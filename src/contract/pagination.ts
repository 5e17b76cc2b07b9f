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
