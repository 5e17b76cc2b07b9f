import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';
import { shoot } from './support/shots.js';

/**
 * The subtitle (docs/product.md#subtitle): typed under the title with its counter from 250
 * characters, shown under the title in the preview and on the page, as the page's description,
 * on the feed's card instead of the excerpt, and in the history's changes when it is edited.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

/** Under the 160 characters the description is cut to, so the description is the whole subtitle. */
const SUBTITLE = 'The sea wall held through the night, but the council says the next storm may not be so kind.';
const EDITED = 'The sea wall held through the night; repairs start on Monday, the council says.';

/** The bottom of `upper` is above the top of `lower`: `lower` reads under it. */
async function readsUnder(upper: Locator, lower: Locator) {
  const [a, b] = [(await upper.boundingBox())!, (await lower.boundingBox())!];
  return a.y + a.height <= b.y;
}

/** What a shared link of the page shows: its description, Open Graph description and JSON-LD description. */
async function descriptions(page: Page) {
  return page.evaluate(() => ({
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    og: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent ?? '{}') as { '@type'?: string; description?: string })
      .find((data) => data['@type'] === 'NewsArticle')?.description,
  }));
}

describeInBrowser('the subtitle', () => {
  const site = useSite();

  it('a writer gives an article a subtitle: counted from 250, under the title in the preview and on the page, its description and its card; an edit of it shows in the history', async () => {
    const account = await registerThroughApi(site.server.url, 'standfirst');
    const channel = await createThroughApi<{ id: number }>(site.server.url, account.cookie, '/api/channels', { name: `Desk ${account.username}`, description: 'Harbour news' });
    const journey = await Journey.open(site.browser, site.server.url, WIDE);
    await journey.context.addCookies(browserCookies(site.server.url, account.cookie));
    const { page } = journey;
    const title = `Harbour wall holds ${Date.now().toString(36)}`;
    const text = 'Water reached the top of the quay steps at high tide.';

    await journey.goto(`/channels/${channel.id}/articles/new`);
    await page.getByLabel('Title', { exact: true }).fill(title);
    const subtitle = page.getByRole('textbox', { name: 'Subtitle (optional)' });
    const counter = page.getByTestId('subtitle-counter');
    // No counter until 250 characters; from there it counts, and past 300 it says how many too many.
    await subtitle.fill('s'.repeat(249));
    expect(await counter.count()).toBe(0);
    // Words, not one long run of letters: what a writer's long subtitle looks like in the field.
    await subtitle.fill(`${SUBTITLE} `.repeat(3).slice(0, 260));
    await expect.poll(() => counter.textContent()).toBe('260/300');
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await shoot(page, 'editor-subtitle-counter');
    }
    await subtitle.fill('s'.repeat(305));
    await expect.poll(() => counter.textContent()).toContain('5 too many');
    await subtitle.fill(SUBTITLE);
    await expect.poll(() => counter.count()).toBe(0);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type(text);

    // The preview shows it under the title, as the page will.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('article-preview');
    await expect.poll(visible(preview)).toBe(true);
    expect(await preview.getByTestId('article-subtitle').textContent()).toBe(SUBTITLE);
    expect(await readsUnder(preview.getByRole('heading', { level: 1 }), preview.getByTestId('article-subtitle'))).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(visible(subtitle)).toBe(true);

    await page.getByRole('button', { name: 'Publish Article' }).click();
    await journey.expectPath(/^\/articles\/harbour-wall-holds-[a-z0-9]+-\d+$/);
    const articlePath = new URL(page.url()).pathname;

    // The page: under the title, above the byline.
    const shown = page.getByTestId('article-subtitle');
    await expect.poll(() => shown.textContent()).toBe(SUBTITLE);
    expect(await readsUnder(page.getByRole('heading', { level: 1 }), shown)).toBe(true);
    expect(await readsUnder(shown, page.getByTestId('article-byline'))).toBe(true);
    // The share tags are the server's (what a link fetched from elsewhere reads), so from a fresh load.
    await journey.goto(articlePath);
    expect(await descriptions(page)).toEqual({ description: SUBTITLE, og: SUBTITLE, jsonLd: SUBTITLE });
    for (const viewport of [PHONE, WIDE]) {
      await page.setViewportSize(viewport);
      await shoot(page, 'article-subtitle');
    }

    // The feed's card says the subtitle, not the first words of the text.
    await journey.goto('/');
    const card = page.getByTestId('article-card').filter({ hasText: title });
    await expect.poll(visible(card)).toBe(true);
    expect(await card.getByText(SUBTITLE, { exact: true }).isVisible()).toBe(true);
    expect(await card.textContent()).not.toContain(text);

    // An edit of the subtitle: on the page, and in the history's changes as before and after.
    await journey.goto(articlePath);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => subtitle.inputValue()).toBe(SUBTITLE);
    await subtitle.fill(EDITED);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(visible(page.getByText('Article updated', { exact: true }))).toBe(true);
    await journey.expectPath(articlePath);
    await expect.poll(() => shown.textContent()).toBe(EDITED);

    await journey.goto(`${articlePath}/history`);
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Changes in revision 2');
    const changes = page.getByTestId('revision-field-changes');
    await expect.poll(visible(changes)).toBe(true);
    expect(await changes.locator('dt').allTextContents()).toEqual(['Subtitle']);
    expect(await changes.locator('dd del').textContent()).toBe(SUBTITLE);
    expect(await changes.locator('dd ins').textContent()).toBe(EDITED);
    await journey.close();
  }, 90_000);
});
