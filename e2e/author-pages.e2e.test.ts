import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, Journey } from './support/browser.js';
import { registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';
import { writerWithArticles } from './support/writers.js';

/**
 * Author pages (/users/{username}, docs/product.md#authors): bio, channels and published articles,
 * rendered on the server with share metadata, reached from bylines, comments and cards.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

const meta = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute('content');

describeInBrowser('author pages', () => {
  const site = useSite();

  it('serves the author page from the server with JavaScript off: bio, channels, newest articles a page at a time, share tags', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 12, bio: 'Covers the harbour, its boats and its people.' });
    await writer.call('POST', '/api/articles', { title: 'An unpublished draft', content: '<p>Soon.</p>', channelId: writer.channel.id, status: 'draft' });

    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      const response = await page.goto(`/users/${writer.username}`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(writer.username);
      expect(await page.getByRole('main').getByText('Covers the harbour, its boats and its people.').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: writer.channel.name }).getAttribute('href')).toBe(`/channels/${writer.channel.id}`);
      const titles = () => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
      // Newest first, ten to a page; the draft nowhere.
      const newestFirst = writer.articles.map((article) => article.title).reverse();
      expect(await titles()).toEqual(newestFirst.slice(0, 10));
      expect(await page.getByText('An unpublished draft').count()).toBe(0);

      const canonical = `${site.server.url}/users/${writer.username}`;
      expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(canonical);
      expect(await meta(page, 'meta[property="og:type"]')).toBe('profile');
      expect(await meta(page, 'meta[property="og:title"]')).toBe(`${writer.username} · Broadsheet`);
      expect(await meta(page, 'meta[property="og:url"]')).toBe(canonical);
      expect(await meta(page, 'meta[name="description"]')).toBe('Covers the harbour, its boats and its people.');
      expect(await page.title()).toBe(`${writer.username} · Broadsheet`);

      // Load more is a link the server answers with the next page.
      await page.getByRole('link', { name: 'Load more' }).click();
      await page.waitForURL((url) => url.searchParams.has('cursor'));
      expect(await titles()).toEqual(newestFirst.slice(10));
      expect(await page.getByRole('link', { name: 'Load more' }).count()).toBe(0);

      // Another spelling of the name goes to the author's own address.
      await page.goto(`/users/${writer.username.toUpperCase()}`, { waitUntil: 'load' });
      expect(new URL(page.url()).pathname).toBe(`/users/${writer.username}`);
    } finally {
      await context.close();
    }
  });

  it('shows the bio and "No articles yet" for an author with nothing published, and the 404 page for nobody', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 0, bio: 'Starting out on the night desk.' });
    const journey = await Journey.open(site.browser, site.server.url, PHONE);
    await journey.goto(`/users/${writer.username}`);
    expect(await journey.page.getByRole('main').getByText('Starting out on the night desk.').isVisible()).toBe(true);
    expect(await journey.page.getByRole('main').getByText('No articles yet').isVisible()).toBe(true);

    const missing = await journey.page.goto(`/users/${uniqueUsername('nobody')}`, { waitUntil: 'load' });
    expect(missing?.status()).toBe(404);
    await journey.settle();
    expect(await journey.page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    expect((await journey.page.goto('/users/12345', { waitUntil: 'load' }))?.status()).toBe(404);
    await journey.close();
  });

  it('is reached from the byline, a comment and a card, loads more in place, and passes axe in both themes', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 11, bio: 'Tides, ferries and the harbour master.' });
    const newest = writer.articles.at(-1)!;
    const articlePath = `/articles/${newest.slug}-${newest.id}`;
    await writer.call('POST', `/api/articles/${newest.id}/comments`, { content: 'More on the ferries next week.', parent_id: null });

    const journey = await Journey.open(site.browser, site.server.url, WIDE);
    const { page } = journey;
    await journey.goto(articlePath);
    await page.getByTestId('article-byline').getByRole('link', { name: writer.username }).click();
    await journey.expectPath(`/users/${writer.username}`);
    await journey.goto(articlePath);
    await page.getByRole('listitem', { name: `Comment by ${writer.username}` }).getByRole('link', { name: writer.username }).click();
    await journey.expectPath(`/users/${writer.username}`);

    // On a card, the author's name sits beside the channel's button.
    await journey.goto('/');
    const card = page.getByTestId('article-card').filter({ has: page.getByRole('link', { name: newest.title, exact: true }) });
    expect(await card.getByRole('button', { name: `By: ${writer.channel.name}` }).isVisible()).toBe(true);
    await card.getByRole('link', { name: `Author: ${writer.username}` }).click();
    await journey.expectPath(`/users/${writer.username}`);

    const cards = page.getByTestId('article-card');
    await expect.poll(() => cards.count()).toBe(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(11);
    expect(new URL(page.url()).search).toBe('');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectAccessible(page, 'author page, dark theme');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await shoot(page, 'author-page');
    await journey.goto(articlePath);
    await shoot(page, 'article-byline');
    await journey.close();

    const phone = await Journey.open(site.browser, site.server.url, PHONE);
    await phone.goto(`/users/${writer.username}`);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectAccessible(phone.page, 'author page on a phone, dark theme');
    await phone.page.evaluate(() => document.documentElement.classList.remove('dark'));
    await shoot(phone.page, 'author-page');
    await phone.goto(articlePath);
    await shoot(phone.page, 'article-byline');
    await phone.close();
  });

  it('welcomes a new account on its feed with channels to subscribe to, until dismissed', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 1 });
    for (const viewport of [WIDE, PHONE]) {
      const journey = await Journey.open(site.browser, site.server.url, viewport);
      const { page } = journey;
      await registerThroughForm(journey, uniqueUsername('welcome'));
      const panel = page.getByTestId('welcome-panel');
      await expect.poll(() => panel.isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await expectAccessible(page, 'welcome panel, dark theme');
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await shoot(page, 'home-welcome');

      if (viewport === WIDE) {
        await panel.getByRole('button', { name: `Subscribe to ${writer.channel.name}` }).click();
        await expect.poll(() => panel.getByText('Subscribed', { exact: true }).isVisible()).toBe(true);
        // It stays after a reload (the server renders it), until dismissed.
        await journey.goto('/');
        await expect.poll(() => panel.isVisible()).toBe(true);
      }
      await panel.getByRole('button', { name: 'Dismiss welcome' }).click();
      await expect.poll(() => panel.count()).toBe(0);
      await journey.goto('/');
      expect(await panel.count()).toBe(0);
      await journey.close();
    }
  });
});
