import path from 'node:path';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';
import { shoot } from './support/shots.js';

/**
 * The import page with a finished report (counts and the long lines of its problems) and the
 * channel's settings with the redirects an import made, at 390 and 1366 px, light and dark, into
 * SHOTS_DIR for a person to look at (`SHOTS_DIR=… npm run screenshots`). The journey of `npm test`
 * checks their behaviour and axes them.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };
const WXR = path.resolve('src/server/features/imports/fixtures/wordpress/export.xml');

describeInBrowser('the import page, for a person to look at', () => {
  const site = useSite();

  it("screenshots the import page's finished report and the channel's redirects", async () => {
    const owner = await registerThroughApi(site.server.url, 'importer');
    const channel = await createThroughApi<{ id: number }>(site.server.url, owner.cookie, '/api/channels', { name: 'Harbour Times', description: 'News from the harbour town' });
    const journey = await Journey.open(site.browser, site.server.url, PHONE);
    await journey.context.addCookies(browserCookies(site.server.url, owner.cookie));
    const { page } = journey;

    await journey.goto(`/channels/${channel.id}/import`);
    await page.getByLabel('Export file').setInputFiles(WXR);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(visible(page.getByRole('region', { name: 'Preview' }))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'import-preview');
    await page.getByRole('button', { name: 'Start import' }).click();
    await expect.poll(visible(page.getByRole('region', { name: 'Import finished' })), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Past imports' }).textContent()).toContain('export.xml');
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      // From the top, so the fixed header is where a reader sees it, not across the report.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'import-report');
    }

    await journey.goto(`/channels/${channel.id}`);
    await page.getByRole('button', { name: 'Edit Channel' }).click();
    const redirects = page.getByRole('region', { name: 'Redirects' });
    await expect.poll(visible(redirects.getByRole('listitem'))).toBe(true);
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'channel-redirects');
    }
    await journey.close();
  }, 120_000);
});
