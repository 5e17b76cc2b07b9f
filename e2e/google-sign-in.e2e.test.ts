import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort, startTestIssuer, TEST_CLIENT, type TestIssuer } from '../src/test-support/oidc-issuer.js';
import { loginThroughForm, logoutThroughMenu } from './support/auth.js';
import { Journey, launchBrowser } from './support/browser.js';
import { describeInBrowser } from './support/fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The whole Google sign-in, clicked through in Chromium against a real OpenID Connect issuer on
 * loopback (oidc-provider), ending signed in on the home page.
 */
describeInBrowser('sign in with Google (OpenID Connect) in the browser', () => {
  let issuer: TestIssuer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    issuer = await startTestIssuer({
      accounts: { 'google-sub-1': { email: 'grace.hopper@example.com', name: 'Grace Hopper' } },
      redirectUris: [`http://localhost:${port}/api/auth/google/callback`],
    });
    server = await startServer({
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      GOOGLE_CLIENT_ID: TEST_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      OIDC_ISSUER: issuer.issuer,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await issuer?.stop();
  });

  it('clicks through the Google button, the issuer and the callback, ending signed in on /', async () => {
    const journey = await Journey.open(browser, server.url);
    const { page } = journey;
    await journey.goto('/auth');
    expect(await page.getByText('Or continue with').isVisible()).toBe(true);
    await page.getByRole('link', { name: /google/i }).or(page.getByRole('button', { name: /google/i })).first().click();

    await page.waitForURL((url) => url.origin === issuer.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    await page.waitForURL((url) => url.origin === issuer.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByRole('button', { name: 'Allow' }).click();

    await journey.expectPath('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
    expect(await page.getByRole('button', { name: 'grace.hopper' }).isVisible()).toBe(true);

    // A Google account has no password; it can set one on the profile, then sign in with it.
    await journey.goto('/profile');
    await page.getByLabel('New password').fill('hopper-secret-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText('Password set', { exact: true }).isVisible()).toBe(true);
    await logoutThroughMenu(page, 'grace.hopper');
    await journey.expectPath('/');
    await loginThroughForm(journey, 'grace.hopper', 'hopper-secret-1');
    await journey.expectPath('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
    await journey.close();
  });

  it('returns to the page the sign-in started from', async () => {
    const journey = await Journey.open(browser, server.url);
    const { page } = journey;
    await journey.goto('/profile');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
    await page.getByRole('link', { name: /google/i }).or(page.getByRole('button', { name: /google/i })).first().click();
    await page.waitForURL((url) => url.origin === issuer.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByRole('button', { name: 'Continue as Grace Hopper' }).click();
    await page.waitForURL((url) => url.origin === issuer.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByRole('button', { name: 'Allow' }).click();
    await journey.expectPath('/profile');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('grace.hopper');
    await journey.close();
  });

  it('shows a readable error on /auth-callback and goes home after 3 seconds', async () => {
    const journey = await Journey.open(browser, server.url);
    const { page } = journey;
    await page.goto('/api/auth/google/callback?state=forged&code=forged');
    await page.waitForURL((url) => url.pathname === '/auth-callback');
    await journey.settle();
    expect(await page.getByRole('heading', { name: 'Authentication in Progress' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /sign-in/i }).count()).toBeGreaterThan(0);
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await journey.close();
  });
});
