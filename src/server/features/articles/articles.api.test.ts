import { describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '../../../contract/articles.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { XSS_VECTORS } from '../../../test-support/xss-vectors.js';

async function newChannel(client: TestClient, name = 'Desk') {
  const response = await client.post('/api/channels', { name, description: `The ${name}` });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

async function write(client: TestClient, channelId: number, fields: Record<string, unknown> = {}) {
  const response = await client.post('/api/articles', { title: 'A story', content: '<p>Body text</p>', channelId, ...fields });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Anything in stored HTML that could run script. */
const DANGEROUS = /<script|<iframe|<object|<embed|<svg|<math|<style|<link|<meta|<base|<form|\son\w+\s*=|javascript:|vbscript:|data:|style=/i;

describe.each(testDatabases())('articles on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('writes, reads by id and by slug-id, with categories as paths and a place', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const categories = (await anonymous().get('/api/categories')).json();
    const sports = categories.find((c: { name: string }) => c.name === 'Sports');
    const sub = sports.children[0];
    const article = await write(author.client, channel.id, {
      title: 'Harbour Wall Repaired!',
      content: '<h2>News</h2><p>The <strong>wall</strong> is fixed.</p>',
      categoryIds: [sub.id, sports.id],
      location_name: 'London',
      location_lat: 51.5072,
      location_lng: -0.1276,
      userId: 999,
    });
    expect(article).toMatchObject({
      title: 'Harbour Wall Repaired!',
      slug: 'harbour-wall-repaired',
      userId: author.id,
      channelId: channel.id,
      published: true,
      status: 'published',
      categories: [
        { id: sub.id, name: `Sports > ${sub.name}` },
        { id: sports.id, name: 'Sports' },
      ],
      category: `Sports > ${sub.name}`,
      location: 'London',
      location_lat: 51.5072,
      viewCount: 0,
      likes: 0,
      dislikes: 0,
      commentCount: 0,
      userReaction: null,
      author: { id: author.id, username: author.username },
    });
    expect(article.createdAt).toBe(article.lastEdited);
    const bySlug = await anonymous().get(`/api/articles/harbour-wall-repaired-${article.id}`);
    expect(bySlug.json().content).toBe('<h2>News</h2><p>The <strong>wall</strong> is fixed.</p>');
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().articleCount).toBe(1);
  });

  it('refuses writes that are not allowed, and changes nothing', async () => {
    const author = await signedInClient(t);
    const other = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id, { title: 'Original' });

    expect((await anonymous().post('/api/articles', { title: 't', content: 'c', channelId: channel.id })).statusCode).toBe(401);
    const foreignChannel = await other.client.post('/api/articles', { title: 't', content: '<p>c</p>', channelId: channel.id });
    expect(foreignChannel.statusCode).toBe(403);
    expect(foreignChannel.json()).toEqual({ error: ARTICLE_MESSAGES.channelNotOwned });
    expect((await other.client.patch(`/api/articles/${article.id}`, { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await other.client.delete(`/api/articles/${article.id}`)).statusCode).toBe(403);
    expect((await other.client.post(`/api/articles/${article.id}/toggle-status`)).statusCode).toBe(403);
    expect((await anonymous().patch(`/api/articles/${article.id}`, { title: 'Hijacked' })).statusCode).toBe(401);
    expect((await anonymous().delete(`/api/articles/${article.id}`)).statusCode).toBe(401);
    const after = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect(after.title).toBe('Original');
    expect(after.published).toBe(true);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ content: '' }, 'Content is required'],
    [{ content: '<script>only script</script>' }, 'Content is required'],
    [{ content: `<p>${'x'.repeat(205 * 1024)}</p>` }, 'Content must be at most 200 KB'],
    [{ channelId: 'abc' }, 'Please select a channel'],
    [{ channelId: undefined }, 'Please select a channel'],
    [{ channelId: 0 }, 'Please select a channel'],
    [{ categoryIds: [1, 2, 3, 4] }, 'Choose at most 3 categories'],
    [{ categoryIds: [99999] }, 'One of the categories does not exist'],
    [{ location_lat: 200 }, 'location_lat'],
  ])('refuses %j', async (fields, message) => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const response = await author.client.post('/api/articles', { title: 'T', content: '<p>c</p>', channelId: channel.id, ...fields });
    expect([400, 413]).toContain(response.statusCode);
    // The product's messages come word for word, never behind a field name.
    if (message === 'location_lat') expect(response.json().error).toContain(message);
    else expect(response.json().error).toBe(message);
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().articleCount).toBe(0);
  });

  it("takes the product's category text: a name or a whole path, ignoring case; empty or 'Other' is none", async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const tree = (await anonymous().get('/api/categories')).json();
    const sports = tree.find((c: { name: string }) => c.name === 'Sports');
    const child = sports.children[0];

    const byName = await write(author.client, channel.id, { category: 'sports' });
    expect(byName.categories.map((c: { id: number }) => c.id)).toEqual([sports.id]);
    expect(byName.category).toBe('Sports');
    const byPath = await write(author.client, channel.id, { category: `Sports > ${child.name}` });
    expect(byPath.categories.map((c: { id: number }) => c.id)).toEqual([child.id]);
    expect((await write(author.client, channel.id, { category: 'Other' })).categories).toEqual([]);
    expect((await write(author.client, channel.id, { category: '' })).categories).toEqual([]);
    // categoryIds win over the text.
    expect((await write(author.client, channel.id, { category: 'Sports', categoryIds: [child.id] })).categories.map((c: { id: number }) => c.id)).toEqual([child.id]);

    const unknown = await author.client.post('/api/articles', { title: 'T', content: '<p>c</p>', channelId: channel.id, category: 'Not a category' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: ARTICLE_MESSAGES.unknownCategory });

    const edited = await author.client.patch(`/api/articles/${byName.id}`, { category: '' });
    expect(edited.json().categories).toEqual([]);
    const renamed = await author.client.patch(`/api/articles/${byName.id}`, { category: 'SPORTS' });
    expect(renamed.json().category).toBe('Sports');
  });

  it("ignores 'no-categories' and non-numeric category ids", async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id, { categoryId: 'no-categories' });
    expect(article.categories).toEqual([]);
  });

  it('keeps drafts from everyone but the author, publishes and moves back to drafts', async () => {
    const author = await signedInClient(t);
    const reader = await signedInClient(t);
    const channel = await newChannel(author.client);
    const draft = await write(author.client, channel.id, { title: 'Secret draft', status: 'draft' });
    expect(draft).toMatchObject({ published: false, status: 'draft' });

    expect((await anonymous().get(`/api/articles/${draft.id}`)).statusCode).toBe(404);
    expect((await reader.client.get(`/api/articles/${draft.id}`)).statusCode).toBe(404);
    expect((await reader.client.patch(`/api/articles/${draft.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await author.client.get(`/api/articles/${draft.id}`)).statusCode).toBe(200);
    expect((await anonymous().get(`/api/channels/${channel.id}/articles`)).json()).toEqual([]);
    expect((await author.client.get(`/api/channels/${channel.id}/drafts`)).json().map((a: { id: number }) => a.id)).toEqual([draft.id]);
    expect((await reader.client.get(`/api/channels/${channel.id}/drafts`)).statusCode).toBe(403);
    expect((await anonymous().get(`/api/channels/${channel.id}/drafts`)).statusCode).toBe(401);
    expect((await anonymous().get('/api/articles?scope=all')).json().items.map((a: { id: number }) => a.id)).not.toContain(draft.id);

    expect((await author.client.post(`/api/articles/${draft.id}/toggle-status`)).json()).toEqual({ published: true, status: 'published' });
    expect((await reader.client.get(`/api/articles/${draft.id}`)).statusCode).toBe(200);
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().articleCount).toBe(1);
    expect((await author.client.post(`/api/articles/${draft.id}/toggle-status`)).json()).toEqual({ published: false, status: 'draft' });
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().articleCount).toBe(0);
  });

  it('edits: lastEdited moves, createdAt never does, Save of one field keeps the others', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id, { title: 'First', location_name: 'Paris' });
    await new Promise((r) => setTimeout(r, 15));
    const edited = (await author.client.patch(`/api/articles/${article.id}`, { title: 'Second title' })).json();
    expect(edited).toMatchObject({ title: 'Second title', slug: 'second-title', location: 'Paris', content: '<p>Body text</p>' });
    expect(edited.createdAt).toBe(article.createdAt);
    expect(Date.parse(edited.lastEdited)).toBeGreaterThan(Date.parse(article.createdAt));
    const cleared = (await author.client.patch(`/api/articles/${article.id}`, { location: '' })).json();
    expect(cleared.location).toBeNull();
  });

  it('deletes with 204; the article, its count and its channel listing are gone', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id);
    const deleted = await author.client.delete(`/api/articles/${article.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await anonymous().get(`/api/articles/${article.id}`)).json()).toEqual({ error: 'Article not found' });
    expect((await anonymous().get(`/api/channels/${channel.id}`)).json().articleCount).toBe(0);
    expect((await author.client.delete(`/api/articles/${article.id}`)).statusCode).toBe(404);
  });

  it(`sanitizes ${XSS_VECTORS.length} XSS vectors out of stored HTML`, async () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    for (const vector of XSS_VECTORS) {
      const response = await author.client.post('/api/articles', { title: 'XSS', content: `<p>safe text</p>${vector}`, channelId: channel.id });
      expect(response.statusCode, vector).toBe(201);
      const stored = response.json().content as string;
      expect(stored, vector).not.toMatch(DANGEROUS);
      expect(stored).toContain('safe text');
    }
  });

  it('marks links as user content opening safely', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id, { content: '<p><a href="https://example.org" rel="opener" target="_self">src</a></p>' });
    expect(article.content).toBe('<p><a href="https://example.org" rel="noopener noreferrer nofollow ugc" target="_blank">src</a></p>');
  });

  it('counts a view once per reader per day, and never for drafts', async () => {
    const author = await signedInClient(t);
    const reader = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id, { title: 'Viewed' });

    expect((await reader.client.post(`/api/articles/viewed-${article.id}/view`)).json()).toEqual({ view_count: 1, counted: true, shouldInvalidateFeeds: true });
    expect((await reader.client.post(`/api/articles/${article.id}/view`)).json()).toEqual({ view_count: 1, counted: false, shouldInvalidateFeeds: false });
    const browser = { 'user-agent': 'Firefox', 'x-forwarded-for': '1.1.1.1' };
    expect((await anonymous().request({ method: 'POST', url: `/api/articles/${article.id}/view`, headers: browser })).json().counted).toBe(true);
    expect((await anonymous().request({ method: 'POST', url: `/api/articles/${article.id}/view`, headers: browser })).json().counted).toBe(false);
    expect((await anonymous().request({ method: 'POST', url: `/api/articles/${article.id}/view`, headers: { 'user-agent': 'Chrome' } })).json()).toMatchObject({ counted: true, view_count: 3 });
    const keys = await t.database.db.selectFrom('article_views').select('viewer_key').where('article_id', '=', article.id).execute();
    expect(keys.every((k) => !k.viewer_key.includes('127.0.0.1'))).toBe(true);

    const draft = await write(author.client, channel.id, { status: 'draft' });
    expect((await author.client.post(`/api/articles/${draft.id}/view`)).json()).toMatchObject({ counted: false, view_count: 0 });
    expect((await reader.client.post(`/api/articles/${draft.id}/view`)).statusCode).toBe(404);
  });

  it('loses no view under 500 concurrent views from different readers', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client);
    const article = await write(author.client, channel.id);
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        // 250 readers, each at its own address (one address adds at most 20 anonymous views a day).
        anonymous().request({
          method: 'POST',
          url: `/api/articles/${article.id}/view`,
          remoteAddress: `10.20.${(i % 250) >> 8}.${i % 250}`,
          headers: { 'user-agent': `reader-${i % 250}` },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(responses.filter((r) => r.json().counted)).toHaveLength(250);
    const row = await t.database.db.selectFrom('articles').select('view_count').where('id', '=', article.id).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(250);
    const day = await t.database.db.selectFrom('article_view_days').select('views').where('article_id', '=', article.id).executeTakeFirstOrThrow();
    expect(day.views).toBe(250);
  });
});

