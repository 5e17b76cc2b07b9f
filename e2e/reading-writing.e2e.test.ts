import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { logoutThroughMenu, registerThroughForm } from './support/auth.js';
import { shoot } from './support/shots.js';
import { describeInBrowser, uniqueUsername, useDemoSite, useSite } from './support/fixtures.js';
import { api, visible } from './support/page-api.js';

/**
 * Reading and writing: one journey per defect a review found (each failed before the fix),
 * then the reading experience.
 */

const RICH_HTML =
  '<p>The council met on Wednesday. Read the <a href="https://example.org/papers">full papers</a>.</p>' +
  '<h2>What was decided</h2><p>The council voted 31 to 12.</p>' +
  '<h3>The money</h3><ul><li>A barrier</li><li>Raised walls</li></ul><ol><li>First</li><li>Second</li></ol>' +
  '<blockquote><p>We are being asked to sign a cheque.</p></blockquote><p>More to follow.</p>';

interface Writer {
  username: string;
  channelId: number;
  channelName: string;
}

/** Registers through the form and opens a channel through the API. */
async function newWriter(journey: Journey, prefix = 'writer'): Promise<Writer> {
  const username = uniqueUsername(prefix);
  await registerThroughForm(journey, username);
  // Not containing the username: the header's username button is found by that name.
  const channelName = `Desk ${Math.random().toString(36).slice(2, 8)}`;
  const channel = await api<{ id: number }>(journey.page, 'POST', '/api/channels', { name: channelName, description: 'Local news.' });
  expect(channel.status).toBe(201);
  return { username, channelId: channel.body.id, channelName };
}

async function publish(page: Page, channelId: number, title: string, content = RICH_HTML, status = 'published') {
  const created = await api<{ id: number; slug: string }>(page, 'POST', '/api/articles', { title, content, channelId, status });
  expect(created.status).toBe(201);
  return { ...created.body, path: `/articles/${created.body.slug}-${created.body.id}` };
}

/** What a reader sees of the formatting inside `root`: sizes, weights, markers, the quote's rule, links. */
async function proseLooks(page: Page, root: string) {
  return page.locator(root).first().evaluate((element) => {
    const css = (selector: string) => getComputedStyle(element.querySelector(selector)!);
    const p = css('p');
    const h2 = css('h2');
    const a = css('a');
    return {
      h2Larger: parseFloat(h2.fontSize) > parseFloat(p.fontSize) * 1.2,
      h2Bolder: Number(h2.fontWeight) >= 600 && Number(h2.fontWeight) > Number(p.fontWeight),
      h3Larger: parseFloat(css('h3').fontSize) > parseFloat(p.fontSize),
      ulMarker: css('ul').listStyleType,
      olMarker: css('ol').listStyleType,
      listIndented: parseFloat(css('ul').paddingLeft) > 0,
      quoteRule: parseFloat(css('blockquote').borderLeftWidth) >= 2 && css('blockquote').borderLeftStyle !== 'none',
      linkDistinct: a.color !== p.color && a.textDecorationLine.includes('underline'),
    };
  });
}

