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
