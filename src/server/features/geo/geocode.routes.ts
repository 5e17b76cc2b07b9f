import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '../../../contract/errors.js';
import { GeocodeQuerySchema, GeocodeResultSchema } from '../../../contract/geo.js';
import { signedInOnly } from '../../http/session.js';
import type { Geocoder } from './geocoder.js';
import { sessionOptional, sessionRequired } from '../../http/openapi.js';

export interface GeocodeRoutesOptions {
  geocoder: Geocoder;
  /** Searches one client (a signed-in user, else an address) may make per minute. */
  perMinute: number;
  /** Whether searching needs a session: when the upstream charges per request (Mapbox). */
  requireSession: boolean;
}

export const GEOCODE_SIGN_IN_MESSAGE = 'Sign in to search for places';

export const geocodeRoutes: FastifyPluginAsyncZod<GeocodeRoutesOptions> = async (app, { geocoder, perMinute, requireSession }) => {
  app.get(
    '/geocode',
    {
      config: {
        rateLimit: {
          max: perMinute,
          timeWindow: 60_000,
          // A read, but one that may cost an upstream request: counted, unlike other reads.
          allowList: () => false,
          // After the session is known, so a signed-in user is counted as one client wherever they are.
          hook: 'preHandler',
          keyGenerator: (request) => (request.user ? `geocode-user-${request.user.id}` : `geocode-ip-${request.ip}`),
        },
      },
      ...(requireSession ? { onRequest: signedInOnly(GEOCODE_SIGN_IN_MESSAGE) } : {}),
      schema: {
        tags: ['geo'],
        operationId: 'searchPlaces',
        security: requireSession ? sessionRequired : sessionOptional,
        summary: 'Search places (cities, regions, countries) for the location picker',
        description: 'Limited per client per minute (GEOCODE_RATE_LIMIT); signed-in users only when Mapbox answers (it bills per request).',
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResultSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request, reply) => {
      // Behind a session, the answer is private like every signed-in answer (http/response-cache.ts).
      if (!requireSession) reply.header('cache-control', 'public, max-age=86400');
      return { features: await geocoder.search(request.query) };
    },
  );
};
