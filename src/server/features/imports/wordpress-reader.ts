import { autop } from '@wordpress/autop';
import { htmlToPlainText, imageSources } from '../../lib/html-text.js';
import { imageUses, isoDate, pathOf, pushUnique, remoteImageUrl, slugOf, type SourceFile } from './reader-support.js';
import type { ArticleRecord, AuthorRecord, CommentRecord, SourceRecord } from './source-records.js';
import { ImportFileError } from './source-records.js';
import { readXml } from './xml-stream.js';

/** One `<item>` of a WXR file, as read: leaf fields by element name, and the repeated parts. */
interface WxrItem {
  fields: Map<string, string>;
  categories: { domain: string; nicename: string; name: string }[];
  meta: Map<string, string>;
  comments: Map<string, string>[];
  line: number;
}

type WxrEvent =
  | { kind: 'channel'; fields: Map<string, string> }
  | { kind: 'author'; fields: Map<string, string> }
  | { kind: 'item'; item: WxrItem };

/** Post types WordPress itself keeps that are not writing: they are skipped with this reason. */
const SKIPPED_TYPES: Record<string, string> = {
  page: 'pages are not imported',
  attachment: 'an attachment: its image comes in with the articles that show it',
  revision: 'an earlier revision of a post',
  nav_menu_item: 'a menu entry',
};

/**
 * Reads a WordPress export (WXR 1.0–1.2) in two streaming passes over the file: the first learns
 * the site, its authors and every attachment's address (a post's cover is an attachment that
 * usually comes after the post), the second yields the posts. Each pass holds one item at a time.
 */
export async function* readWordPress(source: SourceFile, options: { siteUrl?: string }): AsyncGenerator<SourceRecord> {
  const attachments = new Map<string, { url: string; alt: string | null }>();
  const authors = new Map<string, AuthorRecord>();
  const creators: string[] = [];
  let channel = new Map<string, string>();
  let sawRss = false;

  for await (const event of wxrEvents(source, () => (sawRss = true))) {
    if (event.kind === 'channel') channel = event.fields;
    else if (event.kind === 'author') {
      const login = event.fields.get('wp:author_login')?.trim();
      if (!login) continue;
      const name = event.fields.get('wp:author_display_name')?.trim() || [event.fields.get('wp:author_first_name'), event.fields.get('wp:author_last_name')].filter(Boolean).join(' ').trim() || login;
      authors.set(login, { type: 'author', key: login, name, email: event.fields.get('wp:author_email')?.trim() || null, slug: slugOf(login) });
    } else {
      const { item } = event;
      if (item.fields.get('wp:post_type') === 'attachment') {
        const url = item.fields.get('wp:attachment_url')?.trim() || item.fields.get('guid')?.trim();
        const id = item.fields.get('wp:post_id')?.trim();
        if (url && id) attachments.set(id, { url, alt: item.meta.get('_wp_attachment_image_alt')?.trim() || null });
      } else pushUnique(creators, item.fields.get('dc:creator'));
    }
  }
  if (!sawRss || !channel.has('wp:wxr_version')) {
    throw new ImportFileError(source.name, 'not a WordPress export (WXR): it has no rss channel with a wp:wxr_version');
  }

  const siteUrl = options.siteUrl ?? (channel.get('link')?.trim() || channel.get('wp:base_blog_url')?.trim() || null);
  yield { type: 'source', format: 'wordpress', siteUrl, title: channel.get('title')?.trim() || null };
  yield* authors.values();
  // WXR 1.0 has no wp:author blocks: its posts name their authors by login only.
  for (const login of creators) if (!authors.has(login)) yield { type: 'author', key: login, name: login, email: null, slug: slugOf(login) };

  for await (const event of wxrEvents(source)) {
    if (event.kind !== 'item') continue;
    yield* itemRecords(event.item, { siteUrl, attachments, fileName: source.name });
  }
}

