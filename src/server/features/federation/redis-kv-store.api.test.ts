import { Redis } from 'ioredis';
import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KvStore } from '@fedify/fedify';
import { deleteRedisKeys, isRedisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test-support/redis.js';
import { createRedisKvStore } from './redis-kv-store.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const redisUp = await isRedisReachable();
const ms = (milliseconds: number) => Temporal.Duration.from({ milliseconds }) as unknown as NonNullable<Parameters<KvStore['set']>[2]>['ttl'];

describe.runIf(redisUp)('the federation key-value store on Redis', () => {
  let client: Redis;
  let store: KvStore;
  const prefix = uniqueRedisPrefix('kv');
  beforeAll(() => {
    client = new Redis(TEST_REDIS_URL);
    store = createRedisKvStore(client, { prefix });
  });
  afterAll(async () => {
    await deleteRedisKeys(client, prefix);
    client.disconnect();
  });

  it('keeps, replaces and deletes values under their key', async () => {
    expect(await store.get(['actor', '1'])).toBeUndefined();
    await store.set(['actor', '1'], { name: 'Night Desk', keys: [1, 2] });
    expect(await store.get(['actor', '1'])).toEqual({ name: 'Night Desk', keys: [1, 2] });
    await store.set(['actor', '1'], 'replaced');
    expect(await store.get(['actor', '1'])).toBe('replaced');
    await store.delete(['actor', '1']);
    expect(await store.get(['actor', '1'])).toBeUndefined();
    // A key is its elements, not their joined text.
    await store.set(['a', 'b'], 1);
    expect(await store.get(['a:b'])).toBeUndefined();
  });

  it('forgets a value once its time to live has passed', async () => {
    await store.set(['nonce', 'x'], true, { ttl: ms(150) });
    expect(await store.get(['nonce', 'x'])).toBe(true);
    await wait(250);
    expect(await store.get(['nonce', 'x'])).toBeUndefined();
  });

  it('compares and swaps: only when the value is still the expected one, absent included', async () => {
    expect(await store.cas!(['cas', 'a'], undefined, { v: 1 })).toBe(true);
    expect(await store.cas!(['cas', 'a'], undefined, { v: 2 })).toBe(false);
    expect(await store.cas!(['cas', 'a'], { v: 9 }, { v: 2 })).toBe(false);
    expect(await store.get(['cas', 'a'])).toEqual({ v: 1 });
    expect(await store.cas!(['cas', 'a'], { v: 1 }, { v: 2 })).toBe(true);
    expect(await store.get(['cas', 'a'])).toEqual({ v: 2 });
    expect(await store.cas!(['cas', 'a'], { v: 2 }, undefined)).toBe(true);
    expect(await store.get(['cas', 'a'])).toBeUndefined();
    expect(await store.cas!(['cas', 'b'], undefined, 'short-lived', { ttl: ms(150) })).toBe(true);
    await wait(250);
    expect(await store.get(['cas', 'b'])).toBeUndefined();
  });

  it('lists the entries under a key prefix, and every entry without one', async () => {
    await store.set(['list', 'one'], 1);
    await store.set(['list', 'two', 'deep'], 2);
    await store.set(['list'], 0);
    await store.set(['listing', 'other'], 3);
    await store.set(['list*', 'glob'], 4);
    const under = [];
    for await (const entry of store.list(['list'])) under.push(entry);
    under.sort((x, y) => x.key.join('/').localeCompare(y.key.join('/')));
    expect(under).toEqual([
      { key: ['list'], value: 0 },
      { key: ['list', 'one'], value: 1 },
      { key: ['list', 'two', 'deep'], value: 2 },
    ]);
    const all = [];
    for await (const entry of store.list()) all.push(entry.key.join('/'));
    expect(all).toEqual(expect.arrayContaining(['list', 'list/one', 'list/two/deep', 'listing/other', 'list*/glob']));
  });
});
