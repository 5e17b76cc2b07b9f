import { renderLexical, renderMarkdown, renderMobiledoc } from './ghost-renderers.js';
import { htmlToPlainText, imageSources } from '../../lib/html-text.js';
import type { ImportArchive } from './import-archive.js';
import { readJsonTables, type JsonRow } from './json-tables.js';
import { imageUses, isoDate, pushUnique, slugOf, type SourceFile } from './reader-support.js';
import type { ArticleRecord, AuthorRecord, CommentRecord, ImageRef, SourceRecord } from './source-records.js';
import { ImportFileError } from './source-records.js';

type Row = Record<string, unknown>;

/** The tables read in the first pass: everything a post needs that may come after it in the file. */
const SIDE_TABLES = new Set(['tags', 'posts_tags', 'users', 'posts_authors', 'posts_meta', 'comments', 'members', 'members_newsletters', 'settings']);
/** The tables streamed in the second pass, one row at a time. */
const MAIN_TABLES = new Set(['posts', 'members', 'subscribers']);

/** Ghost writes its own address into content as this placeholder; replaced by nothing, links become site-relative paths. */
const GHOST_URL = '__GHOST_URL__';

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const trimmed = (value: unknown): string | null => str(value).trim() || null;

interface SideTables {
  tags: Map<string, { name: string; internal: boolean }>;
  postTags: Map<string, { id: string; order: number }[]>;
  users: Map<string, AuthorRecord>;
  postAuthors: Map<string, { id: string; order: number }[]>;
  meta: Map<string, Row>;
  comments: Map<string, Row[]>;
  memberNames: Map<string, string>;
  /** Members with at least one newsletter, when the export has Ghost 5's newsletter table. */
  subscribed: Set<string> | null;
  title: string | null;
  hasPostsAuthors: boolean;
}

/**
 * Reads a Ghost export (its JSON, bare or inside the ZIP Ghost makes with `content/images/`) in two
 * streaming passes: the first gathers the small tables a post needs (tags, authors, meta,
 * comments), the second yields each post as it is read, then members as subscribers.
 */
export async function* readGhost(source: SourceFile, context: { archive: ImportArchive | null; siteUrl?: string }): AsyncGenerator<SourceRecord> {
  const side = await readSideTables(source);
  yield { type: 'source', format: 'ghost', siteUrl: context.siteUrl ?? null, title: side.title };
  const usedAuthors = new Set([...side.postAuthors.values()].flat().map((link) => link.id));
  for (const [id, author] of side.users) if (!side.hasPostsAuthors || usedAuthors.has(id)) yield author;

  let posts = 0;
  for await (const row of readJsonTables(source.open, source.name, (table) => MAIN_TABLES.has(table))) {
    if (row.table === 'posts') {
      posts += 1;
      yield* postRecords(row, side, { ...context, fileName: source.name });
    } else {
      const subscriber = subscriberOf(row, side);
      if (subscriber) yield subscriber;
    }
  }
  if (posts === 0 && side.users.size === 0 && side.tags.size === 0) {
    throw new ImportFileError(source.name, 'not a Ghost export: it has no db[0].data (or data) with posts, users or tags');
  }
}

