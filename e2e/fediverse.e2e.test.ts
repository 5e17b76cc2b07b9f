import { Create, Like, Announce, Note, PUBLIC_COLLECTION, type Actor } from '@fedify/vocab';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { shoot } from './support/shots.js';
import { follow, lookupActor, startPeer, type Peer } from '../src/test-support/fediverse-peer.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

/** Waits until `check` holds: what a peer sends goes through the site's queue. */
async function eventually<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/** axe on the page as it is, in the dark theme too. */
async function accessibleInBothThemes(journey: Journey, label: string) {
  await expectAccessible(journey.page, `${label}, light theme`);
  await journey.page.evaluate(() => document.documentElement.classList.add('dark'));
  await journey.page.waitForTimeout(500);
  await expectAccessible(journey.page, `${label}, dark theme`);
  await journey.page.evaluate(() => document.documentElement.classList.remove('dark'));
}

describeInBrowser('a channel on the fediverse', () => {
  const site = useSite({ FEDERATION: 'on', ALLOW_PRIVATE_ADDRESSES: 'true' });
  let peer: Peer;
  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(async () => peer?.close());

  it('a reader sees the channel\'s handle and its fediverse followers; an article shows the replies from the fediverse with their handles and its likes and boosts from there', async () => {
    const owner = await registerThroughApi(site.server.url, 'harbourmaster');
    const channel = await createThroughApi<{ id: number; slug: string }>(site.server.url, owner.cookie, '/api/channels', { name: `Tide Desk ${owner.username}`, description: 'Tides, ferries and the harbour' });
    const answer = await (await fetch(`${site.server.url}/api/channels/${channel.id}`, { headers: { cookie: owner.cookie } })).json();
    const host = new URL(site.server.url).host;
    expect(answer.handle).toMatch(new RegExp(`^@[\\w.-]+@${host.replace(/[.:]/g, '\\$&')}$`));
    const actor = (await lookupActor(peer, answer.handle)) as Actor;
    expect(actor).not.toBeNull();
    await follow(peer, 'alice', actor);
    await follow(peer, 'bob', actor);

    const article = await createThroughApi<{ id: number; slug: string }>(site.server.url, owner.cookie, '/api/articles', {
      title: 'Spring tides reach the quay steps',
      content: '<p>The highest tides of the year arrive this weekend. The harbour office asks boat owners to check their moorings.</p>',
      channelId: channel.id,
      published: true,
    });
    const objectId = new URL(`${site.server.url}/ap/articles/${article.id}/1`);
    const ctx = peer.context();
    const note = new Note({
      id: new URL(`/notes/alice/${Date.now()}`, peer.origin),
      attribution: peer.actorUri('alice'),
      replyTarget: objectId,
      content: '<p><span class="h-card"><a href="#" class="u-url mention">@<span>tide-desk</span></a></span> Moorings checked, thank you for the warning!<script>alert(1)</script></p>',
      to: PUBLIC_COLLECTION,
    });
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Create({ id: new URL(`${note.id!.href}/activity`), actor: peer.actorUri('alice'), object: note, to: PUBLIC_COLLECTION }));
    const answerNote = new Note({ id: new URL(`/notes/bob/${Date.now()}`, peer.origin), attribution: peer.actorUri('bob'), replyTarget: note.id, content: '<p>Same here.</p>', to: PUBLIC_COLLECTION });
    await ctx.sendActivity({ identifier: 'bob' }, actor, new Create({ id: new URL(`${answerNote.id!.href}/activity`), actor: peer.actorUri('bob'), object: answerNote, to: PUBLIC_COLLECTION }));
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Like({ id: new URL(`/likes/${Date.now()}`, peer.origin), actor: peer.actorUri('alice'), object: objectId }));
    await ctx.sendActivity({ identifier: 'bob' }, actor, new Like({ id: new URL(`/likes/${Date.now()}-b`, peer.origin), actor: peer.actorUri('bob'), object: objectId }));
    await ctx.sendActivity({ identifier: 'bob' }, actor, new Announce({ id: new URL(`/boosts/${Date.now()}`, peer.origin), actor: peer.actorUri('bob'), object: objectId, to: PUBLIC_COLLECTION }));
    await eventually(async () => {
      const json = await (await fetch(`${site.server.url}/api/articles/${article.id}`)).json();
      return json.commentCount === 2 && json.fediverse.likes === 2 && json.fediverse.announces === 1;
    }, 'the replies, likes and boost');

    const reader = await registerThroughApi(site.server.url, 'quayside');
    for (const viewport of [WIDE, PHONE]) {
      const journey = await Journey.open(site.browser, site.server.url, viewport);
      await journey.context.addCookies(browserCookies(site.server.url, reader.cookie));
      const { page } = journey;
      await journey.goto(`/channels/${channel.id}`);
      await expect.poll(() => page.getByTestId('channel-handle').textContent()).toBe(answer.handle);
      await expect.poll(() => page.getByTestId('channel-fediverse-follower-count').textContent()).toBe('2');
      // Only the site's readers count as subscribers.
      await expect.poll(() => page.getByTestId('channel-subscriber-count').textContent()).toBe('0');
      if (viewport === WIDE) await accessibleInBothThemes(journey, 'channel page with its handle');
      await shoot(page, 'fediverse-channel');

      await journey.goto(`/articles/${article.slug}-${article.id}`);
      const reply = page.getByRole('article', { name: 'Comment by Alice Peer' }).or(page.locator('[aria-label="Comment by Alice Peer"]')).first();
      await reply.waitFor();
      await expect.poll(() => reply.textContent()).toContain(`@alice@${peer.host}`);
      await expect.poll(() => reply.textContent()).toContain('Moorings checked, thank you for the warning!');
      const profile = reply.getByRole('link', { name: 'Alice Peer' });
      expect(await profile.getAttribute('href')).toBe(`${peer.origin}/@alice`);
      expect(await profile.getAttribute('rel')).toContain('nofollow ugc');
      expect(await page.locator('script:text("alert(1)")').count()).toBe(0);
      await expect.poll(() => page.locator('[aria-label="Reply by Bob Peer"]').textContent()).toContain('Same here.');
      await expect.poll(() => page.getByTestId('fediverse-reactions').textContent()).toBe('2 likes and 1 boost from the fediverse');
      if (viewport === WIDE) await accessibleInBothThemes(journey, 'article with fediverse replies');
      await page.getByTestId('fediverse-reactions').scrollIntoViewIfNeeded();
      await shoot(page, 'fediverse-article');
      await journey.close();
    }
  });
});