async function* wxrEvents(source: SourceFile, onRss?: () => void): AsyncGenerator<WxrEvent> {
  let item: WxrItem | null = null;
  let leaf: Map<string, string> | null = null;
  const channel = new Map<string, string>();
  let author: Map<string, string> | null = null;
  let metaKey = '';
  let metaValue = '';
  yield* readXml<WxrEvent>(await source.open(), source.name, {
    open(element, path) {
      const depth = path.length;
      if (depth === 0) {
        if (element.name !== 'rss') throw new ImportFileError(`${source.name} line ${element.line}`, `not a WordPress export (WXR): it starts with <${element.name}>, not <rss>`);
        onRss?.();
      }
      if (depth === 2 && path[1] === 'channel' && element.name === 'item') {
        item = { fields: new Map(), categories: [], meta: new Map(), comments: [], line: element.line };
      }
      if (depth === 2 && path[1] === 'channel' && element.name === 'wp:author') author = new Map();
      if (item && depth === 3 && element.name === 'wp:comment') leaf = new Map();
      if (item && depth === 3 && element.name === 'wp:postmeta') metaKey = metaValue = '';
    },
    close(element, path, emit) {
      const depth = path.length;
      if (depth === 2 && path[1] === 'channel' && !item && !author) channel.set(element.name, element.text);
      if (depth === 1 && element.name === 'channel') emit({ kind: 'channel', fields: channel });
      if (author && depth === 3) author.set(element.name, element.text);
      if (author && depth === 2 && element.name === 'wp:author') {
        emit({ kind: 'author', fields: author });
        author = null;
      }
      if (!item) return;
      if (depth === 2 && element.name === 'item') {
        emit({ kind: 'item', item });
        item = null;
        return;
      }
      if (depth === 3) {
        if (element.name === 'category') {
          item.categories.push({ domain: element.attributes.domain ?? '', nicename: element.attributes.nicename ?? '', name: element.text.trim() });
        } else if (element.name === 'wp:comment' && leaf) {
          item.comments.push(leaf);
          leaf = null;
        } else if (element.name === 'wp:postmeta') {
          if (metaKey) item.meta.set(metaKey, metaValue);
        } else item.fields.set(element.name, element.text);
      } else if (depth === 4 && leaf && path[3] === 'wp:comment') {
        leaf.set(element.name, element.text);
      } else if (depth === 4 && path[3] === 'wp:postmeta') {
        if (element.name === 'wp:meta_key') metaKey = element.text.trim();
        if (element.name === 'wp:meta_value') metaValue = element.text;
      }
    },
  });
}

interface ItemContext {
  siteUrl: string | null;
  attachments: Map<string, { url: string; alt: string | null }>;
  fileName: string;
}

function* itemRecords(item: WxrItem, context: ItemContext): Generator<SourceRecord> {
  const field = (name: string) => item.fields.get(name) ?? '';
  const id = field('wp:post_id').trim();
  const type = field('wp:post_type').trim() || 'post';
  const title = field('title').trim();
  const label = `${type} "${title || '(untitled)'}" (wp:post_id ${id || '?'})`;
  if (type !== 'post') {
    yield { type: 'skipped', item: label, reason: SKIPPED_TYPES[type] ?? `post type "${type}" is not imported` };
    return;
  }
  if (!id) throw new ImportFileError(`${context.fileName} line ${item.line}`, 'a post has no wp:post_id');
  const wpStatus = field('wp:status').trim();
  const unwritten: Record<string, string> = { trash: 'in the trash on the old site', 'auto-draft': 'an automatic draft WordPress keeps, never written' };
  if (unwritten[wpStatus]) {
    yield { type: 'skipped', item: label, reason: unwritten[wpStatus] };
    return;
  }

  const warnings: SourceRecord[] = [];
  const warn = (message: string) => warnings.push({ type: 'warning', item: label, message });
  const html = postHtml(field('content:encoded'));
  const { status, draftNote } = wordPressStatus(wpStatus, field('wp:post_password'));

  const tags: string[] = [];
  for (const category of item.categories) {
    if (category.domain === 'category' && category.nicename === 'uncategorized') continue;
    if (category.domain === 'category' || category.domain === 'post_tag') pushUnique(tags, category.name);
  }

  const oldPaths: string[] = [];
  pushUnique(oldPaths, pathOf(field('link').trim()));
  pushUnique(oldPaths, `/?p=${id}`);

  let cover: ArticleRecord['cover'] = null;
  const thumbnail = item.meta.get('_thumbnail_id')?.trim();
  if (thumbnail) {
    const attachment = context.attachments.get(thumbnail);
    const url = attachment && remoteImageUrl(attachment.url, context.siteUrl);
    if (attachment && url) cover = { ref: { kind: 'remote', url }, alt: attachment.alt };
    else warn(`its featured image (attachment ${thumbnail}) is not in the export`);
  }

  const imageRefs = imageUses(
    imageSources(html),
    (src) => {
      const url = remoteImageUrl(src, context.siteUrl);
      return url ? { kind: 'remote', url } : null;
    },
    (src) => warn(`image "${src}" has no address an import can fetch`),
  );

  const publishedAt = wxrDate(field('wp:post_date_gmt')) ?? (wpStatus === 'publish' ? isoDate(field('pubDate').trim()) : null);
  const creator = field('dc:creator').trim();
  const article: ArticleRecord = {
    type: 'article',
    sourceId: id,
    title,
    subtitle: htmlToPlainText(field('excerpt:encoded')) || null,
    html,
    status,
    draftNote,
    publishedAt,
    updatedAt: wxrDate(field('wp:post_modified_gmt')),
    slug: slugOf(field('wp:post_name')),
    tags,
    authorKeys: creator ? [creator] : [],
    oldPaths,
    cover,
    imageRefs,
    comments: item.comments.flatMap((comment) => wordPressComment(comment) ?? []),
  };
  yield article;
  yield* warnings;
}

