import { imagesOfHtml, withResolvedImages, type ResolvedImage } from './sanitize-html.js';

/** An upload as the text uses it (media's InlineUpload). */
export interface InlineUpload extends ResolvedImage {
  uploadId: number;
}

/**
 * What the articles feature needs of media for images in the text, handed in by app.ts (media
 * already depends on articles, so articles takes this shape instead of importing media).
 */
export interface InlineImages {
  /** The storage's public URL prefix: an image src must start with it. */
  prefix: string;
  /** The uploads the editor may place, by URL (their own, or images the article already holds). */
  uploads(urls: string[], editorId: number, articleId: number | null): Promise<Map<string, InlineUpload>>;
  /** Records the images the article's text now holds (and releases those it dropped, unless `keepDropped`). */
  attach(articleId: number, images: { upload: InlineUpload; alt: string | null }[], options?: KeepDropped): Promise<void>;
}

/**
 * An autosave keeps the uploads of images the text dropped: a keystroke over a selected image
 * removes it, and the writer's undo must find its file. The next save the writer makes on purpose
 * records the saved text's images alone and releases the rest.
 */
export interface KeepDropped {
  keepDropped?: boolean;
}

/**
 * Resolves the images of sanitized article HTML to their uploads once, when the article is saved:
 * the HTML comes back with each image's srcset, size and loading attributes written in (reading
 * pays nothing), images that are not the editor's uploads removed, and `attach` records the rest
 * as the article's once its row exists.
 */
export async function resolveInlineImages(inline: InlineImages | undefined, html: string, editorId: number, articleId: number | null, options: KeepDropped = {}) {
  if (!inline || imagesOfHtml(html).length === 0) {
    return { content: html, attach: async (id: number) => { if (inline && articleId !== null) await inline.attach(id, [], options); } };
  }
  const { content, images } = await resolve(inline, html, editorId, articleId);
  return { content, attach: (id: number) => inline.attach(id, [...images.values()], options) };
}

/**
 * The same for a published article's pending edit: its images are recorded beside those of the live
 * text, so neither version loses its pictures to the sweep of unused uploads before Save (which
 * records the saved text's alone) or Discard decides between them.
 */
export async function resolvePendingInlineImages(
  inline: InlineImages | undefined,
  pendingHtml: string,
  liveHtml: string,
  editorId: number,
  articleId: number,
  options: KeepDropped = {},
) {
  if (!inline) return { content: pendingHtml, attach: async () => {} };
  const pending = await resolve(inline, pendingHtml, editorId, articleId);
  const live = await resolve(inline, liveHtml, editorId, articleId);
  const images = new Map([...live.images, ...pending.images]);
  return { content: pending.content, attach: (id: number) => inline.attach(id, [...images.values()], options) };
}

async function resolve(inline: InlineImages, html: string, editorId: number, articleId: number | null) {
  const images = new Map<string, { upload: InlineUpload; alt: string | null }>();
  const sources = imagesOfHtml(html);
  if (sources.length === 0) return { content: html, images };
  const found = await inline.uploads(sources.map((s) => s.src), editorId, articleId);
  const content = withResolvedImages(html, inline.prefix, (src) => found.get(src));
  for (const { src, alt } of imagesOfHtml(content)) {
    const upload = found.get(src);
    if (upload && !images.has(src)) images.set(src, { upload, alt: alt.trim() || null });
  }
  return { content, images };
}
