import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Redis } from 'ioredis';

export interface RedisKvStoreOptions {
  /** Put before every key; the default suits one site per Redis database. */
  prefix?: string;
}

/** Replaces the value only when it is still the expected one (compared as JSON text), in one step. */
const CAS = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[3] == '0' then
  redis.call('DEL', KEYS[1])
elseif ARGV[5] ~= '' then
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
else
  redis.call('SET', KEYS[1], ARGV[4])
end
return 1
`;

/** A glob pattern matching `text` literally (SCAN's MATCH). */
const globLiteral = (text: string) => text.replace(/[\\*?[\]]/g, (c) => `\\${c}`);

/**
 * Fedify's documented KvStore over Redis, for sites that share a Redis (REDIS_URL): keys are the
 * prefix then the key's JSON array, values are JSON, and a ttl is Redis's own expiry. The
 * @fedify/redis package of this registry is built for Fedify 1.8 (docs/decisions/045-the-social-web.md).
 */
export function createRedisKvStore(client: Redis, options: RedisKvStoreOptions = {}): KvStore {
  const prefix = options.prefix ?? 'broadsheet:fedify:kv:';
  const encode = (key: KvKey) => prefix + JSON.stringify(key);
  const ttlMs = (opts?: KvStoreSetOptions) => (opts?.ttl ? Math.max(1, Math.ceil(opts.ttl.total({ unit: 'milliseconds' }))) : undefined);

  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const value = await client.get(encode(key));
      return value === null ? undefined : (JSON.parse(value) as T);
    },
    async set(key, value, opts) {
      const ms = ttlMs(opts);
      if (ms === undefined) await client.set(encode(key), JSON.stringify(value));
      else await client.set(encode(key), JSON.stringify(value), 'PX', ms);
    },
    async delete(key) {
      await client.del(encode(key));
    },
    async cas(key, expectedValue, newValue, opts) {
      const ms = ttlMs(opts);
      const done = await client.eval(
        CAS,
        1,
        encode(key),
        expectedValue === undefined ? '0' : '1',
        expectedValue === undefined ? '' : JSON.stringify(expectedValue),
        newValue === undefined ? '0' : '1',
        newValue === undefined ? '' : JSON.stringify(newValue),
        ms === undefined ? '' : String(ms),
      );
      return Number(done) === 1;
    },
    async *list(keyPrefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      const found = new Set<string>();
      const scan = async (pattern: string) => {
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          for (const key of keys) found.add(key);
          cursor = next;
        } while (cursor !== '0');
      };
      if (keyPrefix) {
        const exact = encode(keyPrefix);
        found.add(exact);
        // The prefix followed by more elements: its JSON array less the closing bracket, then a comma.
        await scan(`${globLiteral(exact.slice(0, -1) + ',')}*`);
      } else {
        await scan(`${globLiteral(prefix)}*`);
      }
      const keys = [...found].sort();
      for (let i = 0; i < keys.length; i += 200) {
        const batch = keys.slice(i, i + 200);
        const values = await client.mget(...batch);
        for (let j = 0; j < batch.length; j++) {
          const value = values[j];
          // Gone (deleted or expired) since the scan saw it.
          if (value === null || value === undefined) continue;
          yield { key: JSON.parse(batch[j]!.slice(prefix.length)) as KvKey, value: JSON.parse(value) };
        }
      }
    },
  };
}
