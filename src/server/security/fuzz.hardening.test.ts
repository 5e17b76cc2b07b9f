import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Property-based fuzzing of every route the app serves (read from the app's own
 * route list, so a new route is fuzzed without touching this file). Each request mixes path
 * parameters, query strings and bodies built from the route's OpenAPI schema with hostile values:
 * wrong types, huge strings, deep JSON, unicode edge cases, null bytes, numbers as strings, negative
 * and huge ids. It is sent anonymously, as a signed-in user and as an admin. Every answer must be
 * below 500, and every 4xx must carry a JSON `{error}` with a message.
 *
 * FUZZ_REQUESTS overrides the number of requests (default 10,000 on SQLite, 2,000 on PostgreSQL).
 */

type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
};
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Route {
  method: string;
  url: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}
type Role = 'anonymous' | 'user' | 'admin';
interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the body looked like, for the failure report (huge values abbreviated). */
  describe: string;
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u200F\u202Eevil\u202C',
  '\u200D\u200B\uFEFF',
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\uD83D\uDE00\uD83D\uDC69\u200D\uD83D\uDC69\u200D\uD83D\uDC67',
  'e\u0301\u0301\u0301\u0301',
  '\u0000\u0001\u001F\u007F',
  '\r\n\r\n',
  "'; drop table users; --",
  '" or 1=1 --',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '-0',
  '1e308',
  '1e309',
  '2147483648',
  '9007199254740993',
  '0x10',
  '1_000',
  ' 1',
  '01',
  '1.5',
  '٣',
  '&#1114112;',
  '&#x110000;',
  '&#xD800;',
  '<p>&#99999999999;</p>',
];
const EDGE_NUMBERS = [-1, 0, -0, 0.5, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE, 1e-308];
const HUGE_SIZES = [1_000, 10_000, 100_000];

const loneSurrogateString = fc
  .array(fc.oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 20 })
  .map((codes) => String.fromCharCode(...codes));
const hugeString = fc
  .tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom('x', '\u200F', '😀', '\u0000', '<b>', 'é', '\uD800'))
  .map(([size, unit]) => unit.repeat(Math.ceil(size / unit.length)));
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: loneSurrogateString, weight: 2 },
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS).map(String), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);
const hostileNumber = fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());

/** Nested JSON text deep enough to trip a naive recursive walker. */
const deepJsonText = fc
  .tuple(fc.oneof(fc.integer({ min: 1000, max: 5000 }), fc.constantFrom(100_000, 200_000)), fc.constantFrom('array', 'object'))
  .map(([depth, kind]) => (kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'id', 'user_id')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// Schema-guided values: mostly plausible, so requests get past validation into the handlers
// ---------------------------------------------------------------------------------------------

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

function plausible(schemaIn: JsonSchema, doc: OpenApiDocument, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn, doc);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, doc, ids, depth)));
  const types = [schema.type ?? 'string'].flat();
  const options = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
      case 'number':
        return fc.oneof(
          fc.constantFrom(...ids),
          fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 - 1),
          fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 1000, 1000) }),
          type === 'number' ? fc.double({ min: -90, max: 90, noNaN: true }) : fc.constantFrom(0, 1),
        );
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return depth > 3 || !schema.items
          ? fc.constant([])
          : fc.array(plausible(schema.items, doc, ids, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
      case 'object': {
        const properties = Object.entries(schema.properties ?? {});
        if (depth > 3 || properties.length === 0) return fc.constant({});
        return fc.record(Object.fromEntries(properties.map(([key, value]) => [key, plausible(value, doc, ids, depth + 1)])), {
          requiredKeys: schema.required ?? [],
        });
      }
      default: {
        const min = schema.minLength ?? 0;
        const max = Math.min(schema.maxLength ?? 60, 60);
        return fc.oneof(
          fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, max) }),
          fc.stringMatching(/^[A-Za-z0-9_.-]{3,20}$/),
          fc.constantFrom('<p>Hello <b>world</b></p>', '<img src=x onerror=alert(1)>', 'https://example.com/a.png', '/uploads/x.webp'),
        );
      }
    }
  });
  return fc.oneof(...options);
}

