import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

const PHONE = { width: 390, height: 700 };

/**
 * Moving between pages inside the app (lib/navigation: the browser's history under React Router's
 * declarative router): where the window is scrolled, and what Back and a reload return to.
 */
describeInBrowser('navigating between pages', () => {
  const site = useSite();

  it('opens a new page at its top, and returns to where the reader was on Back, Forward and a reload', async () => {
    const writer = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(writer, uniqueUsername('tides'));
    const channel = await api<{ id: number }>(writer.page, 'POST', '/api/channels', { name: 'Tide Desk', description: 'Tables.' });
    expect(channel.status).toBe(201);
    for (let n = 1; n <= 14; n += 1) {
      const created = await api(writer.page, 'POST', '/api/articles', {
        title: `Tide table ${n}`,
        // Long enough that an article is taller than the feed is scrolled: opened where the feed
        // was left, it would not show its top.
        content: Array.from({ length: 40 }, (_, p) => `<p>High water at ${n} o'clock, paragraph ${p + 1}, which a reader scrolls past on a phone.</p>`).join(''),
        channelId: channel.body.id,
        status: 'published',
      });
      expect(created.status).toBe(201);
    }
    await writer.close();

    const reader = await Journey.open(site.browser, site.server.url, PHONE);
    const { page } = reader;
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    const older = page.getByRole('link', { name: 'Tide table 3', exact: true }).first();
    /** Into the older story from the feed: the article is shown, at its top. */
    const openOlderAtTop = async () => {
      await older.click();
      await reader.expectPath(/^\/articles\/tide-table-3-\d+$/);
      await page.getByRole('heading', { level: 1, name: 'Tide table 3' }).waitFor();
      await expect.poll(scrollY).toBe(0);
    };
    await reader.goto('/');

    // Down the feed to an older story, then into it: the article starts at its top.
    await older.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    const feedPosition = await scrollY();
    expect(feedPosition).toBeGreaterThan(600);
    /** Back to the feed, where it was left. */
    const backToFeed = async () => {
      await page.goBack();
      await reader.expectPath('/');
      await expect.poll(scrollY).toBe(feedPosition);
    };
    await openOlderAtTop();

    // Back: the feed where it was left.
    await backToFeed();

    // Forward: the article, where it was left.
    await page.goForward();
    await reader.expectPath(/^\/articles\/tide-table-3-\d+$/);
    await expect.poll(scrollY).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(scrollY).toBe(900);

    // Back to the feed and into the same article again: its text is already in the browser, so it
    // draws at once at full height, and still opens at its top, not where the feed was.
    await backToFeed();
    await openOlderAtTop();

    // A reload of the feed's entry keeps the reader's place too.
    await backToFeed();
    await page.reload({ waitUntil: 'load' });
    await reader.settle();
    await expect.poll(scrollY).toBe(feedPosition);

    await reader.close();
  });
});
