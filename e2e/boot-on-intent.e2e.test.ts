import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COMMENT_MESSAGES } from '../src/contract/comment-rules.js';
import { REACTION_MESSAGES } from '../src/contract/reaction-rules.js';
import { Journey } from './support/browser.js';
import { browserCookies, uploadDrawnImage } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';
import { writerWithArticles } from './support/writers.js';

/**
 * A signed-out reader's reading pages (an article, the feed, a channel, an author, a history) run
 * only their first script until the reader acts; the app starts at the first pointer, key, touch,
 * scroll or focus. Every journey here acts on a page whose app has not started: what the reader
 * pressed before it had is held and done once it has, so it reads the same as on a started page.
 */

const PHONE = { width: 390, height: 844 };
const visible = (locator: Locator) => () => locator.isVisible();

/** Opens a page and waits until it is painted and its first script has run, without acting on it. */
async function openCold(journey: Journey, path: string): Promise<void> {
  await journey.page.goto(path, { waitUntil: 'load' });
  await journey.page.locator('h1').first().waitFor({ state: 'visible' });
  expect(await startsOnIntent(journey.page), `${path} waits for the reader`).toBe(true);
  expect(await hydrated(journey.page), `${path} has not started the app`).toBe(false);
}

const startsOnIntent = (page: Page) => page.evaluate(() => document.documentElement.dataset.boot === 'intent');
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated !== undefined);

