import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { describeInBrowser, useDemoSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

/**
 * Screenshots of every main page of the demo site at 390 and 1366 px, light and dark, into
 * e2e/artifacts/screenshots, for a person to look at (`npm run screenshots`, after changing a
 * screen). Not part of `npm test`: a picture is checked by looking at it, and taking 36 of them
 * costs minutes. The journeys of `npm test` check the behaviour and axe the same pages.
 */

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describeInBrowser('the main pages, for a person to look at', () => {
  const site = useDemoSite();

  it('screenshots every main page at 390 and 1366 px, light and dark, into e2e/artifacts/screenshots', async () => {
    const pages = ['/', '/channels', '/auth', 'article', 'channel', '/profile', '/articles/new', 'edit', '/no-such-page'];
    for (const width of [390, 1366]) {
      for (const theme of ['light', 'dark'] as const) {
        const journey = await Journey.open(site.browser, site.server.url, { width, height: width === 390 ? 844 : 900 });
        const { page } = journey;
        await journey.goto('/auth');
        const panel = page.getByRole('tabpanel', { name: 'Login' });
        await panel.getByLabel('Username').fill('demo');
        await panel.getByLabel('Password').fill('broadsheet-demo');
        await panel.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
        await journey.expectPath('/');
        const own = (await api<{ id: number }[]>(page, 'GET', '/api/user/channels')).body[0]!.id;
        const ownArticles = (await api<{ id: number; slug: string; title: string }[]>(page, 'GET', `/api/channels/${own}/articles`)).body;
        const rich = ownArticles.find((a) => a.title.startsWith('Council backs'))!;
        if (theme === 'dark') {
          if (width === 390) {
            await page.getByRole('button', { name: 'Open menu' }).click();
            await page.getByRole('switch', { name: /dark/i }).click();
            await page.keyboard.press('Escape');
          } else {
            await page.getByRole('button', { name: 'Switch to dark theme' }).click();
          }
          await expect.poll(() => isDark(page)).toBe(true);
        }
        for (const name of pages) {
          const path =
            name === 'article' ? `/articles/${rich.slug}-${rich.id}` : name === 'channel' ? `/channels/${own}` : name === 'edit' ? `/articles/${rich.id}/edit` : name;
          if (name === '/auth') {
            // The auth page as a signed-out visitor sees it, in a fresh tab of this theme.
            const anonymous = await site.browser.newContext({ viewport: page.viewportSize()!, baseURL: site.server.url, colorScheme: theme });
            const tab = await anonymous.newPage();
            await tab.goto('/auth', { waitUntil: 'networkidle' });
            await tab.screenshot({ path: `e2e/artifacts/screenshots/${width}-${theme}-auth.png`, fullPage: true });
            await anonymous.close();
            continue;
          }
          await journey.goto(path);
          await page.waitForTimeout(300);
          const file = name.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
          await page.screenshot({ path: `e2e/artifacts/screenshots/${width}-${theme}-${file}.png`, fullPage: true });
        }
        await journey.close();
      }
    }
  }, 900_000);
});
