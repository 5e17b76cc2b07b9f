import { isTag, type ChildNode } from 'domhandler';
import { getChildren, getName, getOuterHTML, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import sanitize from 'sanitize-html';

/**
 * An article's text made ready for an email: the stored (already sanitized) HTML passed once more
 * through sanitize-html with the same allowlist, each element given the inline style mail clients
 * need (most ignore a <style> block; Gmail keeps only inline styles), links made absolute, and the
 * result cut into its top-level blocks, each with its plain-text twin, so a message too large can
 * carry as many whole blocks as fit.
 */

export interface ArticleEmailBlock {
  html: string;
  text: string;
}

const serif = "Georgia, 'Times New Roman', serif";
const mono = "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

/** Class names the template's dark-mode <style> block knows (templates.tsx). */
const STYLES: Record<string, { style: string; className?: string }> = {
  p: { style: `margin:0 0 16px;font-family:${serif};font-size:18px;line-height:28px` },
  h2: { style: `margin:28px 0 12px;font-family:${serif};font-size:24px;line-height:30px;font-weight:700` },
  h3: { style: `margin:24px 0 10px;font-family:${serif};font-size:20px;line-height:26px;font-weight:700` },
  h4: { style: `margin:20px 0 8px;font-family:${serif};font-size:18px;line-height:24px;font-weight:700` },
  blockquote: { style: `margin:0 0 16px;padding:0 0 0 16px;border-left:3px solid #d6d3d1;color:#57534e;font-style:italic`, className: 'bs-muted' },
  ul: { style: `margin:0 0 16px;padding:0 0 0 24px;font-family:${serif};font-size:18px;line-height:28px` },
  ol: { style: `margin:0 0 16px;padding:0 0 0 24px;font-family:${serif};font-size:18px;line-height:28px` },
  li: { style: 'margin:0 0 6px' },
  pre: {
    style: `margin:0 0 16px;padding:12px;background:#f5f5f4;border-radius:6px;font-family:${mono};font-size:14px;line-height:20px;white-space:pre-wrap;word-break:break-word`,
    className: 'bs-code',
  },
  code: { style: `font-family:${mono};font-size:15px;background:#f5f5f4;padding:1px 4px;border-radius:4px`, className: 'bs-code' },
  a: { style: 'color:#1c1917;text-decoration:underline' },
  hr: { style: 'border:0;border-top:1px solid #e7e5e4;margin:24px 0' },
};

function styled(tagName: string, extra: sanitize.Attributes = {}): sanitize.Tag {
  const look = STYLES[tagName];
  return { tagName, attribs: { ...extra, ...(look ? { style: look.style } : {}), ...(look?.className ? { class: look.className } : {}) } };
}

function emailOptions(publicUrl: string): sanitize.IOptions {
  const absolute = (href: string) => {
    try {
      return new URL(href, `${publicUrl}/`).toString();
    } catch {
      return undefined;
    }
  };
  const transformTags: Record<string, sanitize.Transformer> = {};
  for (const tag of Object.keys(STYLES)) transformTags[tag] = (tagName) => styled(tagName);
  transformTags.h1 = () => styled('h2');
  // The article's own rel/target are replaced: an email client opens links in the browser anyway.
  transformTags.a = (tagName, attribs) => {
    const href = attribs.href ? absolute(attribs.href) : undefined;
    return styled(tagName, href ? { href } : {});
  };
  return {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr'],
    allowedAttributes: { '*': ['style', 'class'], a: ['href', 'style', 'class'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
    // The styles are ours, written above; parsing them back would only cost time.
    parseStyleAttributes: false,
    transformTags,
  };
}

/** The plain text of one top-level block: list items on their own lines, code as written. */
function blockText(node: ChildNode): string {
  const name = isTag(node) ? getName(node) : '';
  if (name === 'ul' || name === 'ol') {
    return getChildren(node)
      .filter((child) => isTag(child) && getName(child) === 'li')
      .map((item, index) => `${name === 'ol' ? `${index + 1}.` : '-'} ${textContent(item).replace(/\s+/g, ' ').trim()}`)
      .join('\n');
  }
  if (name === 'pre') return textContent(node).replace(/\s+$/, '');
  if (name === 'hr') return '* * *';
  return textContent(node).replace(/\s+/g, ' ').trim();
}

/** The article's blocks as the email shows them, in order; empty blocks are left out. */
export function articleEmailBlocks(storedHtml: string, publicUrl: string): ArticleEmailBlock[] {
  const html = sanitize(storedHtml, emailOptions(publicUrl));
  return parseDocument(html)
    // Characters stay as UTF-8 (not numeric references, several times their size), only markup is escaped.
    .children.map((node) => ({ html: getOuterHTML(node, { encodeEntities: 'utf8' }), text: blockText(node) }))
    .filter((block) => block.text !== '' || block.html.startsWith('<hr'));
}
