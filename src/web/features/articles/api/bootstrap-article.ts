import type { Article, FeedPage } from '@contract/articles';

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

let feedConsumed = false;

function isFeedPage(value: unknown): value is FeedPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return Array.isArray(page.items) && typeof page.source === 'string';
}

/** The first feed page the server embedded in the home page (default sort), if any. */
export function parseBootstrapFeed(text: string | null | undefined): FeedPage | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as { feed?: unknown } | null;
    return raw && isFeedPage(raw.feed) ? raw.feed : null;
  } catch {
    return null;
  }
}

/**
 * The home page's embedded first feed page, handed out once, as infinite-query data: it is what
 * the server painted, so the client's first render shows the same list without a request.
 */
export function takeBootstrapFeed(): { pages: FeedPage[]; pageParams: (string | null)[] } | undefined {
  if (feedConsumed || typeof document === 'undefined') return undefined;
  const feed = parseBootstrapFeed(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent);
  if (!feed) return undefined;
  feedConsumed = true;
  return { pages: [feed], pageParams: [null] };
}
