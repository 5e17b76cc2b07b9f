import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, failureOf, ofType, readAll, scratch, writeZip } from './fixtures/build-zip.js';

const wxr = path.join(FIXTURES, 'wordpress', 'export.xml');
const tmp = scratch('wxr-test-');
afterAll(() => tmp.remove());

const withBody = (body: string, head = '<?xml version="1.0" encoding="UTF-8"?>\n') =>
  `${head}<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel><title>T</title><link>https://t.example</link><wp:wxr_version>1.2</wp:wxr_version>\n${body}\n</channel></rss>\n`;

describe('reading a WordPress export', () => {
  it('reads the site, its authors, its posts with their comments, and lists what it skips', async () => {
    const records = await readAll(wxr);
    expect(records.map((record) => record.type)).toEqual(['source', 'author', 'author', 'article', 'skipped', 'skipped', 'article', 'article', 'skipped', 'skipped']);
    expect(records[0]).toEqual({ type: 'source', format: 'wordpress', siteUrl: 'https://harbourtimes.example', title: 'Harbour Times' });
    expect(ofType(records, 'author')).toEqual([
      { type: 'author', key: 'ada', name: 'Ada Reporter', email: 'ada@harbourtimes.example', slug: 'ada' },
      // No display name: the first and last names make one.
      { type: 'author', key: 'ben', name: 'Ben Editor', email: 'ben@harbourtimes.example', slug: 'ben' },
    ]);
    expect(ofType(records, 'skipped')).toEqual([
      { type: 'skipped', item: 'attachment "harbour" (wp:post_id 201)', reason: 'an attachment: its image comes in with the articles that show it' },
      { type: 'skipped', item: 'page "About" (wp:post_id 102)', reason: 'pages are not imported' },
      { type: 'skipped', item: 'nav_menu_item "Home" (wp:post_id 105)', reason: 'a menu entry' },
      { type: 'skipped', item: 'post "Old rumour" (wp:post_id 106)', reason: 'in the trash on the old site' },
    ]);
  });

  it('gives a published post every field, its paragraphs made as WordPress shows them', async () => {
    const [published] = ofType(await readAll(wxr), 'article');
    expect(published).toEqual({
      type: 'article',
      sourceId: '101',
      title: 'Budget vote passes after late-night session',
      subtitle: 'The harbour budget passed 7–4 after a session that ran past midnight.',
      html: [
        '<p>The council approved the harbour budget at 1:40 a.m.</p>',
        '<p>Councillor Reyes said the vote "keeps the ferries running".<br />',
        'The opposition asked for a recount.</p>',
        '<figure class="wp-caption"><img class="size-large wp-image-201" src="https://harbourtimes.example/wp-content/uploads/2024/05/harbour.jpg" alt="The harbour at dawn" width="800" height="533" /><figcaption>The harbour, where the new pier will go.</figcaption></figure>',
        '<ul>',
        '<li>Ferries: £2.1m</li>',
        '<li>Dredging: £800k</li>',
        '</ul>',
        '<p><img src="/wp-content/uploads/2024/05/chart.png" alt="Spending chart" /></p>',
      ].join('\n'),
      status: 'published',
      draftNote: null,
      publishedAt: '2024-05-17T09:00:00.000Z',
      updatedAt: '2024-05-18T07:30:00.000Z',
      slug: 'budget-vote-passes',
      // Tags and categories in the order the item lists them; post formats are not tags.
      tags: ['Budget', 'News', 'Council'],
      authorKeys: ['ada'],
      oldPaths: ['/2024/05/17/budget-vote-passes/', '/?p=101'],
      // The featured image is an attachment the file gives after the post.
      cover: { ref: { kind: 'remote', url: 'https://harbourtimes.example/wp-content/uploads/2024/05/harbour.jpg' }, alt: 'The harbour at dawn' },
      imageRefs: [
        { src: 'https://harbourtimes.example/wp-content/uploads/2024/05/harbour.jpg', ref: { kind: 'remote', url: 'https://harbourtimes.example/wp-content/uploads/2024/05/harbour.jpg' } },
        { src: '/wp-content/uploads/2024/05/chart.png', ref: { kind: 'remote', url: 'https://harbourtimes.example/wp-content/uploads/2024/05/chart.png' } },
      ],
      comments: [
        {
          sourceId: '11',
          parentSourceId: null,
          authorName: 'Mira Quay',
          createdAt: '2024-05-17T11:05:00.000Z',
          text: 'Finally! The ferry cuts (https://harbourtimes.example/2023/11/02/ferry-cuts/) were a disaster.\n\nThanks for staying up to report this.',
          approved: true,
          spam: false,
        },
        { sourceId: '12', parentSourceId: '11', authorName: 'Tom Pier', createdAt: '2024-05-17T12:00:00.000Z', text: 'Agreed & about time.', approved: true, spam: false },
        // Held for moderation, from someone who left no name.
        { sourceId: '13', parentSourceId: null, authorName: 'Anonymous', createdAt: '2024-05-17T13:00:00.000Z', text: 'Who paid for this?', approved: false, spam: false },
        { sourceId: '14', parentSourceId: null, authorName: 'Cheap Pills', createdAt: '2024-05-17T14:00:00.000Z', text: 'Buy now at our shop (https://spam.example)', approved: false, spam: true },
        // The pingback (comment 15) is another site's link, not a comment: it is left out.
      ],
    });
  });

  it('reads drafts and private posts as drafts, keeping block-editor paragraphs as they are', async () => {
    const [, draft, privatePost] = ofType(await readAll(wxr), 'article');
    expect(draft).toEqual({
      type: 'article',
      sourceId: '103',
      title: 'Ferry timetable changes',
      subtitle: null,
      html: '<!-- wp:paragraph -->\n<p>The winter timetable starts in <strong>October</strong>.</p>\n<!-- /wp:paragraph -->',
      status: 'draft',
      draftNote: null,
      // WordPress's zero date: never published.
      publishedAt: null,
      updatedAt: '2024-05-19T15:00:00.000Z',
      slug: null,
      // "Uncategorized" is WordPress's placeholder category, not a tag anyone chose.
      tags: ['Ferries'],
      authorKeys: ['ben'],
      oldPaths: ['/?p=103'],
      cover: null,
      imageRefs: [],
      comments: [],
    });
    expect(privatePost).toMatchObject({ sourceId: '104', status: 'draft', draftNote: 'private post imported as a draft', oldPaths: ['/2024/05/10/pier-contract/', '/?p=104'] });
  });

  it('notes scheduled and password-protected posts as drafts, and a featured image missing from the export', async () => {
    const item = (id: number, status: string, extra = '') =>
      `<item><title>Post ${id}</title><link>https://t.example/p${id}/</link><dc:creator>ada</dc:creator><content:encoded><![CDATA[Text ${id}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2030-01-01 08:00:00</wp:post_date_gmt><wp:status>${status}</wp:status><wp:post_type>post</wp:post_type>${extra}</item>`;
    const file = tmp.file('statuses.xml');
    fs.writeFileSync(
      file,
      withBody(
        [
          item(1, 'future'),
          item(2, 'publish', '<wp:post_password>secret</wp:post_password>'),
          item(3, 'pending'),
          item(4, 'publish', '<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>99</wp:meta_value></wp:postmeta>'),
        ].join('\n'),
      ),
    );
    const records = await readAll(file);
    expect(ofType(records, 'article').map(({ sourceId, status, draftNote, publishedAt }) => ({ sourceId, status, draftNote, publishedAt }))).toEqual([
      { sourceId: '1', status: 'draft', draftNote: 'scheduled post imported as a draft', publishedAt: '2030-01-01T08:00:00.000Z' },
      { sourceId: '2', status: 'draft', draftNote: 'password-protected post imported as a draft', publishedAt: '2030-01-01T08:00:00.000Z' },
      { sourceId: '3', status: 'draft', draftNote: 'post pending review imported as a draft', publishedAt: '2030-01-01T08:00:00.000Z' },
      { sourceId: '4', status: 'published', draftNote: null, publishedAt: '2030-01-01T08:00:00.000Z' },
    ]);
    expect(ofType(records, 'warning')).toEqual([{ type: 'warning', item: 'post "Post 4" (wp:post_id 4)', message: 'its featured image (attachment 99) is not in the export' }]);
    // WXR 1.0-style: no wp:author blocks, so the post's login makes the author.
    expect(ofType(records, 'author')).toEqual([{ type: 'author', key: 'ada', name: 'ada', email: null, slug: 'ada' }]);
  });

  it('reads a WXR inside a ZIP', async () => {
    const zip = await writeZip(tmp.file('wxr.zip'), [{ name: 'harbourtimes.wordpress.2024-05-20.xml', data: wxr }]);
    const records = await readAll(zip);
    expect(ofType(records, 'article').map((article) => article.sourceId)).toEqual(['101', '103', '104']);
  });

  it('refuses a DOCTYPE that declares entities (billion laughs) before expanding anything', async () => {
    const file = tmp.file('laughs.xml');
    const doctype = '<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n';
    fs.writeFileSync(file, withBody('<item><title>&lol2;</title><wp:post_id>1</wp:post_id></item>', doctype));
    expect(await failureOf(file, { format: 'wordpress' })).toBe('laughs.xml line 5: the file declares XML entities or an outside DTD, which an import refuses');
  });

  it('refuses a DOCTYPE that points at an outside DTD (external entities)', async () => {
    const file = tmp.file('external.xml');
    fs.writeFileSync(file, withBody('<item><title>&xxe;</title></item>', '<?xml version="1.0"?>\n<!DOCTYPE rss SYSTEM "file:///etc/passwd">\n'));
    expect(await failureOf(file, { format: 'wordpress' })).toBe('external.xml line 2: the file declares XML entities or an outside DTD, which an import refuses');
  });

  it('refuses malformed XML, naming the line', async () => {
    const file = tmp.file('broken.xml');
    fs.writeFileSync(file, withBody('<item><title>One</title>\n<wp:post_id>1</wp:post_type>\n</item>'));
    expect(await failureOf(file)).toBe('broken.xml line 5: the XML is malformed (unexpected close tag.)');
  });

  it('refuses XML that is not a WordPress export', async () => {
    const file = tmp.file('feed.xml');
    fs.writeFileSync(file, '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Not WordPress</title></feed>\n');
    expect(await failureOf(file, { format: 'wordpress' })).toBe('feed.xml line 2: not a WordPress export (WXR): it starts with <feed>, not <rss>');
  });
});
