import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases } from '../../../test-support/test-app.js';
import { useFederatedApp } from '../../../test-support/federated-app.js';
import { lookupActor, startPeer, type Peer } from '../../../test-support/fediverse-peer.js';

const AP = 'application/activity+json';
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

describe.each(testDatabases())('channels on the social web on %s', (kind) => {
  const t = useFederatedApp(kind);
  let peer: Peer;
  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(async () => peer?.close());

  async function newChannel(name: string) {
    const owner = await signedInClient(t, 'fedowner');
    const response = await owner.client.post('/api/channels', { name, description: `About ${name} & more` });
    expect(response.statusCode).toBe(201);
    return { owner, channel: response.json() as { id: number; slug: string } };
  }

  it('finds a channel by its handle over WebFinger, with its profile page and actor links', async () => {
    const { channel } = await newChannel('Harbour Watch');
    const response = await fetch(`${t.origin}/.well-known/webfinger?resource=acct:harbour-watch@${t.host}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.subject).toBe(`acct:harbour-watch@${t.host}`);
    expect(body.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', type: AP, href: `${t.origin}/channels/${channel.id}` }),
        expect.objectContaining({ rel: 'http://webfinger.net/rel/profile-page', href: `${t.origin}/channels/${channel.id}` }),
      ]),
    );
  });

  it('answers the actor on the channel address under either ActivityPub media type, with its keys', async () => {
    const { channel } = await newChannel('Tide Tables');
    for (const accept of [AP, LD]) {
      const response = await fetch(`${t.origin}/channels/${channel.id}`, { headers: { accept } });
      expect(response.status).toBe(200);
      const actor = await response.json();
      expect(actor).toMatchObject({
        id: `${t.origin}/channels/${channel.id}`,
        type: 'Organization',
        preferredUsername: 'tide-tables',
        name: 'Tide Tables',
        summary: '<p>About Tide Tables &amp; more</p>',
        url: `${t.origin}/channels/${channel.id}`,
        inbox: `${t.origin}/channels/${channel.id}/inbox`,
        outbox: `${t.origin}/channels/${channel.id}/outbox`,
        followers: `${t.origin}/channels/${channel.id}/followers`,
        endpoints: { sharedInbox: `${t.origin}/inbox` },
      });
      expect(actor.published).toEqual(expect.any(String));
      expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
      expect(actor.assertionMethod.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('makes the keys once per channel and keeps them', async () => {
    const { channel } = await newChannel('Kept Keys');
    const first = await (await fetch(`${t.origin}/channels/${channel.id}`, { headers: { accept: AP } })).json();
    const second = await (await fetch(`${t.origin}/channels/${channel.id}`, { headers: { accept: AP } })).json();
    expect(second.publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);
    const row = await t.database.db.selectFrom('federation_actors').select('key_pairs').where('channel_id', '=', channel.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.key_pairs!)).toHaveLength(2);
  });

  it('a peer server resolves @handle@host and reads the actor, as Mastodon’s search does', async () => {
    const { channel } = await newChannel('Peer Search');
    const actor = await lookupActor(peer, `@peer-search@${t.host}`);
    expect(actor?.id?.href).toBe(`${t.origin}/channels/${channel.id}`);
    expect(actor?.name?.toString()).toBe('Peer Search');
  });

  it('keeps the handle when the channel is renamed, and the page still answers HTML to browsers', async () => {
    const { owner, channel } = await newChannel('Old Name');
    const before = (await owner.client.get(`/api/channels/${channel.id}`)).json();
    expect(before.handle).toBe(`@old-name@${t.host}`);
    expect((await owner.client.patch(`/api/channels/${channel.id}`, { name: 'New Name' })).statusCode).toBe(200);
    const after = (await owner.client.get(`/api/channels/${channel.id}`)).json();
    expect(after).toMatchObject({ handle: `@old-name@${t.host}`, fediverseFollowerCount: 0 });
    const actor = await (await fetch(`${t.origin}/channels/${channel.id}`, { headers: { accept: AP } })).json();
    expect(actor).toMatchObject({ preferredUsername: 'old-name', name: 'New Name' });
  });

  it('gives a channel whose slug is taken ignoring case, or is not in Latin letters, another handle', async () => {
    const { channel: first } = await newChannel('Same Slug');
    const firstHandle = (await new TestClient(() => t.app).get(`/api/channels/${first.id}`)).json().handle;
    expect(firstHandle).toBe(`@same-slug@${t.host}`);
    // Another channel with a slug differing only in case.
    const { channel: other } = await newChannel('Other');
    await t.database.db.updateTable('channels').set({ slug: 'SAME-SLUG' }).where('id', '=', other.id).execute();
    expect((await new TestClient(() => t.app).get(`/api/channels/${other.id}`)).json().handle).toBe(`@SAME-SLUG-${other.id}@${t.host}`);
    const { channel: greek } = await newChannel('Νέα της πόλης');
    await t.database.db.updateTable('channels').set({ slug: 'νέα-της-πόλης' }).where('id', '=', greek.id).execute();
    expect((await new TestClient(() => t.app).get(`/api/channels/${greek.id}`)).json().handle).toBe(`@channel-${greek.id}@${t.host}`);
  });

  it('answers 404 under negotiation for a channel that does not exist', async () => {
    expect((await fetch(`${t.origin}/channels/999999`, { headers: { accept: AP } })).status).toBe(404);
    expect((await fetch(`${t.origin}/.well-known/webfinger?resource=acct:nobody-here@${t.host}`)).status).toBe(404);
  });

  it('serves NodeInfo 2.1 with the software, its users and posts, and open registrations', async () => {
    const links = await (await fetch(`${t.origin}/.well-known/nodeinfo`)).json();
    const href = links.links.find((l: { rel: string }) => l.rel === 'http://nodeinfo.diaspora.software/ns/schema/2.1').href;
    expect(href).toBe(`${t.origin}/nodeinfo/2.1`);
    const info = await (await fetch(href)).json();
    expect(info).toMatchObject({ version: '2.1', software: { name: 'broadsheet', version: '1.0.0' }, protocols: ['activitypub'], openRegistrations: true });
    expect(info.usage.users.total).toBeGreaterThan(0);
    expect(info.usage.localPosts).toEqual(expect.any(Number));
  });
});

describe('a site that does not federate', () => {
  it('answers 404 for WebFinger and NodeInfo when FEDERATION is off', async () => {
    const { buildApp } = await import('../../app.js');
    const { testConfig } = await import('../../../test-support/test-app.js');
    const database = (await import('../../db/database.js')).createDatabase({ kind: 'sqlite', file: ':memory:' });
    // Migrated as a served database is: an unknown address is looked up among imported articles' old ones.
    await (await import('../../db/migrate.js')).migrateToLatest(database.db);
    const app = await buildApp(testConfig({ FEDERATION: 'off', DATABASE_URL: '' }), { logger: false, database });
    try {
      expect((await app.inject({ url: '/.well-known/webfinger?resource=acct:x@localhost:3000' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/.well-known/nodeinfo' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
