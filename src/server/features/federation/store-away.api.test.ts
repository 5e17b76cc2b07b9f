import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@fedify/fedify';
import { signedInClient } from '../../../test-support/test-app.js';
import { useFederatedApp } from '../../../test-support/federated-app.js';
import { startPeer, type Peer } from '../../../test-support/fediverse-peer.js';

const AP = 'application/activity+json';

// Port 1 on loopback: nothing listens, so the federation's Redis is away from the start.
describe('the inbox while the federation\'s store is away', () => {
  const t = useFederatedApp('sqlite', { REDIS_URL: 'redis://127.0.0.1:1' });
  let peer: Peer;
  beforeAll(async () => {
    peer = await startPeer();
  });
  afterAll(async () => peer?.close());

  it('answers a signed inbox post 503 with Retry-After, never 500, so the sender tries again later', async () => {
    const owner = await signedInClient(t, 'awaystore');
    const channel = (await owner.client.post('/api/channels', { name: 'Away Desk', description: 'Stores away' })).json();
    const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', id: `${peer.origin}/follows/${Math.random()}`, type: 'Follow', actor: peer.actorUri('mallory').href, object: `${t.origin}/channels/${channel.id}` });
    const pairs = await peer.context().getActorKeyPairs('mallory');
    const request = await signRequest(new Request(`${t.origin}/inbox`, { method: 'POST', headers: { 'content-type': AP, accept: AP }, body }), pairs[0]!.privateKey, pairs[0]!.keyId);
    const response = await fetch(request);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect((await response.json()).error).toBe('The server is busy. Please try again in a moment.');
  });
});
