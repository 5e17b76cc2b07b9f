import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import type { Actor } from '@fedify/vocab';
import { signedInClient, testDatabases, type TestClient } from '../../../test-support/test-app.js';
import { adminClient } from '../../../test-support/moderation-fixtures.js';
import { useFederatedApp } from '../../../test-support/federated-app.js';
import { follow, lookupActor, startPeer, type Peer } from '../../../test-support/fediverse-peer.js';

const AP = 'application/activity+json';

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/** A Follow from the peer's `name` to `target`, posted to our shared inbox, signed with `key` (the peer's own by default). */
async function postFollow(peer: Peer, origin: string, target: string, options: { name?: string; actor?: string; key?: CryptoKey; body?: string; signed?: boolean } = {}) {
  const name = options.name ?? 'mallory';
  const actor = options.actor ?? peer.actorUri(name).href;
  const body = options.body ?? JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${peer.origin}/follows/${Math.random()}`, type: 'Follow', actor, object: target });
  let request = new Request(`${origin}/inbox`, { method: 'POST', headers: { 'content-type': AP, accept: AP }, body });
  if (options.signed !== false) {
    const pairs = await peer.context().getActorKeyPairs(name);
    request = await signRequest(request, options.key ?? pairs[0]!.privateKey, pairs[0]!.keyId);
  }
  return fetch(request);
}

describe.each(testDatabases())('what the inboxes refuse on %s', (kind) => {
  const t = useFederatedApp(kind);
  let peer: Peer;
  let owner: { client: TestClient; id: number };
  let channel: { id: number };
  let actorUri: string;
  let actor: Actor;
  beforeAll(async () => {
    peer = await startPeer();
    owner = await signedInClient(t, 'refuse');
    channel = (await owner.client.post('/api/channels', { name: 'Gatehouse', description: 'Who comes in' })).json();
    actorUri = `${t.origin}/channels/${channel.id}`;
    actor = (await lookupActor(peer, `@gatehouse@${t.host}`))!;
  });
  afterAll(async () => peer?.close());
  const followers = async () => (await owner.client.get(`/api/channels/${channel.id}`)).json().fediverseFollowerCount as number;

  it('answers 401 to an unsigned inbox post and records nothing', async () => {
    const response = await postFollow(peer, t.origin, actorUri, { signed: false });
    expect(response.status).toBe(401);
    expect(await followers()).toBe(0);
  });

  it('answers 401 to a post signed with a key that is not the actor’s', async () => {
    const stranger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    expect((await postFollow(peer, t.origin, actorUri, { key: stranger.privateKey })).status).toBe(401);
    expect(await followers()).toBe(0);
  });

  it('answers 401 to an activity whose actor is on another host than the signing key', async () => {
    const response = await postFollow(peer, t.origin, actorUri, { actor: `http://localhost:${new URL(peer.origin).port}/users/mallory` });
    expect(response.status).toBe(401);
    expect(await followers()).toBe(0);
  });

  it('answers 413 to an oversized body', async () => {
    const huge = JSON.stringify({ type: 'Note', content: 'x'.repeat(300 * 1024) });
    expect((await postFollow(peer, t.origin, actorUri, { body: huge, signed: false })).status).toBe(413);
  });

  it('accepts a properly signed follow', async () => {
    expect((await postFollow(peer, t.origin, actorUri)).status).toBeLessThan(300);
    await eventually(async () => (await followers()) === 1, 'the follower');
  });

  it('lets an admin block an instance: its follows drop and its inbox posts answer 403; lifting it lets them in again', async () => {
    const admin = await adminClient(t);
    expect((await owner.client.post('/api/admin/federation/blocks', { domain: peer.host })).statusCode).toBe(403);
    expect((await admin.client.post('/api/admin/federation/blocks', { domain: 'not a domain' })).statusCode).toBe(400);
    const blocked = await admin.client.post('/api/admin/federation/blocks', { domain: peer.host.toUpperCase() });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().domain).toBe(peer.host);
    expect((await admin.client.get('/api/admin/federation/blocks')).json().items.map((b: { domain: string }) => b.domain)).toContain(peer.host);
    expect(await followers()).toBe(0);
    expect((await postFollow(peer, t.origin, actorUri)).status).toBe(403);
    expect(await followers()).toBe(0);
    expect((await admin.client.delete(`/api/admin/federation/blocks/${encodeURIComponent(peer.host)}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/admin/federation/blocks/${encodeURIComponent(peer.host)}`)).statusCode).toBe(404);
    expect((await postFollow(peer, t.origin, actorUri)).status).toBeLessThan(300);
    await eventually(async () => (await followers()) === 1, 'the follower again');
  });

  it('lets the owner turn federation off for a channel: its WebFinger, actor and articles answer 404 and nothing is delivered', async () => {
    const other = await signedInClient(t, 'notowner');
    expect((await other.client.patch(`/api/channels/${channel.id}`, { federated: false })).statusCode).toBe(403);
    await follow(peer, 'dora', actor);
    await eventually(async () => (await followers()) >= 1, 'a follower');
    expect((await owner.client.patch(`/api/channels/${channel.id}`, { federated: false })).statusCode).toBe(200);
    expect((await fetch(actorUri, { headers: { accept: AP } })).status).toBe(404);
    expect((await fetch(`${t.origin}/.well-known/webfinger?resource=acct:gatehouse@${t.host}`)).status).toBe(404);
    expect((await owner.client.get(`/api/channels/${channel.id}`)).json().handle).toBeNull();
    const article = (await owner.client.post('/api/articles', { title: 'Quiet news', content: '<p>Hush.</p>', channelId: channel.id, published: true })).json();
    await t.ctx.federation!.settled();
    expect((await fetch(`${t.origin}/articles/${article.id}`, { headers: { accept: AP } })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.filter((r) => r.activity.objectId?.href.includes(`/ap/articles/${article.id}/`))).toHaveLength(0);
    expect((await owner.client.patch(`/api/channels/${channel.id}`, { federated: true })).statusCode).toBe(200);
    expect((await fetch(actorUri, { headers: { accept: AP } })).status).toBe(200);
  });
});

describe('a site that may not reach private addresses', () => {
  const t = useFederatedApp('sqlite', { ALLOW_PRIVATE_ADDRESSES: 'false' });
  let peer: Peer;
  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(async () => peer?.close());

  it('refuses a follow from an actor on a loopback address (its key cannot be fetched)', async () => {
    const owner = await signedInClient(t, 'private');
    const channel = (await owner.client.post('/api/channels', { name: 'Walled Garden', description: 'x' })).json();
    const response = await postFollow(peer, t.origin, `${t.origin}/channels/${channel.id}`);
    expect(response.status).toBe(401);
    expect((await owner.client.get(`/api/channels/${channel.id}`)).json().fediverseFollowerCount).toBe(0);
  });
});
