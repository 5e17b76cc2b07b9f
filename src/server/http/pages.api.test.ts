import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageStateSchema } from '../../contract/page-state.js';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/**
 * Every page is server-rendered by the web's own React tree (docs/decisions/008-one-render-path.md): these suites
 * fetch pages as a client without JavaScript would and read what the HTML itself says.
 */

/** The page's embedded state, checked against its contract schema. */
function pageStateOf(html: string) {
  const match = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html);
  return PageStateSchema.parse(JSON.parse(match![1]!));
}
const queryData = (html: string, key: string) => pageStateOf(html).queries.queries.find((query) => query.queryKey[0] === key)?.state.data;
/** The page's own markup (#root), without the head and the embedded state. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
const textOf = (html: string) => rootOf(html).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(testDatabases())('server-rendered pages on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: builtWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  async function publish(title: string, content: string, extra: Record<string, unknown> = {}) {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: `Coast Desk ${author.id}`, description: 'Coast news' })).json();
    const article = (await author.client.post('/api/articles', { title, content, channelId: channel.id, location_name: 'Brighton', ...extra })).json();
    return { author, channel, article };
  }

  it('renders the public pages with their content in the HTML', async () => {
    const { channel, article } = await publish('Lighthouse reopens to visitors', '<h2>What changed</h2><p>The keeper’s cottage is a museum now.</p>');
    const home = await anonymous().get('/');
    expect(home.statusCode).toBe(200);
    expect(textOf(home.body)).toContain('Popular Articles');
    expect(textOf(home.body)).toContain('Lighthouse reopens to visitors');
    expect(rootOf(home.body)).toContain(`href="/articles/${article.slug}-${article.id}"`);

    const page = await anonymous().get(`/articles/${article.slug}-${article.id}`);
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toContain('<h2>What changed</h2><p>The keeper’s cottage is a museum now.</p>');
    expect(textOf(page.body)).toContain('Lighthouse reopens to visitors');

    const explore = await anonymous().get('/channels');
    expect(explore.statusCode).toBe(200);
    expect(textOf(explore.body)).toContain('Explore Channels');
    expect(textOf(explore.body)).toContain(channel.name);

    expect(textOf((await anonymous().get('/auth')).body)).toContain('Welcome to Broadsheet');
    expect((await anonymous().get('/auth-callback')).statusCode).toBe(200);
    // A signed-out visitor sees no channel content (docs/product.md#channels) (the sign-in dialog follows in the browser).
    const channelPage = await anonymous().get(`/channels/${channel.id}`);
    expect(channelPage.statusCode).toBe(200);
    expect(textOf(channelPage.body)).not.toContain('Coast news');
  });

  it("starts the app on a signed-out reader's first act on reading pages, and at once everywhere else", async () => {
    const { author, channel, article } = await publish('Ferry timetable changes', '<p>Two crossings a day from Monday.</p>');
    const startsOnIntent = (html: string) => /<html lang="en"[^>]* data-boot="intent"/.test(html);
    const articlePath = `/articles/${article.slug}-${article.id}`;
    for (const path of ['/', articlePath, '/channels', `/users/${author.username}`]) {
      expect(startsOnIntent((await anonymous().get(path)).body), path).toBe(true);
    }
    // The view is counted by the first script, which finds the article here.
    expect(rootOf((await anonymous().get(articlePath)).body)).toContain(`data-article-view="${article.id}"`);
    for (const path of [`/channels/${channel.id}`, '/auth', '/no-such-page']) {
      expect(startsOnIntent((await anonymous().get(path)).body), path).toBe(false);
    }
    // Signed in, the app starts after the first paint.
    const signedIn = await author.client.get(articlePath);
    expect(signedIn.statusCode).toBe(200);
    expect(startsOnIntent(signedIn.body)).toBe(false);
  });

  it('answers 404 with the not-found page for unknown paths and missing articles', async () => {
    const missing = await anonymous().get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(textOf(missing.body)).toContain('404 Page Not Found');
    // A channel address whose id is not a number names no channel.
    expect((await anonymous().get('/channels/harbour/nope')).statusCode).toBe(404);
    const article = await anonymous().get('/articles/nothing-here-999999');
    expect(article.statusCode).toBe(404);
    expect(textOf(article.body)).toContain('Article not found');
    expect(article.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('shows a draft to its author only', async () => {
    const { author, article } = await publish('Hidden plans', '<p>x</p>', { status: 'draft' });
    expect((await anonymous().get(`/articles/${article.id}`)).statusCode).toBe(404);
    const own = await author.client.get(`/articles/${article.id}`);
    expect(own.statusCode).toBe(200);
    expect(textOf(own.body)).toContain('Hidden plans');
  });

  it('sends an old or partial address to the canonical one (docs/product.md#addresses)', async () => {
    const { article } = await publish('Ferry timetable changes', '<p>x</p>');
    const canonical = `/articles/${article.slug}-${article.id}`;
    for (const old of [`/articles/${article.slug}`, `/articles/${article.slug.toUpperCase()}-${article.id}`]) {
      const answer = await anonymous().get(old);
      expect(answer.statusCode, old).toBe(301);
      expect(answer.headers.location).toBe(canonical);
    }
    expect((await anonymous().get(canonical)).statusCode).toBe(200);
    expect((await anonymous().get(`/articles/${article.id}`)).statusCode).toBe(200);
    // A slug that was never this article's names nothing.
    expect((await anonymous().get(`/articles/never-its-title-${article.id}`)).statusCode).toBe(404);
  });

  it("renders a signed-in reader's pages with their own data", async () => {
    const { author, channel, article } = await publish('Harbour open day', '<p>Boats.</p>');
    const home = await author.client.get('/');
    expect(textOf(home.body)).toContain('Your Feed');
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect(home.headers.vary).toMatch(/cookie/i);

    const profile = await author.client.get('/profile');
    expect(profile.statusCode).toBe(200);
    expect(textOf(profile.body)).toContain(author.username);
    const user = queryData(profile.body, '/api/user') as Record<string, unknown>;
    expect(user).toMatchObject({ username: author.username });
    expect(user).not.toHaveProperty('sessionId');

    const channelPage = await author.client.get(`/channels/${channel.id}`);
    expect(textOf(channelPage.body)).toContain(channel.name);
    expect(textOf(channelPage.body)).toContain('Harbour open day');
    expect(textOf((await author.client.get('/channels/new')).body)).toContain('Create Channel');
    expect(textOf((await author.client.get('/articles/new')).body)).toContain('Create Article');
    expect(textOf((await author.client.get(`/articles/${article.id}/edit`)).body)).toContain('Edit Article');
    expect((await author.client.get(`/channels/${channel.id}/subscribers`)).statusCode).toBe(200);
    expect((await author.client.get('/channels/999999')).statusCode).toBe(404);
  });

  it('sends visitors a page is not for where the app would', async () => {
    const profile = await anonymous().get('/profile');
    expect(profile.statusCode).toBe(302);
    // Sign-in returns to the page asked for (docs/product.md#returning-sign-in).
    expect(profile.headers.location).toBe('/auth?next=%2Fprofile');
    expect((await anonymous().get('/articles/1/edit')).headers.location).toBe('/');
    const reader = await signedInClient(t);
    expect((await reader.client.get('/auth')).headers.location).toBe('/');
    expect((await reader.client.get('/admin')).headers.location).toBe('/');
    await t.ctx.users.setAdmin(reader.username, true);
    const admin = await reader.client.get('/admin');
    expect(admin.statusCode).toBe(200);
    expect(textOf(admin.body)).toContain('Admin Dashboard');
  });

  it('renders with the reader’s theme, image and time zone choices (cookies), as the browser will hydrate', async () => {
    const { author, article } = await publish('Night ferry', '<p>x</p>');
    const dark = await t.app.inject({ url: '/', headers: { cookie: `${author.client.cookie}; broadsheet-theme=dark` } });
    expect(dark.body).toContain('<html lang="en" class="dark"');
    // Dark is for signed-in readers only (docs/product.md#header).
    const anonymousDark = await t.app.inject({ url: '/', headers: { cookie: 'broadsheet-theme=dark' } });
    expect(anonymousDark.body).not.toContain('class="dark"');

    const zoned = await t.app.inject({ url: `/articles/${article.id}`, headers: { cookie: 'broadsheet-tz=Asia/Tokyo; broadsheet-show-images=false' } });
    expect(pageStateOf(zoned.body).preferences).toMatchObject({ timeZone: 'Asia/Tokyo', showImages: false });
    const bogus = await t.app.inject({ url: '/', headers: { cookie: 'broadsheet-tz=Not/AZone' } });
    expect(pageStateOf(bogus.body).preferences).toMatchObject({ timeZone: 'UTC' });
  });

  it('puts a share preview in the head of an article page', async () => {
    const long = 'The harbour wall was repaired overnight by a crew of twelve. Boats returned at dawn to a calmer bay, and the fish market opened on time for the first week since the storm. More work follows.';
    const { article, channel } = await publish('Harbour <Wall> & "Repairs"', `<p>${long}</p>`);
    const html = (await anonymous().get(`/articles/${article.slug}-${article.id}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Harbour &lt;Wall&gt; &amp; &quot;Repairs&quot; · Broadsheet</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta property="og:site_name" content="Broadsheet"/>');
    expect(head).toContain('<meta property="og:title" content="Harbour &lt;Wall&gt; &amp; &quot;Repairs&quot;"/>');
    expect(head).toContain(`<link rel="canonical" href="http://localhost:3000/articles/${article.slug}-${article.id}"/>`);
    expect(head).toContain('<meta name="twitter:card" content="summary"/>');
    expect(head).toContain(`<link rel="alternate" type="application/rss+xml" title="${channel.name} · Broadsheet" href="/channels/${channel.id}/rss.xml"/>`);
    expect(head).toContain(`<link rel="alternate" type="application/atom+xml" title="${channel.name} · Broadsheet" href="/channels/${channel.id}/atom.xml"/>`);
    expect(head).toContain(`<link rel="alternate" type="application/feed+json" title="${channel.name} · Broadsheet" href="/channels/${channel.id}/feed.json"/>`);
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Broadsheet" href="/rss.xml"');
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Broadsheet" href="/atom.xml"');
    expect(head).toContain('<link rel="alternate" type="application/feed+json" title="Broadsheet" href="/feed.json"');
    const description = /<meta name="description" content="([^"]*)"/.exec(head)![1]!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: 'Harbour <Wall> & "Repairs"', contentLocation: { name: 'Brighton' } });
    expect(queryData(html, `/api/articles/${article.id}`)).toMatchObject({ id: article.id, content: `<p>${long}</p>` });
    // No inline script: the CSP allows none, and hydration needs none.
    expect(html).not.toMatch(/<script>/);
  });

  it("gives the article's JSON-LD the record's last change and its corrections", async () => {
    const { article, author } = await publish('Vote date set', '<p>The vote is on Monday.</p>');
    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The vote is on Tuesday.</p>', correction: { kind: 'correction', text: 'An earlier version gave the wrong day.' } });
    const read = (await anonymous().get(`/api/articles/${article.id}`)).json();
    const html = (await anonymous().get(`/articles/${article.slug}-${article.id}`)).body;
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd).toMatchObject({
      dateModified: read.updatedAt,
      correction: [{ '@type': 'CorrectionComment', text: 'Correction: An earlier version gave the wrong day.', datePublished: read.corrections[0].createdAt }],
    });
    expect(queryData(html, `/api/articles/${article.id}`)).toMatchObject({ corrections: read.corrections, updatedAt: read.updatedAt });
  });

  it('cannot be broken out of by a title that closes the script element', async () => {
    const { article } = await publish('</script><script>alert(1)</script>', '<p>text</p>');
    const html = (await anonymous().get(`/articles/${article.id}`)).body;
    expect(html).not.toContain('</script><script>alert(1)');
    expect((queryData(html, `/api/articles/${article.id}`) as { title: string }).title).toBe('</script><script>alert(1)</script>');
  });

  it('publishes RSS 2.0 feeds and a sitemap of published articles, their channels and their authors', async () => {
    const { author, channel, article } = await publish('Feed & Story', '<p>Feed text</p>');
    const rss = await anonymous().get('/rss.xml');
    expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(rss.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    expect(rss.body).toContain('<title><![CDATA[Feed & Story]]></title>');
    const channelRss = await anonymous().get(`/channels/${channel.id}/rss.xml`);
    expect(channelRss.body).toContain(`/articles/${article.slug}-${article.id}</link>`);
    expect((await anonymous().get('/channels/999999/rss.xml')).statusCode).toBe(404);
    const sitemap = await anonymous().get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/articles/${article.slug}-${article.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/channels/${channel.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/users/${author.username}</loc>`);
    // A writer with nothing published has no page worth indexing yet.
    const drafter = await signedInClient(t);
    const desk = (await drafter.client.post('/api/channels', { name: `Draft Desk ${drafter.id}`, description: 'Unpublished' })).json();
    await drafter.client.post('/api/articles', { title: 'Not yet', content: '<p>Soon</p>', channelId: desk.id, status: 'draft' });
    const later = (await anonymous().get('/sitemap.xml')).body;
    expect(later).not.toContain(`/users/${drafter.username}<`);
    expect(later).not.toContain(`/channels/${desk.id}<`);
  });
});

describe('built assets and session lookups', () => {
  let statements = 0;
  const webRoot = builtWebRoot();
  const t = useTestApp('sqlite', {}, { webRoot, onQuery: () => void statements++ });
  const asset = `/assets/${fs.readdirSync(path.join(webRoot, 'assets')).find((name) => name.endsWith('.js'))}`;

  it('serves hashed assets with immutable caching, and preloads the opened page’s chunk after the first paint', async () => {
    const client = new TestClient(() => t.app);
    const response = await client.get(asset);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await client.get('/assets/missing.js')).statusCode).toBe(404);
    const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; dynamicImports?: string[] }>;
    const page = await client.get('/channels');
    // The page's chunk waits in an inert template, which boot.ts moves into the head with the app, after the first paint.
    const template = /<template id="page-modules">(.*?)<\/template>/.exec(page.body)?.[1] ?? '';
    expect(template).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['app/routes/channels.tsx']!.file}">`);
    // The stylesheet is asked for first; the one script (boot.ts) and its preload after it, at low priority.
    const head = page.body.slice(0, page.body.indexOf('</head>')).replace(/<template[^]*?<\/template>/g, '');
    const stylesheet = head.indexOf('<link rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(0);
    const scripts = [...head.matchAll(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.index).toBeGreaterThan(stylesheet);
      expect(script[0]).toContain('fetchpriority="low"');
    }
    // Nothing of the app itself (main.tsx's chunk) is asked for before the first paint.
    const app = manifest['index.html']!.dynamicImports!.map((key) => manifest[key]!.file);
    expect(app).toHaveLength(1);
    expect(head).not.toContain(app[0]);
    expect(page.body).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/newsreader-core-wght-normal-[^"]+\.woff2">/);
  });

  it('compresses every page, the not-found page included, and still answers unknown API and file paths with JSON', async () => {
    const client = new TestClient(() => t.app);
    for (const url of ['/', '/channels', '/auth', '/no-such-page']) {
      const response = await client.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'), url).toContain('<div id="root">');
    }
    for (const url of ['/api/no-such-route', '/assets/missing.js']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
    // A page takes forms only; JSON belongs to the API.
    expect((await client.post('/no-such-page', {})).statusCode).toBe(415);
  });

  it('answers the OpenAPI document after pages have been rendered, with pages, files and feeds left out of it', async () => {
    const client = new TestClient(() => t.app);
    // The pages bring their own copy of the contract's schemas into the process.
    for (const url of ['/', '/channels', '/articles/1', '/profile']) await client.get(url);
    const response = await client.get('/api/openapi.json');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const urls = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(urls.length).toBeGreaterThan(80);
    expect(urls.filter((url) => !url.startsWith('/api/'))).toEqual([]);
  });

  it('skips the session lookup for static files but not for pages or the API', async () => {
    const { client } = await signedInClient(t);
    statements = 0;
    expect((await client.get(asset)).statusCode).toBe(200);
    expect(statements).toBe(0);
    statements = 0;
    const page = await client.get('/profile?ref=mail.com');
    expect(page.statusCode).toBe(200);
    expect(statements).toBeGreaterThan(0);
    statements = 0;
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(statements).toBeGreaterThan(0);
  });
});

describe('anonymous pages in the response cache', () => {
  const t = useTestApp('sqlite', { MICRO_CACHE_MS: '60000' }, { webRoot: builtWebRoot() });
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('shares the pages the route table marks cacheable, per rendering preference, never signed in', async () => {
    expect((await get('/')).headers['x-cache']).toBeUndefined();
    expect((await get('/')).headers['x-cache']).toBe('hit');
    // Rendered for another time zone or with images hidden: another copy.
    expect((await get('/', 'broadsheet-tz=Asia/Tokyo')).headers['x-cache']).toBeUndefined();
    const tokyo = await get('/', 'broadsheet-tz=Asia/Tokyo');
    expect(tokyo.headers['x-cache']).toBe('hit');
    expect(pageStateOf(tokyo.body).preferences).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect((await get('/', 'broadsheet-show-images=false')).headers['x-cache']).toBeUndefined();
    // Pages the route table does not mark (auth, 404s) are rendered every time.
    await get('/auth');
    expect((await get('/auth')).headers['x-cache']).toBeUndefined();
    await get('/missing/page');
    expect((await get('/missing/page')).headers['x-cache']).toBeUndefined();
    const reader = await signedInClient(t);
    await reader.client.get('/');
    expect((await reader.client.get('/')).headers['x-cache']).toBeUndefined();
  });
});
