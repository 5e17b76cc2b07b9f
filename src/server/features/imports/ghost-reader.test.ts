import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, failureOf, folderParts, ofType, readAll, scratch, writeZip } from './fixtures/build-zip.js';
import type { SourceRecord } from './source-records.js';

const folder = path.join(FIXTURES, 'ghost');
const json = path.join(folder, 'harbour-times.ghost.2024-05-20-10-00-00.json');
const tmp = scratch('ghost-test-');
let zipped: SourceRecord[];

// The first Lexical render loads jsdom, which takes seconds on a busy machine.
beforeAll(async () => {
  zipped = await readAll(await writeZip(tmp.file('ghost.zip'), folderParts(folder)));
}, 60_000);
afterAll(() => tmp.remove());

describe('reading a Ghost export', () => {
  it('reads the site, the authors who wrote, its posts, and lists its pages as skipped', () => {
    expect(zipped.map((record) => record.type)).toEqual([
      'source', 'author', 'author', 'article', 'warning', 'article', 'article', 'article', 'warning', 'skipped', 'article', 'subscriber', 'subscriber', 'subscriber',
    ]);
    expect(zipped[0]).toEqual({ type: 'source', format: 'ghost', siteUrl: null, title: 'Harbour Times' });
    // The site's owner wrote nothing, so is not an author of the channel.
    expect(ofType(zipped, 'author')).toEqual([
      { type: 'author', key: 'u1', name: 'Ada Reporter', email: 'ada@harbourtimes.example', slug: 'ada' },
      { type: 'author', key: 'u2', name: 'Ben Editor', email: 'ben@harbourtimes.example', slug: 'ben' },
    ]);
    expect(ofType(zipped, 'skipped')).toEqual([{ type: 'skipped', item: 'page "About us" (db[0].data.posts[4])', reason: 'pages are not imported' }]);
  });

  it('gives a post every field: images from the archive, links made site-relative, tags in order, comments threaded', () => {
    expect(ofType(zipped, 'article')[0]).toEqual({
      type: 'article',
      sourceId: 'p1',
      title: 'Harbour dredging begins',
      subtitle: 'Two years of work on the channel start this week.',
      html:
        '<p>Work started at dawn. See <a href="/council-meeting/">the council meeting</a>.</p>' +
        '<figure class="kg-card kg-image-card"><img src="/content/images/2024/05/dredger.jpg" class="kg-image" alt="The dredger" srcset="/content/images/size/w600/2024/05/dredger.jpg 600w"></figure>' +
        '<p><img src="https://images.example.org/crane.jpg" alt="A crane"></p><p><img src="/content/images/2024/05/missing.jpg" alt=""></p>',
      status: 'published',
      draftNote: null,
      publishedAt: '2024-05-17T09:00:00.000Z',
      updatedAt: '2024-05-18T07:30:00.000Z',
      slug: 'harbour-dredging-begins',
      // By sort_order, not by row order; the internal #featured tag is Ghost's theming, not a tag.
      tags: ['Harbour', 'Council'],
      authorKeys: ['u1', 'u2'],
      oldPaths: ['/harbour-dredging-begins/'],
      cover: { ref: { kind: 'archive', path: 'content/images/2024/05/harbour.jpg' }, alt: 'The harbour mouth at low tide' },
      imageRefs: [
        { src: '/content/images/2024/05/dredger.jpg', ref: { kind: 'archive', path: 'content/images/2024/05/dredger.jpg' } },
        { src: 'https://images.example.org/crane.jpg', ref: { kind: 'remote', url: 'https://images.example.org/crane.jpg' } },
      ],
      comments: [
        {
          sourceId: 'c1',
          parentSourceId: null,
          authorName: 'Cleo Reader',
          createdAt: '2024-05-17T11:00:00.000Z',
          text: 'Good news for the fishing fleet (https://fishers.example.org).\n\nAbout time.',
          approved: true,
          spam: false,
        },
        // Hidden by a moderator: held. The deleted comment c3 is left out.
        { sourceId: 'c2', parentSourceId: 'c1', authorName: 'Dan Bounce', createdAt: '2024-05-17T12:00:00.000Z', text: 'Not for the seals.', approved: false, spam: false },
      ],
    });
    expect(zipped[4]).toEqual({
      type: 'warning',
      item: 'post "Harbour dredging begins" (db[0].data.posts[0])',
      message: 'image "/content/images/2024/05/missing.jpg" is neither in the archive nor at an address an import can fetch',
    });
  });

  it('imports members-only, paid and scheduled posts as drafts with a note', () => {
    const articles = ofType(zipped, 'article');
    expect(articles.map(({ sourceId, status, draftNote }) => ({ sourceId, status, draftNote }))).toEqual([
      { sourceId: 'p1', status: 'published', draftNote: null },
      { sourceId: 'p2', status: 'draft', draftNote: 'members-only post imported as a draft' },
      { sourceId: 'p3', status: 'draft', draftNote: 'paid post imported as a draft' },
      { sourceId: 'p4', status: 'draft', draftNote: null },
      { sourceId: 'p6', status: 'draft', draftNote: 'scheduled post imported as a draft' },
    ]);
  });

  it("renders posts without HTML from their Lexical or mobiledoc document with Ghost's renderers", () => {
    const [, , lexical, mobiledoc] = ofType(zipped, 'article');
    expect(lexical!.html).toBe(
      '<p>The full dredging contract, line by line.</p><figure class="kg-card kg-image-card"><img src="/content/images/2024/05/dredger.jpg" class="kg-image" alt="The dredger at work" loading="lazy" width="1200" height="800"></figure>',
    );
    expect(lexical!.imageRefs).toEqual([{ src: '/content/images/2024/05/dredger.jpg', ref: { kind: 'archive', path: 'content/images/2024/05/dredger.jpg' } }]);
    expect(mobiledoc!.html).toBe(
      '<h2 id="tide-tables">Tide tables</h2>\n<p>High water at <strong>06:12</strong>.</p>\n<p>Draft continues.</p><figure><img src="/content/images/2024/05/tide.jpg" alt="Tide gauge"><figcaption>The gauge at the quay</figcaption></figure>',
    );
    expect(zipped[8]).toEqual({
      type: 'warning',
      item: 'post "Tide tables" (db[0].data.posts[3])',
      message: 'its "gallery" card was left out: only Ghost\'s html, markdown, image, embed, code and divider cards are rendered',
    });
  });

  it('reads members as subscribers: active while they get a newsletter and email is not disabled', () => {
    expect(ofType(zipped, 'subscriber')).toEqual([
      { type: 'subscriber', email: 'cleo@example.org', active: true, createdAt: '2023-02-01T10:00:00.000Z' },
      { type: 'subscriber', email: 'dan@example.org', active: false, createdAt: '2023-03-01T10:00:00.000Z' },
      { type: 'subscriber', email: 'eve@example.org', active: false, createdAt: '2023-04-01T10:00:00.000Z' },
    ]);
  });

  it('reads the bare JSON, fetching its own images from the old site when its address is given', async () => {
    const bare = await readAll(json, { siteUrl: 'https://harbourtimes.example/' });
    expect(bare[0]).toEqual({ type: 'source', format: 'ghost', siteUrl: 'https://harbourtimes.example', title: 'Harbour Times' });
    const [first] = ofType(bare, 'article');
    expect(first!.cover).toEqual({ ref: { kind: 'remote', url: 'https://harbourtimes.example/content/images/2024/05/harbour.jpg' }, alt: 'The harbour mouth at low tide' });
    expect(first!.imageRefs.map((use) => use.ref)).toEqual([
      { kind: 'remote', url: 'https://harbourtimes.example/content/images/2024/05/dredger.jpg' },
      { kind: 'remote', url: 'https://images.example.org/crane.jpg' },
      { kind: 'remote', url: 'https://harbourtimes.example/content/images/2024/05/missing.jpg' },
    ]);
    // Without the address, Ghost's site-relative images cannot be found: each is reported.
    const unknownSite = ofType(await readAll(json), 'warning').map((warning) => warning.message);
    expect(unknownSite).toContain('its feature image "__GHOST_URL__/content/images/2024/05/harbour.jpg" is neither in the archive nor at an address an import can fetch');
  });

  it('reads an export whose tables sit under "data", inside a ZIP made from a folder', async () => {
    const data = JSON.parse(fs.readFileSync(json, 'utf8')).db[0].data;
    const zip = await writeZip(tmp.file('folder.zip'), [
      { name: 'ghost-export/site.json', data: Buffer.from(JSON.stringify({ data })) },
      { name: 'ghost-export/content/images/2024/05/harbour.jpg', data: path.join(folder, 'content/images/2024/05/harbour.jpg') },
    ]);
    const [first] = ofType(await readAll(zip), 'article');
    expect(first!.cover).toEqual({ ref: { kind: 'archive', path: 'ghost-export/content/images/2024/05/harbour.jpg' }, alt: 'The harbour mouth at low tide' });
  });

  it('refuses malformed JSON, naming the line', async () => {
    const file = tmp.file('broken.json');
    fs.writeFileSync(file, '{"db": [{"data": {"posts": [\n  {"id": "p1", "title": "One"},\n  {"id": "p2", "title": "Two",}\n]}}]}\n');
    expect(await failureOf(file)).toBe("broken.json line 3: the JSON is malformed (unexpected token '}')");
  });

  it('refuses a post without an id, naming the entry', async () => {
    const file = tmp.file('ghost.json');
    fs.writeFileSync(file, JSON.stringify({ db: [{ data: { posts: [{ id: 'p1', title: 'Fine', html: '<p>x</p>' }, { title: 'No id', html: '<p>y</p>' }] } }] }));
    expect(await failureOf(file)).toBe('ghost.json: db[0].data.posts[1]: a post has no id');
  });

  it('refuses JSON that is not a Ghost export', async () => {
    const file = tmp.file('other.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'a package', version: '1.0.0' }));
    expect(await failureOf(file)).toBe('other.json: not a Ghost export: it has no db[0].data (or data) with posts, users or tags');
  });
});
