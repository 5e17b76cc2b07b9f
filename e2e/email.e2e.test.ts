import { expect, it } from 'vitest';
import { register, SiteClient } from './reliability/support.js';
import { startSmtpServer } from '../src/test-support/smtp.js';
import { Journey } from './support/browser.js';
import { PASSWORD, logoutThroughMenu, registerThroughForm } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite } from './support/fixtures.js';

/**
 * In Chromium, with a real SMTP server in the test: confirm an address from the profile,
 * reset a forgotten password from the link that arrives, and unsubscribe signed out from the link
 * of a new-article email.
 */
const smtp = await startSmtpServer();
const pathOf = (text: string, page: string) => {
  const match = new RegExp(`https?://[^\\s>"]+${page}\\?token=[^\\s>"]+`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
};

describeInBrowser('email in the browser', () => {
  const webhookSecret = 'journey-webhook-secret-0123456789';
  const site = useSite({ SMTP_URL: smtp.url, MAIL_FROM: 'Broadsheet <news@mail.test>', EMAIL_WEBHOOK_SECRET: webhookSecret });

  it('confirms an address on the profile, then resets a forgotten password from the emailed link', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('mailer');
    const address = `${username}@mail.test`;
    await registerThroughForm(journey, username);

    await journey.goto('/profile');
    await page.getByLabel('Email address').fill(address);
    // A stolen session alone cannot point the account's mail elsewhere: the password is asked for.
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => page.getByText('Enter your current password to change your email address').isVisible()).toBe(true);
    await page.getByLabel('Your current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => page.getByText(`Waiting for confirmation: ${address}`).isVisible()).toBe(true);
    const [confirmation] = await smtp.waitFor(1, (m) => m.to.includes(address) && m.subject.startsWith('Confirm'));
    await journey.goto(pathOf(confirmation!.text, '/confirm-email'));
    await expect.poll(() => page.getByText('Your email address is confirmed.').isVisible()).toBe(true);
    await journey.goto('/profile');
    await expect.poll(() => page.getByTestId('email-status').textContent()).toBe(`Confirmed address: ${address}`);

    await logoutThroughMenu(page, username);
    await journey.expectPath('/');
    await journey.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Username or email').fill(username);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText(/If an account with a confirmed email matches/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    const [reset] = await smtp.waitFor(1, (m) => m.to.includes(address) && m.subject.startsWith('Reset'));
    const resetPath = pathOf(reset!.text, '/reset-password');
    await journey.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill('my-new-password');
    await page.getByLabel('Repeat the new password').fill('my-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await journey.expectPath('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Feed');

    // The link worked once.
    await journey.goto(resetPath);
    await expect.poll(() => page.getByText('This link is not valid any more.', { exact: false }).isVisible()).toBe(true);
    const oldPassword = await new SiteClient(site.server.url).post('/api/login', { username, password: PASSWORD });
    expect(oldPassword.status).toBe(401);
    await journey.close();
  });

  it('unsubscribes signed out from the link of a new-article email', async () => {
    const author = await register(site.server.url, 'mailauthor');
    const channel = (await author.client.post('/api/channels', { name: 'Unsubscribe Desk', description: 'Desk' })).body.id as number;
    const reader = await register(site.server.url, 'mailreader');
    const address = `${reader.username}@mail.test`;
    await reader.client.put('/api/user/email', { email: address, currentPassword: 'correct-horse' });
    const [confirmation] = await smtp.waitFor(1, (m) => m.to.includes(address.toLowerCase()));
    const token = new URL(`http://x${pathOf(confirmation!.text, '/confirm-email')}`).searchParams.get('token');
    expect((await reader.client.post('/api/email/confirm', { token })).status).toBe(200);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    await author.client.post('/api/articles', { title: 'Bridge reopens', content: '<p>The bridge reopens on Friday.</p>', channelId: channel });
    const [news] = await smtp.waitFor(1, (m) => m.to.includes(address.toLowerCase()) && m.subject.startsWith('Bridge reopens'));

    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.goto(pathOf(news!.text, '/unsubscribe'));
    await page.getByRole('button', { name: 'Unsubscribe from new articles from Unsubscribe Desk' }).click();
    await expect.poll(() => page.getByText('You will not get these emails any more.').isVisible()).toBe(true);
    expect((await reader.client.get('/api/user/notifications')).body.items).toEqual([expect.objectContaining({ channelId: channel, notify: 'none' })]);
    await journey.close();
  });

  it('shows a bounced address on the profile and lifts the stop once it is confirmed again', async () => {
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    const username = uniqueUsername('bounced');
    const address = `${username}@mail.test`;
    await registerThroughForm(journey, username);
    await journey.goto('/profile');
    await page.getByLabel('Email address').fill(address);
    // A stolen session alone cannot point the account's mail elsewhere: the password is asked for.
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => page.getByText('Enter your current password to change your email address').isVisible()).toBe(true);
    await page.getByLabel('Your current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    const [first] = await smtp.waitFor(1, (m) => m.to.includes(address) && m.subject.startsWith('Confirm'));
    await journey.goto(pathOf(first!.text, '/confirm-email'));
    await expect.poll(() => page.getByText('Your email address is confirmed.').isVisible()).toBe(true);

    // The provider reports a late bounce through its webhook.
    const reported = await fetch(`${site.server.url}/api/email/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${webhookSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ email: address, type: 'hard-bounce', reason: '550 5.1.1 user unknown' }] }),
    });
    expect(await reported.json()).toEqual({ suppressed: 1, ignored: 0 });

    await journey.goto('/profile');
    const notice = page.getByTestId('email-undeliverable');
    await expect.poll(() => notice.textContent()).toContain('Email to this address could not be delivered, so we stopped sending to it.');
    await journey.screenshot('email-undeliverable');
    await notice.getByRole('button', { name: 'Confirm it again' }).click();
    await expect.poll(() => page.getByText(`Waiting for confirmation: ${address}`).isVisible()).toBe(true);
    const confirmations = await smtp.waitFor(2, (m) => m.to.includes(address) && m.subject.startsWith('Confirm'));
    await journey.goto(pathOf(confirmations.at(-1)!.text, '/confirm-email'));
    await expect.poll(() => page.getByText('Your email address is confirmed.').isVisible()).toBe(true);
    await journey.goto('/profile');
    await expect.poll(() => page.getByTestId('email-status').textContent()).toBe(`Confirmed address: ${address}`);
    expect(await notice.count()).toBe(0);
    await journey.close();
  });
});
