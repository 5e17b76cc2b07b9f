import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

/**
 * What a reader sees when the next page is slow or cannot load (docs/decisions/008-one-render-path.md): a progress
 * bar after a moment, a chunk that is gone is tried three times at most and then the page is
 * loaded whole once, and offline an error page with Reload instead of a request storm.
 */

/** The built chunk of a page module (Vite's manifest), e.g. `assets/channels-DqoKQWk9.js`. */
function chunkOf(page: string): string {
  const manifest = JSON.parse(fs.readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  return `/${manifest[`app/routes/${page}.tsx`]!.file}`;
}

const exploreLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Explore Channels' });

describeInBrowser('slow and failed navigations', () => {
  const site = useSite();

  it('shows a progress bar while a slow next page loads, and the page after', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/');
    // The next page's data answers slowly (its module is quick): the old page stays meanwhile.
    await page.route(/\/api\/channels\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const bar = page.getByTestId('navigation-progress');
    expect(await bar.getAttribute('data-state')).toBe('idle');
    await exploreLink(page).click();
    await page.locator('[data-testid="navigation-progress"][data-state="loading"]').waitFor({ timeout: 3000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent(), 'the page being left stays meanwhile').toBe('Popular Articles');
    await journey.expectPath('/channels');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Explore Channels');
    await expect.poll(() => bar.getAttribute('data-state')).toBe('idle');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await journey.close();
  });

  it('asks at most three times for a page chunk a deploy removed, then loads the page whole', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/');
    const chunk = chunkOf('channels');
    let asked = 0;
    let reloaded = false;
    // Until the page is loaded whole (whose HTML would name the new build's chunks), the old chunk is gone.
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/channels') reloaded = true;
    });
    await page.route(`**${chunk}`, async (route) => {
      if (reloaded) return route.continue();
      asked++;
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found"}' });
    });

    await exploreLink(page).click();
    await page.waitForURL((url) => url.pathname === '/channels');
    await page.getByRole('heading', { level: 1, name: 'Explore Channels' }).waitFor({ timeout: 15_000 });
    await journey.settle();
    expect(reloaded, 'the page was loaded whole').toBe(true);
    expect(asked, 'requests for the removed chunk').toBeGreaterThanOrEqual(1);
    expect(asked, 'requests for the removed chunk').toBeLessThanOrEqual(3);
    // Chromium logs the refused chunk; that is the point of this journey, not a problem.
    journey.problems.splice(0, journey.problems.length, ...journey.problems.filter((problem) => !/404|Failed to fetch dynamically imported module|Route error/.test(problem)));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await journey.close();
  });

  it('says the connection is down, with a Reload button, when the next page cannot load offline', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/');
    const chunk = chunkOf('channels');
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === chunk) asked++;
    });
    await journey.context.setOffline(true);
    await exploreLink(page).click();
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Reload the page' }).waitFor();
    await page.waitForTimeout(1500);
    expect(asked, 'requests for the chunk while offline').toBeLessThanOrEqual(3);
    await journey.context.setOffline(false);
    journey.problems.splice(0, journey.problems.length, ...journey.problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module|Route error/.test(problem)));
    await journey.close();
  });

  it('says the connection is down when the next page’s data cannot load offline, though its code is at hand', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/');
    const registered = await page.evaluate(async (username) => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      await post('/api/register', { username, password: 'correct-horse' });
      const channel = await post('/api/channels', { name: `Offline Desk ${username}`, description: 'Offline' });
      const first = await post('/api/articles', { title: 'Read before the tunnel', content: '<p>First.</p>', channelId: channel.id });
      const second = await post('/api/articles', { title: 'Read after the tunnel', content: '<p>Second.</p>', channelId: channel.id });
      return { first: `/articles/${first.slug}-${first.id}`, second: `/articles/${second.slug}-${second.id}` };
    }, `offline${Date.now().toString(36)}`);
    // The article page's code is loaded by reading one article; then home, then offline.
    await journey.goto(registered.first);
    await journey.goto('/');
    await journey.context.setOffline(true);
    await page.getByRole('link', { name: 'Read after the tunnel' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor({ timeout: 10_000 });
    await journey.context.setOffline(false);
    journey.problems.splice(0, journey.problems.length, ...journey.problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Route error/.test(problem)));
    await journey.close();
  });
});
