import { spawnSync } from 'node:child_process';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { loginThroughForm, registerThroughApiSignedIn } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite, type Site } from './support/fixtures.js';
import { expectHeadingsInOrder } from './support/heading-order.js';

const HIDDEN_TEXT = 'This comment was removed by a moderator.';
const BANNED = "You can't comment or react in this channel.";

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

/** The browser alerts a journey expects (a refused comment post is one, docs/product.md#comments), collected instead of failing it. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** The comment of `username` in the article's list (a top-level comment). */
const commentBy = (page: Page, username: string) => page.locator('#comments').getByRole('listitem', { name: `Comment by ${username}` });

async function postThroughForm(page: Page, text: string) {
  const section = page.locator('#comments');
  await section.getByLabel('Add a comment').fill(text);
  await section.getByRole('button', { name: 'Post Comment' }).click();
}

describeInBrowser('moderation in the browser', () => {
  const site = useSite();

  it('a reader reports a comment, the owner hides it, holds first comments and approves one, and bans a reader who can then not comment', async () => {
    const owner = await Journey.open(site.browser, site.server.url);
    const o = owner.page;
    const ownerName = uniqueUsername('editor');
    await registerThroughApiSignedIn(owner, ownerName);
    const channel = await postJson<{ id: number; name: string }>(owner.context.request, '/api/channels', {
      name: `Harbour Watch ${ownerName}`.slice(0, 80),
      description: 'News from the quay.',
    });
    const article = await postJson<{ id: number; slug: string; title: string }>(owner.context.request, '/api/articles', {
      title: `Ferry timetable changes ${ownerName}`,
      content: '<p>The morning ferry leaves at seven from Monday.</p>',
      channelId: channel.id,
    });
    const articlePath = `/articles/${article.slug}-${article.id}`;

    // A spammer comments; a reader reports it from the comment's actions, in the dialog.
    const spammer = await Journey.open(site.browser, site.server.url);
    const spammerName = uniqueUsername('spammer');
    await registerThroughApiSignedIn(spammer, spammerName);
    await postJson(spammer.context.request, `/api/articles/${article.id}/comments`, { content: 'Cheap watches at example.test', parent_id: null });

    const reader = await Journey.open(site.browser, site.server.url);
    const r = reader.page;
    const readerName = uniqueUsername('reader');
    await registerThroughApiSignedIn(reader, readerName);
    await reader.goto(articlePath);
    await commentBy(r, spammerName).getByRole('button', { name: 'Report' }).click();
    const dialog = r.getByRole('dialog', { name: 'Report this comment' });
    await dialog.waitFor();
    // The dialog holds the focus; nothing is sent without a reason.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByText('Choose a reason').isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Note for the moderators (optional)').fill('Posted on every article today.');
    expect(await dialog.getByText('30/1000 characters').isVisible()).toBe(true);
    await expectAccessible(r, 'report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => r.getByText('Report sent', { exact: true }).first().isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    // The comment is not offered for a second report: it reads 'Reported'.
    await expect.poll(() => commentBy(r, spammerName).getByText('Reported', { exact: true }).isVisible()).toBe(true);
    expect(await commentBy(r, spammerName).getByRole('button', { name: 'Report' }).count()).toBe(0);
    // One's own comment offers no Report.
    await spammer.goto(articlePath);
    expect(await commentBy(spammer.page, spammerName).getByRole('button', { name: 'Report' }).count()).toBe(0);

    // The owner's channel menu counts what waits beside the channel's name.
    await owner.goto(`/channels/${channel.id}`);
    await o.getByRole('button', { name: `Current channel: ${channel.name}` }).click();
    await expect.poll(() => o.getByRole('menuitemradio', { name: /1 report$/ }).isVisible()).toBe(true);
    await o.keyboard.press('Escape');

    // The owner reaches Moderation from the channel page, sees the report and hides the comment.
    await o.getByRole('link', { name: 'Moderation' }).click();
    await owner.expectPath(`/channels/${channel.id}/moderation`);
    expect(await o.title()).toBe(`Moderation · ${channel.name} · Broadsheet`);
    const report = o.getByRole('article', { name: 'Cheap watches at example.test' });
    await report.waitFor();
    expect(await report.getByText('Spam: 1').isVisible()).toBe(true);
    expect(await report.getByText('Posted on every article today.').isVisible()).toBe(true);
    await report.getByRole('button', { name: 'Hide' }).click();
    const confirmHide = o.getByRole('alertdialog', { name: 'Hide this comment?' });
    await confirmHide.getByLabel('Reason (optional)').fill('Advertising');
    await expectAccessible(o, 'hide confirmation');
    await confirmHide.getByRole('button', { name: 'Hide comment' }).click();
    await expect.poll(() => o.getByText('Comment hidden', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => o.getByText('No open reports. Nothing needs your attention.').isVisible()).toBe(true);

    // Another reader (signed out, from the shared cache too) reads the moderator's sentence; its author reads it marked.
    const visitor = await Journey.open(site.browser, site.server.url);
    await visitor.goto(articlePath);
    await expect.poll(() => commentBy(visitor.page, spammerName).getByText(HIDDEN_TEXT).isVisible()).toBe(true);
    expect(await visitor.page.getByText('Cheap watches at example.test').count()).toBe(0);
    await spammer.goto(articlePath);
    await expect.poll(() => commentBy(spammer.page, spammerName).getByText('Hidden by a moderator').isVisible()).toBe(true);
    expect(await commentBy(spammer.page, spammerName).getByText('Cheap watches at example.test').isVisible()).toBe(true);

    // The owner holds first comments.
    await o.getByRole('tab', { name: 'Settings' }).click();
    await o.getByRole('radio', { name: 'Hold first comments' }).check();
    await expectAccessible(o, 'moderation settings');
    await o.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => o.getByText('Moderation settings saved', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => new URL(o.url()).searchParams.get('tab')).toBe('settings');

    // A new reader's first comment waits: marked for them, invisible to everyone else.
    const newcomer = await Journey.open(site.browser, site.server.url);
    const n = newcomer.page;
    const newcomerName = uniqueUsername('newcomer');
    await registerThroughApiSignedIn(newcomer, newcomerName);
    await newcomer.goto(articlePath);
    await postThroughForm(n, 'Will the evening ferry change too?');
    await expect.poll(() => n.getByRole('status').filter({ hasText: 'Your comment is awaiting approval' }).isVisible()).toBe(true);
    await expect.poll(() => commentBy(n, newcomerName).getByText('Awaiting approval').isVisible()).toBe(true);
    await expectAccessible(n, 'a held comment, to its author');
    await visitor.goto(articlePath);
    expect(await visitor.page.getByText('Will the evening ferry change too?').count()).toBe(0);

    // The owner approves it from Held comments; now everyone reads it.
    await o.getByRole('tab', { name: 'Held comments' }).click();
    const held = o.getByRole('article', { name: newcomerName });
    await held.waitFor();
    expect(await held.getByText('First comment in the channel').isVisible()).toBe(true);
    await expectAccessible(o, 'held comments');
    await held.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => o.getByText('Comment approved', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => o.getByText('No comments are waiting for approval.').isVisible()).toBe(true);
    await visitor.goto(articlePath);
    await expect.poll(() => visitor.page.getByText('Will the evening ferry change too?').isVisible()).toBe(true);

    // The owner bans the reader for a week; the reader's next comment is refused with the server's words.
    await o.getByRole('tab', { name: 'Bans' }).click();
    await o.getByLabel('Username').fill(readerName);
    await o.getByLabel('Days').fill('7');
    await o.getByLabel('Reason (optional)').fill('Reporting in bad faith');
    await o.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect.poll(() => o.getByText(`${readerName} is banned from this channel`).first().isVisible()).toBe(true);
    const banned = o.getByRole('list', { name: 'Banned readers' }).getByRole('listitem').filter({ hasText: readerName });
    await banned.waitFor();
    expect(await banned.getByText('Reporting in bad faith').isVisible()).toBe(true);
    expect(await banned.getByText(/^Until /).isVisible()).toBe(true);
    await expectAccessible(o, 'bans');

    // The reader still has the article open from before the ban: the post is refused with the alert.
    const alerts = collectAlerts(r);
    await postThroughForm(r, 'I still have opinions.');
    await expect.poll(() => alerts).toEqual([BANNED]);
    expect(await r.locator('#comments').getByLabel('Add a comment').inputValue()).toBe('I still have opinions.');

    // Every action is in the log, newest first.
    await o.getByRole('tab', { name: 'Log' }).click();
    const log = o.getByRole('list', { name: 'Moderation log' });
    await log.waitFor();
    const entries = await log.getByRole('listitem').allTextContents();
    expect(entries[0]).toContain(`banned user “${readerName}”`);
    expect(entries.some((entry) => entry.includes('hid comment'))).toBe(true);
    await expectAccessible(o, 'moderation log');

    // The owner reads the hidden comment in full on the article, and shows it again from there.
    await owner.goto(articlePath);
    const hiddenOne = commentBy(o, spammerName);
    expect(await hiddenOne.getByText('Hidden by a moderator').isVisible()).toBe(true);
    await hiddenOne.getByRole('button', { name: 'Unhide' }).click();
    await expect.poll(() => o.getByText('Comment shown again', { exact: true }).first().isVisible()).toBe(true);
    await visitor.goto(articlePath);
    await expect.poll(() => commentBy(visitor.page, spammerName).getByText('Cheap watches at example.test').isVisible()).toBe(true);

    // The page is the owner's: a signed-in stranger is refused, a visitor goes to sign in.
    await newcomer.goto(`/channels/${channel.id}/moderation`);
    await expect.poll(() => n.getByText('Channel not found').isVisible()).toBe(true);
    expect(await n.getByRole('tab', { name: 'Reports' }).count()).toBe(0);
    await visitor.page.goto(`/channels/${channel.id}/moderation`);
    await visitor.expectPath('/auth');

    for (const journey of [visitor, newcomer, reader, spammer, owner]) await journey.close();
  });

  it('an admin reads reports of profiles and suspends an account, whose sign-in then says why', async () => {
    const adminJourney = await Journey.open(site.browser, site.server.url);
    const a = adminJourney.page;
    const adminName = uniqueUsername('admin');
    await registerThroughApiSignedIn(adminJourney, adminName);
    grantAdmin(site, adminName);

    const troll = await Journey.open(site.browser, site.server.url);
    const trollName = uniqueUsername('troll');
    await registerThroughApiSignedIn(troll, trollName);
    const reporter = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(reporter, uniqueUsername('reporter'));

    // A profile is reported from the author page.
    await reporter.goto(`/users/${trollName}`);
    await reporter.page.getByRole('button', { name: 'Report profile' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this profile' });
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => reporter.page.getByText('Report sent', { exact: true }).first().isVisible()).toBe(true);

    // The admin reaches Moderation from the dashboard and sees it.
    await adminJourney.goto('/admin');
    await a.getByRole('link', { name: 'Moderation' }).click();
    await adminJourney.expectPath('/admin/moderation');
    const report = a.locator('#main').getByRole('article').filter({ hasText: trollName });
    await report.waitFor();
    await expectHeadingsInOrder(a, 'the site’s moderation');
    expect(await report.getByText('Harassment: 1').isVisible()).toBe(true);
    expect(await report.getByRole('button', { name: 'Remove bio' }).isVisible()).toBe(true);

    // Suspensions: find the account, suspend it with a reason for 3 days.
    await a.getByRole('tab', { name: 'Suspensions' }).click();
    await a.getByRole('searchbox', { name: 'Username' }).fill(trollName);
    await a.getByRole('button', { name: 'Find' }).click();
    const found = a.getByRole('list', { name: 'Users found' });
    await found.getByRole('button', { name: `Suspend ${trollName}` }).click();
    const suspend = a.getByRole('dialog', { name: `Suspend ${trollName}?` });
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect.poll(() => suspend.getByText('reason is required').isVisible()).toBe(true);
    await suspend.getByLabel('Reason').fill('Abusive messages');
    await suspend.getByLabel('Days').fill('3');
    await expectAccessible(a, 'suspend dialog');
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect.poll(() => a.getByText(`${trollName} is suspended`).first().isVisible()).toBe(true);
    const listed = a.getByRole('list', { name: 'Suspended users' }).getByRole('listitem').filter({ hasText: trollName });
    await listed.waitFor();
    expect(await listed.getByText('Abusive messages').isVisible()).toBe(true);
    await expectAccessible(a, 'suspensions');

    // The account's session ended; signing in again says why, under 'Account suspended', the end written for people.
    const returning = await Journey.open(site.browser, site.server.url);
    await loginThroughForm(returning, trollName);
    await expect.poll(() => returning.page.getByText(/^This account is suspended\. It ends on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M\.$/).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await returning.page.getByText('Account suspended', { exact: true }).first().isVisible()).toBe(true);
    expect(await returning.page.getByText('Login failed').count()).toBe(0);

    // Unsuspended, the account signs in again.
    await listed.getByRole('button', { name: `Unsuspend ${trollName}` }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Unsuspend' }).click();
    await expect.poll(() => a.getByText('No account is suspended.').isVisible()).toBe(true);

    await a.getByRole('tab', { name: 'Log' }).click();
    await expect.poll(() => a.getByRole('list', { name: 'Moderation log' }).getByRole('listitem').first().textContent()).toContain(`lifted the suspension of user “${trollName}”`);

    for (const journey of [returning, reporter, troll, adminJourney]) await journey.close();
  });
  it('an admin removes a reported article: its author reads why above the editor and cannot publish it again', async () => {
    const author = await Journey.open(site.browser, site.server.url);
    const w = author.page;
    const authorName = uniqueUsername('writer');
    await registerThroughApiSignedIn(author, authorName);
    const channel = await postJson<{ id: number }>(author.context.request, '/api/channels', { name: `Miracle Cures ${authorName}`.slice(0, 80), description: 'Health news.' });
    const article = await postJson<{ id: number; slug: string; title: string }>(author.context.request, '/api/articles', {
      title: `Seawater cures colds ${authorName}`,
      content: '<p>Drink a litre a day.</p>',
      channelId: channel.id,
    });
    const reporter = await Journey.open(site.browser, site.server.url);
    await registerThroughApiSignedIn(reporter, uniqueUsername('doctor'));
    await reporter.goto(`/articles/${article.slug}-${article.id}`);
    await reporter.page.getByRole('button', { name: 'Report article' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this article' });
    await dialog.getByRole('radio', { name: 'Misinformation' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => reporter.page.getByText('Report sent', { exact: true }).first().isVisible()).toBe(true);

    const adminJourney = await Journey.open(site.browser, site.server.url);
    const a = adminJourney.page;
    const adminName = uniqueUsername('admin');
    await registerThroughApiSignedIn(adminJourney, adminName);
    grantAdmin(site, adminName);
    await adminJourney.goto('/admin/moderation');
    const report = a.getByRole('article', { name: article.title });
    await report.getByRole('button', { name: 'Remove' }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Remove this article?' });
    await confirm.getByLabel('Reason the author will read').fill('Health claims need a source.');
    await confirm.getByRole('button', { name: 'Remove article' }).click();
    await expect.poll(() => a.getByText('Article removed', { exact: true }).first().isVisible()).toBe(true);

    // The author reads the note on the article and above the editor; Publish is refused in the server's words.
    await author.goto(`/articles/${article.id}`);
    const note = w.getByRole('alert').filter({ hasText: 'A moderator removed this article' });
    await expect.poll(() => note.getByText('Health claims need a source.').isVisible()).toBe(true);
    await w.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => w.getByText('This article was removed by a moderator; only a moderator can publish it again').first().isVisible())
      .toBe(true);
    await author.goto(`/articles/${article.id}/edit`);
    await expect.poll(() => w.getByRole('alert').filter({ hasText: 'Health claims need a source.' }).isVisible()).toBe(true);

    for (const journey of [adminJourney, reporter, author]) await journey.close();
  });
});
