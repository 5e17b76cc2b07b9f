import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';

/**
 * The import page (docs/product.md#import-and-export) in the browser: a channel's owner chooses a
 * WordPress export, previews what it holds, starts it, watches it run and reads its report; the
 * imported article carries its old comments under their old names, its old address leads to it,
 * and the channel's settings list that redirect and remove it. Anyone else is refused the page.
 */

const WIDE = { width: 1366, height: 900 };
const WXR = path.resolve('src/server/features/imports/fixtures/wordpress/export.xml');
const ARTICLE = 'Budget vote passes after late-night session';
/** The path of the post's <link> in the export: its address on the old site. */
const OLD_PATH = '/2024/05/17/budget-vote-passes/';

/** axe on the page as it is, in the dark theme too. */
async function accessibleInBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label}, light theme`);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForTimeout(500);
  await expectAccessible(page, `${label}, dark theme`);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/** What the old address answers, without following it. */
async function oldAddress(baseUrl: string) {
  const response = await fetch(`${baseUrl}${OLD_PATH}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

describeInBrowser('importing into a channel', () => {
  const site = useSite();

  it("the owner previews a WordPress export, imports it, finds its article with the old comments at the old address, and removes the redirect in the channel's settings", async () => {
    const owner = await registerThroughApi(site.server.url, 'importer');
    const channel = await createThroughApi<{ id: number }>(site.server.url, owner.cookie, '/api/channels', { name: `Harbour ${owner.username}`, description: 'News from the harbour town' });
    const journey = await Journey.open(site.browser, site.server.url, WIDE);
    await journey.context.addCookies(browserCookies(site.server.url, owner.cookie));
    const { page } = journey;

    await journey.goto(`/channels/${channel.id}/import`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Import');
    await expect.poll(visible(page.getByText('No imports yet.'))).toBe(true);
    await accessibleInBothThemes(page, 'the import page before an import');
    // Nothing to start until a file has been previewed.
    const start = page.getByRole('button', { name: 'Start import' });
    expect(await start.isDisabled()).toBe(true);

    // The file, then the preview: the format it detected and what would come in, nothing imported.
    await page.getByLabel('Export file').setInputFiles(WXR);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(visible(preview)).toBe(true);
    expect(await preview.textContent()).toContain('Detected format: WordPress. Nothing has been imported yet.');
    const count = (region: typeof preview, label: string) => region.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').textContent();
    expect(await count(preview, 'Articles')).toBe('1');
    expect(await count(preview, 'Drafts')).toBe('2');
    expect(await count(preview, 'Comments')).toBe('2');
    expect(await preview.getByRole('list', { name: 'Problems' }).textContent()).toContain('pages are not imported');
    // The preview takes the focus, so a screen reader reads it.
    expect(await preview.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await oldAddress(site.server.url)).status).not.toBe(301);

    // Started: the progress bar while it runs (its first answer held back so it is seen), then the report.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route(/\/api\/imports\/\d+$/, async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    await start.click();
    const progress = page.getByRole('progressbar', { name: /^Importing…/ });
    await expect.poll(visible(progress)).toBe(true);
    expect(await progress.getAttribute('aria-valuemin')).toBe('0');
    expect(await progress.getAttribute('aria-valuenow')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Start import' }).isDisabled()).toBe(true);
    release();
    const report = page.getByRole('region', { name: 'Import finished' });
    await expect.poll(visible(report), { timeout: 30_000 }).toBe(true);
    await page.unroute(/\/api\/imports\/\d+$/);
    expect(await progress.count()).toBe(0);
    expect(await count(report, 'Articles')).toBe('1');
    expect(await count(report, 'Drafts')).toBe('2');
    expect(await count(report, 'Comments')).toBe('2');
    expect(Number(await count(report, 'Redirects'))).toBeGreaterThanOrEqual(1);
    expect(await report.evaluate((element) => element === document.activeElement)).toBe(true);
    // The past imports list it, finished.
    const past = page.getByRole('region', { name: 'Past imports' });
    await expect.poll(() => past.textContent()).toContain('export.xml');
    expect(await past.textContent()).toContain('WordPress · Finished · 1 article ·');
    await accessibleInBothThemes(page, 'the import page with its report');

    // The imported article, from the channel's page: its old comments under their old names, marked imported.
    await journey.goto(`/channels/${channel.id}`);
    await page.getByRole('link', { name: ARTICLE }).first().click();
    await journey.expectPath(/^\/articles\/budget-vote-passes-\d+$/);
    const articlePath = new URL(page.url()).pathname;
    const comments = page.locator('#comments');
    const mira = comments.getByRole('listitem', { name: 'Comment by Mira Quay' });
    await expect.poll(visible(mira)).toBe(true);
    expect(await mira.textContent()).toContain('Thanks for staying up to report this.');
    expect(await mira.getByText('Imported', { exact: true }).first().isVisible()).toBe(true);
    // Held and spam comments stayed behind.
    expect(await comments.textContent()).not.toContain('Buy now');
    expect(await comments.textContent()).not.toContain('Who paid for this?');

    // The old address answers 301 with the article's page, and a browser lands there.
    expect(await oldAddress(site.server.url)).toEqual({ status: 301, location: articlePath });
    await journey.goto(OLD_PATH);
    expect(new URL(page.url()).pathname).toBe(articlePath);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ARTICLE);

    // The channel's settings list the redirect; removing it (confirmed) ends the old address.
    await journey.goto(`/channels/${channel.id}`);
    await page.getByRole('button', { name: 'Edit Channel' }).click();
    const redirects = page.getByRole('region', { name: 'Redirects' });
    const row = redirects.getByRole('listitem').filter({ hasText: OLD_PATH });
    await expect.poll(visible(row)).toBe(true);
    expect(await row.getByRole('link', { name: articlePath }).isVisible()).toBe(true);
    await accessibleInBothThemes(page, "the channel's settings with a redirect");
    await row.getByRole('button', { name: `Remove the redirect from ${OLD_PATH}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(visible(dialog)).toBe(true);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await oldAddress(site.server.url)).status).toBe(404);
    await journey.close();
  }, 120_000);

  it('a reader who does not own the channel is refused the import page', async () => {
    const owner = await registerThroughApi(site.server.url, 'keeper');
    const channel = await createThroughApi<{ id: number }>(site.server.url, owner.cookie, '/api/channels', { name: `Quay ${owner.username}`, description: 'Tides' });
    const reader = await registerThroughApi(site.server.url, 'visitor');
    const journey = await Journey.open(site.browser, site.server.url, WIDE);
    await journey.context.addCookies(browserCookies(site.server.url, reader.cookie));
    const { page } = journey;

    const response = await page.goto(`/channels/${channel.id}/import`);
    expect(response?.status()).toBe(403);
    await journey.settle();
    expect(await page.getByText("You don't have permission to view this page").isVisible()).toBe(true);
    expect(await page.getByLabel('Export file').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start import' }).count()).toBe(0);
    await expectAccessible(page, 'the import page, refused');
    // The API refuses too, whatever the page shows.
    const refused = await fetch(`${site.server.url}/api/channels/${channel.id}/imports`, { headers: { cookie: reader.cookie } });
    expect(refused.status).toBe(403);
    await journey.close();
  }, 60_000);
});
