import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite, type Site } from './support/fixtures.js';

async function postJson<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** `npm run admin -- grant <username>` against the journey server's database. */
function grantAdmin(site: Site, username: string) {
  const result = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', username], {
    env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

const utcDate = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describeInBrowser('channel analytics in the browser', () => {
  const site = useSite();

  it('the owner opens Channel Analytics, changes the period, reads the table view and exports the CSV', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const o = owner.page;
    const ownerName = uniqueUsername('analyst');
    await registerThroughApiSignedIn(owner, ownerName);
    const channel = await postJson<{ id: number; name: string }>(owner.context.request, '/api/channels', {
      name: `Morning Figures ${ownerName}`.slice(0, 80),
      description: 'What was read, and by whom.',
    });
    const article = await postJson<{ id: number; title: string }>(owner.context.request, '/api/articles', {
      title: `Tide tables explained ${ownerName}`,
      content: '<p>High water at noon.</p>',
      channelId: channel.id,
    });

    // A reader arrives from a search engine, reads, likes and comments; an anonymous reader reads too.
    const reader = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(reader, uniqueUsername('reader'));
    await postJson(reader.context.request, `/api/articles/${article.id}/view`, { referrer: 'search.example' });
    await postJson(reader.context.request, `/api/articles/${article.id}/reactions`, { isLike: true });
    await postJson(reader.context.request, `/api/articles/${article.id}/comments`, { content: 'Useful, thanks.', parent_id: null });
    const anonymous = await site.browser.newContext({ baseURL: site.server.url });
    await postJson(anonymous.request, `/api/articles/${article.id}/view`);
    await anonymous.close();

    // The button keeps its place and name in Channel Settings, and now opens the page.
    await owner.goto(`/channels/${channel.id}`);
    await o.getByRole('link', { name: 'Channel Analytics' }).click();
    await owner.expectPath(`/channels/${channel.id}/analytics`);
    expect(await o.getByRole('heading', { level: 1 }).textContent()).toBe('Channel Analytics');
    expect(await o.title()).toBe('Channel Analytics · Broadsheet');
    await expect.poll(() => o.locator('#main').getByText(channel.name, { exact: true }).isVisible()).toBe(true);
    const views = o.locator('dl div').filter({ has: o.getByText('Views', { exact: true }) }).first();
    await expect.poll(() => views.locator('dd').first().textContent()).toBe('2');
    expect(await o.getByRole('button', { name: 'Last 30 days', pressed: true }).isVisible()).toBe(true);
    expect(await o.getByRole('link', { name: article.title }).first().isVisible()).toBe(true);
    expect(await o.getByRole('rowheader', { name: 'search.example' }).isVisible()).toBe(true);
    expect(await o.getByRole('rowheader', { name: 'Direct or unknown' }).isVisible()).toBe(true);

    // Another period: the URL keeps it, and the totals say what they are compared with.
    await o.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => new URL(o.url()).searchParams.get('period')).toBe('7');
    await expect.poll(() => o.getByRole('button', { name: 'Last 7 days', pressed: true }).isVisible()).toBe(true);
    await expect.poll(() => o.getByText('None in the previous 7 days').first().isVisible()).toBe(true);
    await expectAccessible(o, 'analytics, 7 days');

    // The chart reads out day by day from the keyboard.
    const chart = o.getByRole('group', { name: /^Views per day/ });
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await chart.focus();
    await o.keyboard.press('End');
    await expect.poll(() => chart.locator('[aria-live]').textContent()).toMatch(/All views 2, Signed-in readers 1$/);
    await o.keyboard.press('ArrowLeft');
    await expect.poll(() => chart.locator('[aria-live]').textContent()).toMatch(/All views 0, Signed-in readers 0$/);

    // The same figures as a table.
    await o.getByRole('button', { name: 'Show table for Views per day' }).click();
    const table = o.getByRole('table', { name: 'Views per day, per UTC day' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Date', 'All views', 'Signed-in readers']);
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(8);
    expect(await rows.nth(7).getByRole('rowheader').textContent()).toBe(utcDate(0));
    expect(await rows.nth(7).getByRole('cell').allTextContents()).toEqual(['2', '1']);
    await expectAccessible(o, 'analytics, table view');

    // The CSV export: a header, then one row per UTC day of the period.
    const [download] = await Promise.all([o.waitForEvent('download'), o.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`channel-${channel.id}-analytics-${utcDate(6)}-to-${utcDate(0)}.csv`);
    const lines = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,views,signed_in_views,anonymous_views,likes,dislikes,comments,subscribers_gained,subscribers_lost');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([6, 5, 4, 3, 2, 1, 0].map(utcDate));
    expect(lines[7]).toBe(`${utcDate(0)},2,1,1,1,0,1,0,0`);

    // In the dark theme the page stays readable.
    await o.evaluate(() => document.documentElement.classList.add('dark'));
    await expectAccessible(o, 'analytics, dark theme');
    await o.evaluate(() => document.documentElement.classList.remove('dark'));

    // A signed-in stranger is refused with the product's words; a signed-out visitor goes to sign in.
    await reader.goto(`/channels/${channel.id}/analytics`);
    await expect.poll(() => reader.page.getByText("You don't have permission to view this page").isVisible()).toBe(true);
    expect(await reader.page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    const visitor = await Journey.open(site.browser, site.server.url);
    await visitor.page.goto(`/channels/${channel.id}/analytics`);
    await visitor.expectPath('/auth');

    await visitor.close();
    await reader.close();
    await owner.close();
  });

  it('an admin reads the whole site on the admin page, apart from the two dashboard tabs', async () => {
    const admin = await Journey.open(site.browser, site.server.url);
    const a = admin.page;
    const name = uniqueUsername('siteadmin');
    await registerThroughApiSignedIn(admin, name);
    grantAdmin(site, name);
    await admin.goto('/admin');
    await a.getByRole('tab', { name: 'Site Analytics' }).click();
    await expect.poll(() => new URL(a.url()).searchParams.get('tab')).toBe('analytics');
    await a.getByRole('heading', { name: 'Site Analytics' }).waitFor();
    await a.getByRole('button', { name: 'All time' }).click();
    await expect.poll(() => a.getByRole('button', { name: 'All time', pressed: true }).isVisible()).toBe(true);
    await expect.poll(() => a.locator('dd').filter({ hasText: /^All time$/ }).first().isVisible()).toBe(true);
    expect(await a.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/analytics.csv?period=all');
    await expectAccessible(a, 'admin, site analytics');
    await admin.close();
  });
});
