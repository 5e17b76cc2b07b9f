import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/**
 * What every write route does with who asks and with how the body arrives (docs/product.md#api,
 * docs/decisions/021-the-specs-api-shapes.md): a signed-out writer hears they must log in before
 * anything about their input, and the first product's bodiless POSTs work whatever content type a client
 * labels them with.
 */
describe.each(testDatabases())('request conventions on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it.each([
    ['POST', '/api/channels', {}, 'You must be logged in to create a channel'],
    ['POST', '/api/channels', { name: 5 }, 'You must be logged in to create a channel'],
    ['POST', '/api/articles', {}, 'You must be logged in to create an article'],
    ['PATCH', '/api/channels/1', { description: 5 }, 'You must be logged in'],
    ['PATCH', '/api/users/1', { description: 5 }, 'You must be logged in'],
    ['PATCH', '/api/articles/1', { title: 5 }, 'You must be logged in'],
    ['POST', '/api/channels/1/subscribe', undefined, 'You must be logged in'],
    ['GET', '/api/channels/1/subscribers', undefined, 'You must be logged in'],
    ['DELETE', '/api/comments/1', undefined, 'You must be logged in'],
  ] as const)('answers a signed-out %s %s with %j 401 before looking at the input', async (method, url, payload, message) => {
    const response = await anonymous().request({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: message });
  });

  it('takes bodiless POSTs labelled application/json', async () => {
    const author = await signedInClient(t, 'bodiless');
    const channel = (await author.client.post('/api/channels', { name: 'Bodiless', description: 'Empty bodies' })).json();
    const article = (await author.client.post('/api/articles', { title: 'Empty', content: '<p>Body</p>', channelId: channel.id })).json();
    const json = { 'content-type': 'application/json' };

    const view = await anonymous().request({ method: 'POST', url: `/api/articles/${article.id}/view`, headers: json, payload: '' });
    expect(view.statusCode).toBe(200);
    const toggled = await author.client.request({ method: 'POST', url: `/api/articles/${article.id}/toggle-status`, headers: json, payload: '' });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json().published).toBe(false);
    const loggedOut = await author.client.request({ method: 'POST', url: '/api/logout', headers: json, payload: '' });
    expect(loggedOut.statusCode).toBe(200);
    expect((await author.client.get('/api/user')).statusCode).toBe(401);
  });

  it('still refuses an empty body where the route needs one, and a body that is not JSON', async () => {
    const author = await signedInClient(t, 'needsbody');
    const json = { 'content-type': 'application/json' };
    const empty = await author.client.request({ method: 'POST', url: '/api/channels', headers: json, payload: ' ' });
    expect(empty.statusCode).toBe(400);
    const broken = await author.client.request({ method: 'POST', url: '/api/channels', headers: json, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Request body is not valid JSON' });
    const poisoned = await author.client.request({ method: 'POST', url: '/api/channels', headers: json, payload: '{"name":"x","description":"y","__proto__":{"isAdmin":true}}' });
    expect(poisoned.statusCode).toBe(400);
    expect((await author.client.get('/api/user/channels')).json()).toEqual([]);
  });
});
