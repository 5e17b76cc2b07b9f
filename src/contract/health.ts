import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    dialect: z.enum(['sqlite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'Health' });
