import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/** A real file of the built client (hashed name). */
const builtAsset = () => `/assets/${fs.readdirSync(path.join(builtWebRoot(), 'assets')).find((name) => name.endsWith('.js'))}`;

const varies = (headers: Record<string, unknown>) => String(headers.vary ?? '').split(',').map((f) => f.trim().toLowerCase());

describe.each(testDatabases())('answers that depend on the session are private to caches on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: builtWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  it('marks every answer to a signed-in reader private, no-store, varying by Cookie', async () => {
    const reader = await signedInClient(t, 'private');
    const channel = (await reader.client.post('/api/channels', { name: 'Private Desk', description: 'd' })).json();
    const article = (await reader.client.post('/api/articles', { title: 'Mine', content: '<p>x</p>', channelId: channel.id })).json();
    for (const url of ['/api/articles?limit=5', `/api/articles/${article.id}`, `/api/articles/${article.id}/comments`, `/api/channels/${channel.id}`, '/api/user', '/api/articles/facets', '/', `/articles/${article.slug}-${article.id}`]) {
      const response = await reader.client.get(url);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(varies(response.headers), url).toContain('cookie');
    }
    const like = await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: true });
    expect(like.headers['cache-control']).toBe('private, no-store');
  });

  it('marks sign-in answers and refusals for want of a session private; anonymous reads only vary by Cookie', async () => {
    const visitor = anonymous();
    const register = await visitor.post('/api/register', { username: `priv_${process.pid}_${Date.now() % 100000}`, password: 'correct-horse' });
    expect(register.headers['set-cookie']).toBeDefined();
    expect(register.headers['cache-control']).toBe('private, no-store');
    const refused = await anonymous().get('/api/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');

    for (const url of ['/api/articles?scope=all&limit=5', '/']) {
      const response = await anonymous().get(url);
      expect(response.headers['cache-control'] ?? '', url).not.toContain('private');
      expect(varies(response.headers), url).toContain('cookie');
    }
    // Reference data says it is public and stays so; so do files, whoever asks.
    expect((await anonymous().get('/api/categories')).headers['cache-control']).toMatch(/^public/);
    const reader = await signedInClient(t, 'files');
    expect((await reader.client.get(builtAsset())).headers['cache-control']).toContain('immutable');
  });
});
