import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, useTestApp } from '../../test-support/test-app.js';

describe('the one-second cache of anonymous reads', () => {
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '300' });

  it('serves anonymous reads from memory for its TTL, never signed-in ones, then refreshes', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Cache Desk', description: 'd' })).json();
    const anonymous = new TestClient(() => t.app);
    const first = await anonymous.get(`/api/channels/${channel.id}`);
    expect(first.headers['x-cache']).toBeUndefined();
    await author.client.patch(`/api/channels/${channel.id}`, { name: 'Renamed Desk' });

    const cached = await anonymous.get(`/api/channels/${channel.id}`);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.json().name).toBe('Cache Desk');
    // The author sees their own write at once.
    expect((await author.client.get(`/api/channels/${channel.id}`)).json().name).toBe('Renamed Desk');

    await new Promise((r) => setTimeout(r, 350));
    const fresh = await anonymous.get(`/api/channels/${channel.id}`);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.json().name).toBe('Renamed Desk');
  });

  it('never caches private or uncacheable answers', async () => {
    const anonymous = new TestClient(() => t.app);
    await anonymous.get('/api/user');
    expect((await anonymous.get('/api/user')).headers['x-cache']).toBeUndefined();
    await anonymous.get('/api/articles?cursor=bad');
    expect((await anonymous.get('/api/articles?cursor=bad')).statusCode).toBe(400);
    expect((await anonymous.get('/api/articles?cursor=bad')).headers['x-cache']).toBeUndefined();
  });
});

describe('cache hits over HTTP', () => {
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '60000' });

  it('answers hits from the HTTP server with the original headers, compressed once when accepted', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Wire Desk', description: 'Wires' })).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const first = await fetch(`${base}/api/channels/${channel.id}`, { headers: { 'accept-encoding': 'identity' } });
    expect(first.headers.get('x-cache')).toBeNull();
    const hit = await fetch(`${base}/api/channels/${channel.id}`, { headers: { 'accept-encoding': 'identity', 'x-request-id': 'abc-123' } });
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(hit.headers.get('x-request-id')).toBe('abc-123');
    expect(hit.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(hit.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await hit.json()).toEqual(await first.json());
    // fetch decompresses: the body is the same, the header says how it travelled.
    const plain = await (await fetch(`${base}/api/categories`, { headers: { 'accept-encoding': 'identity' } })).json();
    for (const encoding of ['gzip', 'br']) {
      const compressed = await fetch(`${base}/api/categories`, { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers.get('x-cache')).toBe('hit');
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(await compressed.json()).toEqual(plain);
    }
    // A session cookie always goes past the cache.
    const signedIn = await fetch(`${base}/api/channels/${channel.id}`, { headers: { cookie: author.client.cookie! } });
    expect(signedIn.headers.get('x-cache')).toBeNull();
  });
});
