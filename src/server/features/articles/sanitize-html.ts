import sanitize from 'sanitize-html';
import { IMAGE_ALT_MAX } from '../../../contract/media-rules.js';
import { withoutXmlForbidden } from '../../../contract/text.js';

/** How wide an image of the text is drawn: the article column (the gallery's main image width). */
export const INLINE_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/**
 * Whether a URL is one of our stored files: the storage's public prefix followed by a storage key
 * (letters, digits, '.', '-', '_'; storage.ts), so no other path, host, scheme or query slips by.
 */
export function isOurImageUrl(url: string, prefix: string | undefined): boolean {
  if (!prefix || !url.startsWith(prefix)) return false;
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(url.slice(prefix.length));
}

/** Keeps a srcset only when every candidate is one of our files with a width descriptor. */
function ourSrcset(srcset: string | undefined, prefix: string | undefined): string | undefined {
  if (!srcset) return undefined;
  const candidates = srcset.split(',').map((c) => c.trim().split(/\s+/));
  const ok = candidates.every((parts) => parts.length === 2 && isOurImageUrl(parts[0]!, prefix) && /^\d{1,5}w$/.test(parts[1]!));
  return ok ? candidates.map((parts) => parts.join(' ')).join(', ') : undefined;
}

function dimension(value: string | undefined): string | undefined {
  return value && /^\d{1,5}$/.test(value) ? value : undefined;
}

/**
 * Our image node: an <img> whose src is one of our uploads, with its alt text, size and the
 * responsive attributes we add. Every other attribute is dropped; an image from anywhere else
 * loses its src and is then removed whole (exclusiveFilter below).
 */
function imageTransform(prefix: string | undefined): sanitize.Transformer {
  return (tagName, attribs) => {
    if (!attribs.src || !isOurImageUrl(attribs.src, prefix)) return { tagName, attribs: {} };
    const safe: sanitize.Attributes = { src: attribs.src, alt: (attribs.alt ?? '').trim().slice(0, IMAGE_ALT_MAX) };
    const srcset = ourSrcset(attribs.srcset, prefix);
    if (srcset) Object.assign(safe, { srcset, sizes: INLINE_IMAGE_SIZES });
    const width = dimension(attribs.width);
    const height = dimension(attribs.height);
    if (width && height) Object.assign(safe, { width, height });
    Object.assign(safe, { loading: 'lazy', decoding: 'async' });
    return { tagName, attribs: safe };
  };
}

/**
 * The only HTML an article may hold: what the editor produces (headings, emphasis, links, lists,
 * quotes, code, our images). No scripts, event handlers, styles, iframes, remote images, and links
 * only to http(s) and mailto, marked as user content.
 */
function optionsFor(imagePrefix: string | undefined, extraTags: string[] = [], img = imageTransform(imagePrefix)): sanitize.IOptions {
  return {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'img', ...extraTags],
    // rel and target are set by the transform below, never taken from the input; so are the image's.
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    // Relative (local storage) or https (a bucket); isOurImageUrl decides which addresses pass.
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const safe: sanitize.Attributes = {};
        if (attribs.href) Object.assign(safe, { href: attribs.href, rel: 'noopener noreferrer nofollow ugc', target: '_blank' });
        return { tagName, attribs: safe };
      },
      img,
    },
  };
}

/**
 * The sanitizer decodes character references, so `&#1;` comes out as the control character itself:
 * removed afterwards with every other character XML forbids (feeds and emails carry this text).
 * `imagePrefix` is the storage's public URL prefix: only images under it stay (none without it).
 */
export function sanitizeArticleHtml(html: string, imagePrefix?: string): string {
  return withoutXmlForbidden(sanitize(html, optionsFor(imagePrefix))).trim();
}

/**
 * An article's stored HTML as a feed carries it: through the same allowlist once more, with every
 * link, image and srcset candidate made absolute on `publicUrl`, since a feed reader shows the text
 * away from the site, where `/uploads/…` or `/articles/…` lead nowhere.
 */
export function feedArticleHtml(html: string, publicUrl: string): string {
  const absolute = (url: string) => {
    try {
      return new URL(url, `${publicUrl}/`).toString();
    } catch {
      return undefined;
    }
  };
  const options = optionsFor(undefined, [], (tagName, attribs) => {
    const src = attribs.src ? absolute(attribs.src) : undefined;
    if (!src) return { tagName, attribs: {} };
    const safe: sanitize.Attributes = { src, alt: attribs.alt ?? '' };
    const candidates = (attribs.srcset ?? '').split(',').map((c) => c.trim().split(/\s+/)).filter((parts) => parts.length === 2);
    const srcset = candidates.map(([url, width]) => [absolute(url!), width]).filter(([url]) => url !== undefined);
    if (srcset.length > 0) Object.assign(safe, { srcset: srcset.map((parts) => parts.join(' ')).join(', '), sizes: INLINE_IMAGE_SIZES });
    const width = dimension(attribs.width);
    const height = dimension(attribs.height);
    if (width && height) Object.assign(safe, { width, height });
    return { tagName, attribs: safe };
  });
  options.transformTags!.a = (tagName, attribs) => {
    const href = attribs.href ? absolute(attribs.href) : undefined;
    const safe: sanitize.Attributes = href ? { href, rel: 'noopener noreferrer nofollow ugc' } : {};
    return { tagName, attribs: safe };
  };
  return withoutXmlForbidden(sanitize(html, options)).trim();
}

/** A revision diff: article HTML plus the <ins> and <del> that mark what changed (and nothing else). */
export function sanitizeDiffHtml(html: string, imagePrefix?: string): string {
  return withoutXmlForbidden(sanitize(html, optionsFor(imagePrefix, ['ins', 'del']))).trim();
}

/** The sources and alt texts of the images of sanitized article HTML, in document order. */
export function imagesOfHtml(html: string): { src: string; alt: string }[] {
  const found: { src: string; alt: string }[] = [];
  sanitize(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src', 'alt'] },
    transformTags: {
      img: (tagName, attribs) => {
        if (attribs.src) found.push({ src: attribs.src, alt: attribs.alt ?? '' });
        return { tagName, attribs };
      },
    },
  });
  return found;
}

export interface ResolvedImage {
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/**
 * Writes each image of sanitized HTML as its upload: srcset of the upload's responsive copies, its
 * width and height, lazy loading and async decoding, so a reader's page needs no lookup. Images
 * `resolve` does not know (not an upload the editor may use) are removed.
 */
export function withResolvedImages(html: string, imagePrefix: string, resolve: (src: string) => ResolvedImage | undefined): string {
  const written = sanitize(
    html,
    optionsFor(imagePrefix, [], (tagName, attribs) => {
      const image = attribs.src && isOurImageUrl(attribs.src, imagePrefix) ? resolve(attribs.src) : undefined;
      if (!image) return { tagName, attribs: {} };
      const variants = [...image.variants].sort((a, b) => a.width - b.width);
        const safe: sanitize.Attributes = { src: image.url, alt: attribs.alt ?? '' };
        if (variants.length) Object.assign(safe, { srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', '), sizes: INLINE_IMAGE_SIZES });
        Object.assign(safe, { width: String(image.width), height: String(image.height), loading: 'lazy', decoding: 'async' });
        return { tagName, attribs: safe };
    }),
  );
  return withoutXmlForbidden(written).trim();
}
