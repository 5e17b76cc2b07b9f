import type { Redis } from 'ioredis';

/** How long one Redis command may take before the request goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a command failed, how long the instance counts on its own before asking Redis again. */
const PAUSE_AFTER_FAILURE_MS = 5000;

export interface RedisLogger {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * The instance's connection to Redis (shared rate limits, sign-in limits, cache invalidations), and
 * what it does when Redis is unreachable: requests never wait on it. A command fails at once while
 * the connection is down (no offline queue), and after REDIS_COMMAND_TIMEOUT_MS when Redis is
 * connected but does not answer, after which the instance leaves Redis alone for a few seconds;
 * either way the caller counts in this process instead (http/failover-rate-limit-store.ts, lib/limiters.ts), so
 * limits stay on. An outage is logged once when it starts and once when it ends, not once per
 * request or reconnection attempt.
 */
export interface RedisLink {
  client: Redis;
  /** Whether an outage is going on (already logged once: callers need not log its errors again). */
  isDown(): boolean;
  /** Runs a command when Redis is usable; `{ ok: false }` when it is not, or the command failed. */
  attempt<T>(command: (client: Redis) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }>;
}

export async function connectRedis(url: string, log: RedisLogger): Promise<RedisLink> {
  // ioredis loads only when configured (about 8 MB of heap an instance without Redis never needs).
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // While disconnected, commands fail at once instead of waiting for a reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // A URL may carry a password: the log names the host only.
  const where = (() => {
    try {
      const { hostname, port } = new URL(url);
      return `${hostname}:${port || 6379}`;
    } catch {
      return 'REDIS_URL';
    }
  })();
  let ready = false;
  let reportedDown = false;
  let pausedUntil = 0;

  const down = (reason: string) => {
    if (reportedDown) return;
    reportedDown = true;
    log.warn(`Redis at ${where} is unreachable (${reason}); rate limits and sign-in limits are counted in this process until it is back`);
  };
  const up = () => {
    if (reportedDown) log.info(`Redis at ${where} is reachable again; limits are shared across instances again`);
    reportedDown = false;
  };
  client.on('ready', () => {
    ready = true;
    pausedUntil = 0;
    up();
  });
  // Every failed reconnection emits an error: the first one of an outage is logged, the rest are not.
  client.on('error', (error: Error) => down(error.message));
  client.on('close', () => {
    if (ready) down('connection closed');
    ready = false;
  });

  const usable = () => ready && Date.now() >= pausedUntil;
  return {
    client,
    isDown: () => !ready || reportedDown,
    async attempt(command) {
      if (!usable()) return { ok: false };
      try {
        const value = await command(client);
        up();
        return { ok: true, value };
      } catch (error) {
        pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
        down(error instanceof Error ? error.message : String(error));
        // A command that timed out on a connection ioredis still calls ready leaves it in doubt: it
        // is made anew, and ioredis calls it ready again only once Redis answers its ready check.
        // Until then the sign-in and email limiters, which look at the connection's status
        // (lib/limiters.ts), skip Redis at once instead of each waiting out its own timeout.
        if (error instanceof Error && error.message === 'Command timed out' && client.status === 'ready') client.disconnect(true);
        return { ok: false };
      }
    },
  };
}
