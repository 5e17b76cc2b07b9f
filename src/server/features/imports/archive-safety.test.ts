import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { failureOf, readAll, scratch, writeZip, type ZipPart } from './fixtures/build-zip.js';
import { ARCHIVE_LIMITS, openImportArchive } from './import-archive.js';
import { detectImportFormat } from './read-import.js';

const tmp = scratch('archive-safety-');
afterAll(() => tmp.remove());

const POSTS_CSV = 'post_id,post_date,is_published,title\n1.one,2024-05-01T09:00:00.000Z,true,One\n';
let count = 0;
const zipOf = (parts: ZipPart[], name = `archive-${++count}.zip`) => writeZip(tmp.file(name), parts);

/** Rewrites bytes of a ZIP on disk, as a hostile archive would have them. */
function patch(file: string, change: (bytes: Buffer) => void): string {
  const bytes = fs.readFileSync(file);
  change(bytes);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The offsets of every central directory header (signature PK\x01\x02). */
function centralHeaders(bytes: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf('PK\x01\x02'); at !== -1; at = bytes.indexOf('PK\x01\x02', at + 4)) offsets.push(at);
  return offsets;
}

/** Replaces a name of the same length everywhere it is written (local header and central directory). */
function rename(file: string, from: string, to: string): string {
  expect(to.length).toBe(from.length);
  return patch(file, (bytes) => {
    for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + 1)) bytes.write(to, at, 'latin1');
  });
}

describe('the archive checks before an import reads anything', () => {
  it('refuses an entry whose name climbs out of the archive', async () => {
    const zip = rename(await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }, { name: 'xx/evil.txt', data: Buffer.from('x') }]), 'xx/evil.txt', '../evil.txt');
    expect(await failureOf(zip)).toBe(`${zip.split('/').pop()}: entry "../evil.txt": has an unsafe name (invalid relative path), which an import refuses`);
  });

  it('refuses an entry with an absolute name', async () => {
    const zip = rename(await zipOf([{ name: 'xetc/passwd', data: Buffer.from('root:x:0:0') }]), 'xetc/passwd', '/etc/passwd');
    expect(await failureOf(zip)).toMatch(/: entry "\/etc\/passwd": has an unsafe name \(absolute path\), which an import refuses$/);
  });

  it('refuses a symbolic link', async () => {
    const zip = await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }, { name: 'posts/1.one.html', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    expect(await failureOf(zip)).toMatch(/: entry "posts\/1\.one\.html": is a symbolic link, which an import refuses$/);
  });

  it('refuses an entry given twice under one name', async () => {
    const zip = await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }, { name: 'posts.csv', data: Buffer.from('post_id\n2.two\n') }]);
    expect(await failureOf(zip)).toMatch(/: entry "posts\.csv": appears twice in the archive$/);
  });

  it('refuses an encrypted entry', async () => {
    const zip = patch(await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }]), (bytes) => {
      for (const at of centralHeaders(bytes)) bytes.writeUInt16LE(bytes.readUInt16LE(at + 8) | 1, at + 8);
    });
    expect(await failureOf(zip)).toMatch(/: entry "posts\.csv": is encrypted$/);
  });

  it(`refuses an archive of more than ${ARCHIVE_LIMITS.maxEntries} entries before listing them`, async () => {
    // Writing 100,001 real entries takes minutes; the count an archive states is what is checked
    // first, so the ZIP64 end record of a small archive is made to state it.
    const small = await writeZip(tmp.file('many.zip'), [{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }], { zip64: true });
    const zip = patch(small, (bytes) => {
      const end = bytes.lastIndexOf('PK\x06\x06');
      bytes.writeBigUInt64LE(BigInt(ARCHIVE_LIMITS.maxEntries + 1), end + 24);
      bytes.writeBigUInt64LE(BigInt(ARCHIVE_LIMITS.maxEntries + 1), end + 32);
    });
    expect(await failureOf(zip)).toBe(`many.zip: the archive holds ${ARCHIVE_LIMITS.maxEntries + 1} entries, more than the ${ARCHIVE_LIMITS.maxEntries} an import accepts`);
  });

  it('refuses an entry that would expand past the ratio bound (a deflate bomb)', async () => {
    const zeros = Buffer.alloc(ARCHIVE_LIMITS.ratioFreeBytes + 1024 * 1024);
    const zip = await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }, { name: 'posts/1.one.html', data: zeros }], 'bomb.zip');
    expect(fs.statSync(zip).size).toBeLessThan(zeros.length / ARCHIVE_LIMITS.maxRatio);
    expect(await failureOf(zip)).toMatch(new RegExp(`^bomb\\.zip: entry "posts/1\\.one\\.html": would expand from \\d+ to ${zeros.length} bytes, more than 100 times its size$`));
  });

  it('accepts a highly compressible entry that stays small', async () => {
    const text = Buffer.from(`${'<p>The tide is out.</p>'.repeat(40_000)}`);
    const zip = await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }, { name: 'posts/1.one.html', data: text }]);
    const [, article] = await readAll(zip);
    expect(article).toMatchObject({ type: 'article', html: text.toString() });
  });

  it('refuses an archive whose entries together would expand past ten times the largest upload', async () => {
    const sentence = 'The council approved the harbour budget after a late-night session. ';
    const text = Buffer.from(Array.from({ length: 3000 }, (_, i) => `${sentence}${i}\n`).join(''));
    const zip = await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }, { name: 'posts/1.one.html', data: text }], 'expands.zip');
    const maxBytes = fs.statSync(zip).size + 1000;
    expect(text.length).toBeGreaterThan(maxBytes * ARCHIVE_LIMITS.totalFactor);
    expect(await failureOf(zip, { maxBytes })).toMatch(/^expands\.zip: the archive would expand to more than \d+ KB$/);
  });

  it('refuses a file larger than the import limit, ZIP or not', async () => {
    const zip = await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }], 'large.zip');
    expect(await failureOf(zip, { maxBytes: 100 })).toMatch(/^large\.zip: the file is 1 KB, larger than the 1 KB an import accepts$/);
    const wxr = tmp.file('large.xml');
    fs.writeFileSync(wxr, '<rss xmlns:wp="http://wordpress.org/export/1.2/">'.padEnd(3 * 1024 * 1024, ' '));
    expect(await failureOf(wxr, { maxBytes: 2 * 1024 * 1024 })).toBe('large.xml: the file is 3 MB, larger than the 2 MB an import accepts');
  });

  it('refuses a stored entry whose stated size disagrees with its data', async () => {
    const zip = patch(await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV), compress: false }], 'stored.zip'), (bytes) => {
      for (const at of centralHeaders(bytes)) bytes.writeUInt32LE(bytes.readUInt32LE(at + 24) + 7, at + 24);
    });
    expect(await failureOf(zip)).toMatch(/^stored\.zip: an entry's stated size does not match its real size \(compressed\/uncompressed size mismatch for stored file: \d+ != \d+\)$/);
  });

  it('stops reading a compressed entry as soon as it holds more than it said', async () => {
    const csv = `post_id,title\n${Array.from({ length: 200 }, (_, i) => `${i}.post-${i},Post ${i}`).join('\n')}\n`;
    const zip = patch(await zipOf([{ name: 'posts.csv', data: Buffer.from(csv) }], 'liar.zip'), (bytes) => {
      for (const at of centralHeaders(bytes)) bytes.writeUInt32LE(100, at + 24);
    });
    expect(await failureOf(zip)).toBe('liar.zip: entry "posts.csv": its stated size (100 bytes) does not match its real size');
  });

  it('refuses a file that only looks like a ZIP', async () => {
    const file = tmp.file('fake.zip');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
    expect(await failureOf(file)).toMatch(/^fake\.zip: not a readable ZIP archive \(.+\)$/);
  });

  it('lists the files of a checked archive, its folder found, and gives each entry back', async () => {
    const zip = await zipOf([
      { name: 'export/posts.csv', data: Buffer.from(POSTS_CSV) },
      { name: 'export/posts/1.one.html', data: Buffer.from('<p>One</p>') },
      { name: '__MACOSX/export/._posts.csv', data: Buffer.from('resource fork') },
    ]);
    const archive = await openImportArchive(zip, { name: 'export.zip', maxBytes: 1024 * 1024 });
    try {
      expect(archive.root).toBe('export/');
      expect(archive.files).toEqual(['export/posts.csv', 'export/posts/1.one.html']);
      expect(archive.size('export/posts/1.one.html')).toBe(10);
      expect(await archive.readText('export/posts/1.one.html', 1024)).toBe('<p>One</p>');
      await expect(archive.readText('export/posts.csv', 10)).rejects.toThrow('export.zip: entry "export/posts.csv": is larger than the 1 KB such a file may be');
    } finally {
      archive.close();
    }
  });
});

