import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { loginThroughForm, logoutThroughMenu, PASSWORD, registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';

describeInBrowser('accounts in the browser', () => {
  const site = useSite();

  it('registers, logs out, fails with a wrong password, then logs in', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('ada');

    await journey.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Popular Articles');
    await expect.poll(() => page.getByText('Want to interact or write your own articles? Sign up or log in!').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Login' }).click();
    await journey.expectPath('/auth');
    await expect.poll(() => page.getByText('Create channels, publish articles, and engage with a community of readers and writers. Share your stories with the world.').isVisible()).toBe(true);
    // Google sign-in is not configured here, so neither its button nor the divider shows.
    expect(await page.getByText('Or continue with').count()).toBe(0);

    await registerThroughForm(journey, username);
    expect(await page.getByText('Latest articles from your favorite channels').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await logoutThroughMenu(page, username);
    await journey.expectPath('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Popular Articles');

    await loginThroughForm(journey, username, 'not-my-password');
    // exact: Radix also mirrors the toast into an aria-live announcer, which must not count twice.
    await expect.poll(() => page.getByText('Login failed', { exact: true }).isVisible()).toBe(true);
    expect(
      await page.getByText('Invalid username or password. Please try again or register for a new account.', { exact: true }).isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');

    const panel = page.getByRole('tabpanel', { name: 'Login' });
    await panel.getByLabel('Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Login' }).click();
    await journey.expectPath('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');

    // A signed-in visitor opening /auth is sent home.
    await page.goto('/auth');
    await journey.expectPath('/');
    await journey.close();
  });

  it('shows the sign-in form rules before sending anything', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto('/auth');
    const panel = page.getByRole('tabpanel', { name: 'Login' });
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('Please fill in all fields', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('tabpanel', { name: 'Register' });
    await register.getByLabel('Username').fill('ab');
    await register.getByLabel('Password').fill('12345');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Username must be at least 3 characters').isVisible()).toBe(true);
    expect(await page.getByText('Password must be at least 6 characters').isVisible()).toBe(true);
    await expectAccessibleNow(journey);
    await journey.close();
  });

  it('keeps the dark theme across a reload for a signed-in reader, and logout forces light', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('theme');
    await registerThroughForm(journey, username);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(isDark).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('broadsheet-theme'))).toBe('dark');
    await journey.goto('/');
    expect(await isDark()).toBe(true);
    await journey.screenshot('home-dark-wide');

    await logoutThroughMenu(page, username);
    await journey.expectPath('/');
    await expect.poll(isDark).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('broadsheet-theme'))).toBe('light');
    await journey.close();
  });

  it('shows the not-found page for an unknown path, with a 404 status', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const response = await journey.page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await journey.settle();
    expect(await journey.page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await journey.page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await expectAccessibleNow(journey);
    await journey.close();
  });

  it('offers the side menu on a narrow screen, keyboard-operable', async () => {
    const journey = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const { page } = journey;
    await journey.goto('/');
    await page.getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    await expectAccessibleNow(journey);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await journey.screenshot('home-narrow');
    await journey.close();
  });
});

async function expectAccessibleNow(journey: Journey) {
  const { expectAccessible } = await import('./support/browser.js');
  await expectAccessible(journey.page);
}