describeInBrowser('reading pages before the reader acts', () => {
  const site = useSite();
  let content: Awaited<ReturnType<typeof writerWithArticles>>;
  let articlePath = '';
  let articleId = 0;

  async function givenContent() {
    if (articlePath) return;
    const base = site.server.url;
    content = await writerWithArticles(base, { articles: 2, bio: 'Writes about the quay.' });
    const article = content.articles[1]!;
    articleId = article.id;
    articlePath = `/articles/${article.slug}-${article.id}`;
    await content.call('POST', `/api/articles/${article.id}/comments`, { content: 'The wall looks better than before.', parent_id: null });
    const author = await Journey.open(site.browser, base);
    await author.context.addCookies(browserCookies(base, content.cookie));
    await author.goto('/profile');
    const url = await uploadDrawnImage(author.page, { colour: '#0f766e', name: 'quay.png' });
    const images = await api(author.page, 'PUT', `/api/articles/${article.id}/images`, { images: [{ image_url: url, caption: 'The quay at noon', order: 0 }] });
    expect(images.status).toBe(200);
    await author.close();
  }

  it('an article page runs only its first script, under 100 KB and without the app, and counts its view once', async () => {
    await givenContent();
    const modules = JSON.parse(fs.readFileSync(path.resolve('dist/web/.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
    const reader = await Journey.open(site.browser, site.server.url, PHONE);
    const scripts: { file: string; bytes: Promise<number> }[] = [];
    reader.page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      // Asked at once, as the request is done; one still answering when the journey closes has no size
      // (NaN, which fails the sum below if it was among the scripts before acting).
      if (!pathname.endsWith('.js')) return;
      scripts.push({ file: pathname.slice(1), bytes: request.sizes().then((sizes) => sizes.responseBodySize, () => Number.NaN) });
    });
    await openCold(reader, articlePath);
    // The page has settled (its images and its view call answered) and still runs only its first script.
    await reader.page.waitForLoadState('networkidle');
    expect(await hydrated(reader.page)).toBe(false);
    await reader.screenshot('article-before-acting-narrow');
    const fetched = scripts.map((script) => script.file);
    expect(fetched.length).toBeGreaterThan(0);
    const held = fetched.flatMap((file) => modules[file] ?? [`${file}: not in the build's list`]);
    expect(held).toContain('src/web/boot.ts');
    expect(held.filter((id) => /src\/web\/main\.tsx$|node_modules\/(react|react-dom|react-router)\//.test(id))).toEqual([]);
    const compressed = (await Promise.all(scripts.map((script) => script.bytes))).reduce((sum, bytes) => sum + bytes, 0);
    expect(compressed).toBeGreaterThan(0);
    expect(compressed).toBeLessThanOrEqual(100 * 1024);
    await expect.poll(async () => (await api<{ viewCount: number }>(reader.page, 'GET', `/api/articles/${articleId}`)).body.viewCount).toBe(1);

    // The reader acts: the app starts and hydrates, and does not count the same view again.
    await reader.page.keyboard.press('Shift');
    await reader.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await reader.page.waitForLoadState('networkidle');
    expect(scripts.some((script) => modules[script.file]?.includes('src/web/main.tsx'))).toBe(true);
    expect((await api<{ viewCount: number }>(reader.page, 'GET', `/api/articles/${articleId}`)).body.viewCount).toBe(1);
    await reader.close();
  });

  it('Like and Dislike pressed before the app has started ask to sign in, with the mouse and with the keyboard', async () => {
    await givenContent();
    const reader = await Journey.open(site.browser, site.server.url);
    const { page } = reader;
    await openCold(reader, articlePath);
    // Before the app runs they are links to sign in (and stay so without JavaScript).
    await page.getByRole('link', { name: /^Like/ }).click();
    const prompt = page.getByRole('dialog', { name: 'Authentication Required' });
    await expect.poll(visible(prompt)).toBe(true);
    expect(await prompt.getByText(REACTION_MESSAGES.signIn).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(articlePath);
    await reader.screenshot('article-like-pressed-before-acting');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    await reader.close();

    const keyboard = await Journey.open(site.browser, site.server.url);
    await openCold(keyboard, articlePath);
    await keyboard.page.getByRole('link', { name: /^Dislike/ }).focus();
    await keyboard.page.keyboard.press('Enter');
    const again = keyboard.page.getByRole('dialog', { name: 'Authentication Required' });
    await expect.poll(visible(again)).toBe(true);
    expect(new URL(keyboard.page.url()).pathname).toBe(articlePath);
    await keyboard.page.keyboard.press('Escape');
    await expect.poll(() => again.count()).toBe(0);
    await keyboard.close();
  });

  it('Post pressed before the app has started says to sign in, and sends nothing', async () => {
    await givenContent();
    const reader = await Journey.open(site.browser, site.server.url);
    const { page } = reader;
    await openCold(reader, articlePath);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && !request.url().endsWith('/view')) posts.push(request.url());
    });
    // The journey fails on an unexpected dialog; this one is the product's answer.
    page.removeAllListeners('dialog');
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Post Comment' }).click();
    expect(await alerted).toBe(COMMENT_MESSAGES.signIn);
    expect(new URL(page.url()).pathname).toBe(articlePath);
    expect(posts).toEqual([]);
    // The comment already there is shown, threaded under its heading.
    expect(await page.getByText('The wall looks better than before.').isVisible()).toBe(true);
    await reader.close();
  });

  it('Share, the image viewer and the images toggle answer a press made before the app has started', async () => {
    await givenContent();
    const share = await Journey.open(site.browser, site.server.url);
    await share.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await openCold(share, articlePath);
    await share.page.getByRole('button', { name: 'Share' }).click();
    const copy = share.page.getByRole('menuitem', { name: 'Copy link' });
    await expect.poll(visible(copy)).toBe(true);
    expect(await share.page.getByRole('menuitem', { name: 'Share post via...' }).isVisible()).toBe(true);
    await copy.click();
    await expect.poll(visible(share.page.getByText('Link copied to clipboard'))).toBe(true);
    await share.close();

    const viewer = await Journey.open(site.browser, site.server.url);
    await openCold(viewer, articlePath);
    await viewer.page.getByRole('button', { name: 'Open image 1 of 1 in the viewer' }).click();
    const lightbox = viewer.page.getByRole('dialog');
    await expect.poll(visible(lightbox.getByTestId('lightbox-caption'))).toBe(true);
    expect(await lightbox.getByTestId('lightbox-caption').textContent()).toBe('The quay at noon');
    await viewer.page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    await viewer.close();

    const toggle = await Journey.open(site.browser, site.server.url);
    await openCold(toggle, articlePath);
    expect(await toggle.page.getByTestId('article-gallery').locator('img').count()).toBeGreaterThan(0);
    const header = toggle.page.getByRole('banner');
    await header.getByRole('button', { name: 'Hide images' }).click();
    await expect.poll(visible(header.getByRole('button', { name: 'Show images' }))).toBe(true);
    await expect.poll(() => toggle.page.getByTestId('article-gallery').locator('img').count()).toBe(0);
    await toggle.close();
  });

  it('the header menu opens on a phone, and a link followed before the app has started opens its page', async () => {
    await givenContent();
    const reader = await Journey.open(site.browser, site.server.url, PHONE);
    const { page } = reader;
    await openCold(reader, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(visible(menu)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await reader.close();

    // A card's link before the app has started is a full page load, and the article opens whole.
    const follower = await Journey.open(site.browser, site.server.url, PHONE);
    await openCold(follower, '/');
    const title = content.articles[1]!.title;
    await follower.page.getByRole('link', { name: title }).click();
    await follower.page.waitForURL((url) => url.pathname === articlePath);
    await follower.page.locator('h1').first().waitFor({ state: 'visible' });
    expect(await follower.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await startsOnIntent(follower.page)).toBe(true);
    await follower.close();
  });

  it("the feed's Sort and Filter open from a press made before the app has started, and its choices apply", async () => {
    await givenContent();
    const reader = await Journey.open(site.browser, site.server.url);
    const { page } = reader;
    await openCold(reader, '/');
    await page.getByRole('button', { name: /^Sort:/ }).click();
    const likes = page.getByRole('menuitemradio', { name: 'Likes', exact: true });
    await expect.poll(visible(likes)).toBe(true);
    await likes.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('likes');
    await reader.close();

    const filterer = await Journey.open(site.browser, site.server.url);
    await openCold(filterer, '/');
    await filterer.page.getByRole('button', { name: /^Filter/ }).click();
    const search = filterer.page.getByRole('searchbox', { name: 'Search' });
    await expect.poll(visible(search)).toBe(true);
    await search.fill('part 2');
    await filterer.page.keyboard.press('Enter');
    await expect.poll(() => new URL(filterer.page.url()).searchParams.get('q')).toBe('part 2');
    await filterer.close();
  });

  it('Subscribe on Explore Channels asks to sign in; an author page waits for the reader too', async () => {
    await givenContent();
    const reader = await Journey.open(site.browser, site.server.url);
    const { page } = reader;
    await openCold(reader, '/channels');
    await page.getByRole('link', { name: /^Subscribe/ }).first().click();
    const prompt = page.getByRole('dialog', { name: 'Authentication Required' });
    await expect.poll(visible(prompt)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/channels');
    await reader.close();

    const author = await Journey.open(site.browser, site.server.url);
    await openCold(author, `/users/${content.username}`);
    expect(await author.page.getByText('Writes about the quay.').isVisible()).toBe(true);
    await author.close();
  });

  it("a signed-in reader's page starts the app by itself, and Like answers with its toast", async () => {
    await givenContent();
    const base = site.server.url;
    const member = await writerWithArticles(base, { articles: 0, prefix: 'member' });
    const reader = await Journey.open(site.browser, base);
    await reader.context.addCookies(browserCookies(base, member.cookie));
    await reader.page.goto(articlePath, { waitUntil: 'load' });
    expect(await startsOnIntent(reader.page)).toBe(false);
    // No act of the reader's: the app starts after the first paint.
    await reader.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await reader.settle();
    await reader.page.getByRole('button', { name: /^Like/ }).click();
    await expect.poll(visible(reader.page.getByText('Article liked!', { exact: true }))).toBe(true);
    await reader.close();
  });
});
