import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dateFormat } from '../src/contract/formats.js';
import { MODERATION_MESSAGES } from '../src/contract/moderation-rules.js';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';

const ZONE = 'Pacific/Auckland';
const NOTICE = /^This account cannot take part in this channel/;

/** The browser alerts the journey expects (a refused comment post is one), collected instead of failing it. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

async function call(url: string, cookie: string, method: string, body?: unknown) {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

describeInBrowser('a reader banned from a channel', () => {
  const site = useSite();

  it('is told once above the comments until when, and finds the comment box, Reply, Edit, Like and Dislike disabled', async () => {
    const base = site.server.url;
    const owner = await registerThroughApi(base, 'owner');
    const channel = await createThroughApi<{ id: number }>(base, owner.cookie, '/api/channels', { name: 'Quay Talk', description: 'Harbour news' });
    const article = await createThroughApi<{ id: number; slug: string }>(base, owner.cookie, '/api/articles', {
      title: 'New moorings for the fishing fleet',
      content: '<p>Twelve new moorings open in spring.</p>',
      channelId: channel.id,
    });
    const path = `/articles/${article.slug}-${article.id}`;
    const neighbour = await registerThroughApi(base, 'neighbour');
    await createThroughApi(base, neighbour.cookie, `/api/articles/${article.id}/comments`, { content: 'About time too.', parent_id: null });
    const reader = await registerThroughApi(base, 'reader');
    await createThroughApi(base, reader.cookie, `/api/articles/${article.id}/comments`, { content: 'Who pays for them?', parent_id: null });

    const journey = await Journey.open(site.browser, base, { width: 1366, height: 900 }, { timezoneId: ZONE });
    const { page } = journey;
    await journey.context.addCookies(browserCookies(base, reader.cookie));

    // Banned while the page is open: the post still fails with the alert, in the server's words.
    await journey.goto(path);
    const comments = page.locator('#comments');
    expect(await comments.getByText(NOTICE).count()).toBe(0);
    const ban = (await call(`${base}/api/channels/${channel.id}/bans`, owner.cookie, 'POST', { username: reader.username, days: 3 })) as { until: string };
    const alerts = collectAlerts(page);
    await comments.getByLabel('Add a comment').fill('I still have opinions.');
    await comments.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => alerts).toEqual([MODERATION_MESSAGES.banned]);

    // On the next visit the page says it first, once, with the day the ban ends in the reader's zone.
    await journey.goto(path);
    const day = dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone: ZONE }).format(new Date(ban.until));
    const notice = comments.getByText(NOTICE);
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain(`until ${day}`);
    expect(await comments.getByLabel('Add a comment').isDisabled()).toBe(true);
    expect(await comments.getByRole('button', { name: 'Post Comment' }).isDisabled()).toBe(true);
    const neighbourThread = comments.getByRole('listitem', { name: `Comment by ${neighbour.username}` });
    expect(await neighbourThread.getByRole('button', { name: 'Reply' }).isDisabled()).toBe(true);
    const ownThread = comments.getByRole('listitem', { name: `Comment by ${reader.username}` });
    expect(await ownThread.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    const reactions = page.getByRole('group', { name: 'Reactions' });
    expect(await reactions.getByRole('button', { name: /^Like/ }).isDisabled()).toBe(true);
    expect(await reactions.getByRole('button', { name: /^Dislike/ }).isDisabled()).toBe(true);
    await page.locator('#comments').scrollIntoViewIfNeeded();
    await shoot(page, 'banned-reader');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await shoot(page, 'banned-reader');
    // The alert on a refused post was the only one.
    expect(alerts).toEqual([MODERATION_MESSAGES.banned]);

    // Someone who is not banned is offered everything, and told nothing.
    const { id: readerId } = (await call(`${base}/api/user`, reader.cookie, 'GET')) as { id: number };
    await call(`${base}/api/channels/${channel.id}/bans/${readerId}`, owner.cookie, 'DELETE');
    await journey.goto(path);
    expect(await comments.getByText(NOTICE).count()).toBe(0);
    expect(await comments.getByLabel('Add a comment').isDisabled()).toBe(false);
    expect(await reactions.getByRole('button', { name: /^Like/ }).isDisabled()).toBe(false);
    await journey.close();
  });
});
