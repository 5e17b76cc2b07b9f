import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../contract/errors.js';
import { HealthSchema } from '../../contract/health.js';
import { isDatabaseReachable, type Database, type Dialect } from '../db/database.js';
import type { RedisLink } from '../lib/redis-link.js';
import { sessionOptional } from '../http/openapi.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; dialect: Dialect; placeSearchReady: () => boolean; redis?: RedisLink }> = async (
  app,
  { db, dialect, placeSearchReady, redis },
) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], operationId: 'getHealth', security: sessionOptional, summary: 'Whether the server and its database are up', response: { 200: HealthSchema, 400: ErrorSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const [up, redisState] = await Promise.all([
        isDatabaseReachable(db),
        redis ? redis.attempt((client) => client.ping()).then((pinged): 'up' | 'down' => (pinged.ok ? 'up' : 'down')) : ('off' as const),
      ]);
      // Without its database the instance cannot serve (503); without Redis it can, degraded.
      return reply
        .status(up ? 200 : 503)
        .send({
          status: up && redisState !== 'down' ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          dialect,
          redis: redisState,
          version: '1.0.0',
          node: process.version,
          placeSearch: placeSearchReady() ? 'ready' : 'loading',
        });
    },
  );
};
