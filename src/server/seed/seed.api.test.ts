import { describe, expect, it } from 'vitest';
import { TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';
import { DEMO_ARTICLES, DEMO_CHANNELS, DEMO_DRAFTS, DEMO_OWN_ARTICLES } from './demo-content.js';
import { DEMO_ACCOUNT, seedDemo } from './seed.js';
import { createOfflineGazetteer } from '../features/geo/offline-gazetteer.js';

describe.each(testDatabases())('demo content on %s', (kind) => {
  const t = useTestApp(kind);

  it('fills an empty database with a lively feed, once', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    expect(await seedDemo(t.ctx)).toBe(false);
    const client = new TestClient(() => t.app);
    const feed = (await client.get('/api/articles?limit=100')).json();
    const published = DEMO_ARTICLES.length + DEMO_OWN_ARTICLES.length;
    expect(feed.items.length).toBe(published);
    expect(DEMO_ARTICLES.length).toBeGreaterThanOrEqual(30);
    expect(feed.items.filter((a: { categories: unknown[] }) => a.categories.length > 0).length).toBe(published);
    expect(feed.items.filter((a: { location: string | null }) => a.location).length).toBeGreaterThan(25);
    expect(new Set(feed.items.map((a: { viewCount: number }) => a.viewCount)).size).toBeGreaterThan(5);
    const channels = (await client.get('/api/channels?limit=100')).json().items;
    expect(channels).toHaveLength(DEMO_CHANNELS.length);
    expect(channels.reduce((sum: number, c: { articleCount: number }) => sum + c.articleCount, 0)).toBe(published);

    const login = await client.post('/api/login', DEMO_ACCOUNT);
    expect(login.statusCode).toBe(200);
    const mine = (await client.get('/api/articles?limit=100')).json();
    expect(mine.source).toBe('subscriptions');
    expect(mine.items.length).toBeGreaterThan(5);

    // The demo account owns a channel with articles (one with headings, lists and a quote), drafts and images.
    const own = (await client.get('/api/user/channels')).json();
    expect(own).toHaveLength(1);
    const publishedOwn = (await client.get(`/api/channels/${own[0].id}/articles`)).json();
    const draftsOwn = (await client.get(`/api/channels/${own[0].id}/drafts`)).json();
    expect(publishedOwn).toHaveLength(DEMO_OWN_ARTICLES.length);
    expect(draftsOwn).toHaveLength(DEMO_DRAFTS.length);
    const list = [...publishedOwn, ...draftsOwn];
    expect(mine.items.map((a: { channel: { id: number } }) => a.channel.id)).toContain(own[0].id);
    const withImages = await Promise.all(list.map(async (a: { id: number }) => (await client.get(`/api/articles/${a.id}`)).json()));
    expect(withImages.filter((a: { images: unknown[] }) => a.images.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(withImages.filter((a: { published: boolean; images: unknown[] }) => !a.published && a.images.length > 0).length).toBeGreaterThan(0);
    const rich = withImages.find((a: { content: string }) => a.content.includes('<blockquote>'));
    expect(rich.content).toMatch(/<h2>.*<ol>.*<ul>/s);
    // Drafts stay private to their author.
    const draft = withImages.find((a: { published: boolean }) => !a.published);
    expect((await new TestClient(() => t.app).get(`/api/articles/${draft.id}`)).statusCode).toBe(404);

    // The feed's Filter lists each demo place once, by the name the location picker stores (below).
    const facets = (await new TestClient(() => t.app).get('/api/articles/facets')).json();
    const listed: string[] = facets.locations.map((l: { name: string }) => l.name);
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.every((name) => demoPlaceNames().has(name))).toBe(true);
    expect(new Set(listed.map((name) => name.split(', ')[0])).size).toBe(listed.length);
  });
});

function demoPlaceNames(): Set<string> {
  return new Set([...DEMO_ARTICLES, ...DEMO_OWN_ARTICLES, ...DEMO_DRAFTS].flatMap((a) => (a.place ? [a.place] : [])));
}

describe('the demo places', () => {
  it('are named as the location picker names them: the place search answers each as its first place', async () => {
    const gazetteer = createOfflineGazetteer();
    const names = demoPlaceNames();
    expect(names.size).toBeGreaterThan(5);
    for (const name of names) {
      const [first] = await gazetteer.search(name.split(', ')[0]!, ['place'], 1);
      expect(first?.place_name, name).toBe(name);
    }
  });
});
