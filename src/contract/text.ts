/** Pure text helpers used by both the server and the client. */

/** URL slug: lower-case ASCII words joined by '-', at most 80 characters. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

/**
 * The characters XML 1.0 forbids: C0 controls other than tab, line feed and carriage return, lone
 * surrogate halves, U+FFFE and U+FFFF. One of them in a title makes every RSS reader refuse the
 * whole feed, so text that may reach a feed is written without them (and the feed writer drops any
 * that older rows still hold).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function withoutXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Where one block of text ends and the next begins (opening or closing block tags). */
const BLOCK_BOUNDARY = /<\/?(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|table|tr|td|th|figure|figcaption|hr)\b[^>]*>/gi;

function inlineText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (match, name: string) => {
      const lower = name.toLowerCase();
      // An out-of-range reference (&#x110000;) would make fromCodePoint throw; it reads as U+FFFD, like in browsers.
      const codePoint = (n: number) => String.fromCodePoint(n > 0x10ffff ? 0xfffd : n || 32);
      if (lower.startsWith('#x')) return codePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return codePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text of an HTML fragment: tags removed, entities decoded, spaces folded. Blocks are kept apart,
 * and a block that ends without punctuation (a heading, a list item) is followed by '. ', so an
 * excerpt never runs a heading into the next sentence ("What was decided. The council voted").
 */
export function stripHtml(html: string): string {
  const blocks = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .split(BLOCK_BOUNDARY)
    .map(inlineText)
    .filter(Boolean);
  return blocks.map((block, i) => (i < blocks.length - 1 && !/\p{P}$/u.test(block) ? `${block}.` : block)).join(' ');
}

/**
 * Cuts text to at most `max` characters, preferring the end of a sentence, else a word boundary
 * (docs/product.md#article: 160 for the page description, 100 for share text). Adds '…' when cut mid-sentence.
 */
export function truncateAtBoundary(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const window = clean.slice(0, max);
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
  if (sentenceEnd >= max * 0.5) return window.slice(0, sentenceEnd + 1);
  const room = window.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= max * 0.3 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:–—-]+$/, '')}…`;
}
