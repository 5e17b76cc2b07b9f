import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { PASSWORD, registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

/**
 * Sign-in, registration and comments are plain POST forms to their page's route action: they work
 * before the app has started and with JavaScript off, and what a reader types never lands in an
 * address or a log line (docs/decisions/008-one-render-path.md).
 */

/** Every address the tab's main frame went to, in order. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/** A writer with a published article to comment on; its address. */
async function publishedArticle(site: ReturnType<typeof useSite>): Promise<{ path: string; id: number }> {
  const writer = await Journey.open(site.browser, site.server.url);
  await registerThroughForm(writer, uniqueUsername('desk'));
  const channel = await api<{ id: number }>(writer.page, 'POST', '/api/channels', { name: uniqueUsername('Pier Desk'), description: 'Pier news' });
  const article = await api<{ id: number; slug: string }>(writer.page, 'POST', '/api/articles', {
    title: 'Pier reopens after repairs',
    content: '<p>The pier opened again this morning.</p>',
    channelId: channel.body.id,
  });
  expect(article.status).toBe(201);
  await writer.close();
  return { path: `/articles/${article.body.slug}-${article.body.id}`, id: article.body.id };
}

describeInBrowser('forms that work before the app starts and without JavaScript', () => {
  // Info-level logs, so the test can read that the request lines carry no typed text.
  const site = useSite({ LOG_LEVEL: 'info' });

  it('signs in with credentials typed before the app started on a slow connection, with nothing in the address or the log', async () => {
    const setup = await Journey.open(site.browser, site.server.url);
    const username = uniqueUsername('slow');
    await registerThroughForm(setup, username);
    await setup.close();

    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    // A slow phone connection (400 ms, 50 KB/s), through the browser's own throttling.
    const cdp = await journey.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 });
    // And the app's chunk held back until the form is sent, so the typing surely comes first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const addresses = addressesOf(page);

    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill(PASSWORD);
    expect(await page.locator('html[data-hydrated]').count(), 'typed before the app started').toBe(0);
    await login.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    release();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await journey.settle();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');

    for (const address of addresses) {
      expect(address).not.toContain(PASSWORD);
      expect(new URL(address).search, address).toBe('');
    }
    expect(site.server.output()).not.toContain(PASSWORD);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await journey.close();
  });

  it('signs in and posts a comment and a reply with JavaScript off: they are stored, nothing typed is in an address', async () => {
    const username = uniqueUsername('noscript');
    const setup = await Journey.open(site.browser, site.server.url);
    await registerThroughForm(setup, username);
    await setup.close();
    const article = await publishedArticle(site);

    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const addresses = addressesOf(page);
      // Signed out, Like is a link to sign in that returns to the article, not a dead button.
      await page.goto(article.path, { waitUntil: 'load' });
      const like = page.getByRole('link', { name: /^Like/ });
      expect(await like.getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(article.path)}`);
      await like.click();
      await page.waitForURL((url) => url.pathname === '/auth');

      const login = page.getByRole('tabpanel', { name: 'Login' });
      await login.getByLabel('Password').fill('not-the-password');
      await login.getByLabel('Username').fill(username);
      await login.getByRole('button', { name: 'Login' }).click();
      await page.waitForLoadState('load');
      // Refused: the form again with the product's words, the username kept.
      expect(await page.getByRole('alert').first().textContent()).toContain('Invalid username or password');
      expect(await login.getByLabel('Username').inputValue()).toBe(username);

      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === article.path);

      const comment = 'Good to have the pier back, and without any script.';
      await page.getByLabel('Add a comment').fill(comment);
      await page.getByRole('button', { name: 'Post Comment' }).click();
      await page.waitForURL((url) => url.pathname === article.path && url.hash === '#comments');
      await page.getByText(comment).waitFor();

      // A reply: Reply is a link that opens the thread's reply form from the server.
      const reply = 'Replying without a script too.';
      await page.getByRole('listitem', { name: `Comment by ${username}` }).getByRole('link', { name: 'Reply' }).click();
      await page.getByLabel(`Reply to ${username}`).fill(reply);
      await page.getByRole('button', { name: 'Post Reply' }).click();
      await page.waitForURL((url) => url.pathname === article.path && url.hash === '#comments');
      await page.getByText(reply).waitFor();

      for (const address of addresses) {
        expect(address).not.toContain(PASSWORD);
        expect(address).not.toContain('pier%20back');
        expect(address).not.toContain('Good to have');
      }
    } finally {
      await context.close();
    }
    // Stored: the API lists it.
    const stored = (await (await fetch(`${site.server.url}/api/articles/${article.id}/comments`)).json()) as { content: string }[];
    expect(stored.map((c) => c.content)).toContain('Good to have the pier back, and without any script.');
    expect(stored.map((c) => c.content)).toContain('Replying without a script too.');
  });

  it('registers with JavaScript off through the Register form the noscript link opens', async () => {
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/auth?tab=register', { waitUntil: 'load' });
      const register = page.getByRole('tabpanel', { name: 'Register' });
      const username = uniqueUsername('plain');
      await register.getByLabel('Username').fill(username);
      await register.getByLabel('Password').fill(PASSWORD);
      await register.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
    } finally {
      await context.close();
    }
  });
});
