import sanitize from 'sanitize-html';
import { withoutXmlForbidden } from '../../../contract/text.js';

/**
 * The only HTML an article may hold: what the editor produces (headings, emphasis, links, lists,
 * quotes, code). No scripts, event handlers, styles, iframes, images (those are article images),
 * and links only to http(s) and mailto, marked as user content.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr'],
  // rel and target are set by the transform below, never taken from the input.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const safe: sanitize.Attributes = {};
      if (attribs.href) Object.assign(safe, { href: attribs.href, rel: 'noopener noreferrer nofollow ugc', target: '_blank' });
      return { tagName, attribs: safe };
    },
  },
};

/**
 * The sanitizer decodes character references, so `&#1;` comes out as the control character itself:
 * removed afterwards with every other character XML forbids (feeds and emails carry this text).
 */
export function sanitizeArticleHtml(html: string): string {
  return withoutXmlForbidden(sanitize(html, OPTIONS)).trim();
}

const DIFF_OPTIONS: sanitize.IOptions = { ...OPTIONS, allowedTags: [...(OPTIONS.allowedTags || []), 'ins', 'del'] };

/** A revision diff: article HTML plus the <ins> and <del> that mark what changed (and nothing else). */
export function sanitizeDiffHtml(html: string): string {
  return withoutXmlForbidden(sanitize(html, DIFF_OPTIONS)).trim();
}
