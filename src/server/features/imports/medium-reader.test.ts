import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, failureOf, folderParts, ofType, readAll, scratch, writeZip } from './fixtures/build-zip.js';
import type { SourceRecord } from './source-records.js';

const tmp = scratch('medium-test-');
let records: SourceRecord[];

beforeAll(async () => {
  // Medium's archive holds everything in one folder named after the export.
  records = await readAll(await writeZip(tmp.file('medium.zip'), folderParts(path.join(FIXTURES, 'medium'), 'medium-export-2024-05-20/')));
});
afterAll(() => tmp.remove());

describe('reading a Medium export', () => {
  it('reads a published post from its microformats, without the title Medium repeats in the body', () => {
    expect(records.map((record) => record.type)).toEqual(['source', 'author', 'article', 'article']);
    expect(records[1]).toEqual({ type: 'author', key: 'https://medium.com/@adareporter', name: 'Ada Reporter', email: null, slug: 'adareporter' });
    expect(ofType(records, 'article')[0]).toEqual({
      type: 'article',
      sourceId: '2024-05-17_Budget-vote-passes-after-late-night-session-1a2b3c4d5e6f',
      title: 'Budget vote passes after late-night session',
      subtitle: 'The harbour budget passed 7–4 after a session that ran past midnight.',
      html:
        '<section name="a1b2" class="section section--body section--first"><div class="section-content"><div class="section-inner sectionLayout--insetColumn">' +
        '<p name="0a1b" id="0a1b" class="graf graf--p graf-after--h4">The council approved the harbour budget at 1:40&nbsp;a.m.</p>' +
        '<figure name="2c3d" id="2c3d" class="graf graf--figure graf-after--p"><img class="graf-image" data-image-id="1*harbour.jpeg" data-width="800" data-height="533" data-is-featured="true" alt="The harbour at dawn" src="https://cdn-images-1.medium.com/max/800/1*harbour.jpeg"><figcaption class="imageCaption">The harbour, where the new pier will go.</figcaption></figure>' +
        '<p name="4e5f" id="4e5f" class="graf graf--p graf-after--figure graf--trailing">Councillor Reyes said the vote “keeps the ferries running”.</p></div></div></section>',
      status: 'published',
      draftNote: null,
      publishedAt: '2024-05-17T09:00:00.000Z',
      updatedAt: null,
      slug: 'budget-vote-passes-after-late-night-session',
      tags: [],
      authorKeys: ['https://medium.com/@adareporter'],
      oldPaths: ['/@adareporter/budget-vote-passes-after-late-night-session-1a2b3c4d5e6f'],
      // Medium marks the post's featured image.
      cover: { ref: { kind: 'remote', url: 'https://cdn-images-1.medium.com/max/800/1*harbour.jpeg' }, alt: 'The harbour at dawn' },
      imageRefs: [{ src: 'https://cdn-images-1.medium.com/max/800/1*harbour.jpeg', ref: { kind: 'remote', url: 'https://cdn-images-1.medium.com/max/800/1*harbour.jpeg' } }],
      comments: [],
    });
  });

  it('reads a file whose name starts with draft_ as a draft, with no old address', () => {
    expect(ofType(records, 'article')[1]).toMatchObject({
      sourceId: 'draft_Ferry-notes-0f9e8d7c6b5a',
      title: 'Ferry notes',
      subtitle: null,
      status: 'draft',
      publishedAt: null,
      slug: null,
      oldPaths: [],
      authorKeys: [],
      cover: null,
    });
  });

  it('refuses a Medium archive without posts', async () => {
    const zip = await writeZip(tmp.file('empty.zip'), [{ name: 'posts/README.txt', data: Buffer.from('nothing') }]);
    expect(await failureOf(zip, { format: 'medium' })).toBe('empty.zip: not a Medium export: it has no posts/*.html');
  });
});
