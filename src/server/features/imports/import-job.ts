import { EMPTY_ARTICLE_FIELDS, SUBTITLE_MAX } from '../../../contract/article-fields.js';
import path from 'node:path';
import sanitize from 'sanitize-html';
import { LIMITS } from '../../../contract/limits.js';
import { slugify, stripHtml, truncateAtBoundary, withoutXmlForbidden } from '../../../contract/text.js';
import type { ImportCounts, ImportProblem } from '../../../contract/imports.js';
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import { withResolvedImages } from '../articles/articles.service.js';
import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { CategoriesRepository } from '../articles/categories.repository.js';
import { recordRevision } from '../revisions/revisions.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { MediaService } from '../media/media.service.js';
import { isZipFile, openImportArchive, type ImportArchive } from './import-archive.js';
import { EMPTY_COUNTS, type ImportedComment, type ImportedImage, type ImportRow, type ImportsRepository } from './imports.repository.js';
import { readImport } from './read-import.js';
import { isOwnedPath, redirectKey } from './redirect-paths.js';
import { ImportFileError, type ArticleRecord, type AuthorRecord, type ImageRef, type ImportFormat, type SourceRecord, type SubscriberRecord } from './source-records.js';

/**
 * The import job (docs/decisions/046-import-and-export.md): reads the file once to check it whole
 * and count it (the dry run's report), then again to write it, one article (with its revision,
 * images, comments and redirects) or one subscriber per transaction, so a stop at any point leaves
 * whole items behind and a second run takes up after them. Nothing is announced: no email is
 * queued and no channel event fans out for imported articles.
 */

export interface ImportJobDeps {
  repository: ImportsRepository;
  articles: Pick<ArticlesRepository, 'insert'>;
  categories: Pick<CategoriesRepository, 'index'>;
  media: Pick<MediaService, 'upload'>;
  /** The storage's public URL prefix: only images under it stay in an article's text. */
  imagePrefix: string;
  /** A remote image's bytes, through the guarded outgoing fetch (lib/public-fetch.ts). */
  fetchRemote: (url: string, signal?: AbortSignal) => Promise<Buffer>;
  maxBytes: number;
  now?: () => number;
  written?: (tags: readonly string[]) => void;
  /** Imported articles are never announced to the social web, now or when edited later. */
  markImported?: (articles: { articleId: number; channelId: number }[]) => Promise<void>;
}

export interface ImportPlan {
  format: ImportFormat;
  total: number;
  counts: ImportCounts;
  problems: ImportProblem[];
}

/** Problems kept in a report; past this, one entry says how many more there were. */
const MAX_PROBLEMS = 1000;
const UPLOAD_MAX_BYTES = LIMITS.uploadMaxBytes;

class ProblemList {
  readonly items: ImportProblem[] = [];
  private extra = 0;
  add(item: string, reason: string) {
    if (this.items.length < MAX_PROBLEMS) this.items.push({ item, reason });
    else this.extra += 1;
  }
  list(): ImportProblem[] {
    return this.extra > 0 ? [...this.items, { item: `${this.extra} more`, reason: 'not listed: the report keeps the first 1000 problems' }] : [...this.items];
  }
}

const articleItem = (record: ArticleRecord) => `article "${record.title || record.sourceId}"`;

/** The categories an article takes: tag names matched to our tree ignoring case, the first three in the source's order. */
export function categoryMatcher(paths: Map<number, string>) {
  const byName = new Map<string, number>();
  for (const [id, full] of paths) {
    const lower = full.toLowerCase();
    if (!byName.has(lower)) byName.set(lower, id);
    const name = lower.includes(' > ') ? lower.slice(lower.lastIndexOf(' > ') + 3) : lower;
    if (!byName.has(name)) byName.set(name, id);
  }
  return (tags: string[]) => {
    const ids: number[] = [];
    const unmatched: string[] = [];
    const dropped: string[] = [];
    for (const tag of tags) {
      const id = byName.get(tag.trim().toLowerCase());
      if (id === undefined) unmatched.push(tag);
      else if (ids.includes(id)) continue;
      else if (ids.length < LIMITS.categoriesPerArticle) ids.push(id);
      else dropped.push(tag);
    }
    return { ids, unmatched, dropped };
  };
}

