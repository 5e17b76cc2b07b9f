import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';

describeInBrowser('reporting a comment', () => {
  const site = useSite();

  it('after "Report sent" the comment reads "Reported" instead of offering Report again, also after a reload', async () => {
    const base = site.server.url;
    const owner = await registerThroughApi(base, 'owner');
    const channel = await createThroughApi<{ id: number }>(base, owner.cookie, '/api/channels', { name: 'Harbour Watch', description: 'News from the quay' });
    const article = await createThroughApi<{ id: number; slug: string }>(base, owner.cookie, '/api/articles', {
      title: 'Ferry timetable changes',
      content: '<p>The morning ferry leaves at seven from Monday.</p>',
      channelId: channel.id,
    });
    const spammer = await registerThroughApi(base, 'spammer');
    const spam = await createThroughApi<{ id: number }>(base, spammer.cookie, `/api/articles/${article.id}/comments`, { content: 'Cheap watches at example.test', parent_id: null });
    await createThroughApi(base, spammer.cookie, `/api/articles/${article.id}/comments`, { content: 'Watches, again', parent_id: spam.id });
    const reader = await registerThroughApi(base, 'reader');

    const journey = await Journey.open(site.browser, base, { width: 1366, height: 900 });
    const { page } = journey;
    await journey.context.addCookies(browserCookies(base, reader.cookie));
    const path = `/articles/${article.slug}-${article.id}`;
    await journey.goto(path);
    const thread = page.locator('#comments').getByRole('listitem', { name: `Comment by ${spammer.username}` });
    const actions = thread.getByRole('button', { name: 'Report' });
    expect(await actions.count()).toBe(2);
    await actions.first().click();
    const dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => page.getByText('Report sent', { exact: true }).first().isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    // The comment reported reads 'Reported'; its reply, not reported, still offers Report.
    await expect.poll(() => thread.getByText('Reported', { exact: true }).count()).toBe(1);
    expect(await thread.getByRole('button', { name: 'Report' }).count()).toBe(1);
    expect(await thread.getByRole('listitem', { name: `Reply by ${spammer.username}` }).getByRole('button', { name: 'Report' }).count()).toBe(1);
    await shoot(page, 'comment-reported');

    // The server tells it on the next visit.
    await journey.goto(path);
    await expect.poll(() => thread.getByText('Reported', { exact: true }).count()).toBe(1);
    expect(await thread.getByRole('button', { name: 'Report' }).count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'comment-reported');
    await journey.close();
  });
});
