import { describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES } from '../../../contract/channels.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function createChannel(client: TestClient, name: string, extra: Record<string, unknown> = {}) {
  const response = await client.post('/api/channels', { name, description: `About ${name}`, ...extra });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode} ${response.body}`);
  return response.json();
}

async function recount(t: TestApp, channelId: number): Promise<{ stored: number; real: number }> {
  const row = await t.database.db.selectFrom('channels').select('subscriber_count').where('id', '=', channelId).executeTakeFirstOrThrow();
  return { stored: row.subscriber_count, real: await t.ctx.subscriptions.recount(channelId) };
}

describe.each(testDatabases())('channels on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('creates a channel owned by the signed-in user whatever the body says', async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const channel = await createChannel(owner.client, 'Harbour News', { userId: other.id, category: '  ' });
    expect(channel).toMatchObject({
      name: 'Harbour News',
      slug: 'harbour-news',
      description: 'About Harbour News',
      category: null,
      userId: owner.id,
      owner: { id: owner.id, username: owner.username },
      subscriberCount: 0,
      articleCount: 0,
      article_count: 0,
      isSubscribed: false,
    });
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().name).toBe('Harbour News');
  });

  it('refuses to create a channel when signed out, or without a name or description', async () => {
    expect((await anonymous().post('/api/channels', { name: 'x', description: 'y' })).statusCode).toBe(401);
    const { client } = await signedInClient(t);
    const noName = await client.post('/api/channels', { name: '  ', description: 'y' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe('Channel name is required');
    const longDescription = await client.post('/api/channels', { name: 'n', description: 'd'.repeat(801) });
    expect(longDescription.json().error).toBe('Description must be at most 800 characters');
    expect((await client.get('/api/user/channels')).json()).toEqual([]);
  });

  it('allows the 10th channel and refuses the 11th with the limit’s message', async () => {
    const { client } = await signedInClient(t);
    for (let i = 1; i <= 10; i++) await createChannel(client, `Channel ${i}`);
    const eleventh = await client.post('/api/channels', { name: 'Channel 11', description: 'one too many' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ error: CHANNEL_MESSAGES.limitReached });
    expect((await client.get('/api/user/channels')).json()).toHaveLength(10);
  });

  it('holds the limit of 10 under concurrent creation', async () => {
    const { client } = await signedInClient(t);
    for (let i = 1; i <= 8; i++) await createChannel(client, `Pre ${i}`);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/channels', { name: `Race ${i}`, description: 'd' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect((await client.get('/api/user/channels')).json()).toHaveLength(10);
  });

  it('lets only the owner edit; an empty category becomes null', async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const channel = await createChannel(owner.client, 'Tech Desk', { category: 'Technology' });
    expect(channel.category).toBe('Technology');

    const forbidden = await other.client.patch(`/api/channels/${channel.id}`, { name: 'Stolen' });
    expect(forbidden.statusCode).toBe(403);
    expect((await anonymous().patch(`/api/channels/${channel.id}`, { name: 'Stolen' })).statusCode).toBe(401);

    const edited = await owner.client.patch(`/api/channels/${channel.id}`, { name: 'Tech Desk Daily', description: 'New words', category: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Tech Desk Daily', slug: 'tech-desk-daily', description: 'New words', category: null });
    expect(edited.json().createdAt).toBe(channel.createdAt);
  });

  it('answers 404 for a missing channel and 400 for a bad id', async () => {
    expect((await anonymous().get('/api/channels/999999')).json()).toEqual({ error: 'Channel not found' });
    expect((await anonymous().get('/api/channels/abc')).statusCode).toBe(400);
  });

  it('subscribes idempotently, refuses the owner, and unsubscribes harmlessly', async () => {
    const owner = await signedInClient(t);
    const reader = await signedInClient(t);
    const channel = await createChannel(owner.client, 'Garden Gazette');

    const first = await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    expect(first.json()).toEqual({ subscribed: true, subscriberCount: 1 });
    const second = await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    expect(second.json()).toEqual({ subscribed: true, subscriberCount: 1 });
    expect(await recount(t, channel.id)).toEqual({ stored: 1, real: 1 });
    expect((await reader.client.get(`/api/channels/${channel.id}`)).json().isSubscribed).toBe(true);

    const own = await owner.client.post(`/api/channels/${channel.id}/subscribe`);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: CHANNEL_MESSAGES.ownChannel });

    expect((await reader.client.delete(`/api/channels/${channel.id}/subscribe`)).json()).toEqual({ subscribed: false, subscriberCount: 0 });
    expect((await reader.client.delete(`/api/channels/${channel.id}/subscribe`)).json()).toEqual({ subscribed: false, subscriberCount: 0 });
    expect(await recount(t, channel.id)).toEqual({ stored: 0, real: 0 });
    expect((await anonymous().post(`/api/channels/${channel.id}/subscribe`)).statusCode).toBe(401);
  });

  it('keeps the subscriber count exact under 200 concurrent subscribe and unsubscribe requests', async () => {
    const owner = await signedInClient(t);
    const channel = await createChannel(owner.client, 'Busy Channel');
    const readers = await Promise.all(Array.from({ length: 20 }, () => signedInClient(t)));
    const requests = Array.from({ length: 200 }, (_, i) => {
      const reader = readers[i % readers.length]!;
      return i % 3 === 0 ? reader.client.delete(`/api/channels/${channel.id}/subscribe`) : reader.client.post(`/api/channels/${channel.id}/subscribe`);
    });
    const responses = await Promise.all(requests);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const counts = await recount(t, channel.id);
    expect(counts.stored).toBe(counts.real);
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().subscriberCount).toBe(counts.real);
  });

  it('shows subscribers to the owner only', async () => {
    const owner = await signedInClient(t);
    const reader = await signedInClient(t);
    const channel = await createChannel(owner.client, 'Members Only');
    await reader.client.post(`/api/channels/${channel.id}/subscribe`);

    const list = await owner.client.get(`/api/channels/${channel.id}/subscribers`);
    expect(list.json()).toEqual([{ id: reader.id, username: reader.username }]);
    const refused = await reader.client.get(`/api/channels/${channel.id}/subscribers`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: CHANNEL_MESSAGES.noPermission });
    expect((await anonymous().get(`/api/channels/${channel.id}/subscribers`)).statusCode).toBe(401);
  });

  it("lists a user's subscriptions with dates, to themselves and admins only", async () => {
    const owner = await signedInClient(t);
    const reader = await signedInClient(t);
    const snoop = await signedInClient(t);
    const a = await createChannel(owner.client, 'Alpha');
    const b = await createChannel(owner.client, 'Beta');
    await reader.client.post(`/api/channels/${a.id}/subscribe`);
    await reader.client.post(`/api/channels/${b.id}/subscribe`);

    const mine = (await reader.client.get('/api/user/subscriptions')).json();
    expect(mine.map((s: { name: string }) => s.name).sort()).toEqual(['Alpha', 'Beta']);
    expect(mine.every((s: { subscriptionDate: string; isSubscribed: boolean }) => Date.parse(s.subscriptionDate) > 0 && s.isSubscribed)).toBe(true);

    expect((await reader.client.get(`/api/users/${reader.id}/subscriptions`)).json()).toHaveLength(2);
    expect((await snoop.client.get(`/api/users/${reader.id}/subscriptions`)).statusCode).toBe(403);
    expect((await snoop.client.get(`/api/debug/subscriptions?userId=${reader.id}`)).statusCode).toBe(403);
    expect((await snoop.client.get(`/api/debug/channels?userId=${owner.id}`)).statusCode).toBe(403);
    expect((await anonymous().get('/api/user/subscriptions')).statusCode).toBe(401);

    await t.ctx.users.setAdmin(snoop.username, true);
    expect((await snoop.client.get(`/api/users/${reader.id}/subscriptions`)).json()).toHaveLength(2);

    const debug = (await reader.client.get('/api/debug/subscriptions')).json();
    expect(debug).toMatchObject({ success: true, diagnostic: { userId: reader.id, count: 2 } });
    expect(debug.subscriptions[0]).toHaveProperty('channel.name');
    expect((await owner.client.get('/api/debug/channels')).json().map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Beta']);
  });
});

describe.each(testDatabases())('channel listing on %s', (kind) => {
  const t = useTestApp(kind);

  it('sorts by subscribers, date and articles in both directions, page by page, matching a brute-force order', async () => {
    const owners = await Promise.all(Array.from({ length: 3 }, () => signedInClient(t)));
    const readers = await Promise.all(Array.from({ length: 6 }, () => signedInClient(t)));
    const created: { id: number; name: string }[] = [];
    for (let i = 0; i < 13; i++) created.push(await createChannel(owners[i % 3]!.client, `Listing ${String(i).padStart(2, '0')}`));
    for (let i = 0; i < created.length; i++) {
      for (let r = 0; r < i % 5; r++) await readers[r]!.client.post(`/api/channels/${created[i]!.id}/subscribe`);
    }
    const all = (await new TestClient(() => t.app).get('/api/channels?limit=100')).json().items as any[];
    const key = { subscribers: 'subscriberCount', created: 'createdAt', articles: 'articleCount' } as const;

    for (const sort of ['subscribers', 'created', 'articles'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = [...all]
          .sort((x, y) => {
            const a = x[key[sort]];
            const b = y[key[sort]];
            const primary = a < b ? -1 : a > b ? 1 : 0;
            return (direction === 'asc' ? 1 : -1) * (primary || x.id - y.id);
          })
          .map((c) => c.id);
        const seen: number[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/api/channels?sort=${sort}&direction=${direction}&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
          const page = (await new TestClient(() => t.app).get(url)).json();
          expect(page.items.length).toBeLessThanOrEqual(4);
          seen.push(...page.items.map((c: { id: number }) => c.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen, `${sort} ${direction}`).toEqual(expected);
      }
    }
  });

  it('searches names and descriptions ignoring case, treating wildcards as text, and can hide own channels', async () => {
    const me = await signedInClient(t);
    await createChannel(me.client, 'Ocean Watch', { description: 'Tides and 100% salt' });
    const other = await signedInClient(t);
    await createChannel(other.client, 'OCEAN Life');
    const search = (await me.client.get('/api/channels?q=ocean')).json().items.map((c: { name: string }) => c.name);
    expect(search.sort()).toEqual(['OCEAN Life', 'Ocean Watch']);
    expect((await me.client.get('/api/channels?q=100%25')).json().items.map((c: { name: string }) => c.name)).toEqual(['Ocean Watch']);
    expect((await me.client.get('/api/channels?q=_')).json().items).toEqual([]);
    const explore = (await me.client.get('/api/channels?q=ocean&excludeOwn=true')).json().items.map((c: { name: string }) => c.name);
    expect(explore).toEqual(['OCEAN Life']);
  });

  it.each(['sort=name', 'direction=up', 'limit=0', 'limit=101', 'cursor=notacursor', 'cursor=WzEsMl0x', 'excludeOwn=maybe'])(
    'refuses the query %s with 400',
    async (query) => {
      const response = await new TestClient(() => t.app).get(`/api/channels?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBeTruthy();
    },
  );
});
