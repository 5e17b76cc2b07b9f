import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';

async function postJson<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The header's channel menu (wide screens), opened. */
async function openChannelMenu(page: Page) {
  await page.getByRole('button', { name: /^Current channel:/ }).click();
  await page.getByRole('menu').waitFor();
}

async function invite(page: Page, username: string, role: 'Writer' | 'Editor') {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Invite' }).click();
}

describeInBrowser('a channel’s staff in the browser', () => {
  const site = useSite();

  it('the owner invites a writer, who accepts on the profile and finds the channel in the menu; the owner promotes, then removes them', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const o = owner.page;
    const ownerName = uniqueUsername('owner');
    await registerThroughApiSignedIn(owner, ownerName);
    const channelName = `Harbour Desk ${ownerName}`.slice(0, 80);
    const channel = await postJson<{ id: number }>(owner.context.request, '/api/channels', { name: channelName, description: 'News from the quay.' });
    const staffPath = `/channels/${channel.id}/staff`;

    const writer = await Journey.open(site.browser, site.server.url);
    const w = writer.page;
    const writerName = uniqueUsername('writer');
    await registerThroughApiSignedIn(writer, writerName);

    // The owner reaches the page from the channel's settings, and invites.
    await owner.goto(`/channels/${channel.id}`);
    await o.getByRole('link', { name: 'Staff', exact: true }).click();
    await owner.expectPath(staffPath);
    await invite(o, uniqueUsername('nobody'), 'Writer');
    await expect.poll(visible(o.getByRole('alert').filter({ hasText: 'User not found' }))).toBe(true);
    await invite(o, writerName, 'Writer');
    const staffList = o.getByRole('list', { name: 'Staff' });
    const invited = staffList.getByRole('listitem').filter({ hasText: writerName });
    await expect.poll(visible(invited.getByText('Invitation pending'))).toBe(true);
    await invite(o, writerName, 'Writer');
    await expect.poll(visible(o.getByRole('alert').filter({ hasText: 'This user has already been invited' }))).toBe(true);
    await owner.goto(staffPath);
    await owner.goto(`${staffPath}?tab=log`);
    await expect.poll(visible(o.getByRole('list', { name: 'Channel log' }).getByText(`invited ${writerName} as Writer`))).toBe(true);

    // The writer sees the count on their menu, answers on the profile, and the channel joins their menu.
    await writer.goto('/');
    await expect.poll(visible(w.getByRole('button', { name: `${writerName} 1 invitation` }))).toBe(true);
    await writer.goto('/profile');
    const card = w.getByRole('list', { name: 'Invitations' });
    await expect.poll(visible(card.getByText(channelName))).toBe(true);
    await card.getByRole('button', { name: `Accept the invitation to ${channelName}` }).click();
    await expect.poll(visible(card)).toBe(false);
    await expect.poll(() => w.getByTestId('invitations-badge').count()).toBe(0);
    await openChannelMenu(w);
    await expect.poll(visible(w.getByRole('menuitemradio', { name: new RegExp(`^${channelName}\\s*,\\s*Writer$`) }))).toBe(true);
    await w.keyboard.press('Escape');

    // A writer reaches the staff from the channel page; they see the staff, not the log, and change nothing.
    await writer.goto(`/channels/${channel.id}`);
    await w.getByRole('link', { name: 'Staff', exact: true }).click();
    await writer.expectPath(staffPath);
    expect(await w.getByRole('tab', { name: 'Log' }).count()).toBe(0);
    expect(await w.getByRole('combobox').count()).toBe(0);
    expect(await w.getByRole('button', { name: 'Leave channel' }).isVisible()).toBe(true);

    // The owner makes them an editor; the change is said at once.
    await owner.goto(staffPath);
    await o.getByLabel(`Role of ${writerName}`).selectOption('editor');
    await expect.poll(visible(o.getByRole('status').filter({ hasText: `${writerName} is now an Editor` }))).toBe(true);
    await writer.goto(staffPath);
    expect(await w.getByRole('tab', { name: 'Log' }).isVisible()).toBe(true);

    // Then removes them, after saying so in a dialog that holds the focus.
    await o.getByRole('button', { name: `Remove ${writerName}` }).click();
    const dialog = o.getByRole('alertdialog', { name: `Remove ${writerName} from the staff?` });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => staffList.getByRole('listitem').filter({ hasText: writerName }).count()).toBe(0);

    // Now they are nobody there: the page is not found for them, and their menu lost the channel.
    await writer.goto(staffPath);
    expect(await w.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await openChannelMenu(w);
    expect(await w.getByRole('menuitemradio', { name: new RegExp(channelName) }).count()).toBe(0);
    await w.keyboard.press('Escape');

    await owner.close();
    await writer.close();
  });

  it('lets a staff member leave the channel, after which they land on their profile without it', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(owner, uniqueUsername('owner'));
    const channelName = `Leaving Desk ${uniqueUsername('c')}`;
    const channel = await postJson<{ id: number }>(owner.context.request, '/api/channels', { name: channelName, description: 'Comings and goings.' });
    const member = await Journey.open(site.browser, site.server.url);
    const memberName = uniqueUsername('member');
    await registerThroughApiSignedIn(member, memberName);
    const invitation = await postJson<{ id: number }>(owner.context.request, `/api/channels/${channel.id}/staff`, { username: memberName, role: 'editor' });
    expect((await member.context.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBeLessThan(300);

    const m = member.page;
    await member.goto(`/channels/${channel.id}/staff`);
    await m.getByRole('button', { name: 'Leave channel' }).click();
    const dialog = m.getByRole('alertdialog', { name: 'Leave this channel?' });
    await dialog.waitFor();
    // Cancel keeps everything as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(visible(dialog)).toBe(false);
    await m.getByRole('button', { name: 'Leave channel' }).click();
    await dialog.getByRole('button', { name: 'Leave channel' }).click();
    await member.expectPath('/profile');
    await m.getByRole('button', { name: /^Current channel:/ }).click();
    await m.getByRole('menu').waitFor();
    expect(await m.getByRole('menuitemradio', { name: new RegExp(channelName) }).count()).toBe(0);
    await m.keyboard.press('Escape');
    const staff = await owner.context.request.get(`/api/channels/${channel.id}/staff`);
    expect(((await staff.json()) as { user: { username: string } }[]).map((entry) => entry.user.username)).not.toContain(memberName);

    await owner.close();
    await member.close();
  });

  it('shows the staff page to nobody outside the channel, and sends signed-out readers to sign in first', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(owner, uniqueUsername('owner'));
    const channel = await postJson<{ id: number }>(owner.context.request, '/api/channels', { name: `Closed Desk ${uniqueUsername('c')}`, description: 'Private.' });
    await owner.close();

    const outsider = await Journey.open(site.browser, site.server.url);
    await outsider.goto(`/channels/${channel.id}/staff`);
    await outsider.expectPath('/auth');
    expect(new URL(outsider.page.url()).searchParams.get('next')).toBe(`/channels/${channel.id}/staff`);
    await registerThroughApiSignedIn(outsider, uniqueUsername('outsider'));
    await outsider.goto(`/channels/${channel.id}/staff`);
    expect(await outsider.page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    const response = await outsider.context.request.get(`/channels/${channel.id}/staff`);
    expect(response.status()).toBe(404);
    await outsider.goto('/channels/999999/staff');
    expect(await outsider.page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await outsider.close();
  });
});
