import { spawnSync } from 'node:child_process';
import type { APIRequestContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite, type Site } from './support/fixtures.js';
import { shoot } from './support/shots.js';

async function postJson<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** `npm run admin -- grant <username>` against the journey server's database. */
function grantAdmin(site: Site, username: string) {
  const result = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', username], {
    env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

describeInBrowser('a removed article', () => {
  const site = useSite();

  it('shows an admin and the channel’s owner the removed article, marked removed with its reason; readers get Article not found', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const ownerName = uniqueUsername('owner');
    await registerThroughForm(owner, ownerName);
    const channel = await postJson<{ id: number }>(owner.context.request, '/api/channels', { name: `Harbour Watch ${ownerName}`.slice(0, 80), description: 'News from the quay.' });
    const article = await postJson<{ id: number; slug: string; title: string }>(owner.context.request, '/api/articles', {
      title: 'Seawater cures colds',
      content: '<p>Drink a litre a day.</p>',
      channelId: channel.id,
    });
    const reader = await Journey.open(site.browser, site.server.url);
    await registerThroughForm(reader, uniqueUsername('doctor'));
    await postJson(reader.context.request, '/api/reports', { targetType: 'article', targetId: article.id, reason: 'misinformation' });

    const admin = await Journey.open(site.browser, site.server.url, { width: 1366, height: 900 });
    const adminName = uniqueUsername('admin');
    await registerThroughForm(admin, adminName);
    grantAdmin(site, adminName);
    await postJson(admin.context.request, '/api/moderation/reports/resolve', { targetType: 'article', targetId: article.id, action: 'remove', reason: 'Health claims need a source.' });

    for (const [journey, who] of [[admin, 'admin'], [owner, 'owner']] as const) {
      const { page } = journey;
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await journey.goto(`/articles/${article.slug}-${article.id}`);
        await expect.poll(() => page.getByRole('heading', { level: 1, name: article.title }).isVisible()).toBe(true);
        const note = page.getByRole('alert').filter({ hasText: 'A moderator removed this article' });
        await expect.poll(() => note.getByText('Health claims need a source.').isVisible()).toBe(true);
        if (who === 'admin') expect(await note.textContent()).toContain('Removed: readers cannot see it.');
        await expectAccessible(page, `removed article as ${who} at ${width}`);
        await shoot(page, `removed-article-${who}`);
      }
    }

    await reader.goto(`/articles/${article.slug}-${article.id}`);
    await expect.poll(() => reader.page.getByText('Article not found').first().isVisible()).toBe(true);
    for (const journey of [admin, reader, owner]) await journey.close();
  }, 90_000);
});
