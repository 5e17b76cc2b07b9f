import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, failureOf, folderParts, ofType, readAll, scratch, writeZip } from './fixtures/build-zip.js';
import type { SourceRecord } from './source-records.js';

const folder = path.join(FIXTURES, 'substack');
const tmp = scratch('substack-test-');
let records: SourceRecord[];

beforeAll(async () => {
  records = await readAll(await writeZip(tmp.file('substack.zip'), folderParts(folder)));
});
afterAll(() => tmp.remove());

const withPostsCsv = (csv: string) => writeZip(tmp.file(`csv-${Math.random().toString(16).slice(2)}.zip`), [{ name: 'posts.csv', data: Buffer.from(csv) }]);

describe('reading a Substack export', () => {
  it('reads each post of posts.csv with its HTML file, skipping threads', () => {
    expect(records.map((record) => record.type)).toEqual([
      'source', 'article', 'article', 'article', 'article', 'warning', 'skipped', 'article', 'warning', 'subscriber', 'subscriber', 'subscriber',
    ]);
    expect(records[0]).toEqual({ type: 'source', format: 'substack', siteUrl: null, title: null });
    expect(ofType(records, 'article')[0]).toEqual({
      type: 'article',
      sourceId: '140001',
      title: 'Budget vote passes after late-night session',
      subtitle: 'The harbour budget passed 7–4, just after 1:40 a.m.',
      html: fs.readFileSync(path.join(folder, 'posts/140001.budget-vote-passes.html'), 'utf8').trim(),
      status: 'published',
      draftNote: null,
      publishedAt: '2024-05-17T09:00:00.000Z',
      updatedAt: null,
      // The slug is the part of post_id after its number.
      slug: 'budget-vote-passes',
      tags: [],
      authorKeys: [],
      oldPaths: ['/p/budget-vote-passes'],
      cover: null,
      imageRefs: [
        { src: 'https://substack-post-media.s3.amazonaws.com/public/images/harbour.jpg', ref: { kind: 'remote', url: 'https://substack-post-media.s3.amazonaws.com/public/images/harbour.jpg' } },
      ],
      comments: [],
    });
    expect(ofType(records, 'skipped')).toEqual([{ type: 'skipped', item: 'post "Open thread: what should we cover?" (posts.csv line 6)', reason: 'a discussion thread, not an article' }]);
  });

  it('imports unpublished posts as drafts, and paid or subscribers-only posts as drafts with a note', () => {
    expect(ofType(records, 'article').map(({ sourceId, status, draftNote, publishedAt }) => ({ sourceId, status, draftNote, publishedAt }))).toEqual([
      { sourceId: '140001', status: 'published', draftNote: null, publishedAt: '2024-05-17T09:00:00.000Z' },
      { sourceId: '140002', status: 'draft', draftNote: 'paid post imported as a draft', publishedAt: '2024-05-12T09:00:00.000Z' },
      { sourceId: '140003', status: 'draft', draftNote: null, publishedAt: null },
      { sourceId: '140004', status: 'published', draftNote: null, publishedAt: '2024-05-05T09:00:00.000Z' },
      { sourceId: '140006', status: 'draft', draftNote: 'subscribers-only post imported as a draft', publishedAt: '2024-05-07T09:00:00.000Z' },
    ]);
    expect(ofType(records, 'warning')).toEqual([
      { type: 'warning', item: 'post "Harbour podcast: episode 1" (posts.csv line 5)', message: 'a podcast episode: its audio is not imported, only its text' },
      { type: 'warning', item: 'post "Subscribers-only notes" (posts.csv line 7)', message: 'the archive has no posts/140006.subscribers-only-notes.html, so it comes without its text' },
    ]);
  });

  it('reads the email list: a subscriber whose email is disabled is not active, paid or not', () => {
    expect(ofType(records, 'subscriber')).toEqual([
      { type: 'subscriber', email: 'cleo@example.org', active: true, createdAt: '2023-02-01T10:00:00.000Z' },
      { type: 'subscriber', email: 'dan@example.org', active: true, createdAt: '2023-03-01T10:00:00.000Z' },
      { type: 'subscriber', email: 'eve@example.org', active: false, createdAt: '2023-04-01T10:00:00.000Z' },
    ]);
  });

  it('refuses a malformed posts.csv, naming the line', async () => {
    const zip = await withPostsCsv('post_id,post_date,is_published,title\n1.one,2024-05-01T09:00:00.000Z,true,"Fine"\n2.two,2024-05-02T09:00:00.000Z,true,"Broken"quote\n');
    expect(await failureOf(zip)).toBe(
      'posts.csv line 3: the CSV is malformed (Invalid Closing Quote: got "q" at line 3 instead of delimiter, record delimiter, trimable character (if activated) or comment)',
    );
  });

  it('refuses a row with more fields than the header, naming the line', async () => {
    const zip = await withPostsCsv('post_id,title\n1.one,One\n2.two,Two,extra\n');
    expect(await failureOf(zip)).toBe('posts.csv line 3: the CSV is malformed (Invalid Record Length: columns length is 2, got 3 on line 3)');
  });

  it('refuses a posts.csv without post_id', async () => {
    const zip = await withPostsCsv('id,title\n1,One\n');
    expect(await failureOf(zip)).toBe('posts.csv line 1: the header has no "post_id" column');
  });
});
