import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';
import { shoot } from './support/shots.js';

/** The editor's status line once the work is on the server: 'Saved HH:MM'. */
const saved = (page: Page) => async () => (await page.getByTestId('editor-save-status').textContent())?.trim() ?? '';
const SAVED = /^Saved \d\d:\d\d$/;

async function writer(baseUrl: string) {
  const account = await registerThroughApi(baseUrl, 'deskwriter');
  const channel = await createThroughApi<{ id: number; name: string }>(baseUrl, account.cookie, '/api/channels', { name: `Desk ${account.username}`, description: 'Drafts' });
  return { ...account, channel };
}

async function signedIn(site: ReturnType<typeof useSite>, cookie: string, viewport?: { width: number; height: number }) {
  const journey = await Journey.open(site.browser, site.server.url, viewport);
  await journey.context.addCookies(browserCookies(site.server.url, cookie));
  return journey;
}

describeInBrowser('the writing desk: drafts on the server, preview, word count', () => {
  const site = useSite();

  it('starts with the title and the text on a phone, the status and scheduling panel after them', async () => {
    const author = await writer(site.server.url);
    const phone = await signedIn(site, author.cookie, { width: 390, height: 844 });
    const { page } = phone;
    await phone.goto('/articles/new');
    const status = page.getByRole('region', { name: 'Status' });
    await status.waitFor();
    const top = async (name: 'title' | 'content' | 'status') =>
      (await (name === 'title' ? page.getByLabel('Title', { exact: true }) : name === 'content' ? page.getByRole('textbox', { name: 'Content' }) : status).boundingBox())!.y;
    const [title, content, panel] = [await top('title'), await top('content'), await top('status')];
    expect(title).toBeLessThan(content);
    expect(content).toBeLessThan(panel);
    // The title is on the first screen, below the page's heading.
    expect(title).toBeLessThan(844);
    // Tab order follows: the title field comes before the panel's Publish at.
    const before = await page.getByLabel('Title', { exact: true }).evaluate((field) => {
      const publishAt = document.querySelector('input[type="datetime-local"]');
      return Boolean(publishAt && field.compareDocumentPosition(publishAt) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(before).toBe(true);
    await shoot(page, 'desk-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shoot(page, 'desk-phone');
    await phone.close();
  });

  it('saves a new article to the server while it is written, so another browser opens the draft with the text in it', async () => {
    const author = await writer(site.server.url);
    const laptop = await signedIn(site, author.cookie);
    await laptop.goto('/articles/new');
    const { page } = laptop;
    await page.getByLabel('Title', { exact: true }).fill('Ferry timetable changes');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('The winter timetable starts on Monday with two fewer crossings.');
    await expect.poll(async () => page.getByTestId('editor-word-count').textContent()).toBe('10 words · 1 min read');
    await expect.poll(saved(page), { timeout: 15_000 }).toMatch(SAVED);

    const drafts = await (await fetch(`${site.server.url}/api/channels/${author.channel.id}/drafts`, { headers: { cookie: author.cookie } })).json();
    expect(drafts.map((d: { title: string }) => d.title)).toEqual(['Ferry timetable changes']);

    // Another device: a fresh browser context with the same account.
    const phone = await signedIn(site, author.cookie, { width: 390, height: 844 });
    await phone.goto(`/articles/${drafts[0].id}/edit`);
    expect(await phone.page.getByLabel('Title', { exact: true }).inputValue()).toBe('Ferry timetable changes');
    await expect.poll(async () => phone.page.getByRole('textbox', { name: 'Content' }).textContent()).toContain('two fewer crossings');
    expect(await saved(phone.page)()).toMatch(SAVED);

    // Publishing from the first browser publishes that draft, not a second article.
    await page.getByRole('button', { name: 'Publish Article' }).click();
    await laptop.expectPath(new RegExp(`^/articles/ferry-timetable-changes-${drafts[0].id}$`));
    const published = await (await fetch(`${site.server.url}/api/channels/${author.channel.id}/articles`)).json();
    expect(published.map((a: { id: number }) => a.id)).toEqual([drafts[0].id]);
    await phone.close();
    await laptop.close();
  }, 60_000);

  it('asks the second of two tabs on one article before it overwrites a newer save, and loads the newer version', async () => {
    const author = await writer(site.server.url);
    const article = await createThroughApi<{ id: number; slug: string }>(site.server.url, author.cookie, '/api/articles', {
      title: 'Harbour wall repaired',
      content: '<p>The wall is whole again.</p>',
      channelId: author.channel.id,
    });
    const first = await signedIn(site, author.cookie);
    const second = await first.context.newPage();
    await first.goto(`/articles/${article.id}/edit`);
    await second.goto(`/articles/${article.id}/edit`, { waitUntil: 'networkidle' });
    await second.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    const firstEditor = first.page.getByRole('textbox', { name: 'Content' });
    await firstEditor.click();
    await first.page.keyboard.press('End');
    await first.page.keyboard.type(' Typed in the first tab.');
    const own = async () => (await fetch(`${site.server.url}/api/articles/${article.id}`, { headers: { cookie: author.cookie } })).json();
    await expect.poll(async () => (await own()).pendingEdit?.content ?? '', { timeout: 15_000 }).toContain('Typed in the first tab.');
    expect(await saved(first.page)()).toMatch(SAVED);
    // Private until Save: readers still get the live text.
    const live = await (await fetch(`${site.server.url}/api/articles/${article.id}`)).json();
    expect(live.content).toBe('<p>The wall is whole again.</p>');

    await second.getByLabel('Title', { exact: true }).fill('Harbour wall repaired at last');
    const dialog = second.getByRole('alertdialog', { name: 'A newer version was saved' });
    await expect.poll(visible(dialog), { timeout: 15_000 }).toBe(true);
    expect(await dialog.textContent()).toMatch(/saved at \d\d:\d\d/);
    await expectAccessible(second, 'the conflict dialog');
    await dialog.getByRole('button', { name: 'Load the newer version' }).click();
    await expect.poll(async () => second.getByRole('textbox', { name: 'Content' }).textContent()).toContain('Typed in the first tab.');
    expect(await second.getByLabel('Title', { exact: true }).inputValue()).toBe('Harbour wall repaired');

    // The pending edit of a published article can be dropped, once asked: Cancel keeps it, with the
    // focus back on the button; confirmed, the live text comes back and the focus is on the save status.
    const discard = second.getByRole('button', { name: 'Discard draft changes' });
    const ask = second.getByRole('alertdialog', { name: 'Discard the draft changes?' });
    await discard.click();
    await expect.poll(visible(ask)).toBe(true);
    expect(await ask.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(second, 'the discard question');
    await shoot(second, 'desk-discard-question');
    await second.keyboard.press('Escape');
    await expect.poll(() => ask.count()).toBe(0);
    expect(await discard.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await second.getByRole('textbox', { name: 'Content' }).textContent()).toContain('Typed in the first tab.');
    expect((await own()).pendingEdit).not.toBeNull();
    await discard.click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(async () => second.getByRole('textbox', { name: 'Content' }).textContent()).toBe('The wall is whole again.');
    expect((await own()).pendingEdit).toBeNull();
    await expect.poll(() => second.getByTestId('editor-save-status').evaluate((status) => status === document.activeElement)).toBe(true);
    await second.close();
    await first.close();
  }, 60_000);

  it('previews the article as readers will see it, at the editor width and in a 390 px phone frame, with the title counter from 180 characters', async () => {
    const author = await writer(site.server.url);
    const article = await createThroughApi<{ id: number }>(site.server.url, author.cookie, '/api/articles', {
      title: 'Council backs the new bus lanes',
      content: '<h2>What changes</h2><p>Two lanes on the quay road, from March.</p>',
      channelId: author.channel.id,
    });
    const journey = await signedIn(site, author.cookie);
    const { page } = journey;
    await journey.goto(`/articles/${article.id}/edit`);
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('x'.repeat(185));
    expect(await page.getByTestId('title-counter').textContent()).toBe('185/200');
    await title.fill('y'.repeat(205));
    expect(await title.inputValue()).toHaveLength(205);
    expect(await page.getByTestId('title-counter').textContent()).toContain('5 too many');
    await title.fill('Council backs the new bus lanes on the quay');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('article-preview');
    await expect.poll(visible(preview)).toBe(true);
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe('Council backs the new bus lanes on the quay');
    expect(await preview.getByTestId('article-byline').textContent()).toContain(author.username);
    expect(await preview.getByTestId('article-body').innerHTML()).toBe('<h2>What changes</h2><p>Two lanes on the quay road, from March.</p>');
    expect(await page.getByLabel('Title', { exact: true }).isVisible()).toBe(false);
    await expectAccessible(page, 'the preview');

    // At the editor's width the title has its large-screen size.
    expect(await preview.first().evaluate((node) => getComputedStyle(node.querySelector('h1')!).fontSize)).toBe('48px');
    await page.getByText('Phone (390 px)').click();
    const frame = page.frameLocator('[data-testid="phone-preview"]');
    await expect.poll(async () => frame.locator('h1').textContent().catch(() => null)).toBe('Council backs the new bus lanes on the quay');
    // The frame is its own viewport: the reader's phone layout applies (the title's small-screen size).
    const laidOut = await frame.locator('h1').evaluate((h1) => ({ width: h1.ownerDocument.defaultView!.innerWidth, size: getComputedStyle(h1).fontSize }));
    expect(laidOut).toEqual({ width: 390, size: '30px' });
    await expectAccessible(page, 'the phone preview');

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(visible(page.getByLabel('Title', { exact: true }))).toBe(true);
    await journey.close();
  }, 60_000);
});
