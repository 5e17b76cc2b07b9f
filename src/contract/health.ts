import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    dialect: z.enum(['sqlite', 'postgres']),
    version: z.string(),
    /** Whether place search has what it needs in memory (the offline gazetteer loads after start). */
    placeSearch: z.enum(['ready', 'loading']),
  })
  .meta({ id: 'Health' });
