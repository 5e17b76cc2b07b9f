/**
 * The normalized records every import reader yields, whatever the source (Ghost, WordPress,
 * Substack, Medium). A reader turns one uploaded file into a stream of these; the import job turns
 * them into authors, articles, comments, redirects and subscribers of a channel. What each format
 * gives and how it maps: docs/decisions/046-import-and-export.md.
 *
 * Records are plain data (strings, numbers, booleans, arrays; dates as ISO 8601 strings in UTC), so
 * a job may log them, count them or keep its place between runs.
 */

export const IMPORT_FORMATS = ['ghost', 'wordpress', 'substack', 'medium', 'broadsheet'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Where an image's bytes are: an entry of the uploaded ZIP, or an address to fetch (with public-fetch). */
export type ImageRef = { kind: 'archive'; path: string } | { kind: 'remote'; url: string };

/**
 * An image of an article's HTML: `src` is the value of the `<img>`'s `src` attribute in `html`
 * (entities decoded, as an HTML parser reads it), for the job to match and replace.
 */
export interface ImageUse {
  src: string;
  ref: ImageRef;
}

/** The first record of every stream: what was read. */
export interface SourceInfoRecord {
  type: 'source';
  format: ImportFormat;
  /** The old site's address when the file says it (WordPress's channel link), else the `siteUrl` option, else null. */
  siteUrl: string | null;
  title: string | null;
}

export interface AuthorRecord {
  type: 'author';
  /** The source's own identity for the author, unique within one file; articles name authors by it. */
  key: string;
  name: string;
  email: string | null;
  slug: string | null;
}

export interface CommentRecord {
  sourceId: string;
  /** The comment it answers, null for a top-level comment. The job flattens deeper threads. */
  parentSourceId: string | null;
  authorName: string;
  createdAt: string | null;
  /** Plain text: paragraphs separated by a blank line, a link's address kept beside its words. */
  text: string;
  /** Shown to readers on the old site. A held comment is neither approved nor spam. */
  approved: boolean;
  spam: boolean;
}

export interface ArticleRecord {
  type: 'article';
  /** The source's id for the article (Ghost's post id, WordPress's post id, Substack's post_id, Medium's file name). */
  sourceId: string;
  title: string;
  subtitle: string | null;
  /**
   * The body as the old site showed it (WordPress's paragraphs made, Ghost's placeholders resolved
   * to site-relative paths), not yet sanitized: the job passes it through the article sanitizer.
   */
  html: string;
  status: 'published' | 'draft';
  /** Why an article the old site showed to some readers comes in as a draft, e.g. "paid post imported as a draft". */
  draftNote: string | null;
  publishedAt: string | null;
  updatedAt: string | null;
  slug: string | null;
  /** Tag names in the source's order, without repeats. */
  tags: string[];
  authorKeys: string[];
  /** Paths (with any query) on the old site that should redirect to the imported article. */
  oldPaths: string[];
  cover: { ref: ImageRef; alt: string | null } | null;
  /** The images of `html`, in order, each once. */
  imageRefs: ImageUse[];
  comments: CommentRecord[];
}

export interface SubscriberRecord {
  type: 'subscriber';
  email: string;
  /** False when the old site no longer emailed them (unsubscribed, bounced, suppressed). */
  active: boolean;
  createdAt: string | null;
}

/** Something in the file that is not imported on purpose: a page, an attachment, an unknown post type. */
export interface SkippedRecord {
  type: 'skipped';
  /** Names the thing as the source does, e.g. `page "About" (wp:post_id 7)`. */
  item: string;
  reason: string;
}

/** A problem that does not stop the import: a date that cannot be read, an image not found in the archive. */
export interface WarningRecord {
  type: 'warning';
  item: string;
  message: string;
}

export type SourceRecord = SourceInfoRecord | AuthorRecord | ArticleRecord | SubscriberRecord | SkippedRecord | WarningRecord;

export interface ReadImportOptions {
  /** The format, when the person chose it; otherwise it is detected from the file. */
  format?: ImportFormat;
  /** The largest file accepted, in bytes (the job passes IMPORT_MAX_MB). */
  maxBytes?: number;
  /** The file's name as uploaded, used in messages instead of the path on disk. */
  fileName?: string;
  /**
   * The old site's address (e.g. `https://news.example`), when the person gives it: Ghost's
   * site-relative images that the archive lacks are then fetched from there, and absolute links to
   * it count as the site's own.
   */
  siteUrl?: string;
  signal?: AbortSignal;
}

export const DEFAULT_IMPORT_MAX_BYTES = 500 * 1024 * 1024;

/** A reader: one file on disk in, a stream of records out, in bounded memory. */
export type ImportReader = (file: string, options: ReadImportOptions) => AsyncIterable<SourceRecord>;

/**
 * A file that cannot be imported: malformed, unsafe, too large, or not of the format. `location`
 * names the line or entry (e.g. `posts.csv line 14`, `export.xml line 2031`,
 * `ghost.json: db[0].data.posts[3]`); the message starts with it and can be shown to the person.
 */
export class ImportFileError extends Error {
  constructor(
    readonly location: string,
    readonly reason: string,
  ) {
    super(`${location}: ${reason}`);
    this.name = 'ImportFileError';
  }
}