/** A value for one field: plausible for its schema, or hostile. */
function fieldValue(schema: JsonSchema, doc: OpenApiDocument, ids: number[]): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: plausible(schema, doc, ids), weight: 3 }, { arbitrary: hostileJson, weight: 2 });
}

function bodyArbitrary(route: Route, doc: OpenApiDocument, ids: number[]): fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string> }> {
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', headers: { 'content-type': 'application/json' } });
  const schema = route.body ? resolve(route.body, doc) : undefined;
  const mixed: fc.Arbitrary<unknown> = schema
    ? schema.type === 'object'
      ? fc
          .tuple(
            fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fieldValue(value, doc, ids)])), {
              requiredKeys: [],
            }),
            fc.dictionary(hostileString, hostileJson, { maxKeys: 2 }),
            fc.boolean(),
          )
          .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known))
      : fieldValue(schema, doc, ids)
    : hostileJson;
  const keys = Object.keys(schema?.properties ?? {});
  // Valid for the schema, or valid but for one hostile field: these reach the handlers.
  const valid = schema ? plausible(schema, doc, ids) : hostileJson;
  const oneHostile =
    schema && keys.length > 0
      ? fc.tuple(valid, fc.constantFrom(...keys), hostileJson).map(([body, key, value]) => ({ ...(body as object), [key]: value }))
      : valid;
  const shaped = fc.oneof(valid, oneHostile, mixed);
  const deepInField = fc.tuple(fc.constantFrom(...Object.keys(schema?.properties ?? { a: {} })), deepJsonText).map(([key, deep]) => ({
    payload: `{${JSON.stringify(key)}:${deep}}`,
    headers: { 'content-type': 'application/json' },
  }));
  const options = [
    { arbitrary: shaped.map(json), weight: 8 },
    { arbitrary: hostileJson.map(json), weight: 2 },
    { arbitrary: deepJsonText.map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })), weight: 1 },
    { arbitrary: deepInField, weight: 1 },
    {
      // Not JSON at all, but labelled as JSON: truncated text, null bytes, a bare BOM.
      arbitrary: fc
        .oneof(hostileString, fc.constantFrom('{"a":', '{"a":1}}', '\uFEFF{}', '{"a":"\u0000"}', '{"__proto__":{"isAdmin":true}}', '[1,]', '{a:1}'))
        .map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data'), hostileString)
        .map(([type, payload]) => ({ payload, headers: { 'content-type': type } })),
      weight: 1,
    },
    { arbitrary: fc.constant({ headers: {} }), weight: 1 },
  ];
  if (route.url === '/api/uploads') {
    options.push({
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 2048 }), hostileString, fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'), fc.constantFrom('file', 'image', ''))
        .map(([bytes, filename, type, field]) => multipart(Buffer.from(bytes), filename, type, field)),
      weight: 8,
    });
  }
  return fc.oneof(...options);
}

