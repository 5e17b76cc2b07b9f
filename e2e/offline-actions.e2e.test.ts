import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

/**
 * A reader who loses the connection is told so, and what becomes of what they do meanwhile: a like
 * waits and is sent when the connection is back, a comment is not sent and stays in its box.
 */
describeInBrowser('likes and comments made offline', () => {
  const site = useSite();

  it('shows an offline notice, sends a like made offline once back online, and says a comment made offline was not sent', async () => {
    const author = await registerThroughApi(site.server.url, 'author');
    const channel = await createThroughApi<{ id: number }>(site.server.url, author.cookie, '/api/channels', { name: 'Tunnel Notes', description: 'Underground' });
    const article = await createThroughApi<{ id: number; slug: string }>(site.server.url, author.cookie, '/api/articles', {
      title: 'Signal returns to the tunnel',
      content: '<p>Phones work on the platform again.</p>',
      channelId: channel.id,
    });
    const reader = await registerThroughApi(site.server.url, 'rider');
    const journey = await Journey.open(site.browser, site.server.url);
    const { page, context } = journey;
    await context.addCookies(browserCookies(site.server.url, reader.cookie));
    await journey.goto(`/articles/${article.slug}-${article.id}`);
    const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
    expect(await notice.count()).toBe(0);

    await context.setOffline(true);
    await notice.waitFor();

    // The like: shown at once, said to wait, and sent when the connection is back.
    await page.getByRole('button', { name: /^Like\b/ }).click();
    // exact: the toast's live region repeats the text inside a longer announcement.
    await page.getByText('Your like will be sent when the connection is back.', { exact: true }).waitFor();
    expect(await page.getByTestId('like-count').textContent()).toBe('1');
    await context.setOffline(false);
    await page.getByText('Article liked!', { exact: true }).waitFor();
    await notice.waitFor({ state: 'detached' });
    const stored = await (await fetch(`${site.server.url}/api/articles/${article.id}`, { headers: { cookie: reader.cookie } })).json();
    expect([stored.likes, stored.userReaction]).toEqual([1, true]);

    // The comment: not sent, the reader is told so, the text stays for another try.
    await context.setOffline(true);
    await notice.waitFor();
    const alerts: string[] = [];
    page.removeAllListeners('dialog');
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const section = page.locator('#comments');
    const box = section.getByLabel('Add a comment');
    await box.fill('Finally, a signal.');
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => alerts).toHaveLength(1);
    expect(alerts[0]).toBe('Failed to post comment: you are offline. Your comment is still in the box; send it again once you are back online.');
    expect(await box.inputValue()).toBe('Finally, a signal.');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Signal returns to the tunnel');

    await context.setOffline(false);
    await section.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => section.locator('h2').first().textContent()).toBe('Comments (1)');
    expect(alerts).toHaveLength(1);
    // Chromium logs the request that found no connection; that is the case under test.
    journey.problems.splice(0, journey.problems.length, ...journey.problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem)));
    await journey.close();
  });
});
