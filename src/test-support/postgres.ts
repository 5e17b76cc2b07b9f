import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server that fresh test databases are created on (trust auth on this machine and in CI). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function isPostgresReachable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A brand-new database for one test suite; dropped by the returned function. */
export async function createFreshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `broadsheet_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}"`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
