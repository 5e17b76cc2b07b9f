import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, createContext } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { applyAdminUsernames, seedDemo, seedFixtures } from './seed/seed.js';
import { createMailSender } from './features/email/mail-sender.js';
import { createMailTransport } from './features/email/mail-transport.js';
import { superviseIfAsked } from './supervisor.js';

/** The built web client: WEB_ROOT when set, else dist/web beside this bundle (or under the working directory). */
function locateWebRoot(configured: string | undefined): string | undefined {
  const candidates = [configured, path.resolve(import.meta.dirname, '../web'), path.resolve('dist/web')];
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
  config.webRoot = locateWebRoot(config.webRoot);

  // The WAL's checkpoints run on a worker thread (db/background-checkpoints.ts); what goes wrong
  // there goes to the app's log once it exists (it does long before the first write).
  let appLog: FastifyBaseLogger | undefined;
  const database = createDatabase(config.database, { backgroundCheckpoints: { onProblem: (message) => (appLog ? appLog.warn(`background checkpoints: ${message}`) : console.error(`background checkpoints: ${message}`)) } });
  const ctx = createContext(config, database);
  const app = await buildApp(config, { database, context: ctx });
  app.addHook('onClose', () => database.close());
  const log = (appLog = app.log);
  if (!config.webRoot) log.warn('the web client is not built (run npm run build); serving the API only');

  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  await seedFixtures(ctx, log);
  if (config.seedDemo) await seedDemo(ctx, log);
  await applyAdminUsernames(ctx, config.adminUsernames, log);

  const purge = setInterval(() => {
    ctx.sessions.purgeExpired().catch((error) => log.warn({ err: error }, 'session purge failed'));
  }, 60 * 60 * 1000);
  purge.unref();

  // Email: every instance drains the shared outbox unless EMAIL_SENDER=false.
  const mailSender = config.email.sender
    ? createMailSender({
        db: database.db,
        outbox: ctx.outbox,
        transport: createMailTransport(config.email, log),
        unsubscribeLinks: ctx.unsubscribeLinks,
        site: { siteName: 'Broadsheet', publicUrl: config.publicUrl },
        from: config.email.from,
        digestHourUtc: config.email.digestHourUtc,
        claimMs: config.email.claimSeconds * 1000,
        log,
        // Messages in flight at once: one per SMTP connection (5 unless SMTP_URL says maxConnections).
        queued: ctx.outboxQueued,
      })
    : undefined;
  if (!config.email.smtpUrl && mailSender) log.info(`email: SMTP_URL is not set; messages are written to ${config.email.outboxDir}`);

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
    await mailSender?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  mailSender?.start();
  log.info(`Broadsheet is serving ${config.publicUrl} (${database.dialect})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
