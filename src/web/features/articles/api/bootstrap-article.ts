import type { Article } from '@contract/articles';

/** The id of the JSON block the server writes into an article page's <head> (see app/bootstrap.ts). */
const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';

let consumed = false;

function isArticle(value: unknown): value is Article {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return Number.isInteger(a.id) && typeof a.title === 'string' && typeof a.content === 'string' && typeof a.channel === 'object';
}

/** The article the server embedded in the page, if any (a shape check is enough: our own server wrote it). */
export function parseBootstrapArticle(text: string | null | undefined): Article | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as { article?: unknown } | null;
    return raw && isArticle(raw.article) ? raw.article : null;
  } catch {
    return null;
  }
}

/**
 * The embedded article when it is the one asked for, handed out once: it describes the page as
 * first served, so a later visit in the same tab fetches a fresh copy.
 */
export function takeBootstrapArticle(id: number): Article | undefined {
  if (consumed || typeof document === 'undefined') return undefined;
  const article = parseBootstrapArticle(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent);
  if (!article || article.id !== id) return undefined;
  consumed = true;
  return article;
}
