// The two stores @fastify/rate-limit ships (store/LocalStore.js, store/RedisStore.js), which its
// own typings do not declare; failover-rate-limit-store.ts composes them.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => FastifyRateLimitStore;
  export default RedisStore;
}
