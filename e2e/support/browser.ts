import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
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

/** Requests that stay open by design; waiting for them to end would wait for ever. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);
/** Network quiet for this long after the last request ends: a response that starts another fetch does so well within it. */
const QUIET_MS = 100;
/** As long as the journeys ever waited for the network to go quiet before going on anyway. */
const QUIET_TIMEOUT_MS = 10_000;

/**
 * What axe judges a page by: its route with the parameters taken out (`/articles/:p`, `/users/:p`),
 * the names of its query parameters, the screen, and whether a reader is signed in. Path segments
 * after the first that are a plain lowercase word (`edit`, `history`, `staff`) are part of the
 * route; anything else (an id, a slug, a username) is a parameter.
 */
export function routePattern(path: string): string {
  const url = new URL(path, 'http://journey.invalid');
  const segments = url.pathname.split('/').filter(Boolean);
  const route = segments.map((segment, i) => (i === 0 || /^[a-z]+$/.test(segment) ? segment : ':p')).join('/');
  const query = [...new Set(url.searchParams.keys())].sort().join('&');
  return `/${route}${query ? `?${query}` : ''}`;
}

/**
 * Pages axe has judged in this file. One check per route pattern and state: the same page with
 * other content has the same markup and styles (E2E_AXE_EVERY_PAGE=true checks every navigation).
 */
const judged = new Set<string>();
const axeEveryPage = process.env.E2E_AXE_EVERY_PAGE === 'true';

/**
 * One browser tab for a journey. Every kind of page it reaches through goto/expectPath is checked
 * with axe (once per route pattern and state in a file: routePattern); an uncaught page error, a
 * CSP violation or an unexpected console error fails the journey.
 */
export class Journey {
  readonly problems: string[] = [];
  /** The page's requests still waiting for an answer. */
  private readonly inFlight = new Set<Request>();
  private lastRequestEnded = 0;
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly baseUrl: string,
    private readonly state: string,
  ) {
    page.on('request', (request) => {
      if (!LONG_LIVED.has(request.resourceType())) this.inFlight.add(request);
    });
    const ended = (request: Request) => {
      if (this.inFlight.delete(request)) this.lastRequestEnded = Date.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
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
    const state = `${viewport.width}x${viewport.height} ${options.colorScheme ?? ''} ${options.locale ?? ''} ${options.timezoneId ?? ''}`;
    return new Journey(context, page, baseUrl, state);
  }

  async goto(path: string): Promise<void> {
    const response = await this.page.goto(path, { waitUntil: 'load' });
    await this.settle();
    await this.judge(path, path, response?.status());
  }

  /** Waits for a client-side navigation to reach a path, then checks the page. */
  async expectPath(path: string | RegExp): Promise<void> {
    await this.page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
    await this.settle();
    await this.judge(String(path), this.page.url());
  }

  /** axe on the page as it is now, unless this file has judged a page of its route and state already. */
  private async judge(label: string, path: string, status?: number): Promise<void> {
    const signedIn = (await this.context.cookies()).some((cookie) => cookie.name === 'broadsheet_session' && cookie.value !== '');
    const key = `${this.state} ${signedIn ? 'signed-in' : 'signed-out'} ${status ?? ''} ${routePattern(path)}`;
    if (!axeEveryPage && judged.has(key)) return;
    await expectAccessible(this.page, label);
    judged.add(key);
  }

  /**
   * Waits until the page is ready: the server's page hydrated (its buttons work; the root layout
   * marks <html data-hydrated>), its h1 present (every page has one), and what it fetched answered
   * (no request open for QUIET_MS). A signed-out reader's reading page starts its app when the
   * reader acts (<html data-boot="intent">): pressing Shift, which changes nothing on the page, is
   * that act. The journeys of boot-on-intent.e2e.test.ts act on such pages before that.
   */
  async settle(): Promise<void> {
    await this.page.locator('h1').first().waitFor({ state: 'visible' });
    if (await this.page.locator('html[data-boot="intent"]:not([data-hydrated])').count()) await this.page.keyboard.press('Shift');
    await this.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await this.page.locator('h1').first().waitFor({ state: 'visible' });
    await this.networkQuiet();
  }

  /** Until no request of the page has been open for QUIET_MS (at most QUIET_TIMEOUT_MS, then on anyway). */
  private async networkQuiet(): Promise<void> {
    const deadline = Date.now() + QUIET_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && Date.now() - this.lastRequestEnded >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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
