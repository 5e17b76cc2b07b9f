import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

const PHONE = { width: 390, height: 844 };

/** How wide the page is laid out: more than the screen means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether a control is whole on screen: inside the viewport, and its text not cut (no ellipsis, no overflow). */
async function whollyShown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const clipped = [element, ...element.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth + 1);
    let ancestor = element.parentElement;
    let hiddenByAncestor = false;
    while (ancestor) {
      const style = getComputedStyle(ancestor);
      if (style.overflowX !== 'visible') {
        const outer = ancestor.getBoundingClientRect();
        if (box.left < outer.left - 1 || box.right > outer.right + 1) hiddenByAncestor = true;
      }
      ancestor = ancestor.parentElement;
    }
    return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && !clipped && !hiddenByAncestor;
  });
}

/** What a reader on a 390 px phone sees: nothing wider than the screen, nothing cut off. */
describeInBrowser('pages on a phone', () => {
  const site = useSite();

  it('shows a signed-out visitor the Login button in the header', async () => {
    const journey = await Journey.open(site.browser, site.server.url, PHONE);
    await journey.goto('/');
    const login = journey.page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });
    expect(await login.isVisible()).toBe(true);
    expect(await login.getAttribute('href')).toMatch(/^\/auth/);
    expect(await whollyShown(login)).toBe(true);
    await journey.goto('/auth');
    expect(await journey.page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    await journey.close();
  });

  it('lays channel analytics out within the screen', async () => {
    const owner = await registerThroughApi(site.server.url, 'analyst');
    const channel = await createThroughApi<{ id: number }>(site.server.url, owner.cookie, '/api/channels', { name: 'Morning Figures', description: 'Numbers' });
    const journey = await Journey.open(site.browser, site.server.url, PHONE);
    await journey.context.addCookies(browserCookies(site.server.url, owner.cookie));
    await journey.goto(`/channels/${channel.id}/analytics`);
    expect(await journey.page.getByRole('heading', { level: 1 }).textContent()).toBe('Channel Analytics');
    expect(await pageWidth(journey.page)).toBeLessThanOrEqual(PHONE.width);
    expect(await whollyShown(journey.page.getByRole('button', { name: 'All time' }))).toBe(true);
    await journey.close();
  });

  it("shows each of the profile's subscriptions whole, with its View and Unsubscribe controls", async () => {
    const owner = await registerThroughApi(site.server.url, 'publisher');
    const channel = await createThroughApi<{ id: number }>(site.server.url, owner.cookie, '/api/channels', {
      name: 'The Long-Named Evening Harbour Gazette',
      description: 'Tides, ferries and the people who work the quays, every evening.',
    });
    const reader = await registerThroughApi(site.server.url, 'subscriber');
    const subscribed = await fetch(`${site.server.url}/api/channels/${channel.id}/subscribe`, { method: 'POST', headers: { cookie: reader.cookie } });
    expect(subscribed.status).toBe(200);

    const journey = await Journey.open(site.browser, site.server.url, PHONE);
    const { page } = journey;
    await journey.context.addCookies(browserCookies(site.server.url, reader.cookie));
    await journey.goto('/profile');
    const view = page.getByRole('link', { name: 'View The Long-Named Evening Harbour Gazette' });
    const unsubscribe = page.getByRole('button', { name: 'Unsubscribe from The Long-Named Evening Harbour Gazette' });
    expect(await view.isVisible()).toBe(true);
    expect(await unsubscribe.isVisible()).toBe(true);
    expect(await whollyShown(view)).toBe(true);
    expect(await whollyShown(unsubscribe)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await journey.close();
  });
});
