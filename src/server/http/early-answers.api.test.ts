import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp, type TestApp } from '../../test-support/test-app.js';
import { BODY_LIMITS, TOO_DEEP_MESSAGE } from './body-limits.js';

/**
 * What the server does with a body it does not need: a write that needs a session refuses a
 * signed-out request before reading its body, and any answer sent before the body is complete
 * closes the connection, so a client dripping a body cannot hold it (docs/reliability.md).
 */

interface RawExchange {
  /** The status line and headers, once they have arrived. */
  head: Promise<string>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
  /** Sends another byte of the body every `ms`, until the connection closes. */
  drip(ms: number): void;
  destroy(): void;
}

/**
 * Sends a request's headers announcing `length` bytes of body, and the first byte of it. The client
 * keeps its side open when the server ends its own (allowHalfOpen), as a hostile one would.
 */
function slowRequest(port: number, method: string, url: string, headers: Record<string, string>, length = 100_000): RawExchange {
  const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  let received = '';
  let dripping: NodeJS.Timeout | undefined;
  socket.setEncoding('latin1');
  socket.on('error', () => {});
  const head = new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) resolve(received.slice(0, end));
    });
    socket.on('close', () => reject(new Error(`closed before an answer: ${JSON.stringify(received)}`)));
  });
  head.catch(() => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('close', () => clearInterval(dripping));
  socket.on('connect', () => {
    const lines = Object.entries({ host: `127.0.0.1:${port}`, 'content-length': String(length), ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`${method} ${url} HTTP/1.1\r\n${lines.join('')}\r\n{`);
  });
  return {
    head,
    closed,
    drip: (ms) => {
      dripping = setInterval(() => socket.writable && socket.write(' '), ms);
    },
    destroy: () => socket.destroy(),
  };
}

const statusOf = (head: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
const headerOf = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
/** Waits for `promise`, or answers 'still open' after `ms`: far longer than the server's linger, far shorter than a body's time limit. */
const within = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => 'closed' as const), new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms))]);

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A concrete URL for a route pattern: every parameter an id that exists for nobody in particular. */
const concrete = (route: string) => route.replace(/:[a-zA-Z]+/g, '1');

describe.each(testDatabases())('writes that need a session, on %s', (kind) => {
  const t = useTestApp(kind);
  let port = 0;
  beforeAll(async () => {
    port = await listen(t);
  });

  it('refuses every one of them signed out with 401 before reading a byte more of its body, and closes the connection', async () => {
    const routes = (t.app as unknown as { routeList: { method: string; url: string }[] }).routeList.filter(
      (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !route.url.includes('*'),
    );
    const needSession: string[] = [];
    for (const route of routes) {
      const response = await t.app.inject({ method: route.method as 'POST', url: concrete(route.url), payload: {} });
      if (response.statusCode === 401) needSession.push(`${route.method} ${route.url}`);
    }
    // Every kind of write: accounts, channels, articles, reactions, comments, media, admin, email.
    expect(needSession.length).toBeGreaterThanOrEqual(20);
    expect(needSession).toEqual(expect.arrayContaining(['POST /api/articles', 'POST /api/articles/:id/comments', 'POST /api/uploads', 'PATCH /api/admin-articles/:id']));
    for (const route of needSession) {
      const [method, pattern] = route.split(' ') as [string, string];
      const exchange = slowRequest(port, method, concrete(pattern), { 'content-type': pattern === '/api/uploads' ? 'multipart/form-data; boundary=x' : 'application/json' });
      const head = await exchange.head;
      expect(statusOf(head), route).toBe(401);
      expect(headerOf(head, 'connection'), route).toBe('close');
      exchange.destroy();
    }
  });

  it('closes an upload refused for a made-up session cookie while its client drips the body', async () => {
    const exchange = slowRequest(port, 'POST', '/api/uploads', {
      'content-type': 'multipart/form-data; boundary=x',
      cookie: `broadsheet_session=${'a'.repeat(43)}`,
    }, 20_000_000);
    const head = await exchange.head;
    expect(statusOf(head)).toBe(401);
    expect(headerOf(head, 'connection')).toBe('close');
    exchange.drip(300);
    expect(await within(exchange.closed, 20_000)).toBe('closed');
  }, 30_000);
});

describe.each(testDatabases())('an answer sent before the body, on %s', (kind) => {
  // Two sign-ins a minute per address: the third is answered 429 before its body is read.
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '2' });
  let port = 0;
  beforeAll(async () => {
    port = await listen(t);
  });

  it('closes a slow sign-in answered 429 while its client keeps sending a byte at a time', async () => {
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'nobody_here', password: 'wrong-password' } });
    const exchange = slowRequest(port, 'POST', '/api/login', { 'content-type': 'application/json' });
    const head = await exchange.head;
    expect(statusOf(head)).toBe(429);
    expect(headerOf(head, 'connection')).toBe('close');
    exchange.drip(300);
    expect(await within(exchange.closed, 20_000)).toBe('closed');
  }, 30_000);
});

