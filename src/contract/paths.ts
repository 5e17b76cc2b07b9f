/**
 * Typed links to the app's pages, for both sides (the server writes them into feeds and the
 * sitemap). The pages themselves are declared once, in the web's route table
 * (src/web/app/router.tsx); src/web/app/router.test.ts checks every link here lands on a page.
 */
export const paths = {
  home: '/',
  auth: '/auth',
  authCallback: '/auth-callback',
  profile: '/profile',
  admin: '/admin',
  channels: '/channels',
  newChannel: '/channels/new',
  channel: (id: number) => `/channels/${id}`,
  channelSubscribers: (id: number) => `/channels/${id}/subscribers`,
  channelAnalytics: (id: number) => `/channels/${id}/analytics`,
  /** Reports, held comments, bans and settings of a channel (docs/product.md#moderation). */
  channelModeration: (id: number) => `/channels/${id}/moderation`,
  adminModeration: '/admin/moderation',
  /** The channel's staff and invitations, and (owner and editors) its log (docs/product.md#newsroom). */
  channelStaff: (id: number) => `/channels/${id}/staff`,
  /** Articles in review and scheduled ones (the channel's owner and staff). */
  channelQueue: (id: number) => `/channels/${id}/queue`,
  /** Import an export from another platform (the channel's owner and admins). */
  channelImport: (id: number) => `/channels/${id}/import`,
  newArticle: '/articles/new',
  newArticleInChannel: (channelId: number) => `/channels/${channelId}/articles/new`,
  article: (id: number, slug?: string | null) => (slug ? `/articles/${slug}-${id}` : `/articles/${id}`),
  editArticle: (id: number) => `/articles/${id}/edit`,
  /** The public record of an article: its revisions and their differences (docs/product.md#public-record). */
  articleHistory: (id: number, slug?: string | null) => `${paths.article(id, slug)}/history`,
  /** An author's page (docs/product.md#authors). */
  author: (username: string) => `/users/${encodeURIComponent(username)}`,
  /** Sign-in that comes back to `next` afterwards (docs/product.md#returning-sign-in); plain /auth without one. */
  signIn: (next?: string | null) => (next ? `/auth?${new URLSearchParams({ next })}` : '/auth'),
  /** The site's feeds (server routes, not pages): RSS 2.0, Atom and JSON Feed 1.1. */
  feeds: { rss: '/rss.xml', atom: '/atom.xml', json: '/feed.json' },
  /** One channel's feeds, in the same three formats. */
  channelFeeds: (id: number | string) => ({ rss: `/channels/${id}/rss.xml`, atom: `/channels/${id}/atom.xml`, json: `/channels/${id}/feed.json` }),
} as const;

/** Any origin will do: only whether a path stays on it matters. */
const RETURN_BASE = 'http://return.invalid';

/**
 * Where sign-in may send the reader back to: a path of this site (with its query and fragment), as
 * the browser would resolve it, so `//elsewhere`, `/\elsewhere` or a tab hidden inside one cannot
 * lead off the site; anything else, and the sign-in page itself, is home.
 *
 * The path returned is what a `Location` header or the router will be given, and is resolved once
 * more there: `/.//elsewhere` is a path here but resolves to `//elsewhere`, another host. So the
 * resolved path is judged too, and must stay what it is when resolved again.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.length > 2000) return paths.home;
  const path = resolvedOnThisSite(next);
  if (path === null || path !== resolvedOnThisSite(path)) return paths.home;
  return path;
}

/** `path` resolved as a browser would, or null when it leaves this site or is the sign-in page. */
function resolvedOnThisSite(path: string): string | null {
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(path, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE || url.pathname === paths.auth) return null;
  const resolved = url.pathname + url.search + url.hash;
  return resolved.startsWith('//') || resolved.startsWith('/\\') ? null : resolved;
}

/** The id of an article URL segment: '/articles/{slug}-{id}' or '/articles/{id}' (docs/product.md#addresses). */
export function articleIdFromSegment(segment: string): number | null {
  const match = /(?:^|-)(\d+)$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