async function readSideTables(source: SourceFile): Promise<SideTables> {
  const side: SideTables = {
    tags: new Map(),
    postTags: new Map(),
    users: new Map(),
    postAuthors: new Map(),
    meta: new Map(),
    comments: new Map(),
    memberNames: new Map(),
    subscribed: null,
    title: null,
    hasPostsAuthors: false,
  };
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for await (const { table, value } of readJsonTables(source.open, source.name, (name) => SIDE_TABLES.has(name))) {
    // Kept until the second pass ends: copied, so no string of it holds the parser's input chunk alive.
    const row = structuredClone(value) as Row;
    const id = str(row.id);
    switch (table) {
      case 'tags':
        side.tags.set(id, { name: str(row.name).trim(), internal: row.visibility === 'internal' || str(row.name).startsWith('#') });
        break;
      case 'posts_tags':
        push(side.postTags, str(row.post_id), { id: str(row.tag_id), order: Number(row.sort_order ?? 0) });
        break;
      case 'posts_authors':
        side.hasPostsAuthors = true;
        push(side.postAuthors, str(row.post_id), { id: str(row.author_id), order: Number(row.sort_order ?? 0) });
        break;
      case 'users':
        side.users.set(id, { type: 'author', key: id, name: trimmed(row.name) ?? trimmed(row.slug) ?? id, email: trimmed(row.email), slug: trimmed(row.slug) });
        break;
      case 'posts_meta':
        side.meta.set(str(row.post_id), row);
        break;
      case 'comments':
        push(side.comments, str(row.post_id), row);
        break;
      case 'members':
        if (trimmed(row.name)) side.memberNames.set(id, str(row.name).trim());
        break;
      case 'members_newsletters':
        (side.subscribed ??= new Set()).add(str(row.member_id));
        break;
      case 'settings':
        if (row.key === 'title') side.title = trimmed(row.value);
        break;
    }
  }
  // Rows keep Ghost's own order where sort_order ties (Array.prototype.sort is stable).
  for (const list of side.postTags.values()) list.sort((a, b) => a.order - b.order);
  for (const list of side.postAuthors.values()) list.sort((a, b) => a.order - b.order);
  return side;
}

function statusOf(post: Row): Pick<ArticleRecord, 'status' | 'draftNote'> {
  const status = str(post.status);
  const visibility = str(post.visibility) || 'public';
  const notes: Record<string, string> = {
    scheduled: 'scheduled post imported as a draft',
    sent: 'email-only post imported as a draft',
  };
  if (status !== 'published') return { status: 'draft', draftNote: notes[status] ?? null };
  if (visibility === 'members') return { status: 'draft', draftNote: 'members-only post imported as a draft' };
  if (visibility === 'paid' || visibility === 'tiers') return { status: 'draft', draftNote: 'paid post imported as a draft' };
  return { status: 'published', draftNote: null };
}

async function* postRecords(row: JsonRow, side: SideTables, context: { archive: ImportArchive | null; siteUrl?: string; fileName: string }): AsyncGenerator<SourceRecord> {
  const post = row.value as Row;
  const id = str(post.id);
  const title = str(post.title).trim();
  const isPage = post.type === 'page' || post.page === true || post.page === 1;
  const label = `${isPage ? 'page' : 'post'} "${title || '(untitled)'}" (${row.path})`;
  if (isPage) {
    yield { type: 'skipped', item: label, reason: 'pages are not imported' };
    return;
  }
  if (post.type !== undefined && post.type !== 'post') {
    yield { type: 'skipped', item: label, reason: `post type "${str(post.type)}" is not imported` };
    return;
  }
  if (!id) throw new ImportFileError(`${context.fileName}: ${row.path}`, 'a post has no id');

  const warnings: SourceRecord[] = [];
  const warn = (message: string) => warnings.push({ type: 'warning', item: label, message });
  const html = (await bodyOf(post, `${context.fileName}: ${row.path}`, warn)).replaceAll(GHOST_URL, '');

  const resolve = (src: string): ImageRef | null => imageRefOf(src.replaceAll(GHOST_URL, ''), context);
  const imageRefs = imageUses(imageSources(html), resolve, (src) => warn(`image "${src}" is neither in the archive nor at an address an import can fetch`));

  let cover: ArticleRecord['cover'] = null;
  const featureImage = trimmed(post.feature_image);
  if (featureImage) {
    const ref = resolve(featureImage);
    const alt = trimmed(side.meta.get(id)?.feature_image_alt);
    if (ref) cover = { ref, alt };
    else warn(`its feature image "${featureImage}" is neither in the archive nor at an address an import can fetch`);
  }

  const tags: string[] = [];
  for (const link of side.postTags.get(id) ?? []) {
    const tag = side.tags.get(link.id);
    if (tag && !tag.internal) pushUnique(tags, tag.name);
  }
  const authorKeys: string[] = [];
  for (const link of side.postAuthors.get(id) ?? []) pushUnique(authorKeys, link.id);
  if (authorKeys.length === 0) pushUnique(authorKeys, str(post.author_id));

  const slug = slugOf(str(post.slug));
  const article: ArticleRecord = {
    type: 'article',
    sourceId: id,
    title,
    subtitle: trimmed(post.custom_excerpt),
    html,
    ...statusOf(post),
    publishedAt: isoDate(str(post.published_at)),
    updatedAt: isoDate(str(post.updated_at)),
    slug,
    tags,
    authorKeys,
    oldPaths: slug ? [`/${slug}/`] : [],
    cover,
    imageRefs,
    comments: (side.comments.get(id) ?? []).flatMap((comment) => commentOf(comment, side) ?? []),
  };
  yield article;
  yield* warnings;
}

