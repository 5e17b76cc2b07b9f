import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, createContext, type AppContext } from '../server/app.js';
import type { DatabaseHandle } from '../server/db/database.js';
import { seedFixtures } from '../server/seed/seed.js';
import { freePort } from './fediverse-peer.js';
import { openTestDatabase, testConfig, type DatabaseKind, type TestApp } from './test-app.js';

export interface FederatedTestApp extends TestApp {
  origin: string;
  host: string;
  /** Builds and starts the app again on the same database and port (a restart). */
  restart(): Promise<void>;
}

/**
 * The site listening on a loopback port with FEDERATION=on, as a peer server reaches it over real
 * HTTP (ALLOW_PRIVATE_ADDRESSES=true: the one machine of the tests).
 */
export function useFederatedApp(kind: DatabaseKind, envOverrides: Record<string, string> = {}): FederatedTestApp {
  const handle = { kind } as FederatedTestApp;
  let drop: (() => Promise<void>) | undefined;
  let port = 0;
  const start = async (database: DatabaseHandle, seed: boolean) => {
    const config = testConfig({ PUBLIC_URL: handle.origin, FEDERATION: 'on', ALLOW_PRIVATE_ADDRESSES: 'true', ...envOverrides });
    const ctx: AppContext = createContext(config, database);
    if (seed) await seedFixtures(ctx);
    const app: FastifyInstance = await buildApp(config, { database, context: ctx, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    handle.app = app;
    handle.ctx = ctx;
  };
  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    drop = opened.drop;
    port = await freePort();
    handle.origin = `http://127.0.0.1:${port}`;
    handle.host = `127.0.0.1:${port}`;
    handle.database = opened.database;
    await start(opened.database, true);
    handle.restart = async () => {
      await handle.app.close();
      await start(opened.database, false);
    };
  });
  afterAll(async () => {
    await handle.app?.close();
    await drop?.();
  });
  return handle;
}
