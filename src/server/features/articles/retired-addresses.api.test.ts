import { describe, expect, it } from 'vitest';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

const textOf = (html: string) => html.slice(html.indexOf('<div id="root">')).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/**
 * A deleted article's addresses are retired (docs/product.md#addresses): no later article is given its
 * canonical segment or any slug it had, so old links never lead to someone else's article. Its
 * pages answer 410 Gone with the not-found page's words; the API answers 404 `{error}` as before.
 */
describe.each(testDatabases())('retired article addresses on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: builtWebRoot() });
  const reader = () => new TestClient(() => t.app);

  it("are never given to another article, and a deleted article's pages answer 410", async () => {
    const mayor = await signedInClient(t, 'mayor');
    const rival = await signedInClient(t, 'rival');
    const desk = (await mayor.client.post('/api/channels', { name: `Town desk ${kind}`, description: 'Town' })).json();
    const rivalDesk = (await rival.client.post('/api/channels', { name: `Rival desk ${kind}`, description: 'Rivals' })).json();
    const title = `Mayor resigns ${kind}`;
    const created = (await mayor.client.post('/api/articles', { title: 'Council meets', content: '<p>First.</p>', channelId: desk.id })).json();
    // Renamed once: its former slug is one of its addresses too.
    const article = (await mayor.client.patch(`/api/articles/${created.id}`, { title })).json();
    const canonical = `${article.slug}-${article.id}`;
    expect((await reader().get(`/articles/${created.slug}-${created.id}`)).statusCode).toBe(301);
    expect((await mayor.client.delete(`/api/articles/${article.id}`)).statusCode).toBe(204);

    // The probe's takeover: another author's title that slugifies to the deleted canonical segment.
    const takeover = await rival.client.post('/api/articles', { title: `${title} ${article.id}`, content: '<p>Mine now.</p>', channelId: rivalDesk.id });
    expect(takeover.statusCode).toBe(201);
    expect(takeover.json().slug).not.toBe(canonical);
    // The same title and the former title get fresh slugs, not the deleted article's.
    const again = (await rival.client.post('/api/articles', { title, content: '<p>Again.</p>', channelId: rivalDesk.id })).json();
    expect(again.slug).not.toBe(article.slug);
    const former = (await rival.client.post('/api/articles', { title: 'Council meets', content: '<p>Again.</p>', channelId: rivalDesk.id })).json();
    expect(former.slug).not.toBe(created.slug);

    for (const segment of [canonical, String(article.id), article.slug, `${created.slug}-${created.id}`, created.slug]) {
      const page = await reader().get(`/articles/${segment}`);
      expect(page.statusCode, segment).toBe(410);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(textOf(page.body), segment).toMatch(/not found/i);
      const api = await reader().get(`/api/articles/${segment}`);
      expect(api.statusCode, segment).toBe(404);
      expect(api.json(), segment).toEqual({ error: 'Article not found' });
    }
    expect((await mayor.client.get(`/articles/${canonical}/edit`)).statusCode).toBe(410);
    // Never-existing addresses stay 404; the new articles' own addresses work.
    expect((await reader().get('/articles/never-was-here-2000000000')).statusCode).toBe(404);
    expect((await reader().get('/articles/2000000000')).statusCode).toBe(404);
    for (const made of [takeover.json(), again, former]) expect((await reader().get(`/articles/${made.slug}-${made.id}`)).statusCode).toBe(200);
  });
});

/**
 * With the response cache on: the deleted article's page that anonymous readers shared is dropped
 * by the delete, and its address answers 410 on every later request, never a kept copy.
 */
describe('retired article addresses behind the response cache', () => {
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '60000' }, { webRoot: builtWebRoot() });
  const reader = () => new TestClient(() => t.app);

  it('answer 410 to every reader, never a kept 404', async () => {
    const mayor = await signedInClient(t, 'cached_mayor');
    const desk = (await mayor.client.post('/api/channels', { name: 'Cached desk', description: 'Town' })).json();
    const article = (await mayor.client.post('/api/articles', { title: 'Cached resignation', content: '<p>Gone soon.</p>', channelId: desk.id })).json();
    const page = `/articles/${article.slug}-${article.id}`;
    expect((await reader().get(page)).statusCode).toBe(200);
    expect((await reader().get(page)).headers['x-cache']).toBe('hit');
    expect((await mayor.client.delete(`/api/articles/${article.id}`)).statusCode).toBe(204);

    for (let i = 0; i < 3; i++) {
      const gone = await reader().get(page);
      expect(gone.statusCode, `request ${i + 1}`).toBe(410);
      expect(gone.headers['x-cache'], `request ${i + 1}`).toBeUndefined();
      expect(textOf(gone.body)).toMatch(/not found/i);
    }
    // A never-existing address is still a 404, and may be kept as one.
    expect((await reader().get('/articles/never-was-cached-2000000000')).statusCode).toBe(404);
    expect((await reader().get('/articles/never-was-cached-2000000000')).statusCode).toBe(404);
  });
});
