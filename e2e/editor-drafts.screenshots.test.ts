import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

/**
 * The writing desk for a person to look at (`npm run screenshots`): the editor with its save
 * status, word count and title counter, the Preview and the phone frame, at 390 and 1366 px, light
 * and dark, into e2e/artifacts/screenshots.
 */
describeInBrowser('the writing desk, for a person to look at', () => {
  const site = useSite();

  it('screenshots the editor, the preview and the phone frame at 390 and 1366 px, light and dark', async () => {
    const author = await registerThroughApi(site.server.url, 'deskshots');
    const channel = await createThroughApi<{ id: number }>(site.server.url, author.cookie, '/api/channels', { name: 'Town Hall Notes', description: 'Council news' });
    const article = await createThroughApi<{ id: number }>(site.server.url, author.cookie, '/api/articles', {
      title: 'Council backs the new bus lanes',
      content:
        '<h2>What changes</h2><p>Two bus lanes will run along the quay road from March, the council decided on Tuesday night after a long debate.</p><p>Shops on the road asked for loading bays; the plan keeps four of them.</p>',
      channelId: channel.id,
    });
    for (const width of [390, 1366]) {
      for (const theme of ['light', 'dark'] as const) {
        const journey = await Journey.open(site.browser, site.server.url, { width, height: width === 390 ? 844 : 900 }, { colorScheme: theme });
        const { page } = journey;
        await journey.context.addCookies([...browserCookies(site.server.url, author.cookie), { name: 'broadsheet-theme', value: theme, url: site.server.url }]);
        await journey.goto(`/articles/${article.id}/edit`);
        await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
        const title = page.getByLabel('Title', { exact: true });
        await title.fill(`Council backs the new bus lanes on the quay road after a long night of debate, with loading bays kept for the shops and a promise to look again at the junction by the harbour ${'x'.repeat(12)}`);
        await page.getByRole('textbox', { name: 'Content' }).click();
        await page.keyboard.press('End');
        await page.keyboard.type(' Work starts after Easter.');
        await expect.poll(async () => page.getByTestId('editor-save-status').textContent(), { timeout: 15_000 }).toMatch(/^Saved \d\d:\d\d$/);
        await page.waitForTimeout(300);
        const name = (part: string) => `e2e/artifacts/screenshots/${width}-${theme}-editor-${part}.png`;
        await page.screenshot({ path: name('status'), fullPage: true });
        await page.getByRole('button', { name: 'Preview' }).click();
        await page.getByTestId('article-preview').first().waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name('preview'), fullPage: true });
        await page.getByText('Phone (390 px)').click();
        await page.frameLocator('[data-testid="phone-preview"]').locator('h1').waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({ path: name('phone-frame'), fullPage: true });
        await journey.close();
      }
    }
  }, 300_000);
});