const STYLED = {
  h2Larger: true,
  h2Bolder: true,
  h3Larger: true,
  ulMarker: 'disc',
  olMarker: 'decimal',
  listIndented: true,
  quoteRule: true,
  linkDistinct: true,
};

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describeInBrowser('reading and writing', () => {
  const site = useSite();

  it('a signed-out reader on a phone reaches Popular Channels and Explore Channels; counts pluralise', async () => {
    const writerJourney = await Journey.open(site.browser, site.server.url);
    const writer = await newWriter(writerJourney, 'solo');
    await writerJourney.close();
    const fan = await Journey.open(site.browser, site.server.url);
    await registerThroughForm(fan, uniqueUsername('fan'));
    expect((await api(fan.page, 'POST', `/api/channels/${writer.channelId}/subscribe`)).status).toBeLessThan(300);
    await fan.close();

    const phone = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = phone;
    await phone.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(visible(menu.getByRole('heading', { name: 'Popular Channels' }))).toBe(true);
    const solo = menu.getByRole('link', { name: new RegExp(writer.channelName) });
    await expect.poll(visible(solo)).toBe(true);
    expect(await solo.textContent()).toMatch(/1 subscriber$/);
    expect(await menu.getByRole('link').filter({ hasText: / 1 subscribers/ }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Explore Channels' }).click();
    await phone.expectPath('/channels');
    await phone.close();
  });

  it('article formatting shows on the article page and in the editor, light and dark', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const writer = await newWriter(journey);
    const article = await publish(page, writer.channelId, 'Formatting shows');

    await journey.goto(article.path);
    expect(await isDark(page)).toBe(false);
    expect(await proseLooks(page, '[data-testid="article-body"]')).toEqual(STYLED);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await proseLooks(page, '[data-testid="article-body"]')).toEqual(STYLED);

    await journey.goto(`/articles/${article.id}/edit`);
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await proseLooks(page, '.ProseMirror')).toEqual(STYLED);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await proseLooks(page, '.ProseMirror')).toEqual(STYLED);
    await journey.close();
  });

  it('the editor asks before unsaved work is left, and offers it back (create and edit)', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const writer = await newWriter(journey);
    // Into the editor the way a writer goes, so Back stays inside the app.
    const openEditor = async () => {
      await page.getByRole('link', { name: 'Write an Article' }).click();
      await journey.expectPath(`/channels/${writer.channelId}/articles/new`);
      await page.getByRole('textbox', { name: 'Content' }).waitFor();
    };
    await journey.goto('/');
    await openEditor();
    // Offline, the work cannot reach the server: the browser keeps it, and leaving asks.
    await journey.context.setOffline(true);
    await page.getByLabel('Title', { exact: true }).fill('Unsent story');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('A first paragraph worth keeping.');
    await expect.poll(() => page.getByTestId('editor-save-status').textContent(), { timeout: 15_000 }).toBe('Offline, saved on this device');

    // The logo: asked, and staying keeps everything.
    await page.getByRole('link', { name: 'Broadsheet' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect.poll(visible(ask)).toBe(true);
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/channels/${writer.channelId}/articles/new`);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Unsent story');

    // Back: asked again; leaving goes.
    await page.evaluate(() => history.back());
    await expect.poll(visible(ask)).toBe(true);
    await ask.getByRole('button', { name: 'Leave' }).click();
    await journey.expectPath('/');
    await journey.context.setOffline(false);

    // Coming back offers the unsent article.
    await openEditor();
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Unsent story');
    await expect.poll(() => page.getByRole('textbox', { name: 'Content' }).textContent()).toContain('A first paragraph worth keeping.');
    await page.getByRole('link', { name: 'Broadsheet' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await journey.expectPath('/');

    // Closing the tab asks too (the browser's own question).
    const tab = await journey.context.newPage();
    await tab.goto('/articles/new');
    // The question is the app's: it starts after the first paint (typing before it is kept, see
    // server-render.e2e.test.ts, but a tab closed before it started has nothing to ask with).
    await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await tab.getByLabel('Title', { exact: true }).fill('Tab closing');
    const asked = new Promise<string>((resolve) => tab.once('dialog', (dialog) => { resolve(dialog.type()); void dialog.dismiss(); }));
    await tab.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');

    // Work the server holds (a draft saved as it was typed) is not asked about, and opens as it was left.
    const article = await publish(page, writer.channelId, 'Editable', '<p>Original words.</p>');
    await journey.goto(`/articles/${article.id}/edit`);
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('Editable');
    await title.fill('Edited but not saved');
    // Saved to the server as a private pending edit a few seconds after the typing stops.
    await expect.poll(async () => (await api<{ pendingEdit: { title: string } | null }>(page, 'GET', `/api/articles/${article.id}`)).body.pendingEdit?.title, { timeout: 15_000 }).toBe('Edited but not saved');
    await page.getByRole('link', { name: 'Broadsheet' }).click();
    await journey.expectPath('/');
    expect(await ask.count()).toBe(0);
    await journey.goto(`/articles/${article.id}/edit`);
    await expect.poll(() => title.inputValue()).toBe('Edited but not saved');
    expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(visible(page.getByText('Article updated successfully', { exact: true }))).toBe(true);
    await journey.expectPath(/^\/articles\/[a-z0-9-]+-\d+$/);
    await journey.goto(`/articles/${article.id}/edit`);
    await expect.poll(() => title.inputValue()).toBe('Edited but not saved');
    expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    await journey.close();
  });

  it('Your Feed shows every channel until the reader subscribes, whatever they wrote', async () => {
    const other = await Journey.open(site.browser, site.server.url);
    // Signed out, the footer says nothing of channels this visitor follows.
    await other.goto('/');
    const footer = other.page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain('News from independent channels.');
    expect(await footer.textContent()).not.toContain('you follow');
    for (const width of [390, 1366]) {
      await other.page.setViewportSize({ width, height: 900 });
      await shoot(other.page, 'footer-signed-out');
    }
    await other.page.setViewportSize({ width: 1280, height: 800 });
    const elsewhere = await newWriter(other, 'elsewhere');
    await publish(other.page, elsewhere.channelId, 'Elsewhere news today');
    await other.close();

    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const writer = await newWriter(journey, 'selfpub');
    await publish(page, writer.channelId, 'My own first story');
    await journey.goto('/');
    const cards = page.getByTestId('article-card');
    await expect.poll(visible(page.getByTestId('feed-fallback-hint'))).toBe(true);
    // Following nothing yet, the reader is told so (not of channels they follow).
    expect(await page.getByTestId('feed-fallback-hint').textContent()).toMatch(/^You don’t follow any channels yet, so here are the latest articles from every channel\./);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'feed-following-none');
    }
    await expect.poll(visible(cards.filter({ hasText: 'Elsewhere news today' }))).toBe(true);
    expect(await cards.filter({ hasText: 'My own first story' }).count()).toBe(1);

    // Subscribed: the subscription plus the reader's own channel, nothing else.
    await api(page, 'POST', `/api/channels/${elsewhere.channelId}/subscribe`);
    await journey.goto('/');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByTestId('feed-fallback-hint').count()).toBe(0);
    await journey.close();
  });

  it('logout from /profile or /articles/new returns to /, with no 401 afterwards', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401 && response.url().includes('/api/user/channels')) refused.push(response.url());
    });
    for (const start of ['/profile', '/articles/new']) {
      const username = uniqueUsername('leaver');
      await registerThroughForm(journey, username);
      await api(page, 'POST', '/api/channels', { name: `Bureau ${Math.random().toString(36).slice(2, 8)}`, description: 'x' });
      await journey.goto(start);
      await logoutThroughMenu(page, username);
      await journey.expectPath('/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Popular Articles');
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/');
    }
    expect(refused).toEqual([]);
    await journey.close();
  });

  it('a double click on Post Comment posts once; the server refuses a quick duplicate', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const writer = await newWriter(journey);
    const article = await publish(page, writer.channelId, 'Talk about it', '<p>Say something.</p>');
    await journey.goto(article.path);
    await page.getByLabel('Add a comment').fill('Only once, please.');
    await page.getByRole('button', { name: 'Post Comment' }).dblclick();
    await expect.poll(visible(page.getByText('Only once, please.'))).toBe(true);
    await page.waitForTimeout(1000);
    expect(await page.getByText('Only once, please.').count()).toBe(1);
    const threads = await api<unknown[]>(page, 'GET', `/api/articles/${article.id}/comments`);
    expect(threads.body).toHaveLength(1);
    const again = await api<{ error: string }>(page, 'POST', `/api/articles/${article.id}/comments`, { content: 'Only once, please.' });
    expect(again).toEqual({ status: 409, body: { error: 'You just posted this comment' } });
    await journey.close();
  });

  it('a failed registration’s toast does not outlive the next, successful one', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const taken = uniqueUsername('taken');
    await registerThroughForm(journey, taken);
    await logoutThroughMenu(page, taken);
    await journey.expectPath('/');
    await journey.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Register' });
    await panel.getByLabel('Username').fill(taken);
    await panel.getByLabel('Password').fill('correct-horse-battery');
    await panel.getByRole('button', { name: /register|create account|sign up/i }).click();
    await expect.poll(visible(page.getByText('Registration failed', { exact: true }))).toBe(true);
    await panel.getByLabel('Username').fill(uniqueUsername('second'));
    await panel.getByRole('button', { name: /register|create account|sign up/i }).click();
    await journey.expectPath('/');
    await expect.poll(() => page.getByText('Registration failed', { exact: true }).isVisible()).toBe(false);
    await journey.close();
  });

  it('the editor toolbar is one tab stop with arrow keys; navigation moves focus to the heading and is announced', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const writer = await newWriter(journey);
    const article = await publish(page, writer.channelId, 'Focus lands here');
    await journey.goto(`/channels/${writer.channelId}/articles/new`);
    await page.getByRole('textbox', { name: 'Content' }).waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
    // The subtitle sits between the title and the text.
    await page.getByRole('textbox', { name: /^Subtitle/ }).focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('role'));
    expect(await focused()).toBe('Heading 2');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Heading 3');
    // The last control that can be used: 'Image' ('Alt text', Undo and Redo wait for an image or an edit).
    await page.keyboard.press('End');
    expect(await focused()).toBe('Image');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Heading 2');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Image');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('textbox');
    // The toolbar remembers where the reader was.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Image');

    // A navigation: focus on the new page's heading, and the change announced.
    await journey.goto('/');
    await page.getByRole('link', { name: 'Focus lands here' }).first().click();
    await journey.expectPath(article.path);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Focus lands here');
    await expect.poll(() => page.getByTestId('route-announcer').textContent()).toContain('Focus lands here');
    expect(await page.getByTestId('route-announcer').getAttribute('aria-live')).toBe('polite');
    await journey.close();
  });

  it('an excerpt ends a heading with a full stop', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const writer = await newWriter(journey);
    const word = `Excerpt${Date.now().toString(36)}`;
    await publish(page, writer.channelId, word, '<h2>What was decided</h2><p>The council voted.</p>');
    await journey.goto(`/?q=${word}`);
    const card = page.getByTestId('article-card').filter({ hasText: word });
    await expect.poll(visible(card)).toBe(true);
    expect(await card.getByText(/What was decided/).textContent()).toBe('What was decided. The council voted.');
    await journey.close();
  });

  it('reads like a publication: measure, byline, reading time, lead image, print styles, RSS links', async () => {
    const journey = await Journey.open(site.browser, site.server.url, { width: 1366, height: 900 });
    const { page } = journey;
    const writer = await newWriter(journey);
    const long = `<p>${'The harbour wall held through the night as the tide rose higher than forecast. '.repeat(40)}</p>`;
    const article = await publish(page, writer.channelId, 'A long read', long + RICH_HTML);
    await journey.goto(article.path);

    // The measure: 60 to 75 characters of the body's own type per line.
    const measure = await page.getByTestId('article-body').evaluate((body) => {
      const probe = document.createElement('span');
      probe.style.cssText = 'position: absolute; white-space: nowrap; visibility: hidden';
      probe.textContent = 'abcdefghijklmnopqrstuvwxyz'.repeat(4);
      body.querySelector('p')!.append(probe);
      const perChar = probe.getBoundingClientRect().width / 104;
      probe.remove();
      return { chars: body.querySelector('p')!.getBoundingClientRect().width / perChar, family: getComputedStyle(body).fontFamily };
    });
    expect(measure.chars).toBeGreaterThanOrEqual(60);
    expect(measure.chars).toBeLessThanOrEqual(75);
    expect(measure.family).toMatch(/Newsreader|serif/);

    // The byline: author and channel, and the reading time.
    const byline = page.getByTestId('article-byline');
    expect(await byline.textContent()).toContain(`By ${writer.username}`);
    expect(await byline.textContent()).toContain(writer.channelName);
    expect(await byline.textContent()).toMatch(/\d+ min read/);

    // Print: the article alone, no header, buttons or comments.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('#comments').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(false);
    expect(await page.getByTestId('article-body').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // RSS: in the footer of every page and on the channel page.
    const footerRss = page.getByRole('contentinfo').getByRole('link', { name: /RSS/ });
    expect(await footerRss.getAttribute('href')).toBe('/rss.xml');
    await journey.goto(`/channels/${writer.channelId}`);
    const channelRss = page.getByRole('main').getByRole('link', { name: /RSS/ });
    expect(await channelRss.getAttribute('href')).toBe(`/channels/${writer.channelId}/rss.xml`);
    const feed = await page.request.get(`/channels/${writer.channelId}/rss.xml`);
    expect(feed.headers()['content-type']).toContain('xml');
    expect(await feed.text()).toContain('A long read');
    await journey.close();
  });
});

describeInBrowser('the demo site', () => {
  const site = useDemoSite();

  it('the demo account writes in its own channel, with articles, drafts and images', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/auth');
    const panel = page.getByRole('tabpanel', { name: 'Login' });
    await panel.getByLabel('Username').fill('demo');
    await panel.getByLabel('Password').fill('broadsheet-demo');
    await panel.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
    await journey.expectPath('/');
    await page.getByRole('link', { name: 'Write an Article' }).click();
    await journey.expectPath(/^\/(channels\/\d+\/)?articles\/new$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create Article');
    const channel = page.getByLabel('Channel', { exact: true });
    await channel.waitFor();
    expect(await channel.locator('option:checked').textContent()).toBe('Town Hall Notes');
    expect(new URL(page.url()).pathname).not.toBe('/channels/new');

    const own = await api<{ id: number }[]>(page, 'GET', '/api/user/channels');
    await journey.goto(`/channels/${own.body[0]!.id}`);
    await page.getByRole('tab', { name: 'Drafts' }).click();
    await expect.poll(visible(page.getByText(/what the bus changes mean/i))).toBe(true);
    await page.getByRole('tab', { name: 'Published' }).click();
    await page.getByRole('link', { name: 'Council backs harbour flood plan after late-night vote' }).first().click();
    await journey.expectPath(/^\/articles\//);
    expect(await page.locator('figure img, [data-testid="article-gallery"] img').count()).toBeGreaterThan(0);
    await journey.close();
  });
});