describe.each(testDatabases())('the feed on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  async function seed(t: TestApp) {
    const authors = await Promise.all([signedInClient(t, 'author'), signedInClient(t, 'author')]);
    const channels = [await newChannel(authors[0].client, 'Alpha Desk'), await newChannel(authors[1].client, 'Beta Desk')];
    const categories = (await anonymous().get('/api/categories')).json();
    const places = ['London', 'Paris', 'Lagos', null];
    const made = [];
    for (let i = 0; i < 23; i++) {
      const owner = i % 2;
      const article = await write(authors[owner]!.client, channels[owner]!.id, {
        title: i % 5 === 0 ? `Harbour report ${i}` : `Story number ${i}`,
        content: `<p>${i % 3 === 0 ? 'The ferry timetable changes.' : 'Ordinary text.'} Paragraph ${i}.</p>`,
        categoryIds: [categories[i % 4].id],
        location_name: places[i % 4],
        status: i === 22 ? 'draft' : 'published',
      });
      made.push(article);
    }
    // Distinct activity so each sort key orders the articles differently, with ties.
    await Promise.all(
      made.map((a, i) =>
        t.database.db
          .updateTable('articles')
          .set({ view_count: (i * 7) % 5, like_count: (i * 3) % 4, dislike_count: i % 3, comment_count: (i * 5) % 6 })
          .where('id', '=', a.id)
          .execute(),
      ),
    );
    return { authors, channels, categories };
  }

  async function walk(url: string, client = anonymous()) {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: number }[]; nextCursor: string | null } = (await client.get(`${url}${url.includes('?') ? '&' : '?'}limit=4${cursor ? `&cursor=${cursor}` : ''}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(4);
      for (const item of page.items) expect(item).not.toHaveProperty('content');
      ids.push(...page.items.map((a: { id: number }) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  it('sorts and filters in the database exactly like a brute-force ordering of the same data', async () => {
    const { categories, channels } = await seed(t);
    const all = (await anonymous().get('/api/articles?limit=100')).json().items as any[];
    expect(all).toHaveLength(22);
    const value = { createdAt: (a: any) => Date.parse(a.createdAt), viewCount: (a: any) => a.viewCount, comments: (a: any) => a.commentCount, likes: (a: any) => a.likes, dislikes: (a: any) => a.dislikes };
    const cases: [string, (a: any) => boolean][] = [
      ['', () => true],
      ['&q=HARBOUR', (a) => a.title.toLowerCase().includes('harbour')],
      ['&q=ferry%20timetable', (a) => a.excerpt.toLowerCase().includes('ferry timetable')],
      ['&q=ry', (a) => (a.title + ' ' + a.excerpt).toLowerCase().includes('ry')],
      [`&categories=${categories[1].id}`, (a) => a.categories.some((c: any) => c.id === categories[1].id)],
      ['&locations=London,Lagos', (a) => a.location === 'London' || a.location === 'Lagos'],
      [`&channels=${channels[1]!.id}`, (a) => a.channelId === channels[1]!.id],
      [`&q=story&locations=Paris&channels=${channels[1]!.id}`, (a) => a.title.toLowerCase().includes('story') && a.location === 'Paris' && a.channelId === channels[1]!.id],
    ];
    for (const sort of Object.keys(value) as (keyof typeof value)[]) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const [query, keep] of cases) {
          const expected = all
            .filter(keep)
            .sort((x, y) => (direction === 'asc' ? 1 : -1) * (value[sort](x) - value[sort](y) || x.id - y.id))
            .map((a) => a.id);
          expect(await walk(`/api/articles?sort=${sort}&direction=${direction}${query}`), `${sort} ${direction} ${query}`).toEqual(expected);
        }
      }
    }
  });

  it('finds a section with its subsections', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client, 'Sub Desk');
    const categories = (await anonymous().get('/api/categories')).json();
    const parent = categories.find((c: any) => c.children.length > 0);
    const child = parent.children[0];
    const article = await write(author.client, channel.id, { categoryIds: [child.id] });
    expect((await anonymous().get(`/api/articles?categories=${parent.id}&limit=100`)).json().items.map((a: any) => a.id)).toContain(article.id);
  });

  it('keeps Your Feed on every channel while the reader subscribes to nothing, whatever they wrote', async () => {
    const other = await signedInClient(t);
    const otherChannel = await newChannel(other.client, 'Elsewhere');
    const elsewhere = await write(other.client, otherChannel.id, { title: 'Elsewhere story' });
    const reader = await signedInClient(t);
    const own = await newChannel(reader.client, 'My Desk');
    const mine = await write(reader.client, own.id, { title: 'My own story' });
    const before = (await reader.client.get('/api/articles?limit=100')).json();
    expect(before.source).toBe('all-fallback');
    expect(before.items.map((a: any) => a.id)).toEqual(expect.arrayContaining([mine.id, elsewhere.id]));

    // Once subscribed: the subscriptions plus the reader's own channels.
    await reader.client.post(`/api/channels/${otherChannel.id}/subscribe`);
    const after = (await reader.client.get('/api/articles?limit=100')).json();
    expect(after.source).toBe('subscriptions');
    expect(after.items.map((a: any) => a.id).sort()).toEqual([mine.id, elsewhere.id].sort());
  });

  it("shows a signed-in reader their channels' articles, else falls back to all with a hint", async () => {
    const writer = await signedInClient(t);
    const channel = await newChannel(writer.client, 'Followed');
    const followed = await write(writer.client, channel.id, { title: 'Followed story' });
    const reader = await signedInClient(t);
    const before = (await reader.client.get('/api/articles?limit=100')).json();
    expect(before.source).toBe('all-fallback');
    expect(before.items.length).toBeGreaterThan(1);

    await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    const after = (await reader.client.get('/api/articles?limit=100')).json();
    expect(after.source).toBe('subscriptions');
    expect(after.items.map((a: any) => a.id)).toEqual([followed.id]);
    // Subscribed to a channel that has nothing yet: the feed is empty, not everything.
    const quiet = await newChannel(writer.client, 'Quiet');
    const newcomer = await signedInClient(t);
    await newcomer.client.post(`/api/channels/${quiet.id}/subscribe`);
    const empty = (await newcomer.client.get('/api/articles?limit=100')).json();
    expect(empty).toMatchObject({ source: 'subscriptions', items: [] });
    expect((await reader.client.get('/api/articles?scope=all&limit=100')).json().source).toBe('all');
    expect((await anonymous().get('/api/articles')).json().source).toBe('all');
    const facets = (await reader.client.get('/api/articles/facets')).json();
    expect(facets.channels).toEqual([{ id: channel.id, name: 'Followed', count: 1 }]);
  });

  it('carries what a card needs: excerpt without markup, channel, first image slot', async () => {
    const author = await signedInClient(t);
    const channel = await newChannel(author.client, 'Card Desk');
    await write(author.client, channel.id, { title: 'Card', content: '<h2>Head</h2><p>Some <em>body</em> text &amp; more.</p>' });
    const card = (await anonymous().get(`/api/articles?channels=${channel.id}`)).json().items[0];
    expect(card).toMatchObject({ title: 'Card', excerpt: 'Head. Some body text & more.', channel: { id: channel.id, name: 'Card Desk' }, image: null });
  });

  it.each(['sort=title', 'direction=sideways', 'limit=1000', 'cursor=%%%', 'cursor=eyJ4IjoxfQ', 'categories=abc', 'scope=mine', `q=${'x'.repeat(201)}`])(
    'refuses the query %s with 400',
    async (query) => {
      const response = await anonymous().get(`/api/articles?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBeTruthy();
    },
  );
});
