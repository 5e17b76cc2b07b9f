import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { expectHeadingsInOrder } from './support/heading-order.js';
import { api } from './support/page-api.js';

/** The owner's zone is not UTC, so the Schedule field's time is really read in the reader's zone. */
const OWNER_ZONE = 'Europe/Paris';

/** The wall-clock minute (datetime-local) of an instant in a zone. */
function wallMinute(instant: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function ok<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await api<T>(page, method, url, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** Replaces the editor's text once it is ready (its chunk loads after hydration), and waits until it holds it. */
async function typeContent(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Content' });
  await page.locator('.ProseMirror[contenteditable="true"]').waitFor();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect.poll(() => editor.textContent()).toBe(text);
}

describeInBrowser('the newsroom in the browser', () => {
  // The scheduler looks every second, so the journey waits for the minute it chose, not for a tick.
  const site = useSite({ SCHEDULER_INTERVAL_MS: '1000' });

  it('a writer files and submits, the owner sends it back, the writer revises, the owner schedules it and it goes out on time', async () => {
    const owner = await Journey.open(site.browser, site.server.url, undefined, { timezoneId: OWNER_ZONE });
    const o = owner.page;
    const ownerName = uniqueUsername('owner');
    await registerThroughApiSignedIn(owner, ownerName);
    const channel = await ok<{ id: number; name: string }>(o, 'POST', '/api/channels', { name: `Quay Times ${ownerName}`.slice(0, 80), description: 'The harbour, daily.' });

    const writer = await Journey.open(site.browser, site.server.url);
    const w = writer.page;
    const writerName = uniqueUsername('writer');
    await registerThroughApiSignedIn(writer, writerName);

    // The owner invites the writer; the writer accepts (the staff page and profile card have their own journeys).
    await ok(o, 'POST', `/api/channels/${channel.id}/staff`, { username: writerName, role: 'writer' });
    const [invitation] = await ok<{ id: number }[]>(w, 'GET', '/api/invitations');
    await ok(w, 'POST', `/api/invitations/${invitation!.id}/accept`);

    // The writer has no channel of their own, yet Create Article opens (not /channels/new) with the channel as a writer.
    await writer.goto('/articles/new');
    const channelSelect = w.getByLabel('Channel');
    expect(await channelSelect.locator('option:checked').textContent()).toBe(`${channel.name} (Writer)`);
    // A writer never publishes: no 'Save as draft' switch, no Publish, no Schedule.
    expect(await w.getByRole('switch', { name: 'Save as draft' }).count()).toBe(0);
    expect(await w.getByRole('button', { name: 'Save Draft' }).isVisible()).toBe(true);
    expect(await w.getByLabel('Publish at').count()).toBe(0);
    const title = `Night ferry cancelled ${writerName}`;
    await w.getByLabel('Title', { exact: true }).fill(title);
    await typeContent(w, 'The last crossing of the night will not run this winter.');
    await w.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => w.getByText('Submitted for review', { exact: true }).first().isVisible()).toBe(true);
    await writer.expectPath(/^\/articles\/\d+\/edit$/);
    const articleId = Number(/\/articles\/(\d+)\/edit/.exec(w.url())![1]);
    await expect.poll(() => w.getByRole('region', { name: 'Status' }).getByText('In review', { exact: true }).isVisible()).toBe(true);

    // The owner reaches the queue from the channel page and sends it back with a note.
    await owner.goto(`/channels/${channel.id}`);
    await o.getByRole('link', { name: 'Review queue' }).click();
    await owner.expectPath(`/channels/${channel.id}/queue`);
    const item = o.getByRole('listitem', { name: title });
    await item.waitFor();
    await expectHeadingsInOrder(o, 'the review queue');
    expect(await item.getByRole('link', { name: writerName, exact: true }).isVisible()).toBe(true);
    expect(await item.getByText('In review', { exact: true }).isVisible()).toBe(true);
    await item.getByRole('button', { name: 'Request changes' }).click();
    const dialog = o.getByRole('dialog', { name: 'Request changes' });
    await dialog.waitFor();
    // The note is where the focus goes, and it is required.
    await expect.poll(() => o.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await dialog.getByRole('button', { name: 'Send back to the writer' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Please say what needs to change');
    const note = 'Say which winter: give the dates the crossing stops and starts again.';
    await dialog.getByLabel('What needs to change').fill(note);
    await expectAccessible(o, 'request changes dialog');
    await dialog.getByRole('button', { name: 'Send back to the writer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => o.getByText('Nothing is waiting: no article is in review or scheduled.').isVisible()).toBe(true);

    // The writer reads the note in the editor, revises and submits again.
    await writer.goto(`/articles/${articleId}/edit`);
    const status = w.getByRole('region', { name: 'Status' });
    expect(await status.getByRole('note').textContent()).toBe(`Changes requested: ${note}`);
    expect(await status.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    await typeContent(w, 'The last crossing of the night will not run from 1 December to 28 February.');
    await w.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => status.getByText('In review', { exact: true }).isVisible()).toBe(true);
    expect(await status.getByRole('note').count()).toBe(0);

    // The owner schedules it from the editor, for the next whole minute at least 40 s away, in their own zone.
    await owner.goto(`/articles/${articleId}/edit`);
    const panel = o.getByRole('region', { name: 'Status' });
    expect(await panel.getByText('In review', { exact: true }).isVisible()).toBe(true);
    expect(await o.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);
    expect(await o.getByText(`Your time zone: ${OWNER_ZONE.replace('_', ' ')}`, { exact: false }).isVisible()).toBe(true);
    // A time in the past is refused beside the field, in the server's words.
    await panel.getByLabel('Publish at').fill(wallMinute(Date.now() - 3_600_000, OWNER_ZONE));
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('publishAt must be in the future');
    const goesOut = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
    await panel.getByLabel('Publish at').fill(wallMinute(goesOut, OWNER_ZONE));
    await panel.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => panel.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Reschedule' }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Unschedule' }).isVisible()).toBe(true);
    expect(await panel.locator('time').getAttribute('dateTime')).toBe(new Date(goesOut).toISOString());
    await expectAccessible(o, 'editor with the status panel');
    const article = (await ok<{ slug: string; status: string; publishAt: string }>(o, 'GET', `/api/articles/${articleId}`));
    expect([article.status, article.publishAt]).toEqual(['scheduled', new Date(goesOut).toISOString()]);

    // The Drafts tab shows it scheduled, with its author.
    await owner.goto(`/channels/${channel.id}`);
    await o.getByRole('tab', { name: 'Drafts' }).click();
    const row = o.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: writerName, exact: true }).isVisible()).toBe(true);

    // Before its time a signed-out reader gets the not-found page at its address.
    const reader = await Journey.open(site.browser, site.server.url);
    const r = reader.page;
    const response = await r.goto(`/articles/${article.slug}-${articleId}`);
    expect(response?.status()).toBe(404);
    await reader.settle();
    expect(await r.getByRole('heading', { level: 1 }).textContent()).toBe('Article not found');

    // It appears on the channel's Published table on time (the scheduler's promise: within 15 s).
    const published = o.getByRole('tabpanel').getByRole('link', { name: title });
    let seenAt = 0;
    while (Date.now() < goesOut + 30_000) {
      await o.reload({ waitUntil: 'load' });
      await owner.settle();
      if (await published.count()) {
        seenAt = Date.now();
        break;
      }
      await o.waitForTimeout(2_000);
    }
    expect(seenAt, 'the article was not published on time').toBeGreaterThanOrEqual(goesOut);
    expect(seenAt - goesOut).toBeLessThan(20_000);
    const live = await r.goto(`/articles/${article.slug}-${articleId}`);
    expect(live?.status()).toBe(200);
    await reader.settle();
    expect(await r.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // Its publication time is the scheduled one (the product's Published date).
    expect(await r.locator('dl time').first().getAttribute('dateTime')).toBe(new Date(goesOut).toISOString());

    await reader.close();
    await writer.close();
    await owner.close();
  }, 240_000);

  it('a writer reads the queue without its buttons and edits their draft in the editor page; someone outside the channel gets the not-found page', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const o = owner.page;
    await registerThroughApiSignedIn(owner, uniqueUsername('owner'));
    const channel = await ok<{ id: number; name: string }>(o, 'POST', '/api/channels', { name: `Harbour Post ${Date.now()}`, description: 'The quay.' });
    const writer = await Journey.open(site.browser, site.server.url);
    const w = writer.page;
    const writerName = uniqueUsername('writer');
    await registerThroughApiSignedIn(writer, writerName);
    await ok(o, 'POST', `/api/channels/${channel.id}/staff`, { username: writerName, role: 'writer' });
    const [invitation] = await ok<{ id: number }[]>(w, 'GET', '/api/invitations');
    await ok(w, 'POST', `/api/invitations/${invitation!.id}/accept`);
    const title = `Tide tables reprinted ${writerName}`;
    const filed = await ok<{ id: number; slug: string }>(w, 'POST', '/api/articles', { title, content: '<p>The printer got April wrong.</p>', channelId: channel.id });
    await ok(w, 'POST', `/api/articles/${filed.id}/submit`);

    // The writer sees the queue, without Approve, Request changes or Publish now.
    await writer.goto(`/channels/${channel.id}/queue`);
    const item = w.getByRole('listitem', { name: title });
    await item.waitFor();
    expect(await item.getByRole('button').count()).toBe(0);
    expect(await w.getByText(/You are a writer here/).isVisible()).toBe(true);

    // On the channel page the writer has the Drafts tab; on the article, Edit and Delete but no Publish, and Edit opens the editor page.
    await writer.goto(`/channels/${channel.id}`);
    await w.getByRole('tab', { name: 'Drafts' }).click();
    await w.getByRole('row', { name: new RegExp(title) }).getByRole('link', { name: title }).click();
    await writer.expectPath(`/articles/${filed.slug}-${filed.id}`);
    const actions = w.getByRole('group', { name: 'Article actions' });
    await actions.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    await actions.getByRole('button', { name: 'Edit' }).click();
    await writer.expectPath(`/articles/${filed.id}/edit`);
    expect(await w.getByRole('region', { name: 'Status' }).getByText('In review', { exact: true }).isVisible()).toBe(true);

    // A signed-in reader outside the channel learns nothing of its queue.
    const stranger = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(stranger, uniqueUsername('reader'));
    const response = await stranger.page.goto(`/channels/${channel.id}/queue`);
    expect(response?.status()).toBe(404);
    await stranger.settle();
    expect(await stranger.page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    expect(await stranger.page.getByText(title).count()).toBe(0);

    await stranger.close();
    await writer.close();
    await owner.close();
  }, 120_000);
});
