import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { dateFormat } from '../src/contract/formats.js';
import { Journey } from './support/browser.js';
import { loginThroughForm, PASSWORD } from './support/auth.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';

const ZONE = 'Asia/Kolkata';
/** Node's and Chromium's ICU may put different spaces before 'PM'. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

async function call(url: string, cookie: string, method: string, body?: unknown) {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as unknown;
}

describeInBrowser('dates written for people', () => {
  const site = useSite();

  it('the channel log says when a scheduled article goes out in the reader’s zone, never as a machine timestamp', async () => {
    const base = site.server.url;
    const owner = await registerThroughApi(base, 'owner');
    const channel = await createThroughApi<{ id: number }>(base, owner.cookie, '/api/channels', { name: 'Evening Post', description: 'Town news' });
    const draft = await createThroughApi<{ id: number }>(base, owner.cookie, '/api/articles', {
      title: 'Market hall reopens',
      content: '<p>After two years of repairs.</p>',
      channelId: channel.id,
      status: 'draft',
    });
    const goesOut = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000).toISOString();
    await call(`${base}/api/articles/${draft.id}`, owner.cookie, 'PATCH', { publishAt: goesOut });

    const journey = await Journey.open(site.browser, base, { width: 1366, height: 900 }, { timezoneId: ZONE });
    const { page } = journey;
    await journey.context.addCookies(browserCookies(base, owner.cookie));
    await journey.goto(`/channels/${channel.id}/staff?tab=log`);
    const line = page.getByRole('list', { name: 'Channel log' }).getByRole('listitem').filter({ hasText: 'scheduled' });
    await line.waitFor();
    const inZone = dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(new Date(goesOut));
    await expect.poll(async () => spaced(await line.textContent()), { timeout: 10_000 }).toContain(`Goes out ${spaced(inZone)}`);
    expect(await line.textContent()).not.toMatch(ISO);
    await shoot(page, 'channel-log-scheduled');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'channel-log-scheduled');
    await journey.close();
  });

  it('a suspended account signing in reads "Account suspended" and the end in its own zone', async () => {
    const base = site.server.url;
    const admin = await registerThroughApi(base, 'admin');
    const granted = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', admin.username], {
      env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(granted.status, granted.stderr).toBe(0);
    const troll = await registerThroughApi(base, 'troll');
    const { id } = (await call(`${base}/api/user`, troll.cookie, 'GET')) as { id: number };
    const suspended = (await call(`${base}/api/admin/users/${id}/suspend`, admin.cookie, 'POST', { reason: 'Abusive messages', days: 3 })) as {
      suspension: { until: string };
    };
    const end = dateFormat({ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(new Date(suspended.suspension.until));

    for (const width of [1366, 390]) {
      const journey = await Journey.open(site.browser, base, { width, height: 900 }, { timezoneId: ZONE });
      const { page } = journey;
      await loginThroughForm(journey, troll.username, PASSWORD);
      const toast = page.getByText('Account suspended', { exact: true }).first();
      await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
      const description = page.getByText(/^This account is suspended\. It ends on /).first();
      expect(spaced(await description.textContent())).toBe(`This account is suspended. It ends on ${spaced(end)}.`);
      expect(await page.getByText('Login failed').count()).toBe(0);
      await shoot(page, 'suspended-sign-in');
      await journey.close();
    }
  });
});