function multipart(bytes: Buffer, filename: string, type: string, field: string) {
  const boundary = '----fuzz' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A path segment: a real id, a slug-id, a hostile number or string; always percent-encoded, sometimes raw. */
function pathSegment(ids: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ids).map(String), weight: 8 },
    { arbitrary: fc.tuple(fc.constantFrom(...ids), fc.stringMatching(/^[a-z0-9-]{0,30}$/)).map(([id, slug]) => `${id}-${slug}`), weight: 2 },
    { arbitrary: hostileNumber.map((n) => encodeURIComponent(String(n))), weight: 2 },
    { arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')) || '%20'), weight: 3 },
    { arbitrary: loneSurrogateString.map((s) => [...s].map((c) => '%' + (c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')).join('') || '%ED%A0%80'), weight: 1 },
    { arbitrary: fc.constantFrom('%', '%ZZ', '%ED%A0%80', '%00', '..%2F..%2F', '%2e%2e', '-1', '0', 'NaN', '1e308', '9007199254740992'), weight: 2 },
  );
}

function queryArbitrary(route: Route, doc: OpenApiDocument, ids: number[]): fc.Arbitrary<string> {
  const scalar = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');
  const entries = Object.entries(route.query);
  const known = fc.record(
    Object.fromEntries(
      entries.map(([key, schema]) => [
        key,
        fc.oneof(
          { arbitrary: plausible(schema, doc, ids).map((v) => (Array.isArray(v) ? v.map(scalar) : [scalar(v)])), weight: 3 },
          { arbitrary: fc.array(hostileString, { minLength: 1, maxLength: 3 }), weight: 2 },
          { arbitrary: hostileNumber.map((n) => [String(n)]), weight: 1 },
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(hostileString, hostileString.map((v) => [v]), { maxKeys: 2 });
  return fc.oneof(
    { arbitrary: fc.tuple(known, fc.oneof(fc.constant({}), extra)).map(([a, b]) => encodeQuery({ ...b, ...a })), weight: 8 },
    { arbitrary: fc.constantFrom('', '?', '?&&=&', '?a[b][c]=1', '?limit=1&limit=2', '?%', '?q=%ZZ', '?__proto__[x]=1', '?q=%00'), weight: 1 },
  );
}

function encodeQuery(params: Record<string, string[] | undefined>): string {
  const clean = (s: string) => s.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
  const parts = Object.entries(params).flatMap(([key, values]) => (values ?? []).map((value) => `${encodeURIComponent(clean(key))}=${encodeURIComponent(clean(value))}`));
  return parts.length ? `?${parts.join('&')}` : '';
}

// ---------------------------------------------------------------------------------------------
// The routes and the fixtures
// ---------------------------------------------------------------------------------------------

function routesFrom(app: FastifyInstance, doc: OpenApiDocument): Route[] {
  const list = (app as unknown as { routeList: { method: string; url: string }[] }).routeList;
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, url } of list) {
    // Swagger UI's own static files are not ours to fuzz.
    if (url.startsWith('/api/docs')) continue;
    const key = `${method} ${url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    const pathParams = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
    const query = Object.fromEntries(
      (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}] as const),
    );
    const body = operation?.requestBody?.content?.['application/json']?.schema;
    routes.push({ method, url, pathParams, query, body });
  }
  return routes;
}

/** Routes that start or end sessions: signed-in requests to them get a throwaway session of a throwaway user. */
const SESSION_ROUTES = new Set(['POST /api/logout', 'POST /api/login', 'POST /api/register', 'POST /api/user/password']);

interface Fixtures {
  ids: number[];
  cookieFor: (role: Role, route: Route) => Promise<string | undefined>;
}

async function fixtures(t: TestApp): Promise<Fixtures> {
  const users = await Promise.all([signedInClient(t, 'fuzz'), signedInClient(t, 'fuzz'), signedInClient(t, 'fuzz')]);
  const admin = await signedInClient(t, 'fuzzadmin');
  await t.ctx.users.setAdmin(admin.username, true);
  const throwaway = await signedInClient(t, 'fuzzthrowaway');
  const ids = new Set<number>([1, 2, 3, admin.id, throwaway.id]);
  for (const user of users) {
    ids.add(user.id);
    const channel = (await user.client.post('/api/channels', { name: `Fuzz ${user.id}`, description: 'fuzzing' })).json();
    ids.add(channel.id);
    for (const status of ['published', 'draft']) {
      const article = (await user.client.post('/api/articles', { title: 'Fuzz', content: '<p>fuzz</p>', channelId: channel.id, status })).json();
      ids.add(article.id);
      if (status === 'published') {
        const comment = (await user.client.post(`/api/articles/${article.id}/comments`, { content: 'first', parent_id: null })).json();
        ids.add(comment.id);
      }
    }
  }
  let next = 0;
  const cookieOf = (client: { cookie: string | undefined }) => client.cookie;
  return {
    ids: [...ids],
    cookieFor: async (role, route) => {
      if (role === 'anonymous') return undefined;
      if (SESSION_ROUTES.has(`${route.method} ${route.url}`)) {
        // Signing in, out or changing a password would spoil the shared sessions; use a fresh one.
        return `broadsheet_session=${(await t.ctx.sessions.start(throwaway.id)).token}`;
      }
      if (role === 'admin') return cookieOf(admin.client);
      // Round-robin over several users, so per-user write limits (comments, reactions) bite later.
      return cookieOf(users[next++ % users.length]!.client);
    },
  };
}

function requestArbitrary(route: Route, doc: OpenApiDocument, ids: number[]): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> {
  const path = fc.tuple(...route.pathParams.map(() => pathSegment(ids))).map((segments) => {
    let i = 0;
    return route.url.replace(/:(\w+)|\*/g, () => segments[i++] ?? '');
  });
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const body = hasBody ? bodyArbitrary(route, doc, ids) : fc.constant({ headers: {} as Record<string, string>, payload: undefined });
  const origin = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 12 },
    { arbitrary: fc.constant('http://localhost:3000'), weight: 2 },
    { arbitrary: fc.constantFrom('http://evil.example', 'null', '\u0000'), weight: 1 },
  );
  return fc
    .tuple(fc.constantFrom<Role>('anonymous', 'user', 'user', 'admin'), path, queryArbitrary(route, doc, ids), body, origin)
    .map(([role, url, query, { payload, headers }, originHeader]) => ({
      role,
      method: route.method,
      url: url + query,
      headers: { ...headers, ...(originHeader !== undefined && hasBody ? { origin: originHeader } : {}) },
      payload,
      describe: abbreviate(payload),
    }));
}

function abbreviate(payload: string | Buffer | undefined): string {
  if (payload === undefined) return '(no body)';
  const text = typeof payload === 'string' ? payload : `<${payload.length} bytes>`;
  return text.length > 300 ? `${text.slice(0, 150)}…(${text.length} chars)…${text.slice(-60)}` : text;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

describe.each(testDatabases())('hostile input on %s', (kind) => {
  const t = useTestApp(kind);
  const total = Number(process.env.FUZZ_REQUESTS ?? (kind === 'sqlite' ? 10_000 : 2_000));

  // The defects this fuzzing found (each answered 500 on PostgreSQL), kept as fixed examples.
  it.each([
    ['GET', '/api/channels?q=%00', undefined, 'Text must not contain null characters'],
    ['POST', '/api/channels', { name: 'a\u0000b', description: 'd' }, 'Text must not contain null characters'],
    ['POST', '/api/articles', { title: 'T', content: '<p>x</p>', channelId: 2 ** 31 }, 'Please select a channel'],
    ['GET', '/api/articles?channels=2147483648', undefined, 'channels.0 must list channel ids'],
    ['GET', '/api/articles?categories=99999999999', undefined, 'categories.0 must list category ids'],
  ] as const)('answers %s %s with a 400', async (method, url, payload, message) => {
    const { client } = await signedInClient(t, 'fixed');
    const response = await client.request({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it(`answers ${total} fuzzed requests to every route without a 5xx, and every 4xx with an {error}`, { timeout: 600_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    const fx = await fixtures(t);
    const routes = routesFrom(t.app, doc);
    expect(routes.length).toBeGreaterThan(40);

    let sent = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];

    async function send(route: Route, request: FuzzRequest): Promise<void> {
      const cookie = await fx.cookieFor(request.role, route);
      const options: InjectOptions = {
        method: request.method as InjectOptions['method'],
        url: request.url,
        headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      };
      sent++;
      const response = await t.app.inject(options);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const where = `${request.role} ${request.method} ${abbreviate(request.url)} body=${request.describe}`;
      expect(response.statusCode, `${where} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
      if (response.statusCode >= 400 && request.method !== 'HEAD') {
        expect(String(response.headers['content-type']), `${where} → 4xx not JSON`).toMatch(/^application\/json/);
        const error = (response.json() as { error?: unknown }).error;
        expect(typeof error === 'string' && error.trim().length > 0, `${where} → 4xx without an error message: ${response.body.slice(0, 300)}`).toBe(true);
      }
    }

    const perRoute = Math.max(1, Math.ceil(total / routes.length));
    for (const route of routes) {
      const property = fc.asyncProperty(requestArbitrary(route, doc, fx.ids), (request) => send(route, request));
      try {
        // Shrinking is bounded so that one defect reports a small example quickly.
        await fc.assert(property, { numRuns: perRoute, endOnFailure: false, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: false });
      } catch (error) {
        failures.push(`${route.method} ${route.url}: ${(error as Error).message.split('\n').slice(0, 12).join('\n')}`);
      }
    }

    // Still alive and still serving after everything.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);

    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    console.log(`[fuzz ${kind}] ${sent} requests to ${routes.length} routes; statuses: ${summary}`);
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(total);
  });
});
