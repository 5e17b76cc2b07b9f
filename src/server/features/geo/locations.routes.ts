import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LocationTreeSchema } from '../../../contract/taxonomy.js';
import type { LocationsRepository } from './locations.repository.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { sessionOptional } from '../../http/openapi.js';

export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsRepository }> = async (app, { locations }) => {
  app.get(
    '/locations',
    { config: { cache: { tags: [CACHE_TAGS.reference] } }, schema: { tags: ['geo'], operationId: 'listLocations', security: sessionOptional, summary: 'The location tree: countries > regions > cities', response: { 200: LocationTreeSchema, 400: ErrorSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return locations.tree();
    },
  );
};
