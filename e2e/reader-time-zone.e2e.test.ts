import { expect, it } from 'vitest';
import { formatArticleDate } from '../src/contract/article-dates.js';
import { Journey } from './support/browser.js';
import { createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

const ZONE = 'America/Los_Angeles';

/** Node's and Chromium's ICU may put different spaces before 'PM'. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/**
 * Dates are printed in the reader's own time zone from the very first page: the server, which does
 * not know the zone yet, renders UTC inside `<time datetime>`, and the browser reprints it in its
 * zone right after hydrating, without a hydration mismatch (Journey fails on any console error).
 */
describeInBrowser("times in the reader's time zone", () => {
  const site = useSite();

  it("prints an article's times in the browser's zone from the first visit on", async () => {
    const author = await registerThroughApi(site.server.url, 'author');
    const channel = await createThroughApi<{ id: number }>(site.server.url, author.cookie, '/api/channels', { name: 'Pacific Desk', description: 'West coast' });
    const article = await createThroughApi<{ id: number; slug: string; createdAt: string }>(site.server.url, author.cookie, '/api/articles', {
      title: 'Fog lifts over the bay',
      content: '<p>A clear evening at last.</p>',
      channelId: channel.id,
    });
    const path = `/articles/${article.slug}-${article.id}`;
    const inZone = spaced(formatArticleDate(article.createdAt, { withTime: true, timeZone: ZONE }));
    const inUtc = spaced(formatArticleDate(article.createdAt, { withTime: true, timeZone: 'UTC' }));
    expect(inZone).not.toBe(inUtc);

    const journey = await Journey.open(site.browser, site.server.url, undefined, { timezoneId: ZONE });
    const { page } = journey;
    // The first page's HTML: the server does not know the zone yet.
    const firstHtml = spaced(await (await journey.context.request.get(path)).text());
    expect(firstHtml).toContain(`<time dateTime="${article.createdAt}">${inUtc}</time>`);

    await journey.goto(path);
    const published = page.locator(`main time[datetime="${article.createdAt}"]`).first();
    await expect.poll(async () => spaced(await published.textContent())).toBe(inZone);

    // The feed's card too.
    await journey.goto('/');
    const card = page.locator(`main time[datetime="${article.createdAt}"]`).first();
    expect(spaced(await card.textContent())).toBe(spaced(formatArticleDate(article.createdAt, { timeZone: ZONE })));

    // From then on the server knows the zone (a cookie) and prints it itself.
    expect(spaced(await (await journey.context.request.get(path)).text())).toContain(inZone);
    await journey.close();
  });
});
