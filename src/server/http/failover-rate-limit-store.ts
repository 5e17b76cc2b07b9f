import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { RedisLink } from '../lib/redis-link.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type Child = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The rate limits' store when Redis is configured: the plugin's own Redis store (one count for
 * every instance) while Redis answers, and the plugin's own in-process store while it does not,
 * so an unreachable Redis leaves each instance counting alone instead of turning the limits off
 * (the plugin's `skipOnError`) or holding every request until a command times out. A custom store
 * is the plugin's documented way to decide where counts live; this one only chooses between the
 * two it ships, so how a window is counted stays the plugin's.
 */
export function failoverRateLimitStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  class FailoverStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      void link
        .attempt(() => new Promise<Counted>((resolve, reject) => this.shared.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no count')) : resolve(result)), timeWindow, max)))
        .then((counted) => (counted.ok ? callback(null, counted.value) : this.local.incr(key, callback, timeWindow, max)));
    }

    child(routeOptions: Child): FastifyRateLimitStore {
      return new FailoverStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends FailoverStore {
    // The plugin hands a store its resolved settings, which its typings list only in part.
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      super(new RedisStore(continueExceeding, exponentialBackoff, link.client, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  };
}