describe.each(testDatabases())('request bodies on %s', (kind) => {
  const t = useTestApp(kind);

  const post = (url: string, body: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('refuses JSON nested deeper than 64 levels with 400, signed out or in, before parsing it', async () => {
    const deep = await post('/api/login', nested(1000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: TOO_DEEP_MESSAGE });
    const writer = await signedInClient(t, 'deep');
    const channel = (await writer.client.post('/api/channels', { name: 'Deep Desk', description: 'd' })).json();
    const article = (await writer.client.post('/api/articles', { title: 'Deep', content: '<p>x</p>', channelId: channel.id })).json();
    const comment = await post(`/api/articles/${article.id}/comments`, JSON.stringify({ content: 'hi', parent_id: null, extra: JSON.parse(nested(65)) }), writer.client.cookie);
    expect(comment.json()).toEqual({ error: TOO_DEEP_MESSAGE });
    // At the limit the body is parsed, and the route's schema decides.
    const atLimit = await post('/api/login', JSON.stringify({ username: JSON.parse(nested(63)), password: 'x' }));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error).not.toBe(TOO_DEEP_MESSAGE);
  });

  it('gives each route a body limit that fits it: a view well under 1 KB, anonymous forms 4 KB, only article writes 1 MB', async () => {
    const tooLarge = { error: 'Request body is too large' };
    const view = await post('/api/articles/1/view', JSON.stringify({ referrer: 'x'.repeat(BODY_LIMITS.view) }));
    expect([view.statusCode, view.json()]).toEqual([413, tooLarge]);
    const login = await post('/api/login', JSON.stringify({ username: 'someone', password: 'x'.repeat(BODY_LIMITS.anonymous) }));
    expect([login.statusCode, login.json()]).toEqual([413, tooLarge]);

    const writer = await signedInClient(t, 'sizes');
    const channel = await post('/api/channels', JSON.stringify({ name: 'Big', description: 'x'.repeat(BODY_LIMITS.default) }), writer.client.cookie);
    expect([channel.statusCode, channel.json()]).toEqual([413, tooLarge]);
    const desk = (await writer.client.post('/api/channels', { name: 'Sizes Desk', description: 'd' })).json();
    // 150 KB of article HTML and a comment of 5,000 characters written as escapes both fit.
    const article = await writer.client.post('/api/articles', { title: 'Long read', content: `<p>${'word '.repeat(30_000)}</p>`, channelId: desk.id });
    expect(article.statusCode).toBe(201);
    const escaped = `{"content":"${'\\u00e9'.repeat(5000)}","parent_id":null}`;
    expect((await post(`/api/articles/${article.json().id}/comments`, escaped, writer.client.cookie)).statusCode).toBe(201);
    const huge = await post('/api/articles', JSON.stringify({ title: 'Too long', content: 'x'.repeat(BODY_LIMITS.article), channelId: desk.id }), writer.client.cookie);
    expect([huge.statusCode, huge.json()]).toEqual([413, tooLarge]);
  });
});
