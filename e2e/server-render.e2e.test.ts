import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { uploadDrawnImage } from './support/content.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

const PHONE = { width: 412, height: 823 };

/** Where the elements a reader sees first are drawn, by selector (first match), rounded to the pixel. */
async function boxes(page: Page, selectors: string[]): Promise<Record<string, string | null>> {
  const result: Record<string, string | null> = {};
  for (const selector of selectors) {
    const box = await page.locator(selector).first().boundingBox();
    result[selector] = box ? [box.x, box.y, box.width, box.height].map((n) => Math.round(n)).join(',') : null;
  }
  return result;
}

/**
 * The serif is `font-display: optional`: a page view whose font file comes late keeps the fallback
 * serif, which is a few pixels narrower. Comparing two page views is only fair with the same face in
 * both, so these views never get the web font and all paint with the fallback.
 */
async function withoutWebFonts(context: BrowserContext) {
  await context.route(/\.woff2(\?.*)?$/, (route) => route.fulfill({ status: 404, body: '' }));
}

/** A page without JavaScript: only what the server wrote. */
async function withoutScript(browser: Browser, baseUrl: string, path: string, selectors: string[]) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, javaScriptEnabled: false });
  try {
    await withoutWebFonts(context);
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return { page, context, boxes: await boxes(page, selectors) };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * What a reader with JavaScript sees before the app has run: the server's page with <noscript>
 * closed (the feed's no-script form stays out), the app's scripts never arriving.
 */
async function beforeTheApp(browser: Browser, baseUrl: string, path: string, selectors: string[]) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl });
  try {
    await withoutWebFonts(context);
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return await boxes(page, selectors);
  } finally {
    await context.close();
  }
}

/** The same page once the browser has hydrated the server's page. */
async function withScript(browser: Browser, baseUrl: string, path: string, selectors: string[]) {
  const journey = await Journey.open(browser, baseUrl, PHONE);
  await withoutWebFonts(journey.context);
  await journey.goto(path);
  await journey.page.evaluate(() => document.fonts.ready);
  const result = await boxes(journey.page, selectors);
  await journey.close();
  return result;
}

