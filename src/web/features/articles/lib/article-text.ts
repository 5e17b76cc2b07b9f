import { stripHtml } from '@contract/text';

/** At most this many characters of article HTML are remembered (a few hundred typical articles). */
const MAX_REMEMBERED = 2_000_000;

/** What pages derive from one article body; each figure is worked out the first time it is asked for. */
export interface ArticleTextFacts {
  /** The plain text. */
  text: string;
  /** Figures derived from the text (reading time, description, share text), by name. */
  derived: Map<string, unknown>;
}

const recent = new Map<string, ArticleTextFacts>();
let remembered = 0;

/**
 * The plain text of an article body and what is derived from it, remembered for recent bodies. One
 * article page needs the text three times (reading time, share text, page description) and the
 * server renders the same popular articles over and over; stripping 4 KB of HTML each time was a
 * tenth of a render, and counting its words and cutting its description another tenth.
 */
export function articleTextFacts(html: string): ArticleTextFacts {
  let facts = recent.get(html);
  if (facts === undefined) {
    facts = { text: stripHtml(html), derived: new Map() };
    if (html.length <= MAX_REMEMBERED) {
      while (remembered + html.length > MAX_REMEMBERED) {
        const oldest = recent.keys().next().value!;
        remembered -= oldest.length;
        recent.delete(oldest);
      }
      recent.set(html, facts);
      remembered += html.length;
    }
  }
  return facts;
}

export function articleText(html: string): string {
  return articleTextFacts(html).text;
}

/** `derive(text)` for this body, worked out once per remembered body and name. */
export function fromArticleText<T>(html: string, name: string, derive: (text: string) => T): T {
  const { text, derived } = articleTextFacts(html);
  if (derived.has(name)) return derived.get(name) as T;
  const value = derive(text);
  derived.set(name, value);
  return value;
}
