import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';

type RevisionItem = { number: number; published: boolean };

describeInBrowser('publishing a draft from the editor', () => {
  const site = useSite();

  async function author() {
    const account = await registerThroughApi(site.server.url, 'onesave');
    const channel = await createThroughApi<{ id: number }>(site.server.url, account.cookie, '/api/channels', { name: `Desk ${account.username}`, description: 'Drafts' });
    const journey = await Journey.open(site.browser, site.server.url);
    await journey.context.addCookies(browserCookies(site.server.url, account.cookie));
    return { ...account, channel, journey };
  }

  async function revisions(cookie: string, id: number): Promise<RevisionItem[]> {
    return (await (await fetch(`${site.server.url}/api/articles/${id}/revisions`, { headers: { cookie } })).json()).items;
  }

  it('records one published revision for one Save that publishes a saved draft, with no "Not public" one beside it', async () => {
    const { cookie, channel, journey } = await author();
    const draft = await createThroughApi<{ id: number }>(site.server.url, cookie, '/api/articles', {
      title: 'Bridge closed for repairs',
      content: '<p>The bridge closes on Monday.</p>',
      channelId: channel.id,
      status: 'draft',
    });
    expect(await revisions(cookie, draft.id)).toHaveLength(1);

    await journey.goto(`/articles/${draft.id}/edit`);
    const { page } = journey;
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Buses run instead.');
    await page.getByLabel('Save as draft').click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await (await fetch(`${site.server.url}/api/articles/${draft.id}`)).json()).published ?? false, { timeout: 15_000 }).toBe(true);

    const record = await revisions(cookie, draft.id);
    expect(record.map((r) => r.published)).toEqual([true, false]);
    await journey.close();
  }, 60_000);

  it('records one revision when a new article, saved as a draft while typed, is published with Publish Article', async () => {
    const { cookie, channel, journey } = await author();
    await journey.goto('/articles/new');
    const { page } = journey;
    await page.getByLabel('Title', { exact: true }).fill('Ferry timetable changes');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('The winter timetable starts on Monday.');
    await expect.poll(async () => (await page.getByTestId('editor-save-status').textContent())?.trim() ?? '', { timeout: 15_000 }).toMatch(/^Saved \d\d:\d\d$/);
    await page.getByRole('button', { name: 'Publish Article' }).click();
    await journey.expectPath(/^\/articles\/ferry-timetable-changes-\d+$/);

    const published = await (await fetch(`${site.server.url}/api/channels/${channel.id}/articles`)).json();
    expect(published).toHaveLength(1);
    expect((await revisions(cookie, published[0].id)).map((r) => r.published)).toEqual([true]);
    await journey.close();
  }, 60_000);
});
