import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

/** The article editor with the keyboard alone. */
describeInBrowser('the article editor by keyboard', () => {
  const site = useSite();

  it('moves focus from the categories field to the next control with Tab', async () => {
    const writer = await registerThroughApi(site.server.url, 'writer');
    await createThroughApi(site.server.url, writer.cookie, '/api/channels', { name: 'Keyboard Desk', description: 'Typed, not clicked' });
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.context.addCookies(browserCookies(site.server.url, writer.cookie));
    await journey.goto('/articles/new');
    const categories = page.getByRole('combobox', { name: 'Categories' });
    await categories.focus();
    // Focused, it lists the whole tree: a scrolling list, which must not take (and lose) the focus.
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Tab');
    const landed = await page.evaluate(() => {
      const active = document.activeElement;
      const field = document.querySelector('[role="combobox"][aria-autocomplete="list"][placeholder="Search or browse categories"]');
      return {
        onBody: active === document.body || active === null,
        inForm: Boolean(active?.closest('form')),
        after: Boolean(field && active && field.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING),
      };
    });
    expect(landed).toEqual({ onBody: false, inForm: true, after: true });
    expect(await page.getByRole('listbox').count()).toBe(0);

    // And back: Shift+Tab returns to the field.
    await page.keyboard.press('Shift+Tab');
    expect(await categories.evaluate((element) => element === document.activeElement)).toBe(true);
    await journey.close();
  });
});
