import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '../../contract/health.js';
import { isDatabaseReachable, type Database, type Dialect } from '../db/database.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; dialect: Dialect; placeSearchReady: () => boolean }> = async (
  app,
  { db, dialect, placeSearchReady },
) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Whether the server and its database are up', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const up = await isDatabaseReachable(db);
      return reply
        .status(up ? 200 : 503)
        .send({
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          dialect,
          version: '1.0.0',
          placeSearch: placeSearchReady() ? 'ready' : 'loading',
        });
    },
  );
};
