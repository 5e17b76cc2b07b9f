import { describe, expect, it } from 'vitest';
import { TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { DEMO_ARTICLES, DEMO_CHANNELS } from './demo-content.js';
import { DEMO_ACCOUNT, seedDemo } from './seed.js';

describe.each(testDatabases())('demo content on %s', (kind) => {
  const t = useTestApp(kind);

  it('fills an empty database with a lively feed, once', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    expect(await seedDemo(t.ctx)).toBe(false);
    const client = new TestClient(() => t.app);
    const feed = (await client.get('/api/articles?limit=100')).json();
    expect(feed.items.length).toBe(DEMO_ARTICLES.length);
    expect(DEMO_ARTICLES.length).toBeGreaterThanOrEqual(30);
    expect(feed.items.filter((a: { categories: unknown[] }) => a.categories.length > 0).length).toBe(DEMO_ARTICLES.length);
    expect(feed.items.filter((a: { location: string | null }) => a.location).length).toBeGreaterThan(25);
    expect(new Set(feed.items.map((a: { viewCount: number }) => a.viewCount)).size).toBeGreaterThan(5);
    const channels = (await client.get('/api/channels?limit=100')).json().items;
    expect(channels).toHaveLength(DEMO_CHANNELS.length);
    expect(channels.reduce((sum: number, c: { articleCount: number }) => sum + c.articleCount, 0)).toBe(DEMO_ARTICLES.length);

    const login = await client.post('/api/login', DEMO_ACCOUNT);
    expect(login.statusCode).toBe(200);
    const mine = (await client.get('/api/articles?limit=100')).json();
    expect(mine.source).toBe('subscriptions');
    expect(mine.items.length).toBeGreaterThan(5);
  });
});
