import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';
import { shoot } from './support/shots.js';

/**
 * The newsroom's workflow screens with something in each, at 390 and 1366 px, light and dark, into
 * SHOTS_DIR for a person to look at (`SHOTS_DIR=… npm run screenshots`): the review queue (in review
 * and scheduled), the request-changes dialog, the editor for a writer (the note shown) and for an
 * editor (the Schedule field, then a scheduled article), and the Drafts tab with its badges. The
 * journey of `npm test` checks their behaviour and axes them.
 */

async function ok<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await api<T>(page, method, url, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const DAY = 86_400_000;

describeInBrowser('the newsroom workflow pages, for a person to look at', () => {
  const site = useSite();

  it('screenshots the queue, the request-changes dialog, the editor for a writer and an editor, and the Drafts tab', async () => {
    const owner = await Journey.open(site.browser, site.server.url, undefined, { timezoneId: 'Europe/London' });
    const o = owner.page;
    await registerThroughForm(owner, uniqueUsername('owner'));
    const channel = await ok<{ id: number }>(o, 'POST', '/api/channels', { name: 'Quay Times', description: 'The harbour, daily.' });

    const staff: { journey: Journey; username: string }[] = [];
    for (const [prefix, role] of [
      ['writer', 'writer'],
      ['editor', 'editor'],
    ] as const) {
      const journey = await Journey.open(site.browser, site.server.url, undefined, { timezoneId: 'Europe/London' });
      const username = uniqueUsername(prefix);
      await registerThroughForm(journey, username);
      await ok(o, 'POST', `/api/channels/${channel.id}/staff`, { username, role });
      const [invitation] = await ok<{ id: number }[]>(journey.page, 'GET', '/api/invitations');
      await ok(journey.page, 'POST', `/api/invitations/${invitation!.id}/accept`);
      staff.push({ journey, username });
    }
    const [writer, editor] = staff as [(typeof staff)[0], (typeof staff)[0]];
    const w = writer.journey.page;

    const file = async (title: string, content: string) => {
      const article = await ok<{ id: number }>(w, 'POST', '/api/articles', { title, content, channelId: channel.id });
      return article.id;
    };
    const submitted = await file('Night ferry cancelled for the winter', '<p>The last crossing of the night will not run this winter.</p>');
    await ok(w, 'POST', `/api/articles/${submitted}/submit`);
    const sentBack = await file('Harbour wall repairs run late', '<p>The contractor blames the spring tides.</p>');
    await ok(w, 'POST', `/api/articles/${sentBack}/submit`);
    await ok(o, 'POST', `/api/articles/${sentBack}/review`, {
      decision: 'request_changes',
      note: 'Ask the council for the new finishing date, and say how much the delay costs.',
    });
    const scheduled = await file('Lifeboat open day on Saturday', '<p>Tours of the station from ten until four.</p>');
    await ok(o, 'PATCH', `/api/articles/${scheduled}`, { publishAt: new Date(Date.now() + 2 * DAY).toISOString() });
    await file('Fish market moves to the north quay', '<p>A first draft.</p>');

    for (const width of [390, 1366]) {
      const viewport = { width, height: width === 390 ? 844 : 900 };
      for (const page of [o, w, editor.journey.page]) await page.setViewportSize(viewport);

      await owner.goto(`/channels/${channel.id}/queue`);
      await shoot(o, 'newsroom-queue');
      await o.getByRole('listitem', { name: 'Night ferry cancelled for the winter' }).getByRole('button', { name: 'Request changes' }).click();
      const dialog = o.getByRole('dialog', { name: 'Request changes' });
      await dialog.getByLabel('What needs to change').fill('Give the dates the crossing stops and starts again.');
      await shoot(o, 'newsroom-request-changes');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await writer.journey.goto(`/articles/${sentBack}/edit`);
      await shoot(w, 'newsroom-editor-writer');

      await editor.journey.goto(`/articles/${submitted}/edit`);
      await shoot(editor.journey.page, 'newsroom-editor-editor');
      await editor.journey.goto(`/articles/${scheduled}/edit`);
      await shoot(editor.journey.page, 'newsroom-editor-scheduled');

      await owner.goto(`/channels/${channel.id}`);
      await o.getByRole('tab', { name: 'Drafts' }).click();
      await o.getByRole('row', { name: /Lifeboat open day/ }).waitFor();
      await shoot(o, 'newsroom-drafts-tab');
    }

    await editor.journey.close();
    await writer.journey.close();
    await owner.close();
  }, 240_000);
});
