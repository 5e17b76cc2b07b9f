import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accept, Announce, Create, Delete, Follow, Like, PUBLIC_COLLECTION, Undo, Update, type Actor } from '@fedify/vocab';
import { Redis } from 'ioredis';
import { signedInClient, testDatabases, type DatabaseKind, type TestClient } from '../../../test-support/test-app.js';
import { useFederatedApp } from '../../../test-support/federated-app.js';
import { follow, lookupActor, startPeer, type Peer } from '../../../test-support/fediverse-peer.js';
import { deleteRedisKeys, isRedisReachable, TEST_REDIS_URL } from '../../../test-support/redis.js';

const AP = 'application/activity+json';

/** Waits until `check` holds (deliveries go through the queue), at most a generous while. */
async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/** Each database with the federation's store and queue in it, and PostgreSQL with them in Redis (REDIS_URL). */
const setups: [string, DatabaseKind, Record<string, string>][] = testDatabases().map((kind) => [kind, kind, {}]);
if (testDatabases().includes('postgres') && (await isRedisReachable())) setups.push(['PostgreSQL with Redis', 'postgres', { REDIS_URL: TEST_REDIS_URL }]);

describe.each(setups)('followers, articles and their delivery on %s', (_setup, kind, env) => {
  const onRedis = env.REDIS_URL !== undefined;
  // Declared before the app so that it runs after the app has closed: the site's keys go.
  afterAll(async () => {
    if (!onRedis || !t.host) return;
    const client = new Redis(TEST_REDIS_URL);
    await deleteRedisKeys(client, `broadsheet:fedify:${t.host}:`);
    client.disconnect();
  });
  const t = useFederatedApp(kind, env);
  let peer: Peer;
  let owner: { client: TestClient; id: number; username: string };
  let channel: { id: number; slug: string };
  let actor: Actor;
  beforeAll(async () => {
    peer = await startPeer();
    owner = await signedInClient(t, 'deliver');
    const created = await owner.client.post('/api/channels', { name: 'Night Desk', description: 'News after dark' });
    channel = created.json();
    actor = (await lookupActor(peer, `@night-desk@${t.host}`))!;
    expect(actor).not.toBeNull();
  });
  afterAll(async () => peer?.close());

  const received = (type: new (...args: any[]) => object, objectIdPrefix?: string) =>
    peer.received.filter((r) => r.activity instanceof type && (!objectIdPrefix || r.activity.objectId?.href.startsWith(objectIdPrefix)));

  it('accepts a follow automatically and counts the follower apart from subscribers', async () => {
    const sent = await follow(peer, 'alice', actor);
    const accept = await eventually(() => received(Accept).find((r) => r.activity.objectId?.href === sent.id!.href), 'the Accept');
    expect(accept.activity.actorId?.href).toBe(`${t.origin}/channels/${channel.id}`);
    await follow(peer, 'bob', actor);
    await eventually(async () => (await owner.client.get(`/api/channels/${channel.id}`)).json().fediverseFollowerCount === 2, 'two followers');
    const answer = (await owner.client.get(`/api/channels/${channel.id}`)).json();
    expect(answer).toMatchObject({ fediverseFollowerCount: 2, subscriberCount: 0 });
    const followers = await (await fetch(`${t.origin}/channels/${channel.id}/followers`, { headers: { accept: AP } })).json();
    expect(followers.totalItems).toBe(2);
  });

  it('answers 404 under negotiation for a draft that was never published', async () => {
    const draft = (await owner.client.post('/api/articles', { title: 'Not yet', content: '<p>Soon.</p>', channelId: channel.id, published: false })).json();
    expect((await fetch(`${t.origin}/articles/${draft.slug}-${draft.id}`, { headers: { accept: AP } })).status).toBe(404);
    await t.ctx.federation!.settled();
    expect(received(Create, `${t.origin}/ap/articles/${draft.id}/`)).toHaveLength(0);
  });

  it('delivers Create to each shared inbox once when an article is published, and answers the Article on its page address', async () => {
    const article = (
      await owner.client.post('/api/articles', { title: 'Harbour lights', content: '<p>The lights came on at <a href="/channels/1">dusk</a>.</p>', channelId: channel.id, published: true })
    ).json();
    const objectId = `${t.origin}/ap/articles/${article.id}/1`;
    const create = await eventually(() => received(Create, objectId)[0], 'the Create');
    // alice and bob share the peer's shared inbox: one request for both.
    await t.ctx.federation!.settled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received(Create, objectId)).toHaveLength(1);
    expect(create.inbox).toBe('shared');
    const object = await (create.activity as Create).getObject();
    expect(object?.id?.href).toBe(objectId);

    const page = await fetch(`${t.origin}/articles/${article.slug}-${article.id}`, { headers: { accept: AP } });
    expect(page.status).toBe(200);
    const json = await page.json();
    expect(json).toMatchObject({
      id: objectId,
      type: 'Article',
      name: 'Harbour lights',
      summary: article.excerpt,
      url: `${t.origin}/articles/${article.slug}-${article.id}`,
      attributedTo: `${t.origin}/channels/${channel.id}`,
      to: 'as:Public',
      cc: `${t.origin}/channels/${channel.id}/followers`,
    });
    expect(json.content).toContain(`By <a href="${t.origin}/users/${owner.username}">${owner.username}</a>`);
    expect(json.content).toContain(`href="${t.origin}/channels/1"`);
    expect(json.content).not.toMatch(/href="\/[^/]/);
    expect(json.published).toEqual(expect.any(String));
    expect(json.replies).toMatchObject({ type: 'Collection' });
    // The outbox lists it.
    const outbox = await (await fetch(`${t.origin}/channels/${channel.id}/outbox`, { headers: { accept: AP } })).json();
    expect(outbox.totalItems).toBeGreaterThanOrEqual(1);
  });

  it('delivers Update with the correction in the content when a published article is edited', async () => {
    const article = (await owner.client.post('/api/articles', { title: 'Ferry times', content: '<p>The ferry leaves at six.</p>', channelId: channel.id, published: true })).json();
    const objectId = `${t.origin}/ap/articles/${article.id}/1`;
    await eventually(() => received(Create, objectId)[0], 'the Create');
    const edited = await owner.client.patch(`/api/articles/${article.id}`, { content: '<p>The ferry leaves at seven.</p>', correction: { kind: 'correction', text: 'The ferry leaves at seven, not six.' } });
    expect(edited.statusCode).toBe(200);
    const update = await eventually(() => received(Update, objectId)[0], 'the Update');
    const object = await (update.activity as Update).getObject();
    const content = object?.content?.toString() ?? '';
    expect(content).toContain('seven');
    expect(content).toMatch(/<strong>Correction, \d{1,2} \w+ \d{4}:<\/strong> The ferry leaves at seven, not six\./);
  });

  it('delivers Delete when an article goes back to drafts, answers 410 with a Tombstone, and a new id when republished', async () => {
    const article = (await owner.client.post('/api/articles', { title: 'Storm warning', content: '<p>Wind.</p>', channelId: channel.id, published: true })).json();
    const first = `${t.origin}/ap/articles/${article.id}/1`;
    await eventually(() => received(Create, first)[0], 'the Create');
    expect((await owner.client.post(`/api/articles/${article.id}/toggle-status`)).statusCode).toBe(200);
    await eventually(() => received(Delete, first)[0], 'the Delete');
    const gone = await fetch(`${t.origin}/articles/${article.slug}-${article.id}`, { headers: { accept: AP } });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ id: first, type: 'Tombstone' });
    expect((await fetch(first, { headers: { accept: AP } })).status).toBe(410);
    // The HTML address answers as it does for any draft (no page server in this suite: the API says 404 to strangers).
    expect((await fetch(`${t.origin}/api/articles/${article.id}`)).status).toBe(404);

    expect((await owner.client.post(`/api/articles/${article.id}/toggle-status`)).statusCode).toBe(200);
    const second = `${t.origin}/ap/articles/${article.id}/2`;
    await eventually(() => received(Create, second)[0], 'the second Create');
    expect((await (await fetch(`${t.origin}/articles/${article.id}`, { headers: { accept: AP } })).json()).id).toBe(second);
    expect((await fetch(first, { headers: { accept: AP } })).status).toBe(410);
  });

  it('delivers Delete when an article is deleted, and its address answers 410', async () => {
    const article = (await owner.client.post('/api/articles', { title: 'Brief', content: '<p>Short.</p>', channelId: channel.id, published: true })).json();
    const objectId = `${t.origin}/ap/articles/${article.id}/1`;
    await eventually(() => received(Create, objectId)[0], 'the Create');
    expect((await owner.client.delete(`/api/articles/${article.id}`)).statusCode).toBeLessThan(300);
    await eventually(() => received(Delete, objectId)[0], 'the Delete');
    expect((await fetch(`${t.origin}/articles/${article.id}`, { headers: { accept: AP } })).status).toBe(410);
  });

  it('counts likes and boosts from the fediverse once per remote account, and their undoing', async () => {
    const article = (await owner.client.post('/api/articles', { title: 'Liked piece', content: '<p>Good.</p>', channelId: channel.id, published: true })).json();
    const objectId = new URL(`${t.origin}/ap/articles/${article.id}/1`);
    await eventually(() => received(Create, objectId.href)[0], 'the Create');
    const ctx = peer.context();
    const like = new Like({ id: new URL(`/likes/${Date.now()}`, peer.origin), actor: peer.actorUri('alice'), object: objectId });
    await ctx.sendActivity({ identifier: 'alice' }, actor, like);
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Like({ id: new URL(`/likes/${Date.now()}-again`, peer.origin), actor: peer.actorUri('alice'), object: objectId }));
    await ctx.sendActivity({ identifier: 'bob' }, actor, new Announce({ id: new URL(`/boosts/${Date.now()}`, peer.origin), actor: peer.actorUri('bob'), object: objectId, to: PUBLIC_COLLECTION }));
    await eventually(async () => {
      const counts = await t.ctx.federation!.fediverseReactions(article.id);
      return counts.likes === 1 && counts.announces === 1;
    }, 'one like and one boost');
    // The site's own likes are untouched.
    expect((await owner.client.get(`/api/articles/${article.id}`)).json()).toMatchObject({ likes: 0, dislikes: 0 });
    await ctx.sendActivity({ identifier: 'alice' }, actor, new Undo({ id: new URL(`/undo-like/${Date.now()}`, peer.origin), actor: peer.actorUri('alice'), object: like }));
    await eventually(async () => (await t.ctx.federation!.fediverseReactions(article.id)).likes === 0, 'the like undone');
    expect((await t.ctx.federation!.fediverseReactions(article.id)).announces).toBe(1);
  });

  it('stops counting a follower who undoes the follow', async () => {
    const sent = await follow(peer, 'carol', actor);
    await eventually(() => received(Accept).find((r) => r.activity.objectId?.href === sent.id!.href), 'the Accept');
    const before = (await owner.client.get(`/api/channels/${channel.id}`)).json().fediverseFollowerCount;
    await peer.context().sendActivity({ identifier: 'carol' }, actor, new Undo({ id: new URL(`/undo/${Date.now()}`, peer.origin), actor: peer.actorUri('carol'), object: new Follow({ id: sent.id, actor: sent.actorId, object: sent.objectId }) }));
    await eventually(async () => (await owner.client.get(`/api/channels/${channel.id}`)).json().fediverseFollowerCount === before - 1, 'one follower fewer');
  });

  it.runIf(onRedis)('keeps its deliveries and keys in Redis, not in the database, when REDIS_URL is set', async () => {
    const client = new Redis(TEST_REDIS_URL);
    try {
      const prefix = `broadsheet:fedify:${t.host}:`;
      expect(Number(await client.get(`${prefix}queue:seq`))).toBeGreaterThan(0);
      const [, kvKeys] = await client.scan('0', 'MATCH', `${prefix}kv:*`, 'COUNT', 10_000);
      expect(kvKeys.length).toBeGreaterThan(0);
      expect(await t.database.db.selectFrom('federation_kv').select('key').execute()).toEqual([]);
      expect(await t.database.db.selectFrom('federation_queue').select('id').execute()).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it.runIf(onRedis)('delivers after a restart what was queued in Redis while no instance was delivering', async () => {
    t.ctx.federation!.stopQueue();
    const article = (await owner.client.post('/api/articles', { title: 'Night shift', content: '<p>Queued.</p>', channelId: channel.id, published: true })).json();
    const objectId = `${t.origin}/ap/articles/${article.id}/1`;
    await t.ctx.federation!.settled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received(Create, objectId)).toHaveLength(0);
    await t.restart();
    await eventually(() => received(Create, objectId)[0], 'the Create after the restart');
  });
});
