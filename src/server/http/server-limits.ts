import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey, trustedPeer } from '../lib/network.js';

/**
 * Limits of the HTTP server itself (docs/reliability.md): how long a client may take to send a
 * request, how many connections one client address may hold open, and what happens to a
 * connection whose answer went out before its body arrived.
 *
 * Node's defaults let a request take forever, so headers announcing a body followed by a byte
 * every few seconds held a connection, a parser and a Fastify request each; tens of thousands of
 * them exhaust the heap. Here:
 * - the headers must arrive within `headersMs` of the connection opening or the previous response;
 * - the whole request (headers and body) within `bodyMs`; an upload by a session that validated
 *   may take `uploadBodyMs` (a 20 MB photo over a slow line), granted by its route once the
 *   session is known (grantUploadTime), never for a cookie's name alone; otherwise 408 and close;
 * - an answer sent before its request's body is complete (a 401, 413 or 429 that needs no body)
 *   closes the connection: `Connection: close`, then the rest of the body is read and dropped for
 *   at most `lingerMs` (so the client reads its answer instead of a reset) and the socket ends;
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
  lingerMs: number;
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
  lingerMs: 5_000,
  perAddress: 256,
  total: 4096,
  trustProxy: false,
};

export const TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';
export const PER_ADDRESS_MESSAGE = 'Too many connections from your address. Please close some and try again.';
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';


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
  /** The request being read on this connection. */
  request?: IncomingMessage;
}

const trackedSockets = new WeakMap<Socket, Tracked>();
/** The body time limit of each request being read, which its route may lengthen (grantUploadTime). */
const uploadAllowances = new WeakMap<IncomingMessage, () => void>();

/** Whether a request announces a body (a length above zero, or chunks). */
const announcesBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/** Whether part of the request's body has still to arrive. */
export const bodyPending = (request: IncomingMessage) => !request.complete && announcesBody(request);

/**
 * Gives this request the upload allowance (`uploadBodyMs` from its start) instead of `bodyMs`. A
 * route calls it once the session has validated; requests outside a limited server (inject) have none.
 */
export function grantUploadTime(request: FastifyRequest): void {
  uploadAllowances.get(request.raw)?.();
}

/**
 * An answer sent before its request's body is complete says `Connection: close` (the server then
 * lingers and ends the socket, limitServer). Without it, a client that drips its body keeps the
 * connection after a 401 or 429 for as long as it likes.
 */
export function registerEarlyAnswerClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (bodyPending(request.raw)) reply.header('connection', 'close');
    return payload;
  });
}

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

  /**
   * After an early answer (Connection: close), Node ends the socket and destroys it at once; with
   * body bytes still arriving the kernel would then reset the connection, and the client may lose
   * the answer it has not read yet. So the rest is read and dropped for at most `lingerMs`.
   */
  const linger = (socket: Socket) => {
    socket.end();
    socket.resume();
    setTimeout(() => socket.destroy(), limits.lingerMs).unref();
  };

  // Before Node's own connection listener sees the socket, so a refused one costs next to nothing.
  server.prependListener('connection', (socket: Socket) => {
    const remote = socket.remoteAddress;
    const key = limits.perAddress > 0 && !(remote && trusted(remote)) ? addressKey(remote) : undefined;
    const tracked: Tracked = { key };
    trackedSockets.set(socket, tracked);
    // Node closes a `Connection: close` response's socket through destroySoon once the answer is sent.
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => (tracked.request && bodyPending(tracked.request) ? linger(socket) : destroySoon());
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

  // Fastify's request handler runs inside ours.
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const tracked = trackedSockets.get(socket);
    if (tracked?.refused) return; // answered already; the socket closes shortly
    if (tracked) {
      clearTimeout(tracked.headersTimer);
      tracked.request = req;
    }

    const started = Date.now();
    const timeOut = () => {
      stats.timedOut++;
      if (!res.headersSent) {
        const body = JSON.stringify({ error: TIMEOUT_MESSAGE });
        res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
        res.end(body, () => socket.destroy());
        setTimeout(() => socket.destroy(), 1000).unref();
      } else {
        socket.destroy();
      }
    };
    let bodyTimer = setTimeout(timeOut, limits.bodyMs);
    bodyTimer.unref();
    uploadAllowances.set(req, () => {
      clearTimeout(bodyTimer);
      bodyTimer = setTimeout(timeOut, Math.max(0, started + limits.uploadBodyMs - Date.now()));
      bodyTimer.unref();
    });
    // Cleared as soon as the whole request has arrived. A request whose body nobody reads (a GET, a
    // cache hit) never emits 'end' but is `complete` once parsed; a timer left running would hold it
    // and its response for the whole limit. An answer sent early keeps it: the body must still end
    // in time, or the lingering connection is cut.
    const done = () => clearTimeout(bodyTimer);
    req.once('end', done);
    res.once('close', () => {
      if (!bodyPending(req)) done();
    });
    // After the answer, the connection must bring its next request's headers in time again. Idle,
    // it is Node's keep-alive timeout that closes it (announced to the client in Keep-Alive:
    // timeout=…, so clients stop reusing it first); ours comes after, for headers that start and
    // never end. An answer sent before the body arrived closes the connection (destroySoon above).
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