function categoryProblems(problems: ProblemList, record: ArticleRecord, matched: { unmatched: string[]; dropped: string[] }) {
  if (matched.unmatched.length > 0) problems.add(articleItem(record), `categories not in our category tree, left out: ${matched.unmatched.join(', ')}`);
  if (matched.dropped.length > 0) problems.add(articleItem(record), `more than ${LIMITS.categoriesPerArticle} categories, left out: ${matched.dropped.join(', ')}`);
}

const importableComments = (record: ArticleRecord) => record.comments.filter((comment) => comment.approved && !comment.spam && comment.text.trim() !== '');

/**
 * Reads the whole file and counts what an import would bring: the dry run's answer, and the job's
 * first pass (a file that cannot be read fails here, before anything is written).
 */
export async function planImport(
  file: string,
  options: { format?: ImportFormat; fileName: string; siteUrl?: string; maxBytes: number; signal?: AbortSignal },
  categories: Pick<CategoriesRepository, 'index'>,
): Promise<ImportPlan> {
  const match = categoryMatcher((await categories.index()).paths);
  const counts: ImportCounts = { ...EMPTY_COUNTS };
  const problems = new ProblemList();
  let format: ImportFormat = options.format ?? 'wordpress';
  let total = 0;
  const paths = new Set<string>();
  for await (const record of readImport(file, { format: options.format, fileName: options.fileName, siteUrl: options.siteUrl, maxBytes: options.maxBytes, signal: options.signal })) {
    switch (record.type) {
      case 'source':
        format = record.format;
        break;
      case 'article': {
        total += 1;
        if (record.status === 'published') counts.articles += 1;
        else counts.drafts += 1;
        if (record.draftNote) problems.add(articleItem(record), record.draftNote);
        categoryProblems(problems, record, match(record.tags));
        const comments = importableComments(record);
        counts.comments += comments.length;
        counts.skipped += record.comments.length - comments.length;
        counts.images += new Set([...record.imageRefs.map((use) => refKey(use.ref)), ...(record.cover ? [refKey(record.cover.ref)] : [])]).size;
        for (const old of record.oldPaths) {
          const key = redirectKey(old);
          if (key && !isOwnedPath(key) && !paths.has(key)) {
            paths.add(key);
            counts.redirects += 1;
          }
        }
        break;
      }
      case 'subscriber':
        total += 1;
        if (record.active) counts.subscribers += 1;
        break;
      case 'skipped':
        counts.skipped += 1;
        problems.add(record.item, record.reason);
        break;
      case 'warning':
        problems.add(record.item, record.message);
        break;
      case 'author':
        break;
    }
  }
  return { format, total, counts, problems: problems.list() };
}

const refKey = (ref: ImageRef) => (ref.kind === 'archive' ? `archive:${ref.path}` : `remote:${ref.url}`);
const refName = (ref: ImageRef) => (ref.kind === 'archive' ? ref.path : ref.url);

/**
 * An imported article's own fields, in one place: what each format's record gives becomes the
 * article's title, text and state here.
 */
