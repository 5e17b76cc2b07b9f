import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * The demo content of this build, seeded once (it draws and processes the demo images: slow on a
 * busy machine, hence the long wait) into a data directory that each demo site starts on a copy of.
 * One file seeds it; a file that needs it meanwhile, on another worker, waits for it.
 */
async function demoTemplate(): Promise<string> {
  const build = createHash('sha1').update(fs.readFileSync(path.resolve('dist/server/main.js'))).digest('hex').slice(0, 16);
  const template = path.join(os.tmpdir(), `broadsheet-demo-template-${build}`);
  const ready = path.join(template, 'ready');
  const lock = `${template}.lock`;
  const deadline = Date.now() + 170_000;
  while (!fs.existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`the demo content at ${template} was not ready in time`);
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another file is seeding it (or one that died did: its lock is older than any seeding).
      if (fs.existsSync(lock) && Date.now() - fs.statSync(lock).mtimeMs > 150_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      // Those of builds gone a day ago (other checkouts on this machine may be using theirs now).
      for (const old of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('broadsheet-demo-template-') && !name.endsWith('.lock'))) {
        const at = path.join(os.tmpdir(), old);
        if (Date.now() - fs.statSync(at).mtimeMs > 86_400_000) fs.rmSync(at, { recursive: true, force: true });
      }
      const seeding = await startServer({ SEED_DEMO: 'true' }, { startTimeoutMs: 110_000, keepDataDir: true });
      await seeding.stop();
      fs.mkdirSync(template, { recursive: true });
      fs.renameSync(seeding.dataDir, path.join(template, 'data'));
      fs.writeFileSync(ready, '');
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return path.join(template, 'data');
}

/**
 * The demo site (SEED_DEMO=true) on its own copy of the demo content, and one Chromium, for the
 * enclosing describe block.
 */
export function useDemoSite(): Site {
  const site = {} as Site;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-e2e-'));
    fs.cpSync(await demoTemplate(), dataDir, { recursive: true });
    site.server = await startServer({ SEED_DEMO: 'true' }, { dataDir, keepDataDir: false });
    site.browser = await launchBrowser();
  }, 300_000);
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
