import type { Redis } from 'ioredis';

/**
 * Failed sign-ins counted per ACCOUNT (the lower-cased username, whether or not it exists, so the
 * answer reveals nothing), whatever address they come from. Once `max` failures fall within the
 * window, sign-in for that name answers 429 until the window ends; a successful sign-in clears it.
 * Complements the per-client limit: a botnet rotating addresses is slowed per account.
 * Memory by default; Redis when REDIS_URL is set, so every instance shares the count.
 */
export interface LoginThrottle {
  isBlocked(username: string): Promise<boolean>;
  recordFailure(username: string): Promise<void>;
  clear(username: string): Promise<void>;
}

const keyOf = (username: string) => username.trim().toLowerCase();

export function createLoginThrottle(options: { max: number; windowMs: number; redis?: Redis; now?: () => number }): LoginThrottle {
  const { max, windowMs, redis } = options;
  if (redis) {
    const key = (username: string) => `broadsheet-login-fail:${keyOf(username)}`;
    return {
      async isBlocked(username) {
        try {
          return Number((await redis.get(key(username))) ?? 0) >= max;
        } catch {
          return false; // Redis down: the per-client limit still applies (same choice as skipOnError).
        }
      },
      async recordFailure(username) {
        try {
          const count = await redis.incr(key(username));
          if (count === 1) await redis.pexpire(key(username), windowMs);
        } catch {
          // see isBlocked
        }
      },
      async clear(username) {
        try {
          await redis.del(key(username));
        } catch {
          // see isBlocked
        }
      },
    };
  }

  const now = options.now ?? Date.now;
  const failures = new Map<string, { count: number; resetAt: number }>();
  const current = (username: string) => {
    const entry = failures.get(keyOf(username));
    if (entry && entry.resetAt <= now()) {
      failures.delete(keyOf(username));
      return undefined;
    }
    return entry;
  };
  return {
    async isBlocked(username) {
      return (current(username)?.count ?? 0) >= max;
    },
    async recordFailure(username) {
      const entry = current(username);
      if (entry) entry.count++;
      else {
        // Bounded memory under a spray of made-up names: drop expired entries when the map grows.
        if (failures.size >= 100_000) for (const [k, v] of failures) if (v.resetAt <= now()) failures.delete(k);
        if (failures.size >= 100_000) failures.delete(failures.keys().next().value!);
        failures.set(keyOf(username), { count: 1, resetAt: now() + windowMs });
      }
    },
    async clear(username) {
      failures.delete(keyOf(username));
    },
  };
}
