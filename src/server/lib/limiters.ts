import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisLink } from './redis-link.js';

export type Limiter = RateLimiterAbstract;

export interface LimiterOptions {
  /** What is counted; limiters with different purposes never share a key. */
  name: string;
  /** How many may be taken per window. */
  points: number;
  /** The window in seconds, from the first point taken. */
  durationS: number;
  redis?: RedisLink;
}

/**
 * A fixed-window counter from rate-limiter-flexible: in this process's memory, or with REDIS_URL in
 * Redis, where every instance shares it. The Redis limiter is insured by a memory one (the
 * library's `insuranceLimiter`): any Redis error makes the memory limiter answer instead, so while
 * Redis is away each instance counts alone rather than letting everything through or failing. With
 * `rejectIfRedisNotReady` nothing is even sent while the connection is not ready (redis-link.ts
 * sends no command into a queue), so no request waits on a Redis that is down.
 */
export function createLimiter({ name, points, durationS, redis }: LimiterOptions): Limiter {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration: durationS });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `broadsheet-${name}`,
    points,
    duration: durationS,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

/** How many points `key` has taken in its current window. */
export async function takenBy(limiter: Limiter, key: string): Promise<number> {
  return (await limiter.get(key))?.consumedPoints ?? 0;
}

/** Whether `key` has taken all its points for now (takes none). */
export async function isSpent(limiter: Limiter, key: string): Promise<boolean> {
  return (await takenBy(limiter, key)) >= limiter.points;
}

/** Takes one point for `key`: false when none was left (the library rejects with its answer then). */
export async function take(limiter: Limiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return false;
    throw refusal;
  }
}
