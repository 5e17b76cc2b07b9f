import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../../contract/errors.js';
import { FederationBlockInputSchema, FederationBlockListSchema, FederationBlockSchema, FederationDomainParamsSchema } from '../../../contract/federation.js';
import { requireAdmin } from '../../http/session.js';
import { sessionRequired } from '../../http/openapi.js';
import { HttpError } from '../../lib/errors.js';
import { articleIdFromSegment } from '../../../contract/paths.js';
import type { FederationService } from './federation.service.js';

/** An inbox post larger than this is refused (413) before Fedify reads it. */
export const INBOX_BODY_LIMIT = 256 * 1024;

const AP_TYPES = /application\/activity\+json|application\/ld\+json/i;
/** The pages whose addresses also answer an ActivityPub object: a channel and an article. */
const NEGOTIATED_PAGES = /^\/(articles|channels)\/[^/]+$/;

/** Whether the requester asks for ActivityPub (Mastodon sends one of these two). */
export function wantsActivityPub(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && AP_TYPES.test(accept);
}

/** The request as the Fetch API's Request Fedify takes, at the site's public address. */
function toFetchRequest(request: FastifyRequest, origin: string, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of [value].flat()) headers.append(name, String(v));
  }
  return new Request(new URL(request.url, origin), { method: request.method, headers, body: body && request.method !== 'GET' && request.method !== 'HEAD' ? new Uint8Array(body) : undefined });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length > 0 ? body : undefined);
}

/** What the server answers when the federation's store or queue cannot be reached: try again soon. */
export const FEDERATION_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * Fedify's answer, except that a failure of ours (its store or queue unreachable: Redis or the
 * database away) is a 503 with Retry-After, never a 500: a remote server retries a 503 later.
 */
async function sendOrBusy(reply: FastifyReply, run: () => Promise<Response>): Promise<FastifyReply> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    reply.log.warn({ err: error }, 'federation: a request could not be handled');
    return reply.status(503).header('retry-after', '30').send({ error: FEDERATION_BUSY_MESSAGE });
  }
  if (response.status >= 500) {
    reply.log.warn({ status: response.status, body: (await response.text()).slice(0, 500) }, 'federation: a request failed');
    return reply.status(503).header('retry-after', '30').send({ error: FEDERATION_BUSY_MESSAGE });
  }
  return sendFetchResponse(reply, response);
}

const notFound = () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json; charset=utf-8', vary: 'Accept' } });

function sendObject(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .header('content-type', 'application/activity+json')
    .header('vary', 'Accept')
    .send(status === 404 ? JSON.stringify({ error: 'Not found' }) : JSON.stringify(body));
}

/**
 * Answers what Fedify serves, before the response cache and the pages: WebFinger and NodeInfo,
 * and under content negotiation the channel actors, their collections and the articles, on the
 * pages' own addresses. Other requests pass on untouched. Registered on the root instance, before
 * the response cache, so a cached page never answers a request for the object.
 */
export function registerFederationNegotiation(app: FastifyInstance, service: FederationService): void {
  const { federation, origin } = service;
  const viaFedify = async (request: FastifyRequest, reply: FastifyReply) =>
    sendOrBusy(reply, () => federation.fetch(toFetchRequest(request, origin), { contextData: undefined, onNotFound: notFound }));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0]!;
    if (path === '/.well-known/webfinger' || path === '/.well-known/nodeinfo' || path === '/nodeinfo/2.1') return viaFedify(request, reply);
    if (!wantsActivityPub(request)) {
      // The page's address answers its object too: caches must keep the two apart.
      if (NEGOTIATED_PAGES.test(path)) reply.header('vary', 'Accept');
      return;
    }
    const article = /^\/articles\/([^/]+)$/.exec(path);
    if (article) {
      const id = articleIdFromSegment(decodeURIComponent(article[1]!));
      if (id === null) return sendObject(reply, 404, null);
      const document = await service.articleDocument(id);
      return sendObject(reply, document.status, document.body);
    }
    const object = /^\/ap\/articles\/(\d{1,10})\/(\d{1,6})$/.exec(path);
    if (object) {
      const tombstone = await service.withdrawnObject(Number(object[1]), Number(object[2]));
      if (tombstone) return sendObject(reply, 410, tombstone);
      return viaFedify(request, reply);
    }
    if (/^\/channels\/[^/]+(\/(followers|outbox))?$/.test(path)) return viaFedify(request, reply);
  });
}

/** The host[:port] an inbox post says it comes from: its signature's key, else its actor. */
export function senderDomain(request: FastifyRequest, body: Buffer | undefined): string | null {
  const signature = String(request.headers.signature ?? request.headers['signature-input'] ?? '');
  const keyId = /keyid="([^"]+)"/i.exec(signature)?.[1];
  const candidates = [keyId];
  if (!keyId && body) {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { actor?: unknown };
      candidates.push(typeof parsed.actor === 'string' ? parsed.actor : undefined);
    } catch {
      // Not JSON: Fedify answers it.
    }
  }
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return new URL(candidate).host.toLowerCase();
    } catch {
      // Not a URL.
    }
  }
  return null;
}

/**
 * The inboxes (each channel's and the shared one): bodies limited, each remote instance
 * rate-limited, a blocked instance refused (403); Fedify verifies the HTTP Signature (401 without
 * a valid one from the activity's actor) and runs the listeners.
 */
export const federationInboxRoutes: FastifyPluginAsync<{ service: FederationService; perMinute: number }> = async (app, { service, perMinute }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    const domain = senderDomain(request, body);
    if (domain && (await service.isBlocked(domain))) return reply.status(403).send({ error: 'This instance is blocked' });
    return sendOrBusy(reply, () => service.federation.fetch(toFetchRequest(request, service.origin, body), { contextData: undefined, onNotFound: notFound }));
  };
  const config = {
    rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `federation:${senderDomain(request, undefined) ?? request.ip}` },
  };
  app.post('/inbox', { bodyLimit: INBOX_BODY_LIMIT, config }, handler);
  app.post('/channels/:id/inbox', { bodyLimit: INBOX_BODY_LIMIT, config }, handler);
};

const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** The admin's instance blocks, under /api. */
export const federationAdminRoutes: FastifyPluginAsyncZod<{ service: FederationService }> = async (app, { service }) => {
  app.get(
    '/admin/federation/blocks',
    { schema: { tags: ['admin'], operationId: 'listFederationBlocks', security: sessionRequired, summary: 'Blocked instances', response: { 200: FederationBlockListSchema, ...adminErrors } } },
    async (request) => {
      requireAdmin(request);
      return { items: await service.blocks() };
    },
  );
  app.post(
    '/admin/federation/blocks',
    {
      schema: {
        tags: ['admin'],
        operationId: 'blockFederationInstance',
        security: sessionRequired,
        summary: 'Block an instance: its inbox posts are refused and its follows dropped',
        body: FederationBlockInputSchema,
        response: { 201: FederationBlockSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      return reply.status(201).send(await service.block(request.body.domain, admin.id));
    },
  );
  app.delete(
    '/admin/federation/blocks/:domain',
    {
      schema: {
        tags: ['admin'],
        operationId: 'unblockFederationInstance',
        security: sessionRequired,
        summary: 'Lift an instance block',
        params: FederationDomainParamsSchema,
        response: { 204: z.null().describe('Unblocked'), ...adminErrors },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      if (!(await service.unblock(request.params.domain))) throw new HttpError(404, 'This instance is not blocked');
      return reply.status(204).send(null);
    },
  );
};