describeInBrowser('pages are rendered on the server and hydrated in the browser', () => {
  const site = useSite();

  it('shows an article, the home feed and Explore Channels with JavaScript off, in the same boxes once hydrated', async () => {
    // Content: a channel and an article with an image, made through the API of a signed-in page.
    const author = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(author, uniqueUsername('painter'));
    const channel = await api<{ id: number }>(author.page, 'POST', '/api/channels', { name: 'Harbour Desk', description: 'Tides and boats', category: 'Local' });
    expect(channel.status).toBe(201);
    const imageUrl = await uploadDrawnImage(author.page, { colour: '#1d4ed8', name: 'harbour.png' });
    const article = await api<{ id: number; slug: string }>(author.page, 'POST', '/api/articles', {
      title: 'Harbour wall <repaired> overnight',
      content: '<p>The crew of <strong>twelve</strong> finished the harbour wall at dawn.</p><p>Boats returned to a calmer bay.</p>',
      channelId: channel.body.id,
      location_name: 'Brighton',
    });
    expect(article.status).toBe(201);
    const images = await api(author.page, 'PUT', `/api/articles/${article.body.id}/images`, { images: [{ image_url: imageUrl, caption: 'The wall at dawn', order: 0 }] });
    expect(images.status).toBe(200);
    await author.close();
    const articlePath = `/articles/${article.body.slug}-${article.body.id}`;

    // 1. JavaScript off: the article's text and its first image are there.
    const articleSelectors = ['header >> nth=0', 'h1', '[data-testid="article-body"]', 'figure img', 'figcaption', 'button:has-text("Share")'];
    const still = await withoutScript(site.browser, site.server.url, articlePath, articleSelectors);
    try {
      const { page } = still;
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbour wall <repaired> overnight');
      expect(await page.getByTestId('article-body').textContent()).toContain('The crew of twelve finished the harbour wall at dawn.');
      expect(await page.getByText('Harbour Desk').isVisible()).toBe(true);
      const image = page.locator('figure img');
      expect(await image.getAttribute('fetchpriority')).toBe('high');
      expect(await image.getAttribute('srcset')).toMatch(/480w/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])').count()).toBe(0);
    } finally {
      await still.context.close();
    }

    // 2. With JavaScript, hydration keeps the server's DOM: nothing moves (a mismatch would fail the journey).
    expect(await withScript(site.browser, site.server.url, articlePath, articleSelectors)).toEqual(still.boxes);

    // 3. The home feed and Explore Channels, the same way.
    const homeSelectors = ['h1', '[data-testid="article-card"] h3', '[data-testid="article-card"] p.line-clamp-3', 'button:has-text("Filter")'];
    const home = await withoutScript(site.browser, site.server.url, '/', homeSelectors);
    expect(await home.page.getByRole('link', { name: 'Harbour wall <repaired> overnight' }).isVisible()).toBe(true);
    await home.context.close();
    // Without JavaScript the feed's no-script form stands in for the Sort and Filter buttons, so the
    // boxes to keep are those of the page as painted before the app runs.
    expect(await withScript(site.browser, site.server.url, '/', homeSelectors)).toEqual(await beforeTheApp(site.browser, site.server.url, '/', homeSelectors));

    const channelSelectors = ['h1', 'input[type="search"]', 'button:has-text("Categories")', 'li.grid article', 'li.grid h2'];
    const explore = await withoutScript(site.browser, site.server.url, '/channels', channelSelectors);
    expect(await explore.page.getByRole('link', { name: 'Harbour Desk', exact: true }).isVisible()).toBe(true);
    // Without JavaScript, Subscribe is a link to sign in that returns here, not a dead button.
    expect(await explore.page.getByRole('link', { name: 'Subscribe to Harbour Desk' }).getAttribute('href')).toBe('/auth?next=%2Fchannels');
    await explore.context.close();
    expect(await withScript(site.browser, site.server.url, '/channels', channelSelectors)).toEqual(explore.boxes);
  });

  it('says which forms need JavaScript when it is off, and keeps links working', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/auth', { waitUntil: 'load' });
      // (Playwright's text queries skip <noscript>, so read the page's text.)
      expect(await page.evaluate(() => document.body.innerText)).toContain('Writing articles, channels and profile changes need JavaScript.');
      await page.goto('/', { waitUntil: 'load' });
      await page.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/auth');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Welcome to Broadsheet');
    } finally {
      await context.close();
    }
  });

  it('keeps a form that needs the app inert until it runs, so nothing typed into it is lost', async () => {
    const setup = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(setup, uniqueUsername('inert'));
    const channel = await api<{ id: number }>(setup.page, 'POST', '/api/channels', { name: uniqueUsername('Inert Desk'), description: 'Before the app' });
    expect(channel.status).toBe(201);
    const { page } = setup;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/channels/${channel.body.id}/articles/new`, { waitUntil: 'domcontentloaded' });
    expect(await page.getByLabel('Title', { exact: true }).isDisabled(), 'the editor before the app started').toBe(true);
    release();
    await setup.settle();
    expect(await page.getByLabel('Title', { exact: true }).isDisabled()).toBe(false);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await setup.close();
  });

  it('keeps the page the server drew when hydrating: text selectable at once, buttons working after', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    await journey.page.goto('/channels', { waitUntil: 'commit' });
    // The heading is in the HTML itself, before any script has run.
    await journey.page.getByRole('heading', { level: 1, name: 'Explore Channels' }).waitFor();
    const heading = await journey.page.getByRole('heading', { level: 1 }).elementHandle();
    await journey.settle();
    // The same element, kept by hydration (a client render would have replaced it).
    expect(await heading!.evaluate((element) => element.isConnected)).toBe(true);
    await journey.page.getByRole('button', { name: /Sort/ }).first().click();
    await journey.page.getByRole('menu').waitFor();
    await journey.close();
  });
});