describe('knowing what was uploaded', () => {
  it('detects each format from the file', async () => {
    const ghost = tmp.file('site.json');
    fs.writeFileSync(ghost, JSON.stringify({ db: [{ data: { posts: [] } }] }));
    const wxr = tmp.file('site.xml');
    fs.writeFileSync(wxr, '<?xml version="1.0"?>\n<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel/></rss>');
    expect(await detectImportFormat(ghost)).toBe('ghost');
    expect(await detectImportFormat(wxr)).toBe('wordpress');
    expect(await detectImportFormat(await zipOf([{ name: 'posts.csv', data: Buffer.from(POSTS_CSV) }]))).toBe('substack');
    expect(await detectImportFormat(await zipOf([{ name: 'posts/a.html', data: Buffer.from('<p>a</p>') }]))).toBe('medium');
    expect(await detectImportFormat(await zipOf([{ name: 'site.ghost.json', data: Buffer.from('{}') }, { name: 'content/images/a.jpg', data: Buffer.from('x') }]))).toBe('ghost');
    expect(await detectImportFormat(await zipOf([{ name: 'site.xml', data: wxr }]))).toBe('wordpress');
    expect(await detectImportFormat(await zipOf([{ name: 'broadsheet.json', data: Buffer.from('{}') }]))).toBe('broadsheet');
  });

  it('says plainly when a file is none of them', async () => {
    const text = tmp.file('notes.txt');
    fs.writeFileSync(text, 'Just some notes.');
    expect(await failureOf(text)).toBe('notes.txt: not a file an import can read: expected a Ghost export (.json), a WordPress export (.xml), or a Ghost, Substack or Medium ZIP');
    const zip = await zipOf([{ name: 'photo.jpg', data: Buffer.from('x') }], 'photos.zip');
    expect(await failureOf(zip)).toBe(
      'photos.zip: the archive holds no export an import can read: a Ghost export (.json), a Substack export (posts.csv), a Medium export (posts/*.html) or a WordPress export (.xml)',
    );
    expect(await failureOf(text, { format: 'substack' })).toBe('notes.txt: a Substack export is a ZIP archive, and this file is not one');
  });

  it('refuses a broadsheet.json that is not our export, naming what is wrong', async () => {
    const zip = await zipOf([{ name: 'broadsheet.json', data: Buffer.from('{}') }], 'channel.zip');
    expect(await failureOf(zip)).toMatch(/^broadsheet\.json: format: /);
    const broken = await zipOf([{ name: 'broadsheet.json', data: Buffer.from('{"format": ') }], 'broken.zip');
    expect(await failureOf(broken)).toMatch(/^broadsheet\.json: malformed JSON/);
  });
});
