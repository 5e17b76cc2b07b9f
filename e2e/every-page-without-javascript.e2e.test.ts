import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Journey } from './support/browser.js';
import { registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

/**
 * Every route of the table has its content in the HTML the server sends (docs/decisions/008-one-render-path.md):
 * each page's loader ran on the server, so with JavaScript off a reader sees the page itself, not a
 * spinner waiting for a script.
 */

/** What the page's own main region says, and whether anything in it is still waiting to load. */
async function contentOf(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'load' });
  const heading = (await page.locator('main h1').first().textContent())?.trim();
  const waiting = await page.locator('main [role="status"]').evaluateAll((nodes) =>
    nodes.map((node) => node.textContent?.trim() ?? '').filter((text) => /^Loading|Checking|Reading the link/.test(text)),
  );
  return { status: response?.status(), heading, waiting, text: await page.locator('main').innerText() };
}

describeInBrowser('every page without JavaScript', () => {
  const site = useSite();

  it('has each route’s content in the server’s HTML, signed out, signed in, as an owner and as an admin', async () => {
    // An owner (made an admin with the admin command) with a channel, an article, a subscriber.
    const owner = await Journey.open(site.browser, site.server.url);
    const username = uniqueUsername('owner');
    await registerThroughForm(owner, username);
    const channel = await api<{ id: number; slug: string }>(owner.page, 'POST', '/api/channels', { name: uniqueUsername('Quay Desk'), description: 'Quay news' });
    const article = await api<{ id: number; slug: string }>(owner.page, 'POST', '/api/articles', {
      title: 'Quay lights repaired',
      content: '<p>The quay is lit again.</p>',
      channelId: channel.body.id,
    });
    await api(owner.page, 'POST', `/api/articles/${article.body.id}/comments`, { content: 'Well done, harbour crew.' });
    const cookies = await owner.context.cookies();
    await owner.close();
    const subscriber = await Journey.open(site.browser, site.server.url);
    const subscriberName = uniqueUsername('follower');
    await registerThroughForm(subscriber, subscriberName);
    expect((await api(subscriber.page, 'POST', `/api/channels/${channel.body.id}/subscribe`)).status).toBe(200);
    await subscriber.close();
    execFileSync(process.execPath, ['dist/server/admin.js', 'grant', username], {
      env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });

    const articlePath = `/articles/${article.body.slug}-${article.body.id}`;
    const signedOut = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    const signedIn = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false });
    await signedIn.addCookies(cookies);
    try {
      const anonymous = await signedOut.newPage();
      const reader = await signedIn.newPage();
      const expectations: [Page, string, string, string?][] = [
        [anonymous, '/', 'Popular Articles', 'Quay lights repaired'],
        [anonymous, '/auth', 'Welcome to Broadsheet', 'Username'],
        [anonymous, '/auth-callback', 'Authentication in Progress'],
        [anonymous, '/channels', 'Explore Channels'],
        [anonymous, articlePath, 'Quay lights repaired', 'Well done, harbour crew.'],
        [anonymous, `${articlePath}/history`, 'History of', 'Revision 1'],
        [anonymous, '/reset-password', 'Choose a new password', 'This link is not valid any more'],
        [anonymous, '/confirm-email', 'Confirm your email'],
        [anonymous, '/unsubscribe', 'Unsubscribe'],
        [anonymous, '/no-such-page', '404 Page Not Found'],
        [reader, '/', 'Your Feed'],
        [reader, `/channels/${channel.body.id}`, '', 'Quay lights repaired'],
        [reader, `/channels/${channel.body.slug}/${channel.body.id}`, '', 'Quay lights repaired'],
        [reader, articlePath, 'Quay lights repaired', 'Edit'],
        [reader, `${articlePath}/history?version=1`, 'History of', 'Restore this version'],
        [reader, '/channels/new', 'Create Channel', 'Channel Name'],
        [reader, `/channels/${channel.body.id}/subscribers`, 'Subscribers', subscriberName],
        [reader, `/channels/${channel.body.id}/analytics`, 'Channel Analytics', 'Views'],
        [reader, `/channels/${channel.body.id}/moderation`, 'Moderation', 'No open reports'],
        [reader, '/profile', username, 'Subscriptions'],
        [reader, '/articles/new', 'Create Article', 'Title'],
        [reader, `/channels/${channel.body.id}/articles/new`, 'Create Article', 'Title'],
        [reader, `/articles/${article.body.id}/edit`, 'Edit Article', 'The quay is lit again.'],
        [reader, '/admin', 'Admin Dashboard', 'Quay lights repaired'],
        [reader, '/admin/moderation', 'Moderation', 'Open reports across the site'],
      ];
      for (const [page, path, heading, text] of expectations) {
        const content = await contentOf(page, path);
        expect(content.status, path).toBe(path === '/no-such-page' ? 404 : 200);
        if (heading) expect(content.heading, path).toContain(heading);
        if (text) expect(content.text, path).toContain(text);
        expect(content.waiting, `${path} still waiting for a script`).toEqual([]);
      }
    } finally {
      await signedOut.close();
      await signedIn.close();
    }
  });
});
