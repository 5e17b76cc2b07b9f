import Ajv from 'ajv';
import Parser from 'rss-parser';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { JSON_FEED_1_1_SCHEMA } from '../../../test-support/json-feed-schema.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

const PUBLIC_URL = 'http://localhost:3000';

/** The fields rss-parser leaves to the caller: RSS's <atom:updated>, Atom's categories, links and updated. */
type ParsedItem = Parser.Item & {
  id?: string;
  'content:encoded'?: string;
  'atom:updated'?: string;
  updated?: string;
  atomCategories?: { $: { term: string; label?: string } }[];
  atomLinks?: { $: { href: string; rel?: string; type?: string; length?: string } }[];
};
const parser: Parser<Record<string, unknown>, ParsedItem> = new Parser({
  customFields: {
    item: ['atom:updated', 'updated', ['category', 'atomCategories', { keepArray: true }], ['link', 'atomLinks', { keepArray: true }]],
  },
});

interface JsonFeedItem {
  id: string;
  url: string;
  title: string;
  content_html: string;
  summary?: string;
  image?: string;
  date_published: string;
  date_modified: string;
  authors: { name: string; url: string }[];
  tags: string[];
}

const validateJsonFeed = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(JSON_FEED_1_1_SCHEMA);

function multipart(fileName: string, body: Buffer) {
  const boundary = `----broadsheet-feeds-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function uploadPng(client: TestClient, fileName: string): Promise<{ url: string }> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const response = await client.request({ method: 'POST', url: '/api/uploads', ...multipart(fileName, png) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A published article with everything a feed item carries, one without a cover, a draft and one taken down. */
async function newsDesk(t: TestApp, kind: string) {
  const author = await signedInClient(t, 'feedwriter');
  const channel = (await author.client.post('/api/channels', { name: `Harbour Desk ${kind} ${author.id}`, description: 'News from the harbour' })).json();
  const tree = (await new TestClient(() => t.app).get('/api/categories')).json() as { id: number; children: { id: number }[] }[];
  const categoryIds = [tree[0]!.children[0]!.id, tree[1]!.id];
  const inline = await uploadPng(author.client, 'inline.png');
  const cover = await uploadPng(author.client, 'cover.png');
  const content =
    `<p>The harbour wall was repaired overnight &amp; the boats <a href="/channels/${channel.id}">came back</a>.</p>` +
    `<img src="${inline.url}" alt="The new wall">` +
    `<p>Read <a href="https://example.org/tides">the tide tables</a> before you sail.</p>`;
  const full = (await author.client.post('/api/articles', { title: 'Wall <repaired> & "whole"', content, channelId: channel.id, categoryIds })).json();
  expect((await author.client.put(`/api/articles/${full.id}/images`, { images: [{ image_url: cover.url, caption: null, order: 0 }] })).statusCode).toBe(200);
  const corrected = await author.client.patch(`/api/articles/${full.id}`, {
    content: content.replace('overnight', 'on Tuesday night'),
    correction: { kind: 'correction', text: 'An earlier version gave the wrong night.' },
  });
  expect(corrected.statusCode, corrected.body).toBe(200);
  const plain = (await author.client.post('/api/articles', { title: `Tide times ${kind}`, content: '<p>High water at noon.</p>', channelId: channel.id })).json();
  const draft = (await author.client.post('/api/articles', { title: `Unfinished ${kind}`, content: '<p>Not yet.</p>', channelId: channel.id, status: 'draft' })).json();
  const removed = (await author.client.post('/api/articles', { title: `Withdrawn ${kind}`, content: '<p>Gone.</p>', channelId: channel.id })).json();
  expect((await author.client.post(`/api/articles/${removed.id}/toggle-status`)).json()).toMatchObject({ published: false });
  const read = (await new TestClient(() => t.app).get(`/api/articles/${full.id}`)).json();
  return { author, channel, full: read, plain, draft, removed, cover, inline };
}

describe.each(testDatabases())('the site’s and each channel’s feeds on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);
  let desk: Awaited<ReturnType<typeof newsDesk>>;
  beforeAll(async () => {
    desk = await newsDesk(t, kind);
  });

  const feedsOf = () => ({
    site: { rss: '/rss.xml', atom: '/atom.xml', json: '/feed.json' },
    channel: { rss: `/channels/${desk.channel.id}/rss.xml`, atom: `/channels/${desk.channel.id}/atom.xml`, json: `/channels/${desk.channel.id}/feed.json` },
  });

  /** What every format must say of the complete article. */
  const expected = () => {
    const link = `${PUBLIC_URL}/articles/${desk.full.slug}-${desk.full.id}`;
    return {
      link,
      title: 'Wall <repaired> & "whole"',
      author: desk.author.username,
      authorUrl: `${PUBLIC_URL}/users/${desk.author.username}`,
      categories: [desk.channel.name, ...desk.full.categories.map((c: { name: string }) => c.name)],
      cover: `${PUBLIC_URL}${desk.cover.url}`,
      published: desk.full.createdAt,
      updated: desk.full.updatedAt,
    };
  };

  /** The whole text, with the site's links and images made absolute and the outside link as it was. */
  function expectWholeText(html: string | undefined) {
    expect(html).toContain('The harbour wall was repaired on Tuesday night &amp; the boats');
    expect(html).toContain(`<a href="${PUBLIC_URL}/channels/${desk.channel.id}" rel="noopener noreferrer nofollow ugc">came back</a>`);
    expect(html).toContain(`<img src="${PUBLIC_URL}${desk.inline.url}" alt="The new wall"`);
    expect(html).toMatch(new RegExp(`srcset="${PUBLIC_URL}/uploads/[^ ]+ \\d+w`));
    expect(html).toContain('<a href="https://example.org/tides" rel="noopener noreferrer nofollow ugc">the tide tables</a> before you sail.');
    expect(html).not.toMatch(/(src|href|srcset)="\//);
  }

  it('answers RSS 2.0 that rss-parser reads whole: the text, author, categories, cover and dates', async () => {
    const e = expected();
    for (const url of Object.values(feedsOf()).map((f) => f.rss)) {
      const response = await anonymous().get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const feed = await parser.parseString(response.body);
      const item = feed.items.find((i) => i.link === e.link)!;
      expect(item, url).toBeDefined();
      // RSS dates are to the second (RFC 822); the last change rides along to the millisecond.
      const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();
      expect(item).toMatchObject({ title: e.title, creator: e.author, guid: e.link, isoDate: toSecond(e.published), 'atom:updated': e.updated });
      expectWholeText(item['content:encoded']);
      expect(item.categories!.map((c: string | { _: string }) => (typeof c === 'string' ? c : c._))).toEqual(e.categories);
      expect(item.enclosure).toEqual({ url: e.cover, type: 'image/png', length: expect.stringMatching(/^[1-9]\d*$/) });
      // The description keeps the excerpt and the correction after it.
      expect(item.content).toMatch(/^The harbour wall was repaired on Tuesday night & the boats came back\..*\n\nCorrection, .*: An earlier version gave the wrong night\.$/s);

      const plain = feed.items.find((i) => i.title === `Tide times ${kind}`)!;
      expect(plain.enclosure).toBeUndefined();
      expect(feed.items.map((i) => i.title)).not.toContain(`Unfinished ${kind}`);
      expect(feed.items.map((i) => i.title)).not.toContain(`Withdrawn ${kind}`);
    }
  });

  it('answers Atom that rss-parser reads whole: the text, author, categories, cover and dates', async () => {
    const e = expected();
    for (const url of Object.values(feedsOf()).map((f) => f.atom)) {
      const response = await anonymous().get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const feed = await parser.parseString(response.body);
      const item = feed.items.find((i) => i.id === e.link)!;
      expect(item, url).toBeDefined();
      // Atom's title is HTML: the angle brackets and ampersand of the title are text, escaped.
      expect(item).toMatchObject({ title: 'Wall &lt;repaired&gt; &amp; "whole"', link: e.link, author: e.author, pubDate: e.published, updated: e.updated });
      expectWholeText(item.content);
      expect(item.atomCategories!.map((c) => c.$.term)).toEqual(e.categories);
      expect(item.atomLinks!.find((l) => l.$.rel === 'enclosure')?.$).toMatchObject({ href: e.cover });

      const plain = feed.items.find((i) => i.title === `Tide times ${kind}`)!;
      expect(plain.atomLinks!.filter((l) => l.$.rel === 'enclosure')).toEqual([]);
      expect(feed.items.map((i) => i.title)).not.toContain(`Unfinished ${kind}`);
      expect(feed.items.map((i) => i.title)).not.toContain(`Withdrawn ${kind}`);
    }
  });

  it('answers JSON Feed 1.1 that validates against its schema and carries the same', async () => {
    const e = expected();
    for (const [scope, feeds] of Object.entries(feedsOf())) {
      const response = await anonymous().get(feeds.json);
      expect(response.statusCode, feeds.json).toBe(200);
      expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const feed = response.json() as { items: JsonFeedItem[] } & Record<string, unknown>;
      expect(validateJsonFeed(feed), JSON.stringify(validateJsonFeed.errors)).toBe(true);
      expect(feed).toMatchObject({
        version: 'https://jsonfeed.org/version/1.1',
        title: scope === 'site' ? 'Broadsheet' : `${desk.channel.name} · Broadsheet`,
        home_page_url: scope === 'site' ? `${PUBLIC_URL}/` : `${PUBLIC_URL}/channels/${desk.channel.id}`,
        feed_url: `${PUBLIC_URL}${feeds.json}`,
        language: 'en',
      });
      const item = feed.items.find((i) => i.id === e.link)!;
      expect(item).toMatchObject({
        url: e.link,
        title: e.title,
        image: e.cover,
        date_published: e.published,
        date_modified: e.updated,
        authors: [{ name: e.author, url: e.authorUrl }],
        tags: e.categories,
      });
      expectWholeText(item.content_html);
      const plain = feed.items.find((i) => i.title === `Tide times ${kind}`)!;
      expect(plain).not.toHaveProperty('image');
      expect(feed.items.map((i) => i.title)).not.toContain(`Unfinished ${kind}`);
      expect(feed.items.map((i) => i.title)).not.toContain(`Withdrawn ${kind}`);
    }
  });

  it('answers 404 for a channel that does not exist, in every format', async () => {
    for (const path of ['rss.xml', 'atom.xml', 'feed.json']) {
      for (const id of ['999999', 'not-a-channel']) {
        const response = await anonymous().get(`/channels/${id}/${path}`);
        expect({ status: response.statusCode, body: response.json() }, `${id}/${path}`).toEqual({ status: 404, body: { error: 'Channel not found' } });
      }
    }
  });

  it('keeps the latest 50 published articles, newest first', async () => {
    for (let i = 0; i < 51; i++) await desk.author.client.post('/api/articles', { title: `Bulletin ${i}`, content: `<p>Bulletin ${i}</p>`, channelId: desk.channel.id });
    for (const url of Object.values(feedsOf().channel)) {
      const body = (await anonymous().get(url)).body;
      const titles = url.endsWith('.json') ? (JSON.parse(body) as { items: { title: string }[] }).items.map((i) => i.title) : (await parser.parseString(body)).items.map((i) => i.title);
      expect(titles, url).toEqual(Array.from({ length: 50 }, (_, i) => `Bulletin ${50 - i}`));
    }
  });
});
