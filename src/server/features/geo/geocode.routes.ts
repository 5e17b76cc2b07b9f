import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../../contract/errors.js';
import { GeocodeQuerySchema, GeocodeResultSchema } from '../../../contract/geo.js';
import type { Geocoder } from './geocoder.js';

export const geocodeRoutes: FastifyPluginAsyncZod<{ geocoder: Geocoder }> = async (app, { geocoder }) => {
  app.get(
    '/geocode',
    {
      schema: {
        tags: ['geo'],
        summary: 'Search places (cities, regions, countries) for the location picker',
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResultSchema, 400: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { features: await geocoder.search(request.query) };
    },
  );
};
