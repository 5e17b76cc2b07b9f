import crypto from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';
import { shoot } from './support/shots.js';

const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });

/** A writer with a channel, signed in on a fresh tab of the site. */
async function writerAt(site: ReturnType<typeof useSite>, width = 1280): Promise<Journey> {
  const writer = await registerThroughApi(site.server.url, 'pictures');
  await createThroughApi(site.server.url, writer.cookie, '/api/channels', { name: `Pictures ${writer.username}`, description: 'Images in the text' });
  const journey = await Journey.open(site.browser, site.server.url, { width, height: 900 });
  await journey.context.addCookies(browserCookies(site.server.url, writer.cookie));
  return journey;
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' });

/** Screenshots (with SHOTS_DIR) at the journey's 1366 px and at a phone's 390 px. */
async function shoots(page: Page, name: string) {
  const desk = page.viewportSize()!;
  for (const viewport of [desk, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await shoot(page, name);
  }
  await page.setViewportSize(desk);
}

describeInBrowser('images in the article text', () => {
  const site = useSite();
  let harbour: Buffer;

  beforeAll(async () => {
    harbour = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b91c1c' } }).png().toBuffer();
  });

  it('places an uploaded image in the text with its alt text, and readers see it with its responsive copies', async () => {
    const journey = await writerAt(site);
    const { page } = journey;
    const title = `Harbour wall ${Date.now().toString(36)}`;
    await journey.goto('/articles/new');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await editor(page).click();
    await page.keyboard.type('The wall before the storm.');
    await page.keyboard.press('Enter');

    await page.getByTestId('editor-image-input').setInputFiles(png('harbour wall.png', harbour));
    const dialog = page.getByRole('dialog', { name: 'Describe the image' });
    await expect.poll(visible(dialog.getByLabel('Alt text'))).toBe(true);
    // Focus goes to the alt text field, and axe finds nothing in the dialog.
    expect(await dialog.getByLabel('Alt text').evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'alt text dialog');
    await page.keyboard.type('A red harbour wall');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const placed = editor(page).locator('img');
    await expect.poll(() => placed.getAttribute('alt')).toBe('A red harbour wall');
    // Focus is back in the text, after the image: typing goes on below it and does not replace it.
    expect(await editor(page).evaluate((el) => el.contains(document.activeElement) || el === document.activeElement)).toBe(true);
    await page.keyboard.type('The wall after the storm.');
    await expect.poll(() => editor(page).evaluate((el) => [...el.children].map((c) => c.tagName))).toEqual(['P', 'IMG', 'P']);
    expect(await placed.count()).toBe(1);
    expect(await editor(page).locator('p').last().textContent()).toBe('The wall after the storm.');

    // The alt text can be changed later: select the image, then 'Alt text'.
    await placed.click();
    await page.getByRole('button', { name: 'Alt text' }).click();
    const change = page.getByRole('dialog', { name: 'Change the alt text' });
    await expect.poll(() => change.getByLabel('Alt text').inputValue()).toBe('A red harbour wall');
    await change.getByLabel('Alt text').fill('The red harbour wall at low tide');
    await change.getByRole('button', { name: 'Save alt text' }).click();
    await expect.poll(() => placed.getAttribute('alt')).toBe('The red harbour wall at low tide');

    // Every image has alt text, so publishing asks nothing.
    await page.getByRole('button', { name: 'Publish Article' }).click();
    await expect.poll(visible(page.getByText('Article published successfully', { exact: true })), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await journey.expectPath(/^\/articles\/[a-z0-9-]+-\d+$/);

    const shown = page.locator('article .prose-article img, .prose-article img').first();
    expect(await shown.getAttribute('alt')).toBe('The red harbour wall at low tide');
    expect(await shown.getAttribute('src')).toMatch(/\/uploads\/\d+_harbour_wall\.png$/);
    expect(await shown.getAttribute('srcset')).toMatch(/-320w\.webp 320w, .*-480w\.webp 480w, .*-960w\.webp 960w, .*-1200w\.webp 1200w$/);
    expect([await shown.getAttribute('width'), await shown.getAttribute('height'), await shown.getAttribute('loading')]).toEqual(['1200', '800', 'lazy']);
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // It is not the gallery's: the page has no gallery.
    expect(await page.getByTestId('article-gallery').count()).toBe(0);
    await journey.close();
  });

  it('keeps an inline image when the caret moves off it, and brings back one replaced or deleted by typing with Ctrl+Z, file and all', async () => {
    const journey = await writerAt(site, 1366);
    const { page } = journey;
    const autosaved = (holds = (_body: string) => true) =>
      page.waitForResponse((r) => /\/api\/articles\/(\d+\/)?autosave$/.test(new URL(r.url()).pathname) && r.ok() && holds(r.request().postData() ?? ''), {
        timeout: 30_000,
      });
    await journey.goto('/articles/new');
    await page.getByLabel('Title', { exact: true }).fill(`Sea wall ${Date.now().toString(36)}`);
    await editor(page).click();
    await page.keyboard.type('Before the storm.');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-image-input').setInputFiles(png('sea wall.png', harbour));
    const dialog = page.getByRole('dialog', { name: 'Describe the image' });
    await expect.poll(visible(dialog.getByLabel('Alt text'))).toBe(true);
    await page.keyboard.type('The sea wall');
    await page.keyboard.press('Enter');
    const placed = editor(page).locator('img');
    await expect.poll(() => placed.count()).toBe(1);
    await page.keyboard.type('After the storm.');
    const selected = () => placed.evaluate((img) => img.classList.contains('ProseMirror-selectednode'));
    // Clicks closer together than half a second are a double click, which selects no image.
    const select = async () => {
      await page.waitForTimeout(600);
      await placed.click();
      await expect.poll(selected).toBe(true);
    };
    const src = (await placed.getAttribute('src'))!;
    await autosaved();

    // Ctrl+End, Ctrl+Home, Page Down, Page Up, End, Home and the arrows take the caret off the selected image: typing then adds text.
    for (const keys of ['Control+End', 'Control+Home', 'PageDown', 'PageUp', 'End', 'Home', 'ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft']) {
      await select();
      await page.keyboard.press(keys);
      expect(await selected(), `after ${keys}`).toBe(false);
      await page.keyboard.type('k');
      expect(await placed.count(), `after ${keys}`).toBe(1);
    }
    expect(await editor(page).locator('p').first().textContent()).toMatch(/^kBefore the storm\./);
    expect(await editor(page).locator('p').last().textContent()).toMatch(/After the storm\.k$/);
    await shoots(page, 'editor-caret-off-image');

    // Typing over the selected image replaces it, and autosave saves the text without it; Ctrl+Z
    // brings it back, and its file is still there to show.
    await select();
    const saved = autosaved((body) => body.includes('Oops') && !body.includes('<img'));
    await page.keyboard.type('Oops');
    expect(await placed.count()).toBe(0);
    await saved;
    expect((await fetch(new URL(src, site.server.url))).status).toBe(200);
    for (let i = 0; i < 10 && (await placed.count()) === 0; i++) await page.keyboard.press('Control+z');
    expect(await placed.count()).toBe(1);
    expect(await placed.getAttribute('src')).toBe(src);
    await expect.poll(() => placed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Deleting it with Backspace is undone the same way.
    await select();
    await page.keyboard.press('Backspace');
    expect(await placed.count()).toBe(0);
    await page.keyboard.press('Control+z');
    expect(await placed.count()).toBe(1);
    await shoots(page, 'editor-image-restored');
    expect(journey.problems).toEqual([]);
    await journey.close();
  });

  it('refuses an undecodable notimage.png and a 25 MB file the browser cannot decode when they are picked, naming each', async () => {
    const journey = await writerAt(site);
    const { page } = journey;
    await journey.goto('/articles/new');
    await page.getByLabel('Title', { exact: true }).fill('Three files, one good');
    await editor(page).click();
    await page.keyboard.type('Only one of these is a picture.');

    const notImage = png('notimage.png', Buffer.from('This is a text file, whatever its name says.\n'));
    // 25 MB that no browser can decode (random bytes behind a PNG signature).
    const huge = png('huge scan.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(25 * 1024 * 1024)]));
    // A 25 MB buffer takes a while to reach the browser on a busy machine.
    await page.getByTestId('image-file-input').setInputFiles([notImage, png('harbour.png', harbour), huge], { timeout: 90_000 });
    const refused = page.getByTestId('image-rejections');
    await expect.poll(visible(refused.getByText('notimage.png: notimage.png is not an image that can be read'))).toBe(true);
    expect(await refused.getByText('huge scan.png: huge scan.png is larger than 20 MB and cannot be compressed in the browser').isVisible()).toBe(true);
    // The good one is kept; the refused ones never join the list.
    await expect.poll(() => page.getByTestId('uploader-item').count()).toBe(1);
    expect(await page.getByTestId('uploader-item').getByText('harbour.png').isVisible()).toBe(true);

    // In the text too: refused at once by name, nothing uploaded or placed.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/uploads')) uploads++;
    });
    await page.getByTestId('editor-image-input').setInputFiles(notImage);
    await expect.poll(visible(page.getByText('notimage.png is not an image that can be read', { exact: true }))).toBe(true);
    expect(await editor(page).locator('img').count()).toBe(0);
    expect(uploads).toBe(0);

    // Saved as a draft while the upload fails: the toast says draft, not published.
    await page.route('**/api/uploads', (route) => route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ error: 'File is too large' }) }));
    await page.getByRole('switch', { name: 'Save as draft' }).click();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect
      .poll(visible(page.getByText('Article was saved as a draft but there was an error saving the images. Please try adding them again.', { exact: true })), {
        timeout: 20_000,
      })
      .toBe(true);
    await journey.close();
  });
});
