import { spawnSync } from 'node:child_process';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { PASSWORD, registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite, type Site } from './support/fixtures.js';

/** `npm run admin -- grant <username>`, as the npm script runs it, against the journey server's database. */
function grantAdmin(site: Site, username: string) {
  const result = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', username], {
    env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain(`${username} is now an admin.`);
}

async function postJson<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The user menu's items (wide screens): opens it, reads the names, closes it. */
async function userMenuItems(page: Page, username: string): Promise<string[]> {
  await page.getByRole('button', { name: username, exact: true }).click();
  const items = page.getByRole('menuitem');
  await items.first().waitFor();
  const names = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return names;
}

describeInBrowser('admin dashboard in the browser', () => {
  const site = useSite();

  it('an admin made with the CLI edits an article and a channel, and the public figures follow', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('editor');
    await registerThroughApiSignedIn(journey, username);
    expect(await userMenuItems(page, username)).not.toContain('Admin');

    // Content to edit, made through the API with the browser's own session.
    const request = journey.context.request;
    const channel = await postJson<{ id: number; name: string }>(request, '/api/channels', {
      name: `Admin Desk ${username}`,
      description: 'Figures under review',
    });
    const article = await postJson<{ id: number; title: string }>(request, '/api/articles', {
      title: `Audited story ${username}`,
      content: '<p>Numbers, checked.</p>',
      channelId: channel.id,
    });

    grantAdmin(site, username);
    await journey.goto('/');
    // The admin check runs again after the reload; the menu offers Admin once it answers.
    await expect.poll(() => userMenuItems(page, username)).toContain('Admin');
    await page.getByRole('button', { name: username, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    // Let the menu finish closing, so the accessibility check does not measure it mid-fade.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await journey.expectPath('/admin');

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');
    expect(await page.title()).toBe('Admin Dashboard · Broadsheet');
    expect(await page.getByText('Broadsheet', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Manage Articles', selected: true }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Manage Channels' }).isVisible()).toBe(true);
    expect(await page.getByText('Edit article engagement metrics (views, likes, dislikes)').isVisible()).toBe(true);
    expect(await page.getByText('More admin tools will be added soon.').isVisible()).toBe(true);
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Title', 'Channel', 'Created', 'Views', 'Likes', 'Dislikes', 'Actions']);

    // Search narrows the list; a search that matches nothing says so.
    const search = page.getByLabel('Search articles by title');
    await search.fill('no article is called this');
    await expect.poll(() => page.getByText('No articles found.').isVisible()).toBe(true);
    await search.fill(article.title);
    const row = page.getByRole('row').filter({ hasText: article.title });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.getByRole('row').count()).toBe(2); // the header and the one match
    expect(await row.getByRole('cell').allTextContents()).toEqual([article.title, channel.name, expect.any(String), '0', '0', '0', expect.stringContaining('Edit')]);

    // Cancel leaves the figures as they were.
    await row.getByRole('button', { name: `Edit "${article.title}"` }).click();
    const views = page.getByLabel(`Views for "${article.title}"`, { exact: true });
    await expect.poll(() => views.evaluate((el) => el === document.activeElement)).toBe(true);
    await views.fill('77');
    await row.getByRole('button', { name: /^Cancel/ }).click();
    await expect.poll(() => page.getByRole('spinbutton').count()).toBe(0);
    expect((await row.getByRole('cell').allTextContents())[3]).toBe('0');

    // Save: the typed figures, with an empty field counting as 0 and a negative clamped to 0.
    await row.getByRole('button', { name: `Edit "${article.title}"` }).click();
    await views.fill('4321');
    await page.getByLabel(`Likes for "${article.title}"`, { exact: true }).fill('12');
    await page.getByLabel(`Dislikes for "${article.title}"`, { exact: true }).fill('-5');
    await row.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => page.getByText(`Article "${article.title}" metrics updated.`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Success', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).slice(3, 6)).toEqual(['4,321', '12', '0']);
    expect(await page.getByRole('spinbutton').count()).toBe(0);

    await row.getByRole('button', { name: `Edit "${article.title}"` }).click();
    await page.getByLabel(`Likes for "${article.title}"`, { exact: true }).fill('');
    await page.getByLabel(`Likes for "${article.title}"`, { exact: true }).press('Enter');
    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).slice(3, 6)).toEqual(['4,321', '0', '0']);

    const publicArticle = await (await request.get(`/api/articles/${article.id}`)).json();
    expect(publicArticle).toMatchObject({ viewCount: 4321, likes: 0, dislikes: 0 });
    await journey.screenshot('admin-articles-wide');

    // Channels: the total subscriber count.
    await page.getByRole('tab', { name: 'Manage Channels' }).click();
    await expect.poll(() => page.getByText('Edit channel subscriber counts to boost visibility').isVisible()).toBe(true);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Channel Name',
      'Description',
      'Created',
      'Real Subs',
      'Total Subs',
      'Actions',
    ]);
    await page.getByLabel('Search channels by name').fill(channel.name);
    const channelRow = page.getByRole('row').filter({ hasText: channel.name });
    await expect.poll(() => channelRow.isVisible()).toBe(true);
    await channelRow.getByRole('button', { name: `Edit "${channel.name}"` }).click();
    await page.getByLabel(`Total subscribers for "${channel.name}"`, { exact: true }).fill('100');
    await channelRow.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => page.getByText(`Channel "${channel.name}" subscriber count updated.`, { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => (await channelRow.getByRole('cell').allTextContents()).slice(3, 5)).toEqual(['0', '100']);
    expect((await (await request.get(`/api/channels/${channel.id}`)).json()).subscriberCount).toBe(100);

    // A real reader subscribes on top: the public figure is 101, and the dashboard shows 1 real of 101.
    const reader = await site.browser.newContext({ baseURL: site.server.url });
    await postJson(reader.request, '/api/register', { username: uniqueUsername('reader'), password: PASSWORD });
    await postJson(reader.request, `/api/channels/${channel.id}/subscribe`);
    await reader.close();
    expect((await (await request.get(`/api/channels/${channel.id}`)).json()).subscriberCount).toBe(101);

    await journey.goto('/admin?tab=channels');
    await page.getByLabel('Search channels by name').fill(channel.name);
    await expect.poll(async () => (await channelRow.getByRole('cell').allTextContents()).slice(3, 5)).toEqual(['1', '101']);
    await journey.screenshot('admin-channels-wide');
    await journey.close();
  });

  it('keeps only one row in edit mode and works on a narrow screen', async () => {
    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    const username = uniqueUsername('narrow');
    await registerThroughApiSignedIn(journey, username);
    const request = journey.context.request;
    const first = await postJson<{ id: number; name: string }>(request, '/api/channels', { name: `First ${username}`, description: 'One' });
    const second = await postJson<{ id: number; name: string }>(request, '/api/channels', { name: `Second ${username}`, description: 'Two' });
    grantAdmin(site, username);

    // The side menu of a narrow screen offers Admin to an admin.
    await journey.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const adminLink = page.getByRole('dialog').getByRole('link', { name: 'Admin', exact: true });
    await expect.poll(() => adminLink.isVisible()).toBe(true);
    await adminLink.click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await journey.expectPath('/admin');
    await page.getByRole('tab', { name: 'Manage Channels' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=channels');
    await page.getByLabel('Search channels by name').fill(username);
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: `Edit "${first.name}"` }).click();
    await page.getByLabel(`Total subscribers for "${first.name}"`, { exact: true }).fill('55');
    await page.getByRole('button', { name: `Edit "${second.name}"` }).click();
    // Editing the second row closed the first without saving.
    expect(await page.getByRole('spinbutton').count()).toBe(1);
    expect(await page.getByLabel(`Total subscribers for "${second.name}"`, { exact: true }).isVisible()).toBe(true);
    await page.getByLabel(`Total subscribers for "${second.name}"`, { exact: true }).press('Escape');
    await expect.poll(() => page.getByRole('spinbutton').count()).toBe(0);
    expect((await (await request.get(`/api/channels/${first.id}`)).json()).subscriberCount).toBe(0);

    // The page itself never scrolls sideways; only the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await journey.screenshot('admin-channels-narrow');
    await journey.close();
  });

  it('sends an ordinary user and an anonymous visitor who open /admin to the home page', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await page.goto('/admin');
    await journey.expectPath('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Popular Articles');

    const username = uniqueUsername('plain');
    await registerThroughApiSignedIn(journey, username);
    expect(await userMenuItems(page, username)).not.toContain('Admin');
    await page.goto('/admin');
    await journey.expectPath('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    const refused = await journey.context.request.get('/api/admin-articles');
    expect(refused.status()).toBe(403);
    await journey.close();
  });
});
