import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    dialect: z.enum(['sqlite', 'postgres']),
    /**
     * The shared Redis (REDIS_URL): 'off' when not configured. While it is 'down' the site works and
     * each instance counts its limits alone; the status is then 'degraded' (with HTTP 200).
     */
    redis: z.enum(['up', 'down', 'off']),
    version: z.string(),
    /** The Node.js release the instance runs on (`process.version`, e.g. `v24.22.3`). */
    node: z.string(),
    /** Whether place search has what it needs in memory (the offline gazetteer loads after start). */
    placeSearch: z.enum(['ready', 'loading']),
  })
  .meta({ id: 'Health' });
