import type { APIRequestContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';

/**
 * The staff pages and the frame's newsroom parts at 390 and 1366 px, light and dark, into SHOTS_DIR
 * for a person to look at (`SHOTS_DIR=… npm run screenshots`). The journeys of `npm test` check
 * their behaviour and axe them.
 */

async function postJson<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

describeInBrowser('the staff pages, for a person to look at', () => {
  const site = useSite();

  it('screenshots the staff page (owner and staff views), its log, the invitations card, the channel menu and the badge', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    await registerThroughForm(owner, uniqueUsername('olive'));
    const request = owner.context.request;
    const channel = await postJson<{ id: number }>(request, '/api/channels', { name: 'Harbour Watch', description: 'News from the quay.' });
    const other = await postJson<{ id: number }>(request, '/api/channels', { name: 'The Riverside Chronicle of Long Names', description: 'Upstream.' });

    const people = [];
    for (const prefix of ['wren', 'eddie', 'pip']) {
      const journey = await Journey.open(site.browser, site.server.url);
      const username = uniqueUsername(prefix);
      await registerThroughForm(journey, username);
      people.push({ journey, username, request: journey.context.request });
    }
    const [writer, editor, invitee] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    for (const [who, role] of [
      [writer, 'writer'],
      [editor, 'editor'],
    ] as const) {
      const invitation = await postJson<{ id: number }>(request, `/api/channels/${channel.id}/staff`, { username: who.username, role });
      await postJson(who.request, `/api/invitations/${invitation.id}/accept`);
    }
    await postJson(request, `/api/channels/${channel.id}/staff`, { username: invitee.username, role: 'writer' });
    // The writer has a pending invitation to another channel too: their menu shows the badge.
    await postJson(request, `/api/channels/${other.id}/staff`, { username: writer.username, role: 'editor' });
    await request.patch(`/api/channels/${channel.id}/staff/${(await (await editor.request.get('/api/user')).json()).id}`, { data: { role: 'editor' } });

    for (const width of [390, 1366]) {
      const viewport = { width, height: width === 390 ? 844 : 900 };
      await owner.page.setViewportSize(viewport);
      await owner.goto(`/channels/${channel.id}/staff`);
      await shoot(owner.page, 'staff-owner');
      await owner.goto(`/channels/${channel.id}/staff?tab=log`);
      await shoot(owner.page, 'staff-log');

      const w = writer.journey;
      await w.page.setViewportSize(viewport);
      await w.goto(`/channels/${channel.id}/staff`);
      await shoot(w.page, 'staff-writer');
      await w.goto('/profile');
      await shoot(w.page, 'profile-invitations');
      if (width === 1366) {
        await w.page.getByRole('button', { name: /^Current channel:/ }).click();
        await w.page.getByRole('menu').waitFor();
        await shoot(w.page, 'channel-menu-staff');
        await w.page.keyboard.press('Escape');
      } else {
        await w.page.getByRole('button', { name: /Open menu/ }).click();
        await w.page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await shoot(w.page, 'side-menu-staff');
        await w.page.keyboard.press('Escape');
      }
    }
    for (const journey of [...people.map((p) => p.journey), owner]) await journey.close();
  });
});
