import fs from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';

/**
 * The editor with an image in the text and its alt text dialog, and the gallery with alt text and
 * a cover, at 390 and 1366 px, light and dark, into e2e/artifacts/screenshots (`npm run screenshots`).
 */

const FOLDER = 'e2e/artifacts/screenshots';

async function both(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    // Colours fade (transition-colors): the picture is of where they end.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${FOLDER}/${page.viewportSize()?.width}-${theme}-${name}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

describeInBrowser('images in the editor, for a person to look at', () => {
  const site = useSite();

  it('screenshots the editor with an image in the text, its alt text dialog, and the gallery with alt text and a cover', async () => {
    fs.mkdirSync(FOLDER, { recursive: true });
    const colour = (background: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background } }).png().toBuffer();
    const [red, green, blue] = await Promise.all([colour('#b91c1c'), colour('#15803d'), colour('#1d4ed8')]);
    const writer = await registerThroughApi(site.server.url, 'shots');
    await createThroughApi(site.server.url, writer.cookie, '/api/channels', { name: 'Harbour Desk', description: 'Pictures' });
    for (const width of [390, 1366]) {
      const journey = await Journey.open(site.browser, site.server.url, { width, height: width === 390 ? 844 : 900 });
      const { page } = journey;
      await journey.context.addCookies(browserCookies(site.server.url, writer.cookie));
      await journey.goto('/articles/new');
      await page.getByLabel('Title', { exact: true }).fill('The harbour wall after the storm');
      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.keyboard.type('The wall held. Here is how it looked at low tide this morning.');
      await page.keyboard.press('Enter');
      await page.getByTestId('editor-image-input').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: red });
      const dialog = page.getByRole('dialog', { name: 'Describe the image' });
      await expect.poll(visible(dialog.getByLabel('Alt text'))).toBe(true);
      await dialog.getByLabel('Alt text').fill('The red harbour wall at low tide');
      await both(page, 'editor-alt-dialog');
      await dialog.getByRole('button', { name: 'Insert image' }).click();
      // The image is placed as the dialog gives focus back to the text.
      await expect.poll(() => page.getByRole('textbox', { name: 'Content' }).locator('img').count()).toBe(1);
      await page.keyboard.type('The council meets on Monday.');

      await page.getByTestId('image-file-input').setInputFiles([
        { name: 'pier.png', mimeType: 'image/png', buffer: green },
        { name: 'sea.png', mimeType: 'image/png', buffer: blue },
      ]);
      await expect.poll(() => page.getByTestId('uploader-item').count()).toBe(2);
      await page.getByLabel('Alt text for image 1').fill('The green pier from the beach');
      await page.getByLabel('Cover image 2 (shown on cards and in shared links)').check();
      await page.getByRole('textbox', { name: 'Content' }).locator('img').click();
      await both(page, 'editor-images');
      await journey.close();
    }
  });
});
