import { afterAll, beforeAll, describe } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, CHROMIUM_PATH, launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

let warned = false;
/**
 * Browser journeys need Debian's Chromium. Without it they are skipped loudly on a developer
 * machine and fail in CI (CI=true), where .ci/run installs it.
 */
export const describeInBrowser: typeof describe = ((name: string, fn: () => void) => {
  if (!chromiumAvailable()) {
    if (process.env.CI === 'true') throw new Error(`Chromium is missing at ${CHROMIUM_PATH}; CI requires the browser journeys`);
    if (!warned) {
      warned = true;
      console.warn(`\n!!! Chromium not found at ${CHROMIUM_PATH}: SKIPPING browser journeys. Install it: apt-get install -y chromium\n`);
    }
    return describe.skip(name, fn);
  }
  return describe(name, fn);
}) as typeof describe;

export interface Site {
  server: RunningServer;
  browser: Browser;
}

/** A production server on a fresh database and one Chromium, for the enclosing describe block. */
export function useSite(env: Record<string, string> = {}): Site {
  const site = {} as Site;
  beforeAll(async () => {
    site.server = await startServer(env);
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/**
 * The demo site (SEED_DEMO=true) and one Chromium, for the enclosing describe block. Seeding draws and
 * processes the demo images before the server listens: slow on a busy machine, hence the long wait.
 */
export function useDemoSite(): Site {
  const site = {} as Site;
  beforeAll(async () => {
    site.server = await startServer({ SEED_DEMO: 'true' }, { startTimeoutMs: 110_000 });
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

let counter = 0;
export function uniqueUsername(prefix = 'reader'): string {
  return `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;
}
