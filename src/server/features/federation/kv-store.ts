import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/**
 * Fedify's documented KvStore over the site's own database (the federation_kv table), on SQLite
 * and PostgreSQL alike: Fedify's @fedify/sqlite and @fedify/postgres in this registry are built
 * for Fedify 1.8 (docs/decisions/045-the-social-web.md). Keys are stored as their JSON array, so a
 * prefix is a prefix of the text less its closing bracket.
 */
export function createDatabaseKvStore(db: Kysely<DB>, dialect: Dialect, now: () => number = Date.now): KvStore {
  const encode = (key: KvKey) => JSON.stringify(key);
  const expiry = (options?: KvStoreSetOptions) => (options?.ttl ? now() + options.ttl.total({ unit: 'milliseconds' }) : null);
  const live = (expiresAt: number | null) => expiresAt === null || expiresAt > now();

  async function read(key: KvKey): Promise<{ value: string } | undefined> {
    const row = await db.selectFrom('federation_kv').select(['value', 'expires_at']).where('key', '=', encode(key)).executeTakeFirst();
    return row && live(row.expires_at) ? row : undefined;
  }

  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const row = await read(key);
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async set(key, value, options) {
      const row = { key: encode(key), value: JSON.stringify(value), expires_at: expiry(options) };
      await db
        .insertInto('federation_kv')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
        .execute();
    },
    async delete(key) {
      await db.deleteFrom('federation_kv').where('key', '=', encode(key)).execute();
    },
    async cas(key, expectedValue, newValue, options) {
      const encoded = encode(key);
      const next = JSON.stringify(newValue);
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('federation_kv').select(['value', 'expires_at']).where('key', '=', encoded).$if(dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
        const current = row && live(row.expires_at) ? row.value : undefined;
        const expected = expectedValue === undefined ? undefined : JSON.stringify(expectedValue);
        if (current !== expected) return false;
        if (newValue === undefined) await trx.deleteFrom('federation_kv').where('key', '=', encoded).execute();
        else
          await trx
            .insertInto('federation_kv')
            .values({ key: encoded, value: next, expires_at: expiry(options) })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: next, expires_at: expiry(options) }))
            .execute();
        return true;
      });
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      let query = db.selectFrom('federation_kv').select(['key', 'value', 'expires_at']).orderBy('key');
      if (prefix) {
        const exact = encode(prefix);
        const start = exact.slice(0, -1) + ',';
        // Keys that begin with the prefix's elements: the prefix itself, or it followed by more elements.
        query = query.where((eb) => eb.or([eb('key', '=', exact), eb.and([eb('key', '>=', start), eb('key', '<', start.slice(0, -1) + '-')])]));
      }
      for (const row of await query.execute()) {
        if (live(row.expires_at)) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
      }
    },
  };
}
