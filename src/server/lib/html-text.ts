import { Parser } from 'htmlparser2';

/** Elements that end a paragraph in plain text. */
const BLOCKS = new Set([
  'p', 'div', 'li', 'ul', 'ol', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre',
  'section', 'article', 'figure', 'figcaption', 'table', 'tr', 'dl', 'dt', 'dd', 'hr',
]);
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/**
 * A comment's HTML as the plain text our comments are (rendered escaped): paragraphs separated by
 * a blank line, `<br>` as a line break, entities decoded, and a link's address kept after its
 * words (`the report (https://…)`) so nothing the commenter pointed to is lost. Mentions and
 * hashtags keep their words only.
 */
export function htmlToPlainText(html: string): string {
  let out = '';
  let hidden = 0;
  let pre = 0;
  const links: { href: string | null; start: number }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden += 1;
        if (name === 'pre') pre += 1;
        if (BLOCKS.has(name)) out += '\n\n';
        if (name === 'br') out += '\n';
        // A mention or a hashtag (`class="mention"`, as Mastodon marks them) reads as its words alone.
        if (name === 'a') links.push({ href: /\b(mention|hashtag)\b/.test(attributes.class ?? '') ? null : attributes.href?.trim() || null, start: out.length });
      },
      ontext(text) {
        if (hidden > 0) return;
        out += pre > 0 ? text.replace(/\n/g, '\u2028') : text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        if (name === 'pre') pre = Math.max(0, pre - 1);
        if (BLOCKS.has(name)) out += '\n\n';
        if (name === 'a') {
          const link = links.pop();
          if (!link?.href || !/^(https?:|mailto:)/i.test(link.href)) return;
          const words = out.slice(link.start).trim();
          const address = link.href.replace(/^mailto:/i, '');
          if (!words) out += address;
          else if (!words.includes(address)) out += ` (${address})`;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.replace(/ +/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\u2028/g, '\n')
    .trim();
}

/** The `src` of every `<img>` in the HTML, in order, each once. */
export function imageSources(html: string): string[] {
  const sources = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'img' && attributes.src?.trim()) sources.add(attributes.src.trim());
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return [...sources];
}

/** The first `<img>` of the HTML with the attribute given, as `{src, alt}`. */
export function firstImageWith(html: string, attribute: string, value: string): { src: string; alt: string | null } | null {
  let found: { src: string; alt: string | null } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!found && name === 'img' && attributes[attribute] === value && attributes.src?.trim()) {
          found = { src: attributes.src.trim(), alt: attributes.alt?.trim() || null };
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
