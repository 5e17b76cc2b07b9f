import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/** A stand-in for the built client: the same head marker the real index.html carries. */
function fakeWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Broadsheet</title><meta name="description" content="default"><!--app-head--></head><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

function bootstrapOf(html: string) {
  const match = /<script type="application\/json" id="bootstrap-data">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match![1]!);
}

describe.each(testDatabases())('pages, share previews and feeds on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: fakeWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  async function publish(title: string, content: string) {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Coast Desk', description: 'Coast news' })).json();
    const article = (await author.client.post('/api/articles', { title, content, channelId: channel.id, location_name: 'Brighton' })).json();
    return { author, channel, article };
  }

  it('serves the app with bootstrap data; known pages 200, unknown pages 404', async () => {
    const home = await anonymous().get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(bootstrapOf(home.body)).toMatchObject({ user: null, providers: { google: false } });
    expect(bootstrapOf((await anonymous().get('/channels/new')).body)).toEqual({ user: null, providers: { google: false } });
    expect(home.body).not.toContain('data-signed-in');
    expect((await anonymous().get('/channels/new')).statusCode).toBe(200);
    const missing = await anonymous().get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('id="root"');
  });

  it('embeds the signed-in user so the first render needs no request', async () => {
    const { client, username } = await signedInClient(t);
    const page = await client.get('/profile');
    expect(page.body).toContain('<html lang="en" data-signed-in');
    expect(bootstrapOf(page.body).user).toMatchObject({ username });
    expect(bootstrapOf(page.body).user).not.toHaveProperty('sessionId');
  });

  it('serves hashed assets with immutable caching', async () => {
    const asset = await anonymous().get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await anonymous().get('/assets/missing.js')).statusCode).toBe(404);
  });

  it('puts a share preview in the HTML of an article URL', async () => {
    const long = 'The harbour wall was repaired overnight by a crew of twelve. Boats returned at dawn to a calmer bay, and the fish market opened on time for the first week since the storm. More work follows.';
    const { article } = await publish('Harbour <Wall> & "Repairs"', `<p>${long}</p>`);
    const page = await anonymous().get(`/articles/${article.slug}-${article.id}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<title>Harbour &lt;Wall&gt; &amp; &quot;Repairs&quot; · Broadsheet</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="default"');
    expect(html).toContain('<meta property="og:site_name" content="Broadsheet">');
    expect(html).toContain('<meta property="og:title" content="Harbour &lt;Wall&gt; &amp; &quot;Repairs&quot;">');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/articles/${article.slug}-${article.id}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    const description = /<meta name="description" content="([^"]*)">/.exec(html)![1]!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(120);
    expect(description.endsWith('…')).toBe(true);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: 'Harbour <Wall> & "Repairs"', contentLocation: { name: 'Brighton' } });
    expect(bootstrapOf(html).article).toMatchObject({ id: article.id, content: `<p>${long}</p>` });
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('cannot be broken out of by a title that closes the script element', async () => {
    const { article } = await publish('</script><script>alert(1)</script>', '<p>text</p>');
    const html = (await anonymous().get(`/articles/${article.id}`)).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootstrapOf(html).article.title).toBe('</script><script>alert(1)</script>');
  });

  it('answers 404 with the app for a missing or draft article', async () => {
    expect((await anonymous().get('/articles/nothing-here-999999')).statusCode).toBe(404);
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Drafts', description: 'd' })).json();
    const draft = (await author.client.post('/api/articles', { title: 'Hidden', content: '<p>x</p>', channelId: channel.id, status: 'draft' })).json();
    expect((await anonymous().get(`/articles/${draft.id}`)).statusCode).toBe(404);
    expect((await author.client.get(`/articles/${draft.id}`)).statusCode).toBe(200);
  });

  it('publishes RSS 2.0 feeds and a sitemap of published articles', async () => {
    const { channel, article } = await publish('Feed & Story', '<p>Feed text</p>');
    const rss = await anonymous().get('/rss.xml');
    expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(rss.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0"/);
    expect(rss.body).toContain('<title>Feed &amp; Story</title>');
    const channelRss = await anonymous().get(`/channels/${channel.id}/rss.xml`);
    expect(channelRss.body).toContain(`/articles/${article.slug}-${article.id}</link>`);
    expect((await anonymous().get('/channels/999999/rss.xml')).statusCode).toBe(404);
    const sitemap = await anonymous().get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/articles/${article.slug}-${article.id}</loc>`);
  });
});

describe('session lookups', () => {
  let statements = 0;
  const t = useTestApp('sqlite', {}, { webRoot: fakeWebRoot(), onQuery: () => void statements++ });

  it('skips the session lookup for static files but not for pages or the API', async () => {
    const { client } = await signedInClient(t);
    statements = 0;
    expect((await client.get('/assets/app-abc123.js')).statusCode).toBe(200);
    expect(statements).toBe(0);
    statements = 0;
    await client.get('/profile');
    expect(statements).toBeGreaterThan(0);
    statements = 0;
    const page = await client.get('/profile?ref=mail.com');
    expect(statements).toBeGreaterThan(0);
    expect(page.body).toContain('data-signed-in');
    statements = 0;
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(statements).toBeGreaterThan(0);
  });
});
