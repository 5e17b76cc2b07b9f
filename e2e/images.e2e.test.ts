import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api, visible } from './support/page-api.js';

/** Calls the API from inside the page, so the session cookie and the page's Origin go along. */
const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describeInBrowser('article images in the browser', () => {
  const site = useSite();
  let dir: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    // Pictures made here, nothing downloaded: three coloured PNGs, an SVG and a text file.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-images-e2e-'));
    const colours = { 'red harbour.png': '#b91c1c', 'green-pier.png': '#15803d', 'blue_sea.png': '#1d4ed8' };
    for (const [name, colour] of Object.entries(colours)) {
      files[name] = path.join(dir, name);
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).png().toFile(files[name]);
    }
    // Over 5 MB (noise does not compress), to be compressed in the browser before upload.
    files['big noise.png'] = path.join(dir, 'big noise.png');
    await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
      .png({ compressionLevel: 1 })
      .toFile(files['big noise.png']);
    files['logo.svg'] = path.join(dir, 'logo.svg');
    fs.writeFileSync(files['logo.svg'], '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    files['notes.txt'] = path.join(dir, 'notes.txt');
    fs.writeFileSync(files['notes.txt'], 'not an image');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('uploads three captioned images, reorders them, and shows them in a keyboard lightbox and on the card', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('photographer');
    const title = `Harbour in colour ${Date.now().toString(36)}`;

    await registerThroughApiSignedIn(journey, username);
    const channel = await api<{ id: number }>(page, 'POST', '/api/channels', { name: `Lens ${username}`, description: 'Pictures.' });
    expect(channel.status).toBe(201);
    await journey.goto(`/channels/${channel.body.id}/articles/new`);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Three pictures of the harbour.');

    // Not-an-image is skipped silently; an SVG is refused with the dropzone message.
    const input = page.getByTestId('image-file-input');
    await input.setInputFiles([files['notes.txt']!, files['logo.svg']!]);
    await expect.poll(visible(page.getByText('logo.svg: File type must be PNG, JPG, JPEG, GIF or WEBP'))).toBe(true);
    expect(await page.getByText('notes.txt').count()).toBe(0);
    expect(await page.getByTestId('uploader-item').count()).toBe(0);
    expect(await page.getByText('Files over 5MB are compressed automatically.').isVisible()).toBe(true);

    await input.setInputFiles([files['red harbour.png']!, files['green-pier.png']!, files['blue_sea.png']!]);
    await expect.poll(() => page.getByTestId('uploader-item').count()).toBe(3);
    expect(await page.getByText('Up to 5 images (2 remaining)').isVisible()).toBe(true);
    await page.getByLabel('Caption for image 1').fill('Red sky over the harbour');
    await page.getByLabel('Caption for image 2').fill('The green pier');
    await page.getByLabel('Caption for image 3').fill('Blue water at noon');

    // Reorder: blue to the top with the mouse, then red down one place with the keyboard.
    await page.getByRole('button', { name: 'Move image 3 up' }).click();
    await page.getByRole('button', { name: 'Move image 2 up' }).click();
    await page.getByRole('button', { name: 'Move image 2 down' }).focus();
    await page.keyboard.press('Enter');
    // Focus follows the moved image.
    expect(await activeLabel(page)).toBe('Move image 3 up');
    const captions = () => page.getByTestId('uploader-item').getByLabel(/^Caption for image/).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(await captions()).toEqual(['Blue water at noon', 'The green pier', 'Red sky over the harbour']);
    await journey.screenshot('images-uploader');

    // Uploads run before the records are saved; Save says so while they run.
    await page.route('**/api/uploads', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Publish Article' }).click();
    // None of the three has alt text: publishing asks first, and the writer goes ahead.
    await expect.poll(visible(page.getByRole('alertdialog').getByText('3 images have no alt text.', { exact: false }))).toBe(true);
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await expect.poll(visible(page.getByRole('button', { name: 'Uploading Images...' }))).toBe(true);
    await expect.poll(visible(page.getByText('Article published successfully', { exact: true })), { timeout: 20_000 }).toBe(true);
    await journey.expectPath(/^\/articles\/[a-z0-9-]+-\d+$/);
    const articlePath = new URL(page.url()).pathname;
    const articleId = Number(/(\d+)$/.exec(articlePath)![1]);

    // The article page: main image (the first, eager), numbered thumbnails, captions.
    const gallery = page.getByTestId('article-gallery');
    await expect.poll(visible(gallery.getByText('3 images'))).toBe(true);
    const main = gallery.getByRole('button', { name: 'Open image 1 of 3 in the viewer' }).locator('img');
    expect(await main.getAttribute('alt')).toBe('Blue water at noon');
    expect(await main.getAttribute('loading')).toBe('eager');
    expect(await main.getAttribute('srcset')).toMatch(/-320w\.webp 320w, .*-480w\.webp 480w, .*-1200w\.webp 1200w$/);
    expect([await main.getAttribute('width'), await main.getAttribute('height')]).toEqual(['1200', '800']);
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await gallery.getByText('Blue water at noon').isVisible()).toBe(true);

    // Lightbox: arrows step (wrapping), thumbnails jump, Tab stays inside, Escape closes.
    await gallery.getByRole('button', { name: 'Open image 1 of 3 in the viewer' }).click();
    const lightbox = page.getByRole('dialog');
    await expect.poll(visible(lightbox.getByText('Image 1 of 3'))).toBe(true);
    expect(await lightbox.getByTestId('lightbox-caption').textContent()).toBe('Blue water at noon');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightbox.getByTestId('lightbox-caption').textContent()).toBe('The green pier');
    expect(await lightbox.getByText('Image 2 of 3').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightbox.getByTestId('lightbox-caption').textContent()).toBe('Red sky over the harbour');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightbox.getByText('Image 1 of 3').isVisible()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => lightbox.getByText('Image 3 of 3').isVisible()).toBe(true);
    await lightbox.getByRole('button', { name: 'Show image 2' }).click();
    await expect.poll(() => lightbox.getByTestId('lightbox-caption').textContent()).toBe('The green pier');
    expect(await lightbox.getByRole('button', { name: 'Show image 2' }).getAttribute('aria-current')).toBe('true');
    await lightbox.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => lightbox.getByText('Image 3 of 3').isVisible()).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await journey.screenshot('images-lightbox');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await activeLabel(page)).toBe('Open image 1 of 3 in the viewer');

    // The section's toggle hides article images everywhere, and brings them back.
    await gallery.getByRole('button', { name: 'Hide images' }).click();
    await expect.poll(() => gallery.locator('img').count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Show images' }).isVisible()).toBe(true);
    await journey.goto('/');
    const card = page.getByTestId('article-card').filter({ hasText: title });
    await expect.poll(visible(card.getByRole('link', { name: title }))).toBe(true);
    expect(await card.locator('img').count()).toBe(0);
    await page.getByRole('banner').getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => card.locator('img').count()).toBe(1);
    expect(await card.locator('img').getAttribute('src')).toMatch(/\/uploads\/\d+_blue_sea\.png$/);
    await journey.goto(articlePath);
    await expect.poll(() => page.getByTestId('article-gallery').locator('img').count()).toBe(3);
    // The page's thumbnails open the viewer at their image.
    await page.getByTestId('article-gallery').getByRole('button', { name: 'Open image 3 of 3 in the viewer' }).click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('lightbox-caption').textContent()).toBe('Red sky over the harbour');
    await page.keyboard.press('Escape');

    // Editing: the kept images count toward the limit; removing one deletes its file.
    const before = await api<{ images: { imageUrl: string; caption: string }[] }>(page, 'GET', `/api/articles/${articleId}`);
    const removedUrl = before.body.images[1]!.imageUrl;
    await journey.goto(`/articles/${articleId}/edit`);
    await expect.poll(() => page.getByTestId('uploader-item').count()).toBe(3);
    expect(await page.getByText('Up to 5 images (2 remaining)').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await page.getByLabel('Caption for image 2').fill('Red sky, second thoughts');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await expect.poll(visible(page.getByText('Article updated successfully', { exact: true }))).toBe(true);
    await journey.expectPath(articlePath);
    await expect.poll(() => page.getByTestId('article-gallery').getByText('2 images').isVisible()).toBe(true);
    const after = await api<{ images: { imageUrl: string; caption: string }[] }>(page, 'GET', `/api/articles/${articleId}`);
    expect(after.body.images.map((i) => i.caption)).toEqual(['Blue water at noon', 'Red sky, second thoughts']);
    expect((await page.request.get(removedUrl)).status()).toBe(404);
    const kept = await page.request.get(after.body.images[0]!.imageUrl);
    expect(kept.status()).toBe(200);
    expect(kept.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    await journey.close();
  });

  it('compresses a file over 5 MB in the browser before uploading it', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('bigfile');
    await registerThroughApiSignedIn(journey, username);
    const channel = await api<{ id: number }>(page, 'POST', '/api/channels', { name: `Big ${username}`, description: 'Large files.' });
    expect(fs.statSync(files['big noise.png']!).size).toBeGreaterThan(5 * 1024 * 1024);
    // Records what the page hands to XMLHttpRequest (a multipart body is not visible to request events).
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get('file') : null;
        if (file instanceof File) {
          const w = window as unknown as { uploadedFiles?: { name: string; size: number; type: string }[] };
          w.uploadedFiles = [...(w.uploadedFiles ?? []), { name: file.name, size: file.size, type: file.type }];
        }
        return send.call(this, body);
      };
    });
    await journey.goto(`/channels/${channel.body.id}/articles/new`);
    await page.getByLabel('Title', { exact: true }).fill('A very large picture');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Static on the screen.');
    await page.getByTestId('image-file-input').setInputFiles(files['big noise.png']!);
    await expect.poll(visible(page.getByText(/big noise\.png · [\d.]+ MB · will be compressed/))).toBe(true);

    await page.getByLabel('Alt text for image 1').fill('Grey static filling the screen');
    await page.getByRole('button', { name: 'Publish Article' }).click();
    await expect.poll(visible(page.getByText('Article published successfully', { exact: true })), { timeout: 30_000 }).toBe(true);
    const sent = await page.evaluate(() => (window as unknown as { uploadedFiles?: { name: string; size: number; type: string }[] }).uploadedFiles);
    expect(sent).toHaveLength(1);
    expect(sent![0]).toMatchObject({ name: 'big noise.webp', type: 'image/webp' });
    expect(sent![0]!.size).toBeGreaterThan(0);
    expect(sent![0]!.size).toBeLessThanOrEqual(5 * 1024 * 1024);
    await journey.expectPath(/^\/articles\/[a-z0-9-]+-\d+$/);
    const main = page.getByTestId('article-gallery').getByRole('button', { name: 'Open image 1 of 1 in the viewer' }).locator('img');
    // Re-encoded in the browser (WebP keeps a PNG's transparency), at most 1920 px wide.
    expect(await main.getAttribute('src')).toMatch(/\/uploads\/\d+_big_noise\.webp$/);
    expect(Number(await main.getAttribute('width'))).toBe(1920);
    expect(Number(await main.getAttribute('height'))).toBe(1280);
    await journey.close();
  });

  it('shows the gallery on a small screen', async () => {
    const setup = await Journey.open(site.browser, site.server.url);
    const username = uniqueUsername('small');
    await registerThroughApiSignedIn(setup, username);
    const channel = await api<{ id: number }>(setup.page, 'POST', '/api/channels', { name: `Small ${username}`, description: 'Phone.' });
    const article = await api<{ id: number; slug: string }>(setup.page, 'POST', '/api/articles', {
      title: 'Pier at dusk',
      content: '<p>Seen from a phone.</p>',
      channelId: channel.body.id,
    });
    // Upload through the same form field the page uses.
    const uploaded = await setup.page.evaluate(async (bytes) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], 'pier.png', { type: 'image/png' }));
      const response = await fetch('/api/uploads', { method: 'POST', body: form, credentials: 'include' });
      return (await response.json()) as { url: string };
    }, [...fs.readFileSync(files['green-pier.png']!)]);
    const saved = await api(setup.page, 'PUT', `/api/articles/${article.body.id}/images`, {
      images: [{ image_url: uploaded.url, caption: 'The pier at dusk', order: 0 }],
    });
    expect(saved.status).toBe(200);
    await setup.close();

    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    await journey.goto(`/articles/${article.body.slug}-${article.body.id}`);
    const gallery = page.getByTestId('article-gallery');
    await expect.poll(visible(gallery.getByText('The pier at dusk'))).toBe(true);
    const box = await gallery.locator('img').first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await gallery.getByRole('button', { name: 'Open image 1 of 1 in the viewer' }).click();
    await expect.poll(visible(page.getByRole('dialog').getByText('Image 1 of 1'))).toBe(true);
    await journey.screenshot('images-lightbox-small');
    await page.keyboard.press('Escape');
    await journey.close();
  });
});
