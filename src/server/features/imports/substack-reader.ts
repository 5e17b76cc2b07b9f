import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { imageSources } from '../../lib/html-text.js';
import type { ImportArchive } from './import-archive.js';
import { imageUses, isoDate, remoteImageUrl, slugOf } from './reader-support.js';
import type { ArticleRecord, SourceRecord } from './source-records.js';
import { ImportFileError } from './source-records.js';

/** No post's HTML file is larger than this; a bigger one is not a post. */
const MAX_POST_BYTES = 16 * 1024 * 1024;
/** No CSV row is larger than this (a title and a subtitle, or a subscriber). */
const MAX_CSV_RECORD = 1024 * 1024;

interface CsvRow {
  record: Record<string, string>;
  line: number;
}

/**
 * The rows of a CSV entry of the archive with their line numbers, streamed through csv-parse: a
 * malformed file fails with the line csv-parse stopped at.
 */
async function* csvRows(archive: ImportArchive, entry: string, required: string[]): AsyncGenerator<CsvRow> {
  const parser = parse({ columns: (header: string[]) => header.map((column) => column.trim().toLowerCase()), bom: true, info: true, skip_empty_lines: true, max_record_size: MAX_CSV_RECORD });
  // pipeline, not pipe: an error of the entry (a size that lies) must reach the loop.
  const rows = pipeline(await archive.open(entry), parser, () => {});
  let first = true;
  try {
    for await (const { record, info } of rows as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (first) {
        const missing = required.filter((column) => !(column in record));
        if (missing.length > 0) throw new ImportFileError(`${entry} line 1`, `the header has no ${missing.map((column) => `"${column}"`).join(', ')} column`);
        first = false;
      }
      yield { record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new ImportFileError(line ? `${entry} line ${line}` : entry, `the CSV is malformed (${error.message})`);
    }
    throw error;
  } finally {
    rows.destroy();
  }
}

const yes = (value: string | undefined) => value?.trim().toLowerCase() === 'true';

/**
 * Reads a Substack export: `posts.csv` (one row per post, its body in `posts/{post_id}.html`) and
 * the email list CSVs (`email_list*.csv`), each streamed row by row.
 */
export async function* readSubstack(archive: ImportArchive): AsyncGenerator<SourceRecord> {
  const postsCsv = `${archive.root}posts.csv`;
  if (!archive.has(postsCsv)) throw new ImportFileError(archive.name, 'not a Substack export: it has no posts.csv');
  yield { type: 'source', format: 'substack', siteUrl: null, title: null };

  for await (const { record, line } of csvRows(archive, postsCsv, ['post_id'])) {
    yield* postRecords(archive, record, `${postsCsv} line ${line}`);
  }

  const lists = archive.files.filter((file) => file.startsWith(archive.root) && /^email_list[^/]*\.csv$/i.test(file.slice(archive.root.length)));
  for (const list of lists) {
    for await (const { record } of csvRows(archive, list, ['email'])) {
      const email = record.email?.trim();
      if (!email) continue;
      yield { type: 'subscriber', email, active: !yes(record.email_disabled), createdAt: isoDate(record.created_at?.trim()) };
    }
  }
}

async function* postRecords(archive: ImportArchive, record: Record<string, string>, where: string): AsyncGenerator<SourceRecord> {
  const postId = record.post_id?.trim() ?? '';
  if (!postId) throw new ImportFileError(where, 'the row has no post_id');
  const title = record.title?.trim() ?? '';
  const label = `post "${title || '(untitled)'}" (${where})`;
  const kind = record.type?.trim() || 'newsletter';
  if (kind === 'thread') {
    yield { type: 'skipped', item: label, reason: 'a discussion thread, not an article' };
    return;
  }
  const warnings: SourceRecord[] = [];
  const warn = (message: string) => warnings.push({ type: 'warning', item: label, message });
  if (kind === 'podcast') warn('a podcast episode: its audio is not imported, only its text');

  // Substack's post_id is `123456.the-slug`; newer exports may also give the slug on its own.
  const dot = postId.indexOf('.');
  const slug = slugOf(record.slug) ?? (dot > 0 ? slugOf(postId.slice(dot + 1)) : null);
  const htmlEntry = `${archive.root}posts/${postId}.html`;
  let html = '';
  if (archive.has(htmlEntry)) html = (await archive.readText(htmlEntry, MAX_POST_BYTES)).trim();
  else warn(`the archive has no posts/${postId}.html, so it comes without its text`);

  const published = yes(record.is_published);
  const audience = record.audience?.trim() ?? 'everyone';
  let status: ArticleRecord['status'] = published ? 'published' : 'draft';
  let draftNote: string | null = null;
  if (published && (audience === 'only_paid' || audience === 'founding')) [status, draftNote] = ['draft', 'paid post imported as a draft'];
  else if (published && audience === 'only_free') [status, draftNote] = ['draft', 'subscribers-only post imported as a draft'];

  const article: ArticleRecord = {
    type: 'article',
    sourceId: dot > 0 ? postId.slice(0, dot) : postId,
    title,
    subtitle: record.subtitle?.trim() || null,
    html,
    status,
    draftNote,
    publishedAt: isoDate(record.post_date?.trim()),
    updatedAt: null,
    slug,
    tags: [],
    authorKeys: [],
    oldPaths: slug ? [`/p/${slug}`] : [],
    cover: null,
    imageRefs: imageUses(
      imageSources(html),
      (src) => {
        const url = remoteImageUrl(src, null);
        return url ? { kind: 'remote', url } : null;
      },
      (src) => warn(`image "${src}" has no address an import can fetch`),
    ),
    comments: [],
  };
  yield article;
  yield* warnings;
}
