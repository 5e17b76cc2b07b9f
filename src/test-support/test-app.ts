import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, createContext, type AppContext } from '../server/app.js';
import { loadConfig, type AppConfig } from '../server/config.js';
import { createDatabase, type DatabaseHandle } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedFixtures } from '../server/seed/seed.js';
import { createFreshPostgresDatabase } from './postgres.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * The built web client (dist/web, with the server render in dist/ssr), for suites that serve
 * pages. `npm test` builds before the tests; alone, run `npm run build` first.
 */
export function builtWebRoot(): string {
  const root = path.resolve('dist/web');
  if (!fs.existsSync(path.join(root, 'index.html')) || !fs.existsSync(path.resolve('dist/ssr/entry-server.js'))) {
    throw new Error('The pages suites serve the built site: run `npm run build` first (npm test does).');
  }
  return root;
}

/** The databases every API suite runs on: SQLite always, PostgreSQL when reachable. */
export function testDatabases(): DatabaseKind[] {
  return inject('postgresAvailable') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'broadsheet-test'),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    WRITE_RATE_LIMIT: '100000',
    GEOCODE_RATE_LIMIT: '100000',
    MICRO_CACHE_MS: '0',
    PUBLIC_URL: 'http://localhost:3000',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
  kind: DatabaseKind;
}

/** Opens a fresh, migrated database with the fixtures loaded. */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: { onQuery?: (sql: string) => void } = {},
): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const database = createDatabase({ kind: 'sqlite', file: ':memory:' }, options);
    await migrateToLatest(database.db);
    return { database, drop: () => database.close() };
  }
  const fresh = await createFreshPostgresDatabase();
  const database = createDatabase({ kind: 'postgres', url: fresh.url }, { poolSize: 20, ...options });
  await migrateToLatest(database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * A fresh app on a fresh database for the enclosing describe block. The returned object is filled in
 * by beforeAll, so read its fields inside tests.
 */
export function useTestApp(
  kind: DatabaseKind,
  envOverrides: Record<string, string> = {},
  options: { webRoot?: string; onQuery?: (sql: string) => void } = {},
): TestApp {
  const handle = { kind } as TestApp;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase(kind, { onQuery: options.onQuery });
    drop = opened.drop;
    const config = testConfig(envOverrides);
    config.webRoot = options.webRoot;
    handle.database = opened.database;
    handle.ctx = createContext(config, opened.database);
    await seedFixtures(handle.ctx);
    handle.app = await buildApp(config, { database: opened.database, context: handle.ctx, logger: false });
    await handle.app.ready();
  });
  afterAll(async () => {
    await handle.app?.close();
    await drop?.();
  });
  return handle;
}

/** A client that keeps its session cookie between requests, like a browser does. */
export class TestClient {
  cookie: string | undefined;
  constructor(private readonly app: () => FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.app().inject({ ...options, headers });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      if (!pair?.startsWith('broadsheet_session=')) continue;
      const value = pair.slice('broadsheet_session='.length);
      this.cookie = value && !/expires=Thu, 01 Jan 1970/i.test(line) ? pair : undefined;
    }
    return response;
  }

  get = (url: string) => this.request({ method: 'GET', url });
  post = (url: string, payload?: unknown) => this.request({ method: 'POST', url, payload: payload as any });
  patch = (url: string, payload?: unknown) => this.request({ method: 'PATCH', url, payload: payload as any });
  put = (url: string, payload?: unknown) => this.request({ method: 'PUT', url, payload: payload as any });
  delete = (url: string) => this.request({ method: 'DELETE', url });
}

let userCounter = 0;
/** Registers a new user (unique name) and returns a client signed in as them. */
export async function signedInClient(t: TestApp, prefix = 'user'): Promise<{ client: TestClient; id: number; username: string }> {
  const client = new TestClient(() => t.app);
  const username = `${prefix}_${process.pid}_${++userCounter}`;
  const response = await client.post('/api/register', { username, password: 'correct-horse' });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { client, id: response.json().id, username };
}
