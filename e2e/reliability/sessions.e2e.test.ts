import { expect, it } from 'vitest';
import { Journey } from '../support/browser.js';
import { logoutThroughMenu, registerThroughForm } from '../support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from '../support/fixtures.js';

/** In Chromium: the session token is never readable by the page's JavaScript. */
describeInBrowser('session cookie in the browser', () => {
  const site = useSite();

  it('keeps the session token away from document.cookie, and drops it at logout', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page, context } = journey;
    const username = uniqueUsername('jar');
    await journey.goto('/');
    await registerThroughForm(journey, username);

    // The browser holds the session (the page shows the signed-in feed)...
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');
    const stored = (await context.cookies()).find((c) => c.name === 'broadsheet_session');
    expect(stored).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(stored!.value).toHaveLength(43);
    // ...but script on the page cannot read it, nor learn it from fetch responses.
    expect(await page.evaluate(() => document.cookie)).not.toContain('broadsheet_session');
    expect(await page.evaluate(() => document.cookie)).not.toContain(stored!.value);
    const visible = await page.evaluate(async () => {
      const response = await fetch('/api/user');
      return `${JSON.stringify([...response.headers])}${await response.text()}`;
    });
    expect(visible).not.toContain(stored!.value);
    // Even writing a cookie of that name from script cannot replace the HttpOnly one.
    await page.evaluate(() => (document.cookie = 'broadsheet_session=forged; path=/'));
    expect((await context.cookies()).find((c) => c.name === 'broadsheet_session')?.value).toBe(stored!.value);

    await logoutThroughMenu(page, username);
    await journey.expectPath('/');
    expect((await context.cookies()).find((c) => c.name === 'broadsheet_session')).toBeUndefined();
    // The old token is dead on the server too.
    const replay = await fetch(`${site.server.url}/api/user`, { headers: { cookie: `broadsheet_session=${stored!.value}` } });
    expect(replay.status).toBe(401);
    await journey.close();
  });
});
