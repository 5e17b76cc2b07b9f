/** A piece of a comment: plain text, or a web address to show as a link. */
export type CommentSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An http(s) address starting at a word boundary and running to whitespace or a quote or angle bracket. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*_~]$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * Sentence punctuation after an address belongs to the sentence ("see https://a.example/x."), and
 * so does a closing bracket that the address did not open ("(https://a.example)").
 */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (TRAILING_PUNCTUATION.test(last)) url = url.slice(0, -1);
    else if (CLOSERS[last] && count(url, last) > count(url, CLOSERS[last]!)) url = url.slice(0, -1);
    else return url;
  }
}

/** The address to link to, or null when it is not a usable http(s) URL. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a plain-text comment into text and links (docs/product.md#data: comments are plain text,
 * rendered escaped, with web addresses made into links on display). Only http and https addresses
 * become links; everything else, markup included, stays text for React to escape.
 */
export function linkify(text: string): CommentSegment[] {
  const segments: CommentSegment[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  let position = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    pushText(text.slice(position, start));
    segments.push({ kind: 'link', text: candidate, href });
    position = start + candidate.length;
  }
  pushText(text.slice(position));
  return segments;
}

/** What every comment link carries: a new tab, no opener, no referrer, and no endorsement. */
export const COMMENT_LINK_REL = 'noopener noreferrer nofollow ugc';
