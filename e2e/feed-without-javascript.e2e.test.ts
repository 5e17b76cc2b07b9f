import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

interface Summary {
  id: number;
  title: string;
}

/** The articles' titles in the order the page lists them. */
const listedTitles = (page: Page) => page.locator('main article h3').allTextContents();

/** Whatever in the page's main region still says it is loading. */
const waiting = (page: Page) =>
  page.locator('main [role="status"]').evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? '').filter((text) => /^Loading/.test(text)));

/**
 * The feed and a channel page without JavaScript (docs/decisions/008-one-render-path.md): what the server sends is the
 * page, not a spinner; sort, search and filters are a GET form whose query the server renders, and
 * Load more is a link to the next page. With JavaScript the app's own controls do the same.
 */
describeInBrowser('the feed without JavaScript', () => {
  const site = useSite();
  let channelId = 0;
  let categoryId = 0;
  let categoryName = '';

  it('sorts, searches, filters and loads more through the server, and shows a signed-out channel page without a spinner', async () => {
    const author = await registerThroughApi(site.server.url, 'author');
    const channel = await createThroughApi<{ id: number }>(site.server.url, author.cookie, '/api/channels', { name: 'Quay Desk', description: 'Quay news' });
    channelId = channel.id;
    const tree = (await (await fetch(`${site.server.url}/api/categories`)).json()) as { id: number; name: string }[];
    categoryId = tree[0]!.id;
    categoryName = tree[0]!.name;
    // More than a page (20) of articles; the last one alone in a category, the first with a like.
    for (let i = 1; i <= 22; i++) {
      const title = `Quay report number ${i}`;
      await createThroughApi<Summary>(site.server.url, author.cookie, '/api/articles', {
        title,
        content: `<p>Report ${i} from the quay${i === 7 ? ' about the lighthouse' : ''}.</p>`,
        channelId: channel.id,
        ...(i === 22 ? { categoryIds: [categoryId] } : {}),
      });
    }
    const reader = await registerThroughApi(site.server.url, 'liker');
    const newest = (await (await fetch(`${site.server.url}/api/articles?limit=1`)).json()) as { items: Summary[] };
    const firstArticle = (await (await fetch(`${site.server.url}/api/articles?limit=100`)).json()).items.at(-1) as Summary;
    const liked = await fetch(`${site.server.url}/api/articles/${firstArticle.id}/reactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: reader.cookie },
      body: JSON.stringify({ isLike: true }),
    });
    expect(liked.status).toBe(200);
    expect(newest.items[0]!.title).toBe('Quay report number 22');

    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await waiting(page)).toEqual([]);
      expect((await listedTitles(page)).length).toBe(20);
      expect((await listedTitles(page))[0]).toBe('Quay report number 22');
      // The app's Sort and Filter buttons need it; the form stands in.
      expect(await page.getByRole('button', { name: /^Sort:/ }).isVisible()).toBe(false);
      const form = page.getByRole('form', { name: 'Sort and filter articles' });
      expect(await form.getAttribute('method')).toBe('get');

      // Sort by likes, most first.
      await form.getByLabel('Sort by').selectOption({ label: 'Likes' });
      await form.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'likes');
      expect(new URL(page.url()).searchParams.get('direction')).toBe('desc');
      expect((await listedTitles(page))[0]).toBe('Quay report number 1');
      expect(await form.getByLabel('Sort by').inputValue()).toBe('likes');

      // Search.
      await form.getByLabel('Search').fill('lighthouse');
      await form.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'lighthouse');
      expect(await listedTitles(page)).toEqual(['Quay report number 7']);

      // A category, ticked in the form: an address a reader can share, rendered by the server.
      await page.goto('/');
      await form.getByText('Filter', { exact: true }).click();
      await form.getByRole('checkbox', { name: categoryName, exact: true }).check();
      await form.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('categories') === String(categoryId));
      expect(await listedTitles(page)).toEqual(['Quay report number 22']);
      expect(await page.getByRole('group', { name: 'Active filters' }).textContent()).toContain(categoryName);
      await page.goto(`/?sort=likes&direction=desc&categories=${categoryId}`);
      expect(await listedTitles(page)).toEqual(['Quay report number 22']);
      // Removing the filter is a link too.
      await page.getByRole('link', { name: new RegExp(`^Remove filter Category: ${categoryName}`) }).click();
      await page.waitForURL((url) => !url.searchParams.has('categories'));
      expect((await listedTitles(page)).length).toBe(20);

      // Load more: a link to the next page of the same feed.
      await page.goto('/');
      const more = page.getByRole('link', { name: 'Load more' });
      expect(await more.getAttribute('href')).toMatch(/^\/\?cursor=/);
      await more.click();
      await page.waitForURL((url) => url.searchParams.has('cursor'));
      expect(await listedTitles(page)).toEqual(['Quay report number 2', 'Quay report number 1']);
      expect(await page.getByRole('link', { name: 'Load more' }).count()).toBe(0);
      // A cursor that does not read is the feed from its start.
      await page.goto('/?sort=likes&cursor=not-a-cursor');
      expect(new URL(page.url()).search).toBe('?sort=likes');

      // A signed-out channel page says why there is nothing to see, at once.
      await page.goto(`/channels/${channel.id}`);
      expect(await waiting(page)).toEqual([]);
      expect(await page.locator('main').innerText()).toContain('You need to be logged in to view channel details.');
    } finally {
      await context.close();
    }
  });

  it('keeps the same controls working with JavaScript, following the address', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/?sort=likes');
    expect(await page.getByRole('button', { name: 'Sort: Likes' }).isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: 'Sort and filter articles' }).count()).toBe(0);
    expect((await listedTitles(page))[0]).toBe('Quay report number 1');

    // Load more adds the next page in place.
    await journey.goto('/');
    // Dispatched rather than clicked: scrolling to it would load the next page by itself.
    await page.getByRole('link', { name: 'Load more' }).dispatchEvent('click');
    await expect.poll(async () => (await listedTitles(page)).length).toBe(22);
    expect(new URL(page.url()).search).toBe('');

    // The sort menu and the filter badges change the address.
    await page.getByRole('button', { name: 'Sort: Published Date' }).click();
    await page.getByRole('menuitemradio', { name: 'Likes', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'likes');
    await journey.goto(`/?categories=${categoryId}`);
    expect(await listedTitles(page)).toEqual(['Quay report number 22']);
    await page.getByRole('link', { name: new RegExp(`^Remove filter Category: ${categoryName}`) }).click();
    await page.waitForURL((url) => !url.searchParams.has('categories'));
    await expect.poll(async () => (await listedTitles(page)).length).toBe(20);

    // A signed-out channel page: the message, then the dialog after the product's grace period.
    await journey.goto(`/channels/${channelId}`);
    await page.getByRole('dialog').getByText('You need to be logged in to view channel details.').waitFor();
    await journey.close();
  });
});
