import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS, headless: true });
}

/** Serious and critical axe violations on the page as it is now; the journey fails on any. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Colours measured mid-fade are not what a reader sees: let finite animations and transitions end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const hasAxe = await page.evaluate('typeof window.axe !== "undefined"');
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) does not block it.
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))
  })))`)) as { id: string; impact: string; help: string; targets: string[] }[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `accessibility violations on ${label}:\n${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/**
 * One browser tab for a journey. Every page it reaches through goto/expectPath is checked with axe;
 * an uncaught page error, a CSP violation or an unexpected console error fails the journey.
 */
export class Journey {
  readonly problems: string[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // Expected refusals (a wrong password answers 401) are logged by Chromium as resource errors.
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      this.problems.push(`console error: ${text}`);
    });
    page.on('dialog', (dialog) => {
      this.problems.push(`unexpected dialog: ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss();
    });
  }

  /** `options` adds to the context's (a time zone, a colour scheme). */
  static async open(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }, options: BrowserContextOptions = {}): Promise<Journey> {
    const context = await browser.newContext({ ...options, viewport, baseURL: baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return new Journey(context, page, baseUrl);
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path, { waitUntil: 'load' });
    await this.settle();
    await expectAccessible(this.page, path);
  }

  /** Waits for a client-side navigation to reach a path, then checks the page. */
  async expectPath(path: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
    await this.settle();
    await expectAccessible(this.page, String(path));
  }

  /**
   * Waits until the page is ready: network quiet, the server's page hydrated (its buttons work;
   * the root layout marks <html data-hydrated>), and its h1 present (every page has one).
   */
  async settle(): Promise<void> {
    await this.page.waitForLoadState('networkidle').catch(() => {});
    await this.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await this.page.locator('h1').first().waitFor({ state: 'visible' });
  }

  async screenshot(name: string): Promise<void> {
    fs.mkdirSync('e2e/artifacts', { recursive: true });
    await this.page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
  }

  async close(): Promise<void> {
    await this.context.close();
    expect(this.problems, 'problems seen in the browser').toEqual([]);
  }
}
