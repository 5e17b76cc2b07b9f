import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { PASSWORD } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { writerWithArticles } from './support/writers.js';

/**
 * A guard or a prompt that asks a reader to sign in sends them to /auth?next=/path, and signing in
 * or registering there brings them back to that page, with JavaScript and without (docs/product.md#returning-sign-in). Plain /auth still leads home, and no `next` can lead off the site.
 */

async function logIn(page: Page, username: string) {
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
}

async function register(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Register' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Register' });
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Register' }).click();
}

/** An account made through the API, to sign in with. */
async function existingReader(baseUrl: string): Promise<string> {
  const username = uniqueUsername('returning');
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return username;
}

describeInBrowser('sign-in returns the reader where they were', () => {
  const site = useSite();

  it('comes back to the article after signing in from the Like prompt, and after registering from the comments', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 1 });
    const articlePath = `/articles/${writer.articles[0]!.slug}-${writer.articles[0]!.id}`;

    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto(articlePath);
    await page.getByRole('button', { name: /^Like\b/ }).click();
    const prompt = page.getByRole('dialog', { name: 'Authentication Required' });
    await prompt.getByRole('link', { name: 'Sign In' }).click();
    await journey.expectPath('/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(articlePath);
    await logIn(page, await existingReader(site.server.url));
    await journey.expectPath(articlePath);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(writer.articles[0]!.title);
    await journey.close();

    // Registering from the comments' "Log in" link comes back to the comments.
    const newcomer = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    await newcomer.goto(articlePath);
    await newcomer.page.locator('#comments').getByRole('link', { name: 'Log in' }).click();
    await newcomer.expectPath('/auth');
    await register(newcomer.page, uniqueUsername('newcomer'));
    await newcomer.expectPath(articlePath);
    expect(new URL(newcomer.page.url()).hash).toBe('#comments');
    await expect.poll(() => newcomer.page.locator('#comments').getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await newcomer.close();
  });

  it('comes back to a guarded page after signing in with JavaScript off, and registering too', async () => {
    const username = await existingReader(site.server.url);
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/profile', { waitUntil: 'load' });
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
      await logIn(page, username);
      await page.waitForURL((url) => url.pathname === '/profile');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(username);
    } finally {
      await context.close();
    }

    const fresh = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    try {
      const page = await fresh.newPage();
      await page.goto(`/auth?${new URLSearchParams({ next: '/channels/new', tab: 'register' })}`, { waitUntil: 'load' });
      const panel = page.getByRole('tabpanel', { name: 'Register' });
      await panel.getByLabel('Username').fill(uniqueUsername('plainnew'));
      await panel.getByLabel('Password').fill(PASSWORD);
      await panel.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL((url) => url.pathname === '/channels/new');
    } finally {
      await fresh.close();
    }
  });

  it('goes home from plain /auth, and from a next that would leave the site', async () => {
    const username = await existingReader(site.server.url);
    for (const next of [null, '//evil.example/', 'https://evil.example/', '/\\evil.example', '/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x']) {
      const journey = await Journey.open(site.browser, site.server.url);
      await journey.goto(next === null ? '/auth' : `/auth?${new URLSearchParams({ next })}`);
      await logIn(journey.page, username);
      await journey.expectPath('/');
      expect(new URL(journey.page.url()).origin).toBe(site.server.url);
      await journey.close();
    }
  });

  it('stays on this site when the running app signs in, or finishes Google sign-in, with a next whose dot segments resolve to another host', async () => {
    const username = await existingReader(site.server.url);
    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    // Whatever tries to leave for another host is stopped and remembered, so the journey cannot pass by accident.
    const foreign: string[] = [];
    await page.route((url) => url.origin !== site.server.url, async (route) => {
      foreign.push(route.request().url());
      await route.abort();
    });
    await journey.goto(`/auth?${new URLSearchParams({ next: '/.//evil.example/x' })}`);
    await logIn(page, username);
    await journey.expectPath('/');
    expect(new URL(page.url()).origin).toBe(site.server.url);

    // Signed in now: the Google return page reads its next in the app itself.
    for (const next of ['/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x']) {
      await page.goto(`/auth-callback?${new URLSearchParams({ next })}`, { waitUntil: 'load' });
      await journey.expectPath('/');
      expect(new URL(page.url()).origin, next).toBe(site.server.url);
    }
    expect(foreign).toEqual([]);
    await journey.close();
  });
});
