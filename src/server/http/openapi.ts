import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from './session.js';

/** A route's `security` when it answers 401 without a session. */
export const sessionRequired = [{ session: [] }] as const;
/** A route's `security` when it works signed out, and signed in may answer more (drafts, your own reaction). */
export const sessionOptional = [{}, { session: [] }] as const;
/** The mail provider's webhook: its own bearer token, no session. */
export const webhookTokenRequired = [{ webhookToken: [] }] as const;

/**
 * The schemas with an id that the server's own modules registered, taken when the first app of the
 * process is built. The server-rendered pages load a second copy of the contract into the process
 * (the SSR bundle, or Vite's modules in development), and its schemas register the same ids in
 * zod's global registry; zod refuses to convert two schemas with one id together, so the document
 * built from the whole registry answered 500 once a page had been rendered. Metadata (descriptions)
 * is still read from the global registry.
 */
let serverSchemas: typeof z.globalRegistry | undefined;
function serverSchemaRegistry(): typeof z.globalRegistry {
  serverSchemas ??= Object.assign(z.registry<z.GlobalMeta>(), { _map: z.globalRegistry._map, _idmap: new Map(z.globalRegistry._idmap) });
  return serverSchemas;
}

/** The document describes the JSON API; pages, files and feeds outside /api are not part of it. */
function apiRoutesOnly(schemaRegistry: typeof z.globalRegistry): SwaggerTransform {
  const transform = createJsonSchemaTransform({ schemaRegistry });
  return (input) => (input.url.startsWith('/api/') ? transform(input as never) : { schema: { hide: true } as never, url: input.url });
}

/**
 * Every zod schema with an id becomes a component twice, as the shape a request takes and as the
 * shape an answer has, whether or not a route uses either. Only the components the routes reach
 * stay, so a generated client holds the types of this API and no others.
 */
function referencedComponentsOnly(schemaRegistry: typeof z.globalRegistry): SwaggerTransformObject {
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry });
  return (input) => {
    const document = transformObject(input) as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
    const schemas = document.components?.schemas ?? {};
    const prefix = '#/components/schemas/';
    const reached = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
          const name = value.slice(prefix.length);
          if (!reached.has(name)) {
            reached.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    };
    visit(document.paths);
    const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
    return { ...document, components: { ...document.components, schemas: kept } } as ReturnType<SwaggerTransformObject>;
  };
}

/** The OpenAPI document is generated from the routes' zod schemas, so it cannot drift from them. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  const schemaRegistry = serverSchemaRegistry();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Broadsheet API',
        description: 'JSON API of Broadsheet. Errors are {"error": "..."}; sessions are an httpOnly cookie.',
        version: '1.0.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie that signing in (POST /api/login, POST /api/register, Google sign-in) sets; httpOnly, SameSite=Lax.',
          },
          webhookToken: { type: 'http', scheme: 'bearer', description: "The operator's EMAIL_WEBHOOK_SECRET, sent by the mail provider." },
        },
      },
    },
    transform: apiRoutesOnly(schemaRegistry),
    transformObject: referencedComponentsOnly(schemaRegistry),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
