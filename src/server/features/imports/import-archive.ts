import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError } from './source-records.js';

const MB = 1024 * 1024;

/** A size for a person: `12 KB`, `3.5 MB`. */
export function sizeText(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/**
 * The bounds an uploaded ZIP must keep, checked on its central directory before any entry is
 * read (docs/decisions/046-import-and-export.md says why each is what it is).
 * - `maxEntries`: real exports hold a few thousand files; more only costs memory and time.
 * - An entry may grow past `maxRatio` times its compressed size only while it stays under
 *   `ratioFreeBytes`: text compresses 5–10 times and a page of repeated markup far more, but a
 *   deflate bomb reaches 1000:1 in megabytes, and 10 MB is more than any one post or CSV needs.
 * - All entries together may hold at most `totalFactor` times the largest upload accepted.
 */
export const ARCHIVE_LIMITS = {
  maxEntries: 100_000,
  maxRatio: 100,
  ratioFreeBytes: 10 * MB,
  totalFactor: 10,
} as const;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface ImportArchive {
  /** The archive's name in messages (the uploaded file's name). */
  readonly name: string;
  /** `''`, or the one folder every file sits in (`export-2024/`) when the archive was zipped from a folder. */
  readonly root: string;
  /** Every file's full name inside the archive, in the archive's order (folders left out). */
  readonly files: readonly string[];
  has(path: string): boolean;
  /** The entry's size once decompressed (trustworthy: yauzl refuses a stream that disagrees). */
  size(path: string): number | undefined;
  /** A stream of the entry's bytes; it fails with an ImportFileError when the entry lies about its size. */
  open(path: string): Promise<Readable>;
  /** The entry as UTF-8 text (a byte-order mark dropped), refused when larger than `maxBytes`. */
  readText(path: string, maxBytes: number): Promise<string>;
  close(): void;
}

/** Whether the file starts as a ZIP archive does (a local file header, or the end record of an empty one). */
export async function isZipFile(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
  } finally {
    await handle.close();
  }
}

/**
 * Opens an uploaded ZIP after checking every entry of its central directory: a name that climbs
 * out (`..`) or is absolute, a symbolic link, an encrypted entry, a name given twice, too many
 * entries, an entry that would expand past the ratio bound, or too much in all, refuses the whole
 * archive before anything is read. Entries are then read with yauzl's size validation, so an entry
 * whose stated size is false fails as soon as its stream shows it.
 */
export async function openImportArchive(file: string, options: { name: string; maxBytes: number }): Promise<ImportArchive> {
  const { name, maxBytes } = options;
  let zipfile: ZipFile;
  try {
    zipfile = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true });
  } catch (error) {
    throw new ImportFileError(name, `not a readable ZIP archive (${(error as Error).message})`);
  }
  try {
    if (zipfile.entryCount > ARCHIVE_LIMITS.maxEntries) {
      throw new ImportFileError(name, `the archive holds ${zipfile.entryCount} entries, more than the ${ARCHIVE_LIMITS.maxEntries} an import accepts`);
    }
    const entries = new Map<string, Entry>();
    let total = 0;
    const totalLimit = maxBytes * ARCHIVE_LIMITS.totalFactor;
    const iterator = zipfile.eachEntry();
    for (;;) {
      let step: IteratorResult<Entry>;
      try {
        step = await iterator.next();
      } catch (error) {
        throw entryListError(name, error as Error);
      }
      if (step.done) break;
      const entry = step.value;
      const where = `${name}: entry "${entry.fileName}"`;
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) throw new ImportFileError(where, 'is a symbolic link, which an import refuses');
      if (entry.isEncrypted()) throw new ImportFileError(where, 'is encrypted');
      // Folders, and the resource forks macOS's archiver adds beside every file.
      if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue;
      if (entries.has(entry.fileName)) throw new ImportFileError(where, 'appears twice in the archive');
      if (entry.uncompressedSize > ARCHIVE_LIMITS.ratioFreeBytes && entry.uncompressedSize > entry.compressedSize * ARCHIVE_LIMITS.maxRatio) {
        throw new ImportFileError(
          where,
          `would expand from ${entry.compressedSize} to ${entry.uncompressedSize} bytes, more than ${ARCHIVE_LIMITS.maxRatio} times its size`,
        );
      }
      total += entry.uncompressedSize;
      if (total > totalLimit) {
        throw new ImportFileError(name, `the archive would expand to more than ${sizeText(totalLimit)}`);
      }
      entries.set(entry.fileName, entry);
    }
    return archiveOf(zipfile, name, entries);
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

/** The errors yauzl gives while listing entries, said for a person; its own words stay in brackets. */
function entryListError(name: string, error: Error): ImportFileError {
  const unsafe = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (unsafe) return new ImportFileError(`${name}: entry "${unsafe[2]}"`, `has an unsafe name (${unsafe[1]}), which an import refuses`);
  if (/size mismatch/.test(error.message)) return new ImportFileError(name, `an entry's stated size does not match its real size (${error.message})`);
  return new ImportFileError(name, `the archive is damaged (${error.message})`);
}

function archiveOf(zipfile: ZipFile, name: string, entries: Map<string, Entry>): ImportArchive {
  const files = [...entries.keys()];
  const root = commonFolder(files);
  const entryOf = (path: string) => {
    const entry = entries.get(path);
    if (!entry) throw new ImportFileError(name, `the archive has no entry "${path}"`);
    return entry;
  };
  const open = async (path: string): Promise<Readable> => {
    const entry = entryOf(path);
    const source = await zipfile.openReadStreamPromise(entry);
    const out = new PassThrough();
    source.on('error', (error: Error) => {
      const lie = /too many bytes|not enough bytes/.test(error.message);
      out.destroy(
        new ImportFileError(
          `${name}: entry "${path}"`,
          lie ? `its stated size (${entry.uncompressedSize} bytes) does not match its real size` : `cannot be read (${error.message})`,
        ),
      );
    });
    // yauzl asks for unpipe() before destroy() when a reader stops early.
    out.on('close', () => {
      if (!source.readableEnded) {
        source.unpipe(out);
        source.destroy();
      }
    });
    return source.pipe(out);
  };
  return {
    name,
    root,
    files,
    has: (path) => entries.has(path),
    size: (path) => entries.get(path)?.uncompressedSize,
    open,
    async readText(path, maxBytes) {
      const entry = entryOf(path);
      if (entry.uncompressedSize > maxBytes) {
        throw new ImportFileError(`${name}: entry "${path}"`, `is larger than the ${sizeText(maxBytes)} such a file may be`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of await open(path)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
    },
    close: () => zipfile.close(),
  };
}

/** Folders that are part of an export's own layout, never the folder it was zipped from. */
const EXPORT_FOLDERS = new Set(['posts/', 'content/']);

/** `dir/` when every file is inside that one folder, else `''`. */
function commonFolder(files: string[]): string {
  const first = files[0];
  if (!first || !first.includes('/')) return '';
  const folder = first.slice(0, first.indexOf('/') + 1);
  if (EXPORT_FOLDERS.has(folder)) return '';
  return files.every((file) => file.startsWith(folder)) ? folder : '';
}
