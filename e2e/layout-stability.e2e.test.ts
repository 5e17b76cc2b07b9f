import { expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

/**
 * Nothing moves once the server's page is painted (CLS 0): the editor's height is kept for it
 * before TipTap arrives, the owner's controls are in the server's HTML, the header names the
 * current channel from its cookie. Measured with the browser's own layout-shift entries.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Sums every layout shift not caused by input, from the first byte of each page the context opens. */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          const text = node && !(node instanceof Element) ? ` "${(node.textContent ?? '').slice(0, 40)}"` : '';
          return element ? `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}${text}` : String(node?.nodeName);
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsOn(journey: Journey, path: string): Promise<{ total: number; shifts: unknown }> {
  await journey.goto(path);
  // Lazily loaded parts (the editor, menus' triggers, comments) settle after hydration.
  await journey.page.waitForTimeout(1500);
  const shifts = (await journey.page.evaluate(() => (window as unknown as { __layoutShifts: { value: number }[] }).__layoutShifts)) as {
    value: number;
  }[];
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

describeInBrowser('layout stability', () => {
  const site = useSite();

  it('moves nothing on the editor, the owner’s article page and the signed-in pages, at 390 and 1366 px', async () => {
    const setup = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(setup, uniqueUsername('steady'));
    const channel = await api<{ id: number }>(setup.page, 'POST', '/api/channels', { name: uniqueUsername('Steady Desk'), description: 'Nothing moves' });
    const article = await api<{ id: number; slug: string }>(setup.page, 'POST', '/api/articles', {
      title: 'A calm harbour at dawn',
      content: '<p>The boats sat still.</p><p>Nothing moved on the water.</p>',
      channelId: channel.body.id,
    });
    expect(article.status).toBe(201);
    const cookies = await setup.context.cookies();
    await setup.close();

    const articlePath = `/articles/${article.body.slug}-${article.body.id}`;
    const pages = ['/', articlePath, '/articles/new', `/channels/${channel.body.id}/articles/new`, `/articles/${article.body.id}/edit`, `/channels/${channel.body.id}`, '/profile', '/channels'];
    for (const viewport of [PHONE, DESKTOP]) {
      const journey = await Journey.open(site.browser, site.server.url, viewport);
      await journey.context.addCookies(cookies);
      await recordLayoutShifts(journey.context);
      for (const path of pages) {
        const { total, shifts } = await shiftsOn(journey, path);
        expect(total, `layout shift on ${path} at ${viewport.width} px: ${JSON.stringify(shifts)}`).toBe(0);
      }
      await journey.close();
    }
  });

  it('moves nothing on the signed-in pages of a staff writer with a pending invitation (menu badge, staff channel selected)', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(owner, uniqueUsername('owner'));
    const writer = await Journey.open(site.browser, site.server.url);
    const writerName = uniqueUsername('staffer');
    await registerThroughApiSignedIn(writer, writerName);
    // One channel whose staff they joined, another whose invitation waits: the menus list one, the badge counts the other.
    for (const name of ['Joined Desk', 'Waiting Desk']) {
      const channel = await api<{ id: number }>(owner.page, 'POST', '/api/channels', { name: uniqueUsername(name), description: 'Nothing moves' });
      const invited = await api<{ id: number }>(owner.page, 'POST', `/api/channels/${channel.body.id}/staff`, { username: writerName, role: 'writer' });
      expect(invited.status).toBe(201);
      if (name === 'Joined Desk') expect((await api(writer.page, 'POST', `/api/invitations/${invited.body.id}/accept`)).status).toBeLessThan(300);
    }
    const cookies = await writer.context.cookies();
    await owner.close();
    await writer.close();

    for (const viewport of [PHONE, DESKTOP]) {
      const journey = await Journey.open(site.browser, site.server.url, viewport);
      await journey.context.addCookies(cookies);
      await recordLayoutShifts(journey.context);
      for (const path of ['/', '/profile', '/channels']) {
        const { total, shifts } = await shiftsOn(journey, path);
        expect(total, `layout shift on ${path} at ${viewport.width} px: ${JSON.stringify(shifts)}`).toBe(0);
        expect(await journey.page.getByTestId('invitations-badge').first().textContent()).toContain('1 invitation');
      }
      await journey.close();
    }
  });

  it('moves nothing on the reading pages for a signed-out reader at 390 px', async () => {
    const journey = await Journey.open(site.browser, site.server.url, PHONE);
    await recordLayoutShifts(journey.context);
    for (const path of ['/', '/channels', '/auth']) {
      const { total, shifts } = await shiftsOn(journey, path);
      expect(total, `layout shift on ${path}: ${JSON.stringify(shifts)}`).toBe(0);
    }
    await journey.close();
  });
});
