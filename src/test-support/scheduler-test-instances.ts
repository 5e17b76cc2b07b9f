import type { FastifyInstance } from 'fastify';
import { buildApp, createContext, type AppContext } from '../server/app.js';
import { createDatabase, type DatabaseHandle } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedFixtures } from '../server/seed/seed.js';
import { createFreshPostgresDatabase } from './postgres.js';
import { testConfig, type DatabaseKind } from './test-app.js';

export interface Instance {
  app: FastifyInstance;
  ctx: AppContext;
  database: DatabaseHandle;
}

/**
 * Two app instances on one fresh database, as two servers behind a load balancer: on PostgreSQL
 * each with its own connection pool; on SQLite sharing the one in-memory database. For the
 * scheduler's tests (tests only).
 */
export async function twoInstances(kind: DatabaseKind, env: Record<string, string>): Promise<{ instances: [Instance, Instance]; close: () => Promise<void> }> {
  const config = testConfig(env);
  let handles: DatabaseHandle[];
  let drop: () => Promise<void> = async () => {};
  if (kind === 'postgres') {
    const fresh = await createFreshPostgresDatabase();
    handles = [createDatabase({ kind: 'postgres', url: fresh.url }, { poolSize: 10 }), createDatabase({ kind: 'postgres', url: fresh.url }, { poolSize: 10 })];
    drop = fresh.drop;
  } else {
    const one = createDatabase({ kind: 'sqlite', file: ':memory:' });
    handles = [one, one];
  }
  await migrateToLatest(handles[0]!.db);
  const instances: Instance[] = [];
  for (const database of handles) {
    const ctx = createContext(config, database);
    if (instances.length === 0) await seedFixtures(ctx);
    const app = await buildApp(config, { database, context: ctx, logger: false });
    await app.ready();
    instances.push({ app, ctx, database });
  }
  return {
    instances: instances as [Instance, Instance],
    close: async () => {
      for (const instance of instances) await instance.app.close();
      for (const handle of new Set(handles)) await handle.close();
      await drop();
    },
  };
}
