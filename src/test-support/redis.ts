import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the suites that need one run on. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis suites run: unreachable Redis skips them with a loud notice on a developer
 * machine and fails the file in CI (CI=true).
 */
export async function isRedisReachable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    const notice = `Redis at ${TEST_REDIS_URL} is unreachable (${error instanceof Error ? error.message : String(error)})`;
    if (process.env.CI === 'true') throw new Error(`${notice}; CI=true requires the Redis suites to run.`);
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! ${notice}\n!! SKIPPING this file's Redis suites. Start Redis or set TEST_REDIS_URL.\n${bar}\n`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A prefix no other test file or run uses, so suites running side by side never share keys. */
export const uniqueRedisPrefix = (what: string) => `broadsheet-test:${what}:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** Deletes every key under the prefix. */
export async function deleteRedisKeys(client: Redis, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\*?[\]]/g, (c) => `\\${c}`)}*`;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
