import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey, trustedPeer } from '../lib/network.js';

/**
 * Limits of the HTTP server itself, below Fastify: how long a client may take to send a request
 * and how many connections one client address may hold open.
 *
 * Why (issue 16, finding 1): Node's defaults let a request take forever (`requestTimeout` 0 under a
 * serverFactory), so POST headers announcing a 100 KB body followed by a byte every few seconds
 * held a connection, a parser and a Fastify request each; about 20,000 of them exhausted the 192 MB
 * heap. Now:
 * - the headers must arrive within `headersMs` of the connection opening or the previous response;
 * - the whole request (headers and body) within `bodyMs`, or `uploadBodyMs` for a signed-in upload
 *   (a 20 MB photo over a slow line); otherwise 408 and the connection is closed;
 * - an idle keep-alive connection is closed after `keepAliveMs`;
 * - one client address holds at most `perAddress` connections (IPv6 counted per /64, which one
 *   subscriber usually holds) and the server at most `total`; a connection past either is answered
 *   at once (429 or 503, `Connection: close`) and closed, before any parser or Fastify work.
 * Our own timers do the closing: Node checks its `headersTimeout` and `requestTimeout` only every
 * 30 s, and they cannot tell an upload from any other request. Node's are set too, as a backstop.
 *
 * Connections from trusted proxies (TRUST_PROXY) are not capped per address: every client behind
 * the proxy shares its address, and the proxy buffers and limits its own clients.
 */
export interface ServerLimits {
  headersMs: number;
  bodyMs: number;
  uploadBodyMs: number;
  keepAliveMs: number;
  perAddress: number;
  total: number;
  /** The proxies of TRUST_PROXY: a hop count trusts every peer, a list trusts those addresses. */
  trustProxy: false | number | string[];
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersMs: 10_000,
  bodyMs: 30_000,
  uploadBodyMs: 10 * 60_000,
  keepAliveMs: 10_000,
  perAddress: 256,
  total: 4096,
  trustProxy: false,
};

export const TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';
export const PER_ADDRESS_MESSAGE = 'Too many connections from your address. Please close some and try again.';
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

const UPLOAD_PATH = /^\/api\/uploads(\?|$)/;
const SESSION_COOKIE_PRESENT = /(^|;\s*)broadsheet_session=/;