/** The post's HTML: Ghost's own rendering when the export has it, else its editor document rendered by Ghost's renderers. */
async function bodyOf(post: Row, path: string, warn: (message: string) => void): Promise<string> {
  if (typeof post.html === 'string' && post.html.trim()) return post.html;
  try {
    if (typeof post.lexical === 'string' && post.lexical.trim()) return await renderLexical(post.lexical);
    if (typeof post.mobiledoc === 'string' && post.mobiledoc.trim()) {
      const unknown = new Set<string>();
      const html = renderMobiledoc(JSON.parse(post.mobiledoc), (card) => unknown.add(card));
      if (unknown.size > 0) warn(`its ${[...unknown].map((card) => `"${card}"`).join(', ')} card${unknown.size > 1 ? 's were' : ' was'} left out: only Ghost's html, markdown, image, embed, code and divider cards are rendered`);
      return html;
    }
  } catch (error) {
    throw new ImportFileError(path, `its editor document cannot be rendered (${(error as Error).message})`);
  }
  if (typeof post.markdown === 'string') return renderMarkdown(post.markdown);
  return '';
}

/**
 * An image source of a Ghost post: Ghost's own images (`/content/images/…`, after the placeholder)
 * come from the archive when it has them, else from the old site when its address is known; other
 * absolute addresses are fetched.
 */
function imageRefOf(src: string, context: { archive: ImportArchive | null; siteUrl?: string }): ImageRef | null {
  const site = context.siteUrl ? new URL(context.siteUrl) : null;
  let path: string | null = null;
  let absolute: URL | null = null;
  try {
    absolute = new URL(src.startsWith('//') ? `https:${src}` : src);
    if (site && absolute.origin === site.origin) path = absolute.pathname;
  } catch {
    if (src.startsWith('/')) path = src.split(/[?#]/)[0]!;
  }
  if (path?.startsWith('/content/images/') && context.archive) {
    let entry: string;
    try {
      entry = `${context.archive.root}${decodeURIComponent(path.slice(1))}`;
    } catch {
      entry = `${context.archive.root}${path.slice(1)}`;
    }
    if (context.archive.has(entry)) return { kind: 'archive', path: entry };
  }
  if (absolute && (absolute.protocol === 'http:' || absolute.protocol === 'https:')) return { kind: 'remote', url: absolute.href };
  if (path && site) return { kind: 'remote', url: new URL(src, site).href };
  return null;
}

/** Ghost's native comments (Ghost 5): published ones shown, hidden ones held, deleted ones left out. */
function commentOf(row: Row, side: SideTables): CommentRecord | null {
  const status = str(row.status) || 'published';
  if (status === 'deleted') return null;
  return {
    sourceId: str(row.id),
    parentSourceId: trimmed(row.parent_id),
    authorName: side.memberNames.get(str(row.member_id)) ?? 'Anonymous',
    createdAt: isoDate(str(row.created_at)),
    text: htmlToPlainText(str(row.html)),
    approved: status === 'published',
    spam: false,
  };
}

/** A member (Ghost 1–5) or a subscriber (Ghost 1–2) as a subscriber of the channel. */
function subscriberOf(row: JsonRow, side: SideTables): SourceRecord | null {
  const value = row.value as Row;
  const email = trimmed(value.email);
  if (!email) return null;
  let active: boolean;
  if (row.table === 'subscribers') active = str(value.status) !== 'unsubscribed';
  else {
    const disabled = value.email_disabled === true || value.email_disabled === 1;
    const subscribed = side.subscribed ? side.subscribed.has(str(value.id)) : value.subscribed !== false && value.subscribed !== 0;
    active = !disabled && subscribed;
  }
  return { type: 'subscriber', email, active, createdAt: isoDate(str(value.created_at)) };
}
