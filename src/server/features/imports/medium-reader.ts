import { parseDocument } from 'htmlparser2';
import { findAll, findOne, getAttributeValue, getInnerHTML, removeElement, textContent } from 'domutils';
import type { Element } from 'domhandler';
import { firstImageWith, imageSources } from '../../lib/html-text.js';
import type { ImportArchive } from './import-archive.js';
import { imageUses, isoDate, pathOf, remoteImageUrl } from './reader-support.js';
import type { ArticleRecord, SourceRecord } from './source-records.js';
import { ImportFileError } from './source-records.js';

/** One post of a Medium export is one small HTML page; a bigger file is not a post. */
const MAX_POST_BYTES = 16 * 1024 * 1024;

const hasClass = (name: string) => (element: Element) => (getAttributeValue(element, 'class') ?? '').split(/\s+/).includes(name);

/**
 * Reads a Medium export: each `posts/*.html` is one post marked up with microformats
 * (`p-name`, `p-summary`, `dt-published`, `p-canonical`, `p-author`, `e-content`); files whose
 * names start with `draft_` are drafts. One post is parsed at a time with htmlparser2.
 */
export async function* readMedium(archive: ImportArchive): AsyncGenerator<SourceRecord> {
  const prefix = `${archive.root}posts/`;
  const posts = archive.files.filter((file) => file.startsWith(prefix) && !file.slice(prefix.length).includes('/') && file.endsWith('.html'));
  if (posts.length === 0) throw new ImportFileError(archive.name, 'not a Medium export: it has no posts/*.html');
  yield { type: 'source', format: 'medium', siteUrl: null, title: null };
  const authors = new Set<string>();
  for (const entry of posts) {
    const fileName = entry.slice(prefix.length);
    const document = parseDocument(await archive.readText(entry, MAX_POST_BYTES));
    const name = findOne(hasClass('p-name'), document);
    const body = findOne(hasClass('e-content'), document);
    const title = (name ? textContent(name) : textContent(findOne((e) => e.name === 'title', document) ?? [])).trim();
    const label = `post "${title || '(untitled)'}" (${entry})`;
    if (!body) {
      yield { type: 'skipped', item: label, reason: 'no e-content section: not a post of a Medium export' };
      continue;
    }
    const summary = findOne(hasClass('p-summary'), document);
    const subtitle = summary ? textContent(summary).trim() || null : null;
    // Medium repeats the title (and subtitle) as the body's first headings; the record has them apart.
    for (const heading of findAll((e) => hasClass('graf--title')(e) || hasClass('graf--subtitle')(e), body)) removeElement(heading);
    // Each section opens with a divider; Medium's page hides the first one, so does the record.
    for (const divider of findAll((e) => hasClass('section-divider')(e) && e.name === 'div' && e.parent !== null && hasClass('section--first')(e.parent as Element), body)) {
      removeElement(divider);
    }

    const author = findOne(hasClass('p-author'), document);
    const authorKeys: string[] = [];
    if (author) {
      const key = getAttributeValue(author, 'href')?.trim() || textContent(author).trim();
      if (key) {
        authorKeys.push(key);
        if (!authors.has(key)) {
          authors.add(key);
          const handle = /\/@([^/?#]+)/.exec(key)?.[1] ?? null;
          yield { type: 'author', key, name: textContent(author).trim() || key, email: null, slug: handle };
        }
      }
    }

    const canonical = findOne(hasClass('p-canonical'), document);
    const canonicalPath = canonical ? pathOf(getAttributeValue(canonical, 'href')?.trim() ?? '') : null;
    const published = findOne(hasClass('dt-published'), document);
    const isDraft = fileName.startsWith('draft_');
    // Characters as they are (UTF-8), escaping only what HTML needs.
    const html = getInnerHTML(body, { encodeEntities: 'utf8' }).trim();
    const warnings: SourceRecord[] = [];
    const remote = (src: string) => {
      const url = remoteImageUrl(src, null);
      return url ? ({ kind: 'remote', url } as const) : null;
    };
    const featured = firstImageWith(html, 'data-is-featured', 'true');
    const featuredRef = featured && remote(featured.src);
    const lastSegment = canonicalPath?.split('?')[0]!.split('/').filter(Boolean).at(-1);
    const article: ArticleRecord = {
      type: 'article',
      sourceId: fileName.replace(/\.html$/, ''),
      title,
      subtitle,
      html,
      status: isDraft ? 'draft' : 'published',
      draftNote: null,
      publishedAt: isDraft ? null : isoDate(published ? getAttributeValue(published, 'datetime') : null),
      updatedAt: null,
      // Medium's address ends with the post's id (`the-title-1a2b3c4d5e6f`); the words before it are the slug.
      slug: lastSegment ? lastSegment.replace(/-[0-9a-f]{8,16}$/, '') || null : null,
      tags: [],
      authorKeys,
      oldPaths: canonicalPath && !isDraft ? [canonicalPath] : [],
      cover: featured && featuredRef ? { ref: featuredRef, alt: featured.alt } : null,
      imageRefs: imageUses(imageSources(html), remote, (src) => warnings.push({ type: 'warning', item: label, message: `image "${src}" has no address an import can fetch` })),
      comments: [],
    };
    yield article;
    yield* warnings;
  }
}
