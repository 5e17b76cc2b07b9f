import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import type { Dialect } from './database.js';

/** Kysely's JSON aggregation helpers for the dialect in use (same names and shapes in both). */
export function jsonHelpers(dialect: Dialect): typeof postgresJson {
  return dialect === 'postgres' ? postgresJson : (sqliteJson as unknown as typeof postgresJson);
}

/** SQLite answers JSON aggregates as text, PostgreSQL as parsed values; this accepts both. */
export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}
