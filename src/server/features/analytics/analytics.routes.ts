import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsQuerySchema, ChannelAnalyticsSchema, analyticsCsv, type ChannelAnalytics } from '../../../contract/analytics.js';
import { IdParamsSchema } from '../../../contract/common.js';
import { ErrorSchema } from '../../../contract/errors.js';
import { requireAdmin, requireUser, signedInOnly } from '../../http/session.js';
import type { AnalyticsService } from './analytics.service.js';
import { sessionRequired } from '../../http/openapi.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
/** The CSV download, a text/csv body; only JSON bodies go through the response serializer. */
const csvFile = { description: 'The daily figures as CSV, with a header row', content: { 'text/csv': { schema: z.string() } } };

/** One reader's figures: never kept by a shared cache. */
const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');

function sendCsv(reply: FastifyReply, report: ChannelAnalytics) {
  const name = `${report.channel ? `channel-${report.channel.id}` : 'site'}-analytics-${report.from}-to-${report.to}.csv`;
  return privately(reply)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(analyticsCsv(report.days));
}

/**
 * Channel analytics (docs/product.md#analytics): the channel's owner and admins; the whole
 * site for admins. Signed-out requests get 401 before their query is looked at.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  const signedIn = signedInOnly();
  const admin = async (request: Parameters<typeof requireAdmin>[0]) => void requireAdmin(request);

  app.get(
    '/channels/:id/analytics',
    {
      onRequest: signedIn,
      schema: {
        tags: ['analytics'],
        operationId: 'getChannelAnalytics',
        security: sessionRequired,
        summary: "A channel's figures per UTC day over a period, its top articles and referrers (owner and admins)",
        params: IdParamsSchema,
        querystring: AnalyticsQuerySchema,
        response: { 200: ChannelAnalyticsSchema, ...errors },
      },
    },
    async (request, reply) => {
      privately(reply);
      return analytics.channel(request.params.id, requireUser(request), request.query.period);
    },
  );

  app.get(
    '/channels/:id/analytics.csv',
    {
      onRequest: signedIn,
      schema: {
        tags: ['analytics'],
        operationId: 'getChannelAnalyticsCsv',
        security: sessionRequired,
        summary: "A channel's daily figures as CSV: a header row, then one row per UTC day of the period (owner and admins)",
        params: IdParamsSchema,
        querystring: AnalyticsQuerySchema,
        response: { 200: csvFile, ...errors },
      },
    },
    async (request, reply) => sendCsv(reply, await analytics.channel(request.params.id, requireUser(request), request.query.period)),
  );

  app.get(
    '/admin/analytics',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        operationId: 'getSiteAnalytics',
        security: sessionRequired,
        summary: "The whole site's figures per UTC day over a period (admins only)",
        querystring: AnalyticsQuerySchema,
        response: { 200: ChannelAnalyticsSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      privately(reply);
      return analytics.site(request.query.period);
    },
  );

  app.get(
    '/admin/analytics.csv',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        operationId: 'getSiteAnalyticsCsv',
        security: sessionRequired,
        summary: "The whole site's daily figures as CSV (admins only)",
        querystring: AnalyticsQuerySchema,
        response: { 200: csvFile, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => sendCsv(reply, await analytics.site(request.query.period)),
  );
};
