import fs from 'node:fs';
import path from 'node:path';
import { readBroadsheet } from './broadsheet-reader.js';
import { readGhost } from './ghost-reader.js';
import { isZipFile, openImportArchive, sizeText, type ImportArchive } from './import-archive.js';
import { readMedium } from './medium-reader.js';
import type { SourceFile } from './reader-support.js';
import { DEFAULT_IMPORT_MAX_BYTES, ImportFileError, type ImportFormat, type ReadImportOptions, type SourceRecord } from './source-records.js';
import { readSubstack } from './substack-reader.js';
import { readWordPress } from './wordpress-reader.js';

const FORMAT_NAMES: Record<ImportFormat, string> = {
  ghost: 'Ghost',
  wordpress: 'WordPress',
  substack: 'Substack',
  medium: 'Medium',
  broadsheet: 'Broadsheet',
};

/** The manifest our own export carries at its root (exports.service.ts writes it, broadsheet-reader.ts reads it). */
export const BROADSHEET_MANIFEST = 'broadsheet.json';

/**
 * Reads an uploaded import file as a stream of normalized records (source-records.ts), in bounded
 * memory: the source record first, then authors, then articles, skipped items and warnings as they
 * come, then subscribers. Fails with an ImportFileError naming the line or entry when the file is
 * malformed, unsafe or too large.
 */
export async function* readImport(file: string, options: ReadImportOptions = {}): AsyncGenerator<SourceRecord> {
  const name = options.fileName ?? path.basename(file);
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  const siteUrl = options.siteUrl === undefined ? undefined : siteOrigin(options.siteUrl);
  const { size } = await fs.promises.stat(file);
  if (size > maxBytes) {
    throw new ImportFileError(name, `the file is ${sizeText(size)}, larger than the ${sizeText(maxBytes)} an import accepts`);
  }
  const signal = options.signal;
  const guarded = async function* (records: AsyncIterable<SourceRecord>) {
    for await (const record of records) {
      signal?.throwIfAborted();
      yield record;
    }
  };

  if (await isZipFile(file)) {
    const archive = await openImportArchive(file, { name, maxBytes });
    try {
      const format = options.format ?? detectArchiveFormat(archive);
      yield* guarded(readArchive(archive, format, siteUrl));
    } finally {
      archive.close();
    }
    return;
  }

  const format = options.format ?? (await detectBareFormat(file, name));
  const source: SourceFile = { name, open: async () => fs.createReadStream(file) };
  if (format === 'ghost') yield* guarded(readGhost(source, { archive: null, siteUrl }));
  else if (format === 'wordpress') yield* guarded(readWordPress(source, { siteUrl }));
  else throw new ImportFileError(name, `a ${FORMAT_NAMES[format]} export is a ZIP archive, and this file is not one`);
}

/** The format of an uploaded file, as readImport would take it. */
export async function detectImportFormat(file: string, options: Pick<ReadImportOptions, 'fileName' | 'maxBytes'> = {}): Promise<ImportFormat> {
  const name = options.fileName ?? path.basename(file);
  if (!(await isZipFile(file))) return detectBareFormat(file, name);
  const archive = await openImportArchive(file, { name, maxBytes: options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES });
  try {
    return detectArchiveFormat(archive);
  } finally {
    archive.close();
  }
}

function siteOrigin(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // refused below
  }
  throw new ImportFileError('siteUrl', `"${value}" is not an http or https address`);
}

/** A bare file: Ghost's JSON starts with `{`; a WXR is XML that names WordPress's export namespace early on. */
async function detectBareFormat(file: string, name: string): Promise<ImportFormat> {
  const handle = await fs.promises.open(file, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  } finally {
    await handle.close();
  }
  if (head.startsWith('{')) return 'ghost';
  if (head.startsWith('<') && /wordpress\.org\/export\//.test(head)) return 'wordpress';
  throw new ImportFileError(name, 'not a file an import can read: expected a Ghost export (.json), a WordPress export (.xml), or a Ghost, Substack or Medium ZIP');
}

const jsonOutsideImages = (archive: ImportArchive) =>
  archive.files.filter((file) => file.toLowerCase().endsWith('.json') && !file.slice(archive.root.length).startsWith('content/'));
const xmlFiles = (archive: ImportArchive) => archive.files.filter((file) => file.toLowerCase().endsWith('.xml'));

function detectArchiveFormat(archive: ImportArchive): ImportFormat {
  const inRoot = (file: string) => archive.has(`${archive.root}${file}`);
  if (inRoot(BROADSHEET_MANIFEST)) return 'broadsheet';
  if (inRoot('posts.csv')) return 'substack';
  if (archive.files.some((file) => file.startsWith(`${archive.root}posts/`) && file.endsWith('.html'))) return 'medium';
  if (jsonOutsideImages(archive).length > 0) return 'ghost';
  if (xmlFiles(archive).length === 1) return 'wordpress';
  throw new ImportFileError(
    archive.name,
    'the archive holds no export an import can read: a Ghost export (.json), a Substack export (posts.csv), a Medium export (posts/*.html) or a WordPress export (.xml)',
  );
}

function readArchive(archive: ImportArchive, format: ImportFormat, siteUrl: string | undefined): AsyncIterable<SourceRecord> {
  const entryFile = (entry: string): SourceFile => ({ name: entry, open: () => archive.open(entry) });
  switch (format) {
    case 'ghost': {
      const [json, ...others] = jsonOutsideImages(archive);
      if (!json) throw new ImportFileError(archive.name, 'not a Ghost export: the archive has no .json file');
      if (others.length > 0) throw new ImportFileError(archive.name, `holds more than one JSON file (${[json, ...others].join(', ')}): which is the Ghost export is unclear`);
      return readGhost(entryFile(json), { archive, siteUrl });
    }
    case 'wordpress': {
      const [xml, ...others] = xmlFiles(archive);
      if (!xml || others.length > 0) throw new ImportFileError(archive.name, 'a zipped WordPress export must hold exactly one .xml file');
      return readWordPress(entryFile(xml), { siteUrl });
    }
    case 'substack':
      return readSubstack(archive);
    case 'medium':
      return readMedium(archive);
    case 'broadsheet':
      return readBroadsheet(archive);
  }
}
