import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { api } from './support/page-api.js';

describeInBrowser('channels, subscriptions and the profile in the browser', () => {
  const site = useSite();

  it('creates a channel, and another reader finds it, subscribes, shows up for the owner, then unsubscribes', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const reader = await Journey.open(site.browser, site.server.url);
    const ownerName = uniqueUsername('owner');
    const readerName = uniqueUsername('reader');
    const channelName = `Harbour Notes ${Date.now().toString(36)}`;

    // The owner creates a channel from the header's channel switcher.
    await registerThroughApiSignedIn(owner, ownerName);
    const o = owner.page;
    await o.getByRole('button', { name: /^Current channel/ }).click();
    await o.getByRole('menuitem', { name: 'Create Channel' }).click();
    // Let the menu finish fading out before axe looks at the page.
    await o.getByRole('menu').waitFor({ state: 'detached' });
    await owner.expectPath('/channels/new');
    await expect.poll(() => o.getByText('You can create 10 more channels (maximum 10).').isVisible()).toBe(true);
    await o.getByLabel('Channel Name').fill(channelName);
    await o.getByLabel('Description').fill('Tides, boats and the people of the quay.');
    expect(await o.getByText('40/800 chars').isVisible()).toBe(true);
    await o.getByRole('button', { name: 'Create Channel' }).click();
    await owner.expectPath(/^\/channels\/\d+$/);
    const channelPath = new URL(o.url()).pathname;
    await expect.poll(() => o.getByRole('heading', { level: 1 }).textContent()).toBe(channelName);
    expect(await o.getByRole('button', { name: 'Edit Channel' }).isVisible()).toBe(true);
    expect(await o.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);

    // It is the current channel in the switcher, and listed there.
    const switcher = o.getByRole('button', { name: /^Current channel/ });
    await expect.poll(() => switcher.textContent()).toContain(channelName);
    await switcher.click();
    expect(await o.getByRole('menuitemradio', { name: channelName }).isVisible()).toBe(true);
    await o.keyboard.press('Escape');

    // And on the profile, under My Channels.
    await owner.goto('/profile');
    await expect.poll(() => o.getByText('Channels you have created 1 out of 10 (max 10)').isVisible()).toBe(true);
    expect(await o.getByRole('link', { name: channelName }).isVisible()).toBe(true);
    expect(await o.getByText('Not yet subscribed to any channels').isVisible()).toBe(true);
    await owner.screenshot('channels-profile-owner');

    // A second reader finds it on Explore and subscribes.
    await registerThroughApiSignedIn(reader, readerName);
    const r = reader.page;
    await reader.goto('/channels');
    expect(await r.getByRole('heading', { level: 1 }).textContent()).toBe('Explore Channels');
    await r.getByLabel('Search channels').fill(channelName);
    await expect.poll(() => r.getByRole('button', { name: `Remove Search: ${channelName}` }).isVisible()).toBe(true);
    const card = r.getByRole('article').filter({ has: r.getByRole('heading', { name: channelName }) });
    await expect.poll(() => card.getByText('0 subscribers').isVisible()).toBe(true);
    await card.getByRole('button', { name: `Subscribe to ${channelName}` }).click();
    await expect.poll(() => r.getByText(`You are now subscribed to ${channelName}`, { exact: true }).isVisible()).toBe(true);
    expect(await r.getByText('Subscribed', { exact: true }).first().isVisible()).toBe(true);
    // The count rises without a reload, on the card and on the channel page.
    await expect.poll(() => card.getByText('1 subscriber', { exact: true }).isVisible()).toBe(true);
    await reader.screenshot('channels-explore-subscribed');
    await card.getByRole('link', { name: channelName }).click();
    await reader.expectPath(channelPath);
    await expect.poll(() => r.getByTestId('channel-subscriber-count').textContent()).toBe('1');
    expect(await r.getByRole('button', { name: 'Subscribed' }).isVisible()).toBe(true);
    expect(await r.getByRole('button', { name: 'Edit Channel' }).count()).toBe(0);
    expect(await r.getByText('Channel Settings').count()).toBe(0);

    // The owner sees that reader on Manage Subscribers.
    await owner.goto(channelPath);
    await expect.poll(() => o.getByTestId('channel-subscriber-count').textContent()).toBe('1');
    await o.getByRole('link', { name: 'Manage Subscribers' }).click();
    await owner.expectPath(`${channelPath}/subscribers`);
    await expect.poll(() => o.getByText('1 person subscribed to this channel').isVisible()).toBe(true);
    expect(await o.getByRole('list', { name: 'Subscribers' }).getByText(readerName).isVisible()).toBe(true);
    await o.getByLabel('Search subscribers').fill('nobody-by-this-name');
    expect(await o.getByText('No subscribers match your search').isVisible()).toBe(true);
    await o.getByRole('button', { name: 'Return to Channel Profile' }).click();
    await owner.expectPath(channelPath);

    // Someone else may not see the subscriber list.
    await reader.goto(`${channelPath}/subscribers`);
    await expect.poll(() => r.getByText("You don't have permission to view this page").isVisible()).toBe(true);

    // The reader unsubscribes from the profile.
    await reader.goto('/profile');
    await expect.poll(() => r.getByText('You are currently subscribed to 1 channel(s)').isVisible()).toBe(true);
    await r.getByRole('button', { name: `Unsubscribe from ${channelName}` }).click();
    await expect.poll(() => r.getByText(`You have unsubscribed from ${channelName}`, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => r.getByText('Not yet subscribed to any channels').isVisible()).toBe(true);
    expect(await r.getByText('You are currently subscribed to 0 channel(s)').isVisible()).toBe(true);

    await owner.close();
    await reader.close();
  });

  it('asks a signed-out visitor to sign in on a channel, on Explore, and on the profile', async () => {
    const setup = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(setup, uniqueUsername('maker'));
    const channelName = `Night Desk ${Date.now().toString(36)}`;
    await setup.goto('/channels/new');
    await setup.page.getByLabel('Channel Name').fill(channelName);
    await setup.page.getByLabel('Description').fill('Late news.');
    await setup.page.getByRole('button', { name: 'Create Channel' }).click();
    await setup.expectPath(/^\/channels\/\d+$/);
    const channelPath = new URL(setup.page.url()).pathname;
    await setup.close();

    const visitor = await Journey.open(site.browser, site.server.url, { width: 390, height: 844 });
    const page = visitor.page;
    await visitor.goto(channelPath);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('You need to be logged in to view channel details.').isVisible()).toBe(true);
    expect(await page.getByText(channelName).count()).toBe(0);
    await dialog.getByRole('link', { name: 'Sign In' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visitor.expectPath('/auth');

    await visitor.goto('/channels');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: channelName }) });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create Channel' }).count()).toBe(0);
    await card.getByRole('button', { name: `Subscribe to ${channelName}` }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Authentication Required').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await card.getByRole('link', { name: channelName }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Authentication Required').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/channels');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await visitor.expectPath('/auth');

    // Protected routes send a signed-out visitor to /auth.
    await page.goto('/profile');
    await visitor.expectPath('/auth');
    await page.goto('/channels/new');
    await visitor.expectPath('/auth');
    await visitor.close();
  });

  it("pages a large channel's table 50 rows at a time and sorts it on the server", async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(owner, uniqueUsername('archivist'));
    const o = owner.page;
    const channel = await api<{ id: number }>(o, 'POST', '/api/channels', { name: `Archive ${Date.now().toString(36)}`, description: 'Years of stories.' });
    expect(channel.status).toBe(201);
    // 55 articles: one page of 50 and a second of 5. Titles numbered so the Title order is known.
    for (let i = 1; i <= 55; i++) {
      const created = await api(o, 'POST', '/api/articles', { title: `Story ${String(i).padStart(2, '0')}`, content: `<p>Story ${i}</p>`, channelId: channel.body.id });
      expect(created.status).toBe(201);
    }

    await owner.goto(`/channels/${channel.body.id}`);
    const rows = o.locator('tbody tr');
    const firstTitle = () => rows.first().getByRole('link').textContent();
    // Newest first, the server's first page in the page itself.
    expect(await rows.count()).toBe(50);
    expect(await firstTitle()).toBe('Story 55');
    expect(await o.getByText('Showing 50 of 55').isVisible()).toBe(true);

    await o.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(55);
    expect(await rows.last().getByRole('link').textContent()).toBe('Story 01');
    expect(await o.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // A column header sorts the whole table (not only the rows loaded), ascending first.
    await o.getByRole('button', { name: 'Title' }).click();
    await expect.poll(() => o.locator('th[aria-sort="ascending"]').textContent()).toBe('Title');
    await expect.poll(firstTitle).toBe('Story 01');
    expect(await rows.count()).toBe(50);
    await o.getByRole('button', { name: 'Title' }).click();
    await expect.poll(firstTitle).toBe('Story 55');
    await owner.screenshot('channel-table-sorted');
  });
});