export function articleFields(record: ArticleRecord, content: string) {
  return {
    title: record.title.trim().slice(0, LIMITS.titleMax) || 'Untitled',
    // Substack's subtitle, Ghost's custom_excerpt, WordPress's excerpt: plain text, and a long
    // excerpt cut at a word as a subtitle holds at most SUBTITLE_MAX characters.
    subtitle: record.subtitle ? truncateAtBoundary(stripHtml(withoutXmlForbidden(record.subtitle)), SUBTITLE_MAX) || null : null,
    content,
    plainText: stripHtml(content),
    published: record.status === 'published',
    slug: slugify(record.slug ? safeDecode(record.slug) : record.title),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A time of the source as stored (ms), or the fallback. */
function timeOf(iso: string | null, fallback: number): number {
  const at = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(at) ? at : fallback;
}

/** A username within our rule (letters, digits, `_ . -`, 3 to 30 characters, a letter), from the author's slug, name or address. */
export function usernameBase(author: Pick<AuthorRecord, 'slug' | 'name' | 'email'>): string {
  for (const candidate of [author.slug, author.name, author.email?.split('@')[0]]) {
    const cleaned = (candidate ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '-')
      .replace(/[^A-Za-z0-9_.-]+/g, '')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, LIMITS.usernameMax - 4);
    if (cleaned.length >= LIMITS.usernameMin && /[A-Za-z]/.test(cleaned)) return cleaned;
  }
  return 'author';
}

async function readEntry(archive: ImportArchive, entry: string): Promise<Buffer> {
  const size = archive.size(entry);
  if (size === undefined) throw new Error('not in the archive');
  if (size > UPLOAD_MAX_BYTES) throw new Error(`larger than the ${UPLOAD_MAX_BYTES / 1024 / 1024} MB an image may be`);
  const chunks: Buffer[] = [];
  for await (const chunk of await archive.open(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Points each stored image's `<img>` at its upload; the article sanitizer then removes every other image. */
function pointImagesAt(html: string, stored: Map<string, string>): string {
  if (stored.size === 0) return html;
  return sanitize(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      img: (tagName, attribs) => {
        const url = attribs.src === undefined ? undefined : stored.get(attribs.src);
        if (!url) return { tagName, attribs };
        const { srcset: _srcset, sizes: _sizes, width: _width, height: _height, ...rest } = attribs;
        return { tagName, attribs: { ...rest, src: url } };
      },
    },
  });
}

export interface RunControl {
  /** This runner's name: progress writes only while it still holds the job. */
  runner: string;
  leaseMs: number;
  signal?: AbortSignal;
}

/**
 * Runs one claimed job to its end: done with its report, or failed with the reason first among its
 * problems. Answers the final row's status.
 */
export async function runImport(job: ImportRow, deps: ImportJobDeps, control: RunControl): Promise<'done' | 'failed' | 'lost'> {
  const now = deps.now ?? Date.now;
  const { repository } = deps;
  const format = (job.format ?? undefined) as ImportFormat | undefined;
  const readOptions = { format, fileName: job.file_name, siteUrl: job.site_url ?? undefined, maxBytes: deps.maxBytes, signal: control.signal };
  let plan: ImportPlan;
  try {
    plan = await planImport(job.file_path, readOptions, deps.categories);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await repository.progress(job.id, control.runner, { status: 'failed', problems: [{ item: error.location, reason: error.reason }], finishedAt: now() }, now());
    return 'failed';
  }
  if (!(await repository.progress(job.id, control.runner, { format: plan.format, total: plan.total, done: 0 }, now(), control.leaseMs))) return 'lost';

  const counts: ImportCounts = { ...EMPTY_COUNTS };
  const problems = new ProblemList();
  // The reader's own notes (skipped pages, draft notes, categories) come first, as the dry run lists them.
  for (const problem of plan.problems) problems.add(problem.item, problem.reason);
  counts.skipped = plan.counts.skipped;
  const match = categoryMatcher((await deps.categories.index()).paths);
  const staff = await repository.staffOf(job.channel_id);
  const importerId = job.user_id;
  const authors = new Map<string, number>();
  let outsiders = 0;
  let withoutAddress = 0;
  let alreadyImported = 0;
  let done = 0;
  let lastWrite = now();
  const archive = (await isZipFile(job.file_path)) ? await openImportArchive(job.file_path, { name: job.file_name, maxBytes: deps.maxBytes }) : null;
  const sourceKey = (id: string) => `${plan.format}:${id}`;
  const written = new Set<number>();

  const sessionOf = (id: number): SessionUser => ({ id, username: '', description: null, isAdmin: false, hasPassword: false, createdAt: '', sessionId: 'import' });

  async function resolveAuthor(author: AuthorRecord): Promise<number> {
    if (job.authors === 'me') return importerId;
    const known = await repository.itemsOf(job.channel_id, 'author', [sourceKey(`author:${author.key}`)]);
    const recorded = known.values().next().value;
    if (recorded !== undefined) return recorded;
    if (!author.email) {
      withoutAddress += 1;
      return importerId;
    }
    const email = author.email.trim();
    const account = await repository.userByEmailKey(email.toLowerCase());
    if (account) {
      if (account.id === importerId || staff.has(account.id)) return account.id;
      // Someone else's account: never made theirs, and never named in the report.
      outsiders += 1;
      return importerId;
    }
    const base = usernameBase(author);
    for (let n = 1; n < 1000; n++) {
      const username = n === 1 ? base : `${base}-${n}`;
      if (await repository.usernameTaken(username.toLowerCase())) continue;
      const id = await repository.insertPasswordlessUser({ username, email, now: now() });
      if (id === undefined) {
        // Taken meanwhile: by name (try the next) or by address (that account is theirs now).
        const byAddress = await repository.userByEmailKey(email.toLowerCase());
        if (byAddress) return staff.has(byAddress.id) || byAddress.id === importerId ? byAddress.id : importerId;
        continue;
      }
      await repository.recordItem(job.channel_id, 'author', sourceKey(`author:${author.key}`), id, job.id);
      return id;
    }
    return importerId;
  }

  async function storeImages(record: ArticleRecord, authorId: number) {
    const stored = new Map<string, { upload: ImportedImage }>();
    const bySrc = new Map<string, string>();
    const uses = [...record.imageRefs.map((use) => ({ ref: use.ref, src: use.src as string | null, alt: null as string | null })), ...(record.cover ? [{ ref: record.cover.ref, src: null, alt: record.cover.alt }] : [])];
    // An image the article uses twice (its cover and in its text) that could not be had is tried and listed once.
    const failed = new Set<string>();
    for (const use of uses) {
      const key = refKey(use.ref);
      if (failed.has(key)) continue;
      let image = stored.get(key);
      if (!image) {
        try {
          let bytes: Buffer;
          if (use.ref.kind === 'remote') bytes = await deps.fetchRemote(use.ref.url, control.signal);
          else if (archive) bytes = await readEntry(archive, use.ref.path);
          else throw new Error('the file is not an archive');
          const upload = await deps.media.upload(sessionOf(authorId), { fileName: path.basename(refName(use.ref)).slice(0, 100) || 'image', source: bytes });
          image = { upload: { uploadId: upload.id, url: upload.url, width: upload.width, height: upload.height, variants: JSON.stringify(upload.variants.map(({ width, url }) => ({ width, url }))), alt: use.alt, cover: false, inText: false } };
          stored.set(key, image);
          counts.images += 1;
        } catch (error) {
          control.signal?.throwIfAborted();
          failed.add(key);
          // The reason without the address the entry already names.
          const reason = (error as Error).message.replace(`${refName(use.ref)}: `, '');
          problems.add(`image ${refName(use.ref)} of ${articleItem(record)}`, `not imported, and left out of the article: ${reason}`);
          continue;
        }
      }
      if (use.src !== null) {
        bySrc.set(use.src, image.upload.url);
        image.upload.inText = true;
      } else {
        image.upload.cover = true;
        image.upload.alt = use.alt;
      }
    }
    return { images: [...stored.values()].map((entry) => entry.upload), bySrc };
  }

  async function importArticle(record: ArticleRecord, known: Map<string, number>) {
    if (known.has(sourceKey(record.sourceId))) {
      alreadyImported += 1;
      return;
    }
    const authorId = record.authorKeys.map((key) => authors.get(key)).find((id) => id !== undefined) ?? importerId;
    const { images, bySrc } = await storeImages(record, authorId);
    const byUrl = new Map(images.map((image) => [image.url, image]));
    const content = withResolvedImages(pointImagesAt(record.html, bySrc), deps.imagePrefix, (url) => {
      const image = byUrl.get(url);
      return image && { url: image.url, width: image.width, height: image.height, variants: JSON.parse(image.variants) as { width: number; url: string }[] };
    });
    // Only images the text kept (and the cover) stay recorded.
    const kept = images.filter((image) => image.cover || content.includes(image.url));
    const fields = articleFields(record, content);
    const matched = match(record.tags);
    const at = timeOf(record.publishedAt ?? record.updatedAt, now());
    const comments: ImportedComment[] = [];
    for (const comment of importableComments(record)) {
      let text = comment.text.trim();
      if (text.length > LIMITS.commentMax) {
        text = `${text.slice(0, LIMITS.commentMax - 1)}…`;
        problems.add(`comment by ${comment.authorName} on ${articleItem(record)}`, `longer than ${LIMITS.commentMax} characters: shortened`);
      }
      comments.push({
        sourceKey: sourceKey(`${record.sourceId}:comment:${comment.sourceId}`),
        parentKey: comment.parentSourceId === null ? null : sourceKey(`${record.sourceId}:comment:${comment.parentSourceId}`),
        authorName: (comment.authorName.trim() || 'Anonymous').slice(0, 100),
        content: text,
        createdAt: timeOf(comment.createdAt, at),
      });
    }
    comments.sort((a, b) => a.createdAt - b.createdAt);
    // Replies must come after their parents even when the old site's clock disagreed.
    const ordered = parentsFirst(comments);
    const paths: string[] = [];
    for (const old of record.oldPaths) {
      const key = redirectKey(old);
      if (!key || paths.includes(key)) continue;
      if (isOwnedPath(key)) {
        problems.add(`old address ${old} of ${articleItem(record)}`, 'a page of this site answers there: no redirect');
        continue;
      }
      paths.push(key);
    }
    const taken = await repository.takenPaths(paths);
    for (const key of taken) problems.add(`old address ${key} of ${articleItem(record)}`, 'already redirects to another article: kept as it was');
    const free = paths.filter((key) => !taken.has(key));

    const result = await repository.transaction(async (trx) => {
      const id = await deps.articles.insert(trx, {
        userId: authorId,
        channelId: job.channel_id,
        slug: fields.slug,
        fields: { ...EMPTY_ARTICLE_FIELDS, title: fields.title, subtitle: fields.subtitle, content: fields.content, categoryIds: matched.ids },
        plainText: fields.plainText,
        published: fields.published,
        now: at,
      });
      await recordRevision(trx, { articleId: id, editorId: authorId, now: at });
      await repository.insertImages(trx, id, kept);
      const commentCount = await repository.insertComments(trx, { id, channelId: job.channel_id }, importerId, ordered, job.channel_id, job.id);
      const redirects = await repository.insertRedirects(trx, { channelId: job.channel_id, articleId: id, importId: job.id, paths: free, now: now() });
      await repository.recordArticle(trx, job.channel_id, sourceKey(record.sourceId), id, job.id);
      return { id, commentCount, redirects };
    });
    await deps.markImported?.([{ articleId: result.id, channelId: job.channel_id }]);
    written.add(result.id);
    if (fields.published) counts.articles += 1;
    else counts.drafts += 1;
    counts.comments += result.commentCount;
    counts.skipped += ordered.length - result.commentCount;
    counts.redirects += result.redirects;
  }

  async function importSubscriber(record: SubscriberRecord) {
    const email = record.email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      problems.add(`subscriber on line ${done}`, 'not an email address: left out');
      return;
    }
    let account = await repository.userByEmailKey(email.toLowerCase());
    if (!account) {
      const base = usernameBase({ slug: null, name: '', email });
      for (let n = 1; n < 1000 && !account; n++) {
        const username = n === 1 ? base : `${base}-${n}`;
        if (await repository.usernameTaken(username.toLowerCase())) continue;
        const id = await repository.insertPasswordlessUser({ username, email, now: now() });
        account = id === undefined ? await repository.userByEmailKey(email.toLowerCase()) : { id, username };
      }
    }
    if (!account) return;
    const subscribed = await repository.importSubscriber({ channelId: job.channel_id, userId: account.id, importId: job.id, suppressed: !record.active, now: timeOf(record.createdAt, now()) });
    if (subscribed) counts.subscribers += 1;
  }

  try {
    const batch: ArticleRecord[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const known = await repository.itemsOf(job.channel_id, 'article', batch.map((record) => sourceKey(record.sourceId)));
      for (const record of batch.splice(0)) {
        control.signal?.throwIfAborted();
        await importArticle(record, known);
        done += 1;
        if (now() - lastWrite >= 500 && !(await report())) throw new LostJob();
      }
    };
    const report = async () => {
      lastWrite = now();
      return repository.progress(job.id, control.runner, { done, counts, problems: problems.list() }, now(), control.leaseMs);
    };
    for await (const record of readImport(job.file_path, readOptions) as AsyncIterable<SourceRecord>) {
      if (record.type === 'author') authors.set(record.key, await resolveAuthor(record));
      else if (record.type === 'article') {
        batch.push(record);
        if (batch.length >= 20) await flush();
      } else if (record.type === 'subscriber') {
        await flush();
        await importSubscriber(record);
        done += 1;
        if (now() - lastWrite >= 500 && !(await report())) throw new LostJob();
      }
    }
    await flush();
  } catch (error) {
    if (error instanceof LostJob) return 'lost';
    if (!(error instanceof ImportFileError)) throw error;
    // The file read whole in the first pass: it changed under the job.
    problems.items.unshift({ item: error.location, reason: error.reason });
    await repository.progress(job.id, control.runner, { status: 'failed', done, counts, problems: problems.list(), finishedAt: now() }, now());
    return 'failed';
  } finally {
    archive?.close();
    if (written.size > 0) deps.written?.([CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing, CACHE_TAGS.pages]);
  }
  if (alreadyImported > 0) problems.add(`${alreadyImported} article${alreadyImported === 1 ? '' : 's'}`, 'already imported into this channel: not imported again');
  if (outsiders > 0) problems.add(`${outsiders} author${outsiders === 1 ? '' : 's'}`, "an address that belongs to an account outside the channel's staff: their articles are the importer's");
  if (withoutAddress > 0) problems.add(`${withoutAddress} author${withoutAddress === 1 ? '' : 's'}`, "no email address in the file: their articles are the importer's");
  return (await repository.progress(job.id, control.runner, { status: 'done', done, counts, problems: problems.list(), finishedAt: now() }, now())) ? 'done' : 'lost';
}

class LostJob extends Error {}

/** Comments ordered so that every reply follows the comment it answers. */
function parentsFirst(comments: ImportedComment[]): ImportedComment[] {
  const byKey = new Map(comments.map((comment) => [comment.sourceKey, comment]));
  const out: ImportedComment[] = [];
  const placed = new Set<string>();
  const place = (comment: ImportedComment, depth: number) => {
    if (placed.has(comment.sourceKey) || depth > 50) return;
    const parent = comment.parentKey === null ? undefined : byKey.get(comment.parentKey);
    if (parent) place(parent, depth + 1);
    placed.add(comment.sourceKey);
    out.push(comment);
  };
  for (const comment of comments) place(comment, 0);
  return out;
}
