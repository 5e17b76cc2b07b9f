import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite, type Site } from './support/fixtures.js';
import { shoot } from './support/shots.js';

const PHONE = { width: 390, height: 844 };

/** Screenshots light and dark, as support/shots.ts takes them, for pages without JavaScript (the page's own script cannot switch the theme). */
async function shootWithoutScript(page: Page, name: string) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}-${scheme}.png` });
  }
}

/** Whether an element shows all of its content (nothing cut off or hidden sideways). */
const showsAll = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);

/** The elements that draw a focus ring now: an outline, or a ring (a box-shadow spread with no offset or blur). */
const focusRings = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(':focus-visible')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || /0px 0px 0px [1-9]/.test(style.boxShadow);
      })
      .map((element) => element.textContent?.trim() || element.tagName),
  );

type Node = { id: number; name: string; children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

/** An owner with a channel, a published article and a draft in the longest-named category; the owner's session. */
async function newsroom(site: Site, name: string) {
  const base = site.server.url;
  const owner = await registerThroughApi(base, 'owner');
  const channel = await createThroughApi<{ id: number }>(base, owner.cookie, '/api/channels', { name, description: 'Arts and letters' });
  const tree = (await (await fetch(`${base}/api/categories`)).json()) as Node[];
  const category = flatten(tree).sort((a, b) => b.name.length - a.name.length)[0]!;
  await createThroughApi(base, owner.cookie, '/api/articles', { title: 'Opera season opens', content: '<p>Twelve nights of song.</p>', channelId: channel.id, categoryIds: [category.id] });
  await createThroughApi(base, owner.cookie, '/api/articles', {
    title: 'Winter gallery programme',
    content: '<p>Three shows.</p>',
    channelId: channel.id,
    categoryIds: [category.id],
    status: 'draft',
  });
  return { owner, channel, category };
}

describeInBrowser('layout on phones and wide screens', () => {
  const site = useSite();

  it('with JavaScript off on a phone, the notice bar leaves the footer’s links free to click', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    for (const path of ['/', '/auth']) {
      await page.goto(path, { waitUntil: 'load' });
      const notice = page.getByText(/need JavaScript/);
      expect(await notice.isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = page.getByRole('contentinfo');
      for (const name of ['Explore Channels', 'RSS feed']) {
        const link = footer.getByRole('link', { name });
        const box = (await link.boundingBox())!;
        // What a tap at the link's centre reaches is the link itself, not the bar.
        const reached = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent?.trim() ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
        expect(reached, `${name} on ${path}`).toBe(name);
      }
      await shootWithoutScript(page, `no-javascript-footer${path === '/' ? '' : path.replace('/', '-')}`);
    }
    await context.close();
  });

  it('Popular Channels shows a long channel name whole at 1366 px', async () => {
    const name = 'The Culture Pages of the Harbour City Gazette';
    await newsroom(site, name);
    const journey = await Journey.open(site.browser, site.server.url, { width: 1366, height: 900 });
    const { page } = journey;
    await journey.goto('/');
    const entry = page.getByRole('region', { name: 'Popular Channels' }).getByRole('link', { name: new RegExp(name) });
    await entry.waitFor();
    expect(await showsAll(entry.getByText(name, { exact: true }))).toBe(true);
    await page.getByRole('region', { name: 'Popular Channels' }).scrollIntoViewIfNeeded();
    await shoot(page, 'popular-channels');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'popular-channels');
    await journey.close();
  });

  it('on a phone the Drafts tab shows every column of its rows, and the admin articles table says it scrolls sideways', async () => {
    const { owner, channel, category } = await newsroom(site, 'Evening Arts Desk');
    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    await journey.context.addCookies(browserCookies(site.server.url, owner.cookie));
    await journey.goto(`/channels/${channel.id}`);
    for (const tab of ['Drafts', 'Published']) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      const table = panel.getByRole('table');
      await table.waitFor();
      expect(await showsAll(table.locator('xpath=..')), `${tab}: nothing hidden sideways`).toBe(true);
      const row = table.getByRole('row').filter({ hasText: tab === 'Drafts' ? 'Winter gallery programme' : 'Opera season opens' });
      // What the row shows (innerText leaves out what is hidden) names the category in full.
      expect(await row.innerText()).toContain(category.name);
      await shoot(page, `channel-${tab.toLowerCase()}-table`);
    }

    const granted = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', owner.username], {
      env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(granted.status, granted.stderr).toBe(0);
    await journey.goto('/admin');
    const table = page.getByRole('table', { name: 'Articles and their engagement metrics' });
    // Other journeys of this file add their own 'Opera season opens': this channel's row is the one.
    const adminRow = table.getByRole('row').filter({ hasText: 'Opera season opens' }).filter({ hasText: 'Evening Arts Desk' });
    await adminRow.waitFor();
    const scroller = table.locator('xpath=..');
    // The table is wider than a phone: it says so, and scrolls to its last column.
    expect(await showsAll(scroller)).toBe(false);
    expect(await page.getByText('Scroll sideways to see every column.').isVisible()).toBe(true);
    await shoot(page, 'admin-articles-table');
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const edit = adminRow.getByRole('button', { name: 'Edit "Opera season opens"' });
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await page.getByText('Scroll sideways to see every column.').isVisible()).toBe(false);
    await shoot(page, 'admin-articles-table');
    await journey.close();
  });

  it('tabs show no focus ring after a mouse click, and show it for the keyboard', async () => {
    const { owner, channel } = await newsroom(site, 'Morning Arts Desk');
    const journey = await Journey.open(site.browser, site.server.url, { width: 1366, height: 900 });
    const { page } = journey;
    await journey.context.addCookies(browserCookies(site.server.url, owner.cookie));
    await journey.goto(`/channels/${channel.id}`);
    await page.getByRole('tab', { name: 'Drafts' }).click();
    await page.getByRole('tabpanel', { name: 'Drafts' }).getByRole('table').waitFor();
    expect(await focusRings(page)).toEqual([]);
    await shoot(page, 'drafts-tab-clicked');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusRings(page)).toEqual(['Published']);

    await journey.goto(`/channels/${channel.id}/staff`);
    await page.getByRole('tab', { name: 'Log' }).click();
    await page.getByRole('list', { name: 'Channel log' }).or(page.getByText('Nothing has happened in this channel yet.')).first().waitFor();
    expect(await focusRings(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Staff', exact: true }).click();
    expect(await focusRings(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'staff-tab-clicked');
    await journey.close();
  });
});
