import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, createContext } from '../app.js';
import { seedFixtures } from '../seed/seed.js';
import { openTestDatabase, testConfig, testDatabases } from '../../test-support/test-app.js';

/** A loopback port where nothing listens: connections to it are refused at once. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An app on a fresh database with its log lines kept. */
function useLoggedApp(kind: 'sqlite' | 'postgres', env: () => Record<string, string>) {
  const handle = { app: undefined as unknown as FastifyInstance, lines: [] as string[] };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    drop = opened.drop;
    const config = testConfig({ LOG_LEVEL: 'info', ...env() });
    const ctx = createContext(config, opened.database);
    await seedFixtures(ctx);
    handle.app = await buildApp(config, { database: opened.database, context: ctx, logStream: { write: (line) => void handle.lines.push(line) } });
    await handle.app.ready();
  });
  afterAll(async () => {
    await handle.app?.close();
    await drop?.();
  });
  return handle;
}

let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

/**
 * REDIS_URL set but Redis unreachable (a port where nothing listens). The site keeps working without
 * waiting on it, the limits stay on (each instance counts alone), /api/health says so, and the log
 * says it once, not per request.
 */
describe.each(testDatabases())('with Redis unreachable on %s', (kind) => {
  let port = 0;
  // Before the app is built (hooks run in the order they are declared).
  beforeAll(async () => {
    port = await deadPort();
  });
  const t = useLoggedApp(kind, () => ({ REDIS_URL: `redis://127.0.0.1:${port}`, AUTH_RATE_LIMIT: '4' }));
  const post = (url: string, payload: object, address: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: address, headers: cookie ? { cookie } : {} });

  it('reports degraded health with HTTP 200', async () => {
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().redis).toBe('down');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
  });

  it('keeps the sign-in limits: per client address, and per account across addresses', async () => {
    const username = name('victim');
    expect((await post('/api/register', { username, password: 'correct-horse' }, '10.40.0.1')).statusCode).toBe(201);
    // One address: the route's limit (four a minute) answers 429 from the fifth attempt on.
    const fromOne: number[] = [];
    for (let i = 0; i < 6; i++) fromOne.push((await post('/api/login', { username, password: `guess-${i}` }, '10.40.1.1')).statusCode);
    expect(fromOne).toEqual([401, 401, 401, 401, 429, 429]);
    // Many addresses, one guess each: the account-wide count (five times the limit) still closes.
    const spread: number[] = [];
    for (let i = 0; i < 20; i++) spread.push((await post('/api/login', { username, password: `guess-${i}` }, `10.40.2.${i + 1}`)).statusCode);
    expect(spread.filter((status) => status === 401)).toHaveLength(16);
    expect(spread.slice(16)).toEqual([429, 429, 429, 429]);
  });

  it('serves reads and writes without waiting on Redis, and logs the outage once', async () => {
    const author = await post('/api/register', { username: name('writer'), password: 'correct-horse' }, '10.40.3.1');
    const cookie = String([author.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const channel = (await post('/api/channels', { name: `Offline ${kind}`, description: 'No Redis' }, '10.40.3.1', cookie)).json();
    for (let i = 0; i < 5; i++) {
      const article = await post('/api/articles', { title: `Still up ${i}`, content: '<p>Text</p>', channelId: channel.id }, '10.40.3.1', cookie);
      expect(article.statusCode).toBe(201);
      expect((await post(`/api/articles/${article.json().id}/view`, {}, `10.40.4.${i + 1}`)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/articles' })).statusCode).toBe(200);
    }
    const warnings = t.lines.filter((line) => /"level":(40|50)/.test(line));
    expect(warnings.filter((line) => line.includes(`Redis at 127.0.0.1:${port} is unreachable`))).toHaveLength(1);
    expect(warnings.filter((line) => !line.includes(`Redis at 127.0.0.1:${port} is unreachable`))).toEqual([]);
  });
});

/**
 * A Redis that accepts connections and answers like Redis (the ready check, PING) until `hang()`,
 * then reads every command and answers none, as a Redis stuck on a slow script or a half-open
 * connection does. It counts the commands it is sent once hanging, apart from those a client sends
 * on every (re)connection.
 */
const HANDSHAKE = new Set(['INFO', 'HELLO', 'CLIENT']);
async function stuckRedis() {
  let hanging = false;
  let sentWhileHanging = 0;
  const server = net.createServer((socket) => {
    let pending = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      // Each command is a RESP array of bulk strings: *N, then N times $len and the argument.
      for (;;) {
        const parsed = /^\*(\d+)\r\n/.exec(pending);
        if (!parsed) return;
        let at = parsed[0].length;
        const args: string[] = [];
        for (let i = 0; i < Number(parsed[1]); i++) {
          const head = /^\$(\d+)\r\n/.exec(pending.slice(at));
          if (!head || pending.length < at + head[0].length + Number(head[1]) + 2) return;
          at += head[0].length;
          args.push(pending.slice(at, at + Number(head[1])));
          at += Number(head[1]) + 2;
        }
        pending = pending.slice(at);
        const command = args[0]!.toUpperCase();
        if (hanging) {
          if (!HANDSHAKE.has(command)) sentWhileHanging++;
          continue;
        }
        if (command === 'INFO') {
          const info = '# Server\r\nredis_version:7.2.0\r\n# Persistence\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        } else if (command === 'SUBSCRIBE') socket.write(`*3\r\n$9\r\nsubscribe\r\n$${args[1]!.length}\r\n${args[1]}\r\n:1\r\n`);
        else socket.write('+PONG\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hang: () => void (hanging = true),
    sentWhileHanging: () => sentWhileHanging,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Redis connected but answering nothing. The first command to time out (500 ms) drops the
 * connection, and ioredis calls it ready again only once Redis answers: every limit after that
 * counts in process at once instead of each request waiting out its own timeouts.
 */
describe('with Redis connected but not answering', () => {
  let redis: Awaited<ReturnType<typeof stuckRedis>>;
  beforeAll(async () => {
    redis = await stuckRedis();
  });
  afterAll(async () => redis?.close());
  const t = useLoggedApp('sqlite', () => ({ REDIS_URL: `redis://127.0.0.1:${redis.port}`, AUTH_RATE_LIMIT: '4' }));

  it('keeps the sign-in limits on and sends the stuck Redis nothing after its first timeout', async () => {
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().redis, { timeout: 5000 }).toBe('up');
    redis.hang();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.41.0.1', payload: { username: name('nobody'), password: 'guess' } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // The shared rate limit's one command of the first sign-in, and nothing after it.
    expect(redis.sentWhileHanging()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'degraded', redis: 'down' });
  });
});

describe('with Redis reachable', () => {
  const t = useLoggedApp('sqlite', () => ({ REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }));

  it('reports it up', async () => {
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().redis, { timeout: 5000 }).toBe('up');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', redis: 'up' });
  });
});
