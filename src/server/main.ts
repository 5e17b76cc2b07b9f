import fs from 'node:fs';
import path from 'node:path';
import { buildApp, createContext } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { applyAdminUsernames, seedDemo, seedFixtures } from './features/seed/seed.js';
import { superviseIfAsked } from './supervisor.js';

function locateWebRoot(): string | undefined {
  const candidates = [process.env.WEB_ROOT, path.resolve(import.meta.dirname, '../web'), path.resolve('dist/web')];
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'index.html')));
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // SUPERVISE=true: this process only restarts the server's process when it dies (supervisor.ts).
  if (!superviseIfAsked(config.supervise)) return;
  config.webRoot = locateWebRoot();

  const database = createDatabase(config.database);
  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());
  const log = app.log;
  if (!config.webRoot) log.warn('the web client is not built (run npm run build); serving the API only');

  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const ctx = createContext(config, database);
  await seedFixtures(ctx, log);
  if (config.seedDemo) await seedDemo(ctx, log);
  await applyAdminUsernames(ctx, config.adminUsernames, log);

  const purge = setInterval(() => {
    ctx.sessions.purgeExpired().catch((error) => log.warn({ err: error }, 'session purge failed'));
  }, 60 * 60 * 1000);
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received; finishing in-flight requests`);
    clearInterval(purge);
    const force = setTimeout(() => {
      log.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Broadsheet is serving ${config.publicUrl} (${database.dialect})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
