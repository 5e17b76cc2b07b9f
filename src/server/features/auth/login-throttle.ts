import type { Redis } from 'ioredis';
import type { RedisLink } from '../../lib/redis-link.js';

/**
 * Failed sign-ins, counted so that guessing is slow and the owner is never locked out (OWASP's "Slow Down Online Guessing Attacks with Device Cookies").
 *
 * Three counts, each over the window:
 * - per account and client address: `max` failures, then that address waits for that account;
 * - per device cookie (a browser where this account signed in before): `max` failures, then that
 *   browser waits. A browser that presents a valid device cookie for the account counts here only,
 *   so guesses from anywhere else never lock its owner out;
 * - per account from untrusted clients (no device cookie), whatever the address: `max` ×
 *   ACCOUNT_WIDE_FACTOR failures, then every untrusted client waits for that account. This slows a
 *   botnet spreading guesses over many addresses; one address alone can never reach it.
 * Accounts are keyed by lower-cased name whether or not they exist, so an answer reveals nothing.
 * A success clears that address's and that device's counts (not the account-wide one: the owner
 * signing in does not hand the attackers a fresh allowance).
 * Memory by default; Redis when REDIS_URL is set, so every instance shares the counts. While Redis
 * is unreachable each instance counts in its own memory: the limits hold (per instance) rather than
 * turn off, and no sign-in waits on Redis (redis-link.ts).
 */
export const ACCOUNT_WIDE_FACTOR = 5;

export interface LoginAttempt {
  username: string;
  address: string;
  /** The nonce of a device cookie already verified for this account, if the browser sent one. */
  device?: string;
}

export interface LoginThrottle {
  isBlocked(attempt: LoginAttempt): Promise<boolean>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  clear(attempt: LoginAttempt): Promise<void>;
}

interface Counter {
  count(key: string): Promise<number>;
  increment(key: string): Promise<void>;
  remove(key: string): Promise<void>;
}

const accountOf = (username: string) => username.trim().toLowerCase();

function keysOf(attempt: LoginAttempt): { own: string; account: string | undefined } {
  const account = accountOf(attempt.username);
  if (attempt.device) return { own: `device:${account}:${attempt.device}`, account: undefined };
  return { own: `address:${account}:${attempt.address}`, account: `account:${account}` };
}

export function createLoginThrottle(options: { max: number; windowMs: number; redis?: RedisLink; now?: () => number }): LoginThrottle {
  const { max, windowMs } = options;
  const local = memoryCounter(windowMs, options.now ?? Date.now);
  const counter = options.redis ? failoverCounter(options.redis, redisCounter(options.redis.client, windowMs), local) : local;
  return {
    async isBlocked(attempt) {
      const { own, account } = keysOf(attempt);
      if ((await counter.count(own)) >= max) return true;
      return account !== undefined && (await counter.count(account)) >= max * ACCOUNT_WIDE_FACTOR;
    },
    async recordFailure(attempt) {
      const { own, account } = keysOf(attempt);
      await counter.increment(own);
      if (account !== undefined) await counter.increment(account);
    },
    async clear(attempt) {
      await counter.remove(keysOf(attempt).own);
    },
  };
}

function redisCounter(redis: Redis, windowMs: number): Counter {
  const key = (name: string) => `broadsheet-login-fail:${name}`;
  return {
    async count(name) {
      return Number((await redis.get(key(name))) ?? 0);
    },
    async increment(name) {
      const count = await redis.incr(key(name));
      if (count === 1) await redis.pexpire(key(name), windowMs);
    },
    async remove(name) {
      await redis.del(key(name));
    },
  };
}

/** Redis's counts while it answers; this process's own while it does not (fail closed, never open). */
function failoverCounter(link: RedisLink, shared: Counter, local: Counter): Counter {
  return {
    async count(name) {
      const counted = await link.attempt(() => shared.count(name));
      return counted.ok ? counted.value : local.count(name);
    },
    async increment(name) {
      if (!(await link.attempt(() => shared.increment(name))).ok) await local.increment(name);
    },
    async remove(name) {
      await link.attempt(() => shared.remove(name));
      await local.remove(name);
    },
  };
}

function memoryCounter(windowMs: number, now: () => number): Counter {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const current = (name: string) => {
    const entry = failures.get(name);
    if (entry && entry.resetAt <= now()) {
      failures.delete(name);
      return undefined;
    }
    return entry;
  };
  return {
    async count(name) {
      return current(name)?.count ?? 0;
    },
    async increment(name) {
      const entry = current(name);
      if (entry) {
        entry.count++;
        return;
      }
      // Bounded memory under a spray of made-up names: drop expired entries when the map grows.
      if (failures.size >= 100_000) for (const [k, v] of failures) if (v.resetAt <= now()) failures.delete(k);
      if (failures.size >= 100_000) failures.delete(failures.keys().next().value!);
      failures.set(name, { count: 1, resetAt: now() + windowMs });
    },
    async remove(name) {
      failures.delete(name);
    },
  };
}
