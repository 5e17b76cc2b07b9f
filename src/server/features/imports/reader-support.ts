import type { Readable } from 'node:stream';
import type { ImageRef, ImageUse } from './source-records.js';

/** One file a reader reads from, on disk or inside the uploaded archive, opened as often as the reader needs passes. */
export interface SourceFile {
  /** Its name in messages: the upload's name, or the entry's name inside the archive. */
  name: string;
  open(): Promise<Readable>;
}

/**
 * A date as an ISO 8601 string in UTC, or null when there is none or it cannot be read. Dates
 * before 1971 count as none: WordPress writes `0000-00-00 00:00:00` and `-0001` years for drafts.
 */
export function isoDate(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (!Number.isFinite(time) || time < Date.UTC(1971, 0, 1)) return null;
  return date.toISOString();
}

/** Adds each value once, keeping first-seen order, ignoring blanks. */
export function pushUnique(list: string[], value: string | null | undefined): void {
  const trimmed = value?.trim();
  if (trimmed && !list.includes(trimmed)) list.push(trimmed);
}

/** `/path?query` of an absolute address, or null when it is not one. */
export function pathOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/**
 * The remote address of an image source: absolute http(s) as is, protocol-relative as https,
 * site-relative against the old site's address when it is known. Null for `data:` and the rest.
 */
export function remoteImageUrl(src: string, siteUrl: string | null): string | null {
  const source = src.startsWith('//') ? `https:${src}` : src;
  try {
    const url = siteUrl ? new URL(source, siteUrl) : new URL(source);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The uses of the given sources that resolve, in order; the rest are given to `unresolved`. */
export function imageUses(sources: string[], resolve: (src: string) => ImageRef | null, unresolved: (src: string) => void): ImageUse[] {
  const uses: ImageUse[] = [];
  for (const src of sources) {
    if (src.startsWith('data:')) continue;
    const ref = resolve(src);
    if (ref) uses.push({ src, ref });
    else unresolved(src);
  }
  return uses;
}

/** A value's slug for the record: percent-decoded when the source stored it encoded, null when empty. */
export function slugOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}
