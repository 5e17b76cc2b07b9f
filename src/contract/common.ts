import { z } from 'zod';

/** A positive integer id taken from a path segment ("12") or a JSON number. */
export const IdSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(2_147_483_647, 'is too large');

export const IdParamsSchema = z.object({ id: IdSchema });

/** Timestamps travel as ISO-8601 strings in UTC. */

export const OkSchema = z.object({ success: z.literal(true) });
