import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL } from '../../test-support/postgres.js';
import { testDatabases } from '../../test-support/test-app.js';
import { registerErrorHandler } from './error-handler.js';
import { BUSY_MESSAGE } from './server-limits.js';

/** A route that fails with whatever `fail` throws, behind the real error handler. */
async function answerTo(fail: () => Promise<unknown>) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/work', async () => fail());
  const response = await app.inject({ method: 'GET', url: '/work' });
  await app.close();
  return response;
}

/**
 * An overloaded database (pool exhausted, statement timeout, SQLite locked) is the server being busy,
 * not a bug: 503 with Retry-After, never a 500. Real pools, real locks, the real error handler.
 */
describe('error handler, database overloaded', () => {
  it('answers 500 without details for a bug', async () => {
    const response = await answerTo(async () => {
      throw new Error('secret internals');
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
  });

  it('answers 503 with Retry-After when SQLite stays locked past its busy timeout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'busy-'));
    const holder = new Database(path.join(dir, 'db.sqlite'));
    const waiter = new Database(path.join(dir, 'db.sqlite'), { timeout: 10 });
    try {
      holder.exec('create table t (x integer)');
      holder.exec('begin exclusive');
      const response = await answerTo(async () => waiter.prepare('insert into t values (1)').run());
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: BUSY_MESSAGE });
    } finally {
      holder.close();
      waiter.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases().filter((kind) => kind === 'postgres'))('error handler on %s', () => {
  it('answers 503 with Retry-After when every pooled connection stays busy past the wait', async () => {
    // The connection that is held opens with time to spare (a busy CI machine can take over 100 ms to
    // open one); only the second wait, the one under test, is short.
    const pool = new pg.Pool({ connectionString: POSTGRES_ADMIN_URL, max: 1, connectionTimeoutMillis: 10_000 });
    const held = await pool.connect();
    pool.options.connectionTimeoutMillis = 100;
    try {
      const response = await answerTo(() => pool.query('select 1'));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: BUSY_MESSAGE });
    } finally {
      held.release();
      await pool.end();
    }
  });

  it('answers 503 when a statement runs past statement_timeout', async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_ADMIN_URL, max: 1, statement_timeout: 50 });
    try {
      const response = await answerTo(() => pool.query('select pg_sleep(1)'));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: BUSY_MESSAGE });
    } finally {
      await pool.end();
    }
  });
});