/** A raw, complete HTTP answer for a connection refused before any parser sees it. */
function rawAnswer(status: number, reason: string, message: string, retryAfter: number): string {
  const body = JSON.stringify({ error: message });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Retry-After: ${retryAfter}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** What the limits did, for tests and the health of the process. */
export interface ServerLimitStats {
  open: number;
  refusedPerAddress: number;
  refusedTotal: number;
  timedOut: number;
}

interface Tracked {
  key: string | undefined;
  /** Closes the connection if the next request's headers do not arrive in time. */
  headersTimer?: NodeJS.Timeout;
  refused?: boolean;
}

const trackedSockets = new WeakMap<Socket, Tracked>();

/** Applies the limits to a node:http server (whoever created it) and returns it. */
export function limitServer<S extends Server>(server: S, limits: ServerLimits = DEFAULT_SERVER_LIMITS): S & { limitStats: ServerLimitStats } {
  const stats: ServerLimitStats = { open: 0, refusedPerAddress: 0, refusedTotal: 0, timedOut: 0 };
  const perKey = new Map<string, number>();
  const trusted = trustedPeer(limits.trustProxy);

  // Backstops; our timers below act first.
  server.headersTimeout = limits.headersMs + 1000;
  server.requestTimeout = limits.uploadBodyMs + 1000;
  server.keepAliveTimeout = limits.keepAliveMs;
  server.setTimeout(0);

  const armHeadersTimer = (socket: Socket, tracked: Tracked, ms: number) => {
    clearTimeout(tracked.headersTimer);
    tracked.headersTimer = setTimeout(() => {
      stats.timedOut++;
      socket.destroy();
    }, ms);
    tracked.headersTimer.unref();
  };

  // Before Node's own connection listener sees the socket, so a refused one costs next to nothing.
  server.prependListener('connection', (socket: Socket) => {
    const remote = socket.remoteAddress;
    const key = limits.perAddress > 0 && !(remote && trusted(remote)) ? addressKey(remote) : undefined;
    const tracked: Tracked = { key };
    trackedSockets.set(socket, tracked);
    const refuse = (status: number, reason: string, message: string) => {
      tracked.refused = true;
      socket.on('error', () => {});
      socket.end(rawAnswer(status, reason, message, 10));
      setTimeout(() => socket.destroy(), 1000).unref();
    };
    if (stats.open >= limits.total) {
      stats.refusedTotal++;
      return refuse(503, 'Service Unavailable', BUSY_MESSAGE);
    }
    if (key !== undefined && (perKey.get(key) ?? 0) >= limits.perAddress) {
      stats.refusedPerAddress++;
      return refuse(429, 'Too Many Requests', PER_ADDRESS_MESSAGE);
    }
    stats.open++;
    if (key !== undefined) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    armHeadersTimer(socket, tracked, limits.headersMs);
    socket.once('close', () => {
      clearTimeout(tracked.headersTimer);
      stats.open--;
      if (key === undefined) return;
      const left = (perKey.get(key) ?? 1) - 1;
      if (left <= 0) perKey.delete(key);
      else perKey.set(key, left);
    });
  });

  // Every request handler (Fastify's, or the micro-cache's in front of it) runs inside ours.
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const tracked = trackedSockets.get(socket);
    if (tracked?.refused) return; // answered already; the socket closes shortly
    if (tracked) clearTimeout(tracked.headersTimer);

    const upload = req.method === 'POST' && UPLOAD_PATH.test(req.url ?? '') && SESSION_COOKIE_PRESENT.test(req.headers.cookie ?? '');
    const bodyTimer = setTimeout(
      () => {
        stats.timedOut++;
        if (!res.headersSent) {
          const body = JSON.stringify({ error: TIMEOUT_MESSAGE });
          res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
          res.end(body, () => socket.destroy());
          setTimeout(() => socket.destroy(), 1000).unref();
        } else {
          socket.destroy();
        }
      },
      upload ? limits.uploadBodyMs : limits.bodyMs,
    );
    bodyTimer.unref();
    // Cleared as soon as the whole request has arrived. A request whose body nobody reads (a GET, a
    // cache hit) never emits 'end' but is `complete` once parsed; a timer left running would hold it
    // and its response for 30 s (the soak's heap snapshot found 1,222 of them alive at 58 req/s).
    const done = () => clearTimeout(bodyTimer);
    req.once('end', done);
    res.once('close', done);
    // After the answer, the connection must bring its next request's headers in time again. Idle,
    // it is Node's keep-alive timeout that closes it (announced to the client in Keep-Alive:
    // timeout=…, so clients stop reusing it first); ours comes after, for headers that start and
    // never end. An answer sent before the body arrived (a 401 or 429 before an upload is read):
    // Node reads and discards the rest, still within the request's own time limit.
    const next = () => {
      done();
      if (tracked && !socket.destroyed) armHeadersTimer(socket, tracked, limits.keepAliveMs + limits.headersMs);
    };
    res.once('finish', () => {
      if (req.complete) next();
      else req.once('end', next);
    });

    for (const handler of handlers) handler.call(server, req, res);
  });

  return Object.assign(server, { limitStats: stats });
}

/** The limits from the configuration. */
export function serverLimitsFrom(config: { connections: { perAddress: number; total: number }; trustProxy: false | number | string[] }): ServerLimits {
  return { ...DEFAULT_SERVER_LIMITS, perAddress: config.connections.perAddress, total: config.connections.total, trustProxy: config.trustProxy };
}
