import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { PASSWORD, registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api, visible } from './support/page-api.js';

/** Calls the API from inside the page, so the session cookie and the page's Origin go along. */

describeInBrowser('articles in the browser', () => {
  const site = useSite();

  it('writes a formatted draft, publishes it, finds it in the feed, edits it and deletes it', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    const username = uniqueUsername('writer');
    const word = `Tidewatch${Date.now().toString(36)}`;
    const title = `${word} harbour walls hold`;

    await registerThroughApiSignedIn(journey, username);
    const channel = await api<{ id: number }>(page, 'POST', '/api/channels', { name: `Harbour ${word}`, description: 'Notes from the quay.' });
    expect(channel.status).toBe(201);

    // The feed is empty at first, and 'Write an Article' goes into the selected (only) channel.
    await journey.goto('/');
    await expect.poll(visible(page.getByText('No articles yet'))).toBe(true);
    await page.getByRole('link', { name: 'Write an Article' }).click();
    await journey.expectPath(`/channels/${channel.body.id}/articles/new`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create Article');
    expect(await page.getByLabel('Channel', { exact: true }).inputValue()).toBe(String(channel.body.id));

    // The schema's messages before anything is sent.
    await page.getByRole('button', { name: 'Publish Article' }).click();
    await expect.poll(visible(page.getByText('Title is required'))).toBe(true);
    expect(await page.getByText('Content is required').isVisible()).toBe(true);

    await page.getByLabel('Title', { exact: true }).fill(title);
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    const heading = page.getByRole('button', { name: 'Heading 2' });
    await heading.click();
    await expect.poll(() => heading.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('Rising water');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Bold words');
    await page.getByRole('button', { name: 'Bold' }).click();
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type(' and the sea wall held through the night.');

    // Category: search ranks and picks 'Business > Markets'.
    const categories = page.getByRole('combobox', { name: 'Categories' });
    await categories.fill('markets');
    await page.getByRole('option', { name: 'Business > Markets', exact: true }).click();
    await expect.poll(visible(page.getByRole('button', { name: 'Remove category Business > Markets' }))).toBe(true);
    await categories.fill('zzzz');
    await expect.poll(visible(page.getByText('No results found'))).toBe(true);
    await categories.fill('');

    // Place: searched after 2 characters and a pause.
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.fill('Lisbon');
    await page.getByRole('option', { name: /Lisbon, Portugal/ }).first().click();
    expect(await location.inputValue()).toBe('Lisbon, Portugal');

    await page.getByRole('switch', { name: 'Save as draft' }).click();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect.poll(visible(page.getByText('Article saved as draft', { exact: true }))).toBe(true);
    await journey.expectPath(/^\/articles\/[a-z0-9-]+-\d+$/);
    const articlePath = new URL(page.url()).pathname;
    const articleId = Number(/(\d+)$/.exec(articlePath)![1]);

    // The draft as written.
    const body = page.getByTestId('article-body');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    expect(await body.locator('h2').textContent()).toBe('Rising water');
    expect(await body.locator('strong').textContent()).toBe('Bold words');
    expect(await page.getByText('Business > Markets').isVisible()).toBe(true);
    expect(await page.getByText('Lisbon, Portugal').isVisible()).toBe(true);
    expect(await page.getByText(/^Published:/).isVisible()).toBe(true);
    expect(await page.getByText('Latest Edit:').count()).toBe(0);

    // A draft is not in the public feed.
    const anonymous = await site.browser.newContext({ baseURL: site.server.url });
    const publicFeed = await (await anonymous.request.get(`/api/articles?q=${word}`)).json();
    expect(publicFeed.items).toHaveLength(0);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(visible(page.getByText('Article published', { exact: true }))).toBe(true);
    await expect.poll(() => page.getByText('Draft', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Move to Drafts' }).isVisible()).toBe(true);

    // Share: the canonical link goes to the clipboard.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect.poll(visible(page.getByText('Link copied to clipboard', { exact: true }))).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.server.url}${articlePath}`);

    // The server-rendered page carries the preview tags (what a shared link shows elsewhere).
    const html = await (await anonymous.request.get(articlePath)).text();
    expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(html).toMatch(/<meta name="description" content="Rising water Bold words and the sea wall held through the night\."\/>/);
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}${articlePath}"/>`);
    expect(html).toContain('<meta property="og:site_name" content="Broadsheet"/>');
    expect(html).toContain('id="page-state"');
    await anonymous.close();

    // The feed: search filter, badge and count, every sort and both directions.
    await journey.goto('/');
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(word.toLowerCase());
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(word.toLowerCase());
    await page.keyboard.press('Escape');
    await expect.poll(visible(page.getByText(`Search: ${word.toLowerCase()}`))).toBe(true);
    expect(await page.getByRole('button', { name: /^Filter/ }).textContent()).toContain('1');
    const cards = page.getByTestId('article-card');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getByRole('link', { name: title }).getAttribute('href')).toBe(articlePath);
    expect(await cards.first().getByText('Lisbon, Portugal').isVisible()).toBe(true);
    expect(await cards.first().getByText(`By: Harbour ${word}`).isVisible()).toBe(true);

    const sorts = [
      ['View Count', 'viewCount'],
      ['Comment Count', 'comments'],
      ['Likes', 'likes'],
      ['Dislikes', 'dislikes'],
      ['Published Date', null],
    ] as const;
    for (const [label, key] of sorts) {
      await expect.poll(() => page.getByRole('menu').count()).toBe(0);
      await page.getByRole('button', { name: /^Sort:/ }).click();
      await page.getByRole('menuitemradio', { name: label, exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe(key);
      await expect.poll(() => page.getByRole('button', { name: `Sort: ${label}`, exact: true }).isVisible()).toBe(true);
      await expect.poll(() => cards.count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Order: Descending' }).click();
    await expect.poll(visible(page.getByRole('button', { name: 'Order: Ascending' }))).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('direction')).toBe('asc');
    await expect.poll(() => cards.count()).toBe(1);

    // A filter that matches nothing, then clearing everything.
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('no-such-words-anywhere');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(visible(page.getByText('No articles match your filters'))).toBe(true);
    await page.getByRole('link', { name: 'Clear all' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();

    // Edit on the article page: Cancel restores, Save updates; 'Latest Edit' stays hidden within a minute.
    await cards.first().getByRole('link', { name: title }).click();
    await journey.expectPath(articlePath);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await page.getByRole('button', { name: 'Edit' }).click();
    const titleInput = page.getByLabel('Title', { exact: true });
    await titleInput.fill('Something else entirely');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await titleInput.inputValue()).toBe(title);
    const box = await page.getByRole('textbox', { name: 'Content' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(500);
    await titleInput.fill(`${title} again`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page.getByText('Article updated', { exact: true }))).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`${title} again`);
    expect(await page.getByText('Latest Edit:').count()).toBe(0);

    // The edit page shows the same form filled in.
    await journey.goto(`/articles/${articleId}/edit`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Article');
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(`${title} again`);
    expect(await page.getByRole('button', { name: 'Remove category Business > Markets' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await journey.expectPath(/^\/articles\//);

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // The page is checked once the dialog has finished closing (it hides the page while open).
    await expect.poll(() => confirm.count()).toBe(0);
    await journey.expectPath('/');
    await expect.poll(visible(page.getByText('Article deleted', { exact: true }))).toBe(true);
    await journey.goto(articlePath);
    await expect.poll(visible(page.getByText('Article not found'))).toBe(true);
    await journey.close();
  });

  it('reads the feed and an article on a narrow screen, signed out', async () => {
    const setup = await Journey.open(site.browser, site.server.url);
    const writer = uniqueUsername('narrow');
    await setup.goto('/');
    expect((await api(setup.page, 'POST', '/api/register', { username: writer, password: PASSWORD })).status).toBeLessThan(300);
    const channel = await api<{ id: number }>(setup.page, 'POST', '/api/channels', { name: `Quayside ${writer}`, description: 'Small screens.' });
    const created = await api<{ id: number; slug: string }>(setup.page, 'POST', '/api/articles', {
      title: 'Ferry crossings resume after the storm',
      content: `<p>${'The first boat left at dawn with a full deck. '.repeat(12)}</p>`,
      channelId: channel.body.id,
      location_name: 'Oslo, Norway',
    });
    expect(created.status).toBe(201);
    await setup.close();

    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    await journey.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Popular Articles');
    expect(await page.getByRole('link', { name: 'Write an Article' }).count()).toBe(0);
    const card = page.getByTestId('article-card').filter({ hasText: 'Ferry crossings resume after the storm' });
    await expect.poll(() => card.isVisible()).toBe(true);
    // The excerpt is cut to three lines, and nothing runs off the side of the screen.
    const excerpt = card.locator('p.line-clamp-3');
    const lines = await excerpt.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await journey.screenshot('articles-feed-narrow');

    // A signed-out reader opening the channel is asked to sign in.
    await card.getByRole('button', { name: `By: Quayside ${writer}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Authentication Required' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await card.getByRole('link', { name: 'Ferry crossings resume after the storm' }).click();
    await journey.expectPath(`/articles/${created.body.slug}-${created.body.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ferry crossings resume after the storm');
    expect(await page.getByText('Oslo, Norway').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The view of this load is counted once.
    await expect.poll(async () => (await api<{ viewCount: number }>(page, 'GET', `/api/articles/${created.body.id}`)).body.viewCount).toBe(1);
    await journey.screenshot('article-narrow');

    await page.getByRole('button', { name: `Quayside ${writer}` }).click();
    await page.getByRole('dialog', { name: 'Authentication Required' }).getByRole('link', { name: 'Sign In' }).click();
    await journey.expectPath('/auth');

    // The edit page is closed to signed-out visitors (they go home).
    await page.goto(`/articles/${created.body.id}/edit`);
    await journey.expectPath('/');
    await journey.close();
  });
});