/** `2024-05-17 09:00:00` in UTC, as WordPress writes its `_gmt` dates; its zero date is none. */
function wxrDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return isoDate(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
}

function wordPressStatus(wpStatus: string, password: string): Pick<ArticleRecord, 'status' | 'draftNote'> {
  if (wpStatus === 'publish') {
    return password.trim() ? { status: 'draft', draftNote: 'password-protected post imported as a draft' } : { status: 'published', draftNote: null };
  }
  const notes: Record<string, string> = {
    future: 'scheduled post imported as a draft',
    private: 'private post imported as a draft',
    pending: 'post pending review imported as a draft',
  };
  return { status: 'draft', draftNote: notes[wpStatus] ?? null };
}

/**
 * The post's HTML as WordPress displays it. The classic editor stores paragraphs as blank lines
 * and WordPress adds the `<p>`s when showing the post (wpautop, here its own JavaScript port);
 * the block editor stores real `<p>`s inside `<!-- wp:… -->` comments, and WordPress leaves those
 * alone. The `[caption]` shortcode around an image becomes the figure WordPress renders.
 */
function postHtml(content: string): string {
  if (/<!--\s*wp:/.test(content)) return content.trim();
  const paragraphs = autop(content.replace(/\r\n?/g, '\n'));
  return paragraphs
    .replace(/\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g, (_whole, _attributes: string, inner: string) => {
      const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
      if (!image) return inner;
      const caption = image[2]!.trim();
      return `<figure class="wp-caption">${image[1]}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
    })
    .replace(/<p>\s*(<figure class="wp-caption">[\s\S]*?<\/figure>)\s*<\/p>/g, '$1')
    .trim();
}

/** A comment of the post, or null for pingbacks, trackbacks and trashed comments (not something a reader wrote here). */
function wordPressComment(fields: Map<string, string>): CommentRecord | null {
  const get = (name: string) => fields.get(name)?.trim() ?? '';
  const commentType = get('wp:comment_type');
  if (commentType === 'pingback' || commentType === 'trackback') return null;
  const approved = get('wp:comment_approved');
  if (approved === 'trash' || approved === 'post-trashed') return null;
  const parent = get('wp:comment_parent');
  return {
    sourceId: get('wp:comment_id'),
    parentSourceId: parent && parent !== '0' ? parent : null,
    authorName: get('wp:comment_author') || 'Anonymous',
    createdAt: wxrDate(get('wp:comment_date_gmt')),
    text: htmlToPlainText(autop(fields.get('wp:comment_content') ?? '')),
    approved: approved === '1',
    spam: approved === 'spam',
  };
}

