import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../e2e/support/server.js';
import { DEFAULT_SERVER_LIMITS } from './server-limits.js';

/**
 * Connections that announce a body and then send a byte every few seconds held the server's memory
 * until its heap ran out. Against the production build: a slow body is answered 408 once its time
 * is up, connections past the per-address cap are refused at once, and a signed-in upload gets its
 * longer allowance. Thousands of them at once, with a reader's latency and the memory measured,
 * are in slow-clients.perf.test.ts (npm run test:perf).
 */

interface SlowConnection {
  socket: net.Socket;
  from: string;
  opened: number;
  closed?: number;
  answer: string;
}

/** Opens a connection from `localAddress` that sends POST headers announcing a 1 KB body (within the route's limit) (or half its headers) and then stalls. */
function openSlow(port: number, localAddress: string, kind: 'body' | 'headers'): Promise<SlowConnection> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    const connection: SlowConnection = { socket, from: localAddress, opened: Date.now(), answer: '' };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (connection.answer.length < 512) connection.answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => (connection.closed ??= Date.now()));
    socket.on('connect', () => {
      socket.write(
        kind === 'body'
          ? `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`
          : `GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `,
      );
      resolve(connection);
    });
    // A connection the server never accepted (a full backlog) counts as closed by the server at once.
    socket.on('close', () => resolve(connection));
  });
}

const statusOf = (c: SlowConnection) => Number(/^HTTP\/1\.1 (\d{3})/.exec(c.answer)?.[1] ?? 0);

describe('the limits of a real server process', () => {
  let server: RunningServer;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' });
    server = await startServer({ MAX_CONNECTIONS_PER_ADDRESS: '20' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a slow body 408 at 30 s, refuses past the per-address cap at once, and lets a signed-in upload take longer', async () => {
    const port = server.port;
    const held = await Promise.all(Array.from({ length: 25 }, () => openSlow(port, '127.0.0.20', 'body')));
    await new Promise((r) => setTimeout(r, 500));
    const refused = held.filter((c) => statusOf(c) === 429);
    expect(refused).toHaveLength(5);
    expect(refused.every((c) => c.closed !== undefined)).toBe(true);
    // Another address is not affected by the first one's connections.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // A signed-in upload gets the upload allowance, not the 30 s of any other request.
    const register = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: `slow_${process.pid}`, password: 'correct-horse' }),
    });
    const cookie = register.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const upload = await new Promise<SlowConnection>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: '127.0.0.21' });
      const connection: SlowConnection = { socket, from: '127.0.0.21', opened: Date.now(), answer: '' };
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (connection.answer += chunk));
      socket.on('error', () => {});
      socket.on('close', () => (connection.closed ??= Date.now()));
      socket.on('connect', () => {
        socket.write(
          `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nOrigin: ${server.url}\r\n` +
            `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000\r\n\r\n--x\r\n`,
        );
        resolve(connection);
      });
    });

    await new Promise((r) => setTimeout(r, 33_000));
    const timedOut = held.filter((c) => statusOf(c) === 408);
    expect(timedOut).toHaveLength(20);
    // Not before their time: the limit is the request's, from its first byte.
    for (const c of timedOut) expect(c.closed! - c.opened).toBeGreaterThanOrEqual(DEFAULT_SERVER_LIMITS.bodyMs - 1000);
    expect(upload.closed).toBeUndefined();
    upload.socket.destroy();
  }, 60_000);
});
