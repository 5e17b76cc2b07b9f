import { z } from 'zod';
import { LIMITS } from './limits.js';

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
