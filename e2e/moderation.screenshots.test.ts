import { spawnSync } from 'node:child_process';
import type { APIRequestContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';

/**
 * The moderation screens with something in every section, at 390 and 1366 px, light and dark, into
 * SHOTS_DIR for a person to look at (`SHOTS_DIR=… npm run screenshots`). The journeys of `npm test`
 * check their behaviour and axe them.
 */

async function postJson<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

describeInBrowser('the moderation pages, for a person to look at', () => {
  const site = useSite();

  it('screenshots channel moderation (each section), admin moderation and the report dialog', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const ownerName = uniqueUsername('editor');
    await registerThroughForm(owner, ownerName);
    const admin = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', ownerName], {
      env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(admin.status, admin.stderr).toBe(0);
    const request = owner.context.request;
    const channel = await postJson<{ id: number }>(request, '/api/channels', { name: 'Harbour Watch', description: 'News from the quay.' });
    const article = await postJson<{ id: number; slug: string }>(request, '/api/articles', {
      title: 'Ferry timetable changes from Monday',
      content: '<p>The morning ferry leaves at seven from Monday.</p>',
      channelId: channel.id,
    });

    const readers = [];
    for (const prefix of ['spammer', 'reader', 'critic']) {
      const journey = await Journey.open(site.browser, site.server.url);
      const username = uniqueUsername(prefix);
      await registerThroughForm(journey, username);
      readers.push({ journey, username, request: journey.context.request });
    }
    const [spammer, reader, critic] = readers as [(typeof readers)[0], (typeof readers)[0], (typeof readers)[0]];
    const spam = await postJson<{ id: number }>(spammer.request, `/api/articles/${article.id}/comments`, {
      content: 'Cheap watches and sunglasses at example.test, today only, free shipping on every order over ten pounds!',
      parent_id: null,
    });
    for (const [who, reason, text] of [
      [reader, 'spam', 'Posted under every article this week.'],
      [critic, 'harassment', null],
    ] as const) {
      await postJson(who.request, '/api/reports', { targetType: 'comment', targetId: spam.id, reason, text });
    }
    await postJson(critic.request, '/api/reports', { targetType: 'article', targetId: article.id, reason: 'misinformation', text: 'The timetable on the council site says eight.' });
    await postJson(reader.request, '/api/reports', { targetType: 'user', targetId: (await (await spammer.request.get('/api/user')).json()).id, reason: 'spam', text: null });

    // Hold first comments, with a few blocked words; a newcomer's comment waits, one with a blocked word too.
    const put = await request.put(`/api/channels/${channel.id}/moderation`, { data: { commentPolicy: 'hold_first', blockedWords: ['casino', 'free money', 'crypto giveaway'] } });
    expect(put.status(), await put.text()).toBe(200);
    await postJson(critic.request, `/api/articles/${article.id}/comments`, { content: 'Will the evening ferry change too? Nobody at the quay could say.', parent_id: null });
    await postJson(reader.request, `/api/articles/${article.id}/comments`, { content: 'Join my casino night at the harbour pub.', parent_id: null });
    await postJson(request, `/api/channels/${channel.id}/bans`, { username: spammer.username, reason: 'Advertising after two warnings', days: 30 });
    await postJson(request, `/api/channels/${channel.id}/bans`, { username: critic.username, reason: null, days: null });

    for (const width of [390, 1366]) {
      await owner.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const tab of ['reports', 'held', 'bans', 'settings', 'log']) {
        await owner.goto(`/channels/${channel.id}/moderation${tab === 'reports' ? '' : `?tab=${tab}`}`);
        await shoot(owner.page, `channel-moderation-${tab}`);
      }
      for (const tab of ['reports', 'suspensions', 'log']) {
        await owner.goto(`/admin/moderation${tab === 'reports' ? '' : `?tab=${tab}`}`);
        if (tab === 'suspensions') {
          await owner.page.getByRole('searchbox', { name: 'Username' }).fill('reader');
          await owner.page.getByRole('button', { name: 'Find' }).click();
          await owner.page.getByRole('list', { name: 'Users found' }).waitFor();
        }
        await shoot(owner.page, `admin-moderation-${tab}`);
      }
      const page = reader.journey.page;
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await reader.journey.goto(`/articles/${article.slug}-${article.id}`);
      await page.getByRole('button', { name: 'Report article' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this article' });
      await dialog.getByRole('radio', { name: 'Misinformation' }).check();
      await dialog.getByLabel('Note for the moderators (optional)').fill('The date in the second paragraph is wrong.');
      await shoot(page, 'report-dialog');
      await page.keyboard.press('Escape');
    }

    for (const journey of [...readers.map((r) => r.journey), owner]) await journey.close();
  });
});
