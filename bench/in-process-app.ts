// What bench/statement-times.ts and bench/render-times.ts share: the server's app built in this
// process, as production runs it, on a scratch copy of the generated SQLite data.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, createContext } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createDatabase } from '../src/server/db/database.js';

export const PUBLIC_URL = 'http://localhost:3000';

/**
 * Measured as production runs: React picks its development build (checks that triple a page's
 * render) unless NODE_ENV says production when it first loads, which importing the app already did
 * (the email templates). So without it, the script runs itself again with it, and this one ends.
 */
export function rerunUnderProduction(): void {
  if (process.env.NODE_ENV === 'production') return;
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exit(again.status ?? 1);
}

/** The generator's sessions: user n's cookie token is sha256('bench-session-n'), as bench/run.mjs sends it. */
export const benchSessionToken = (user: number) => createHash('sha256').update(`bench-session-${user}`).digest('base64url');

/**
 * The app (migrated, its services built, rate limits out of the way) on a copy of
 * bench/data/{articles}; pages come from the production build when there is one (npm run build).
 * `close` stops it and removes the copy.
 */
export async function startInProcessApp(articles: string) {
  const source = path.resolve(`bench/data/${articles}/broadsheet.db`);
  if (!fs.existsSync(source)) throw new Error(`no generated data at ${source}: run npm run bench (or bench/generate.ts) first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-in-process-'));
  fs.copyFileSync(source, path.join(dataDir, 'broadsheet.db'));
  const built = fs.existsSync('dist/ssr') && fs.existsSync('dist/web');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MICRO_CACHE_MS: '0',
    PUBLIC_URL,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: '1000000',
    WRITE_RATE_LIMIT: '100000000',
    ...(built ? { WEB_ROOT: 'dist/web' } : {}),
  });
  const database = createDatabase(config.database);
  const context = createContext(config, database);
  const app = await buildApp(config, { database, context, logger: false });
  await app.ready();
  const newest = (await app.inject({ url: '/api/articles?scope=all&limit=1' })).json().items[0].id as number;
  return {
    app,
    context,
    /** Whether the production build serves the pages. */
    built,
    /** The newest article's id. */
    newest,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
