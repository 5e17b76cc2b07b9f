/**
 * Which old paths an import may claim: every path but those a route of ours answers. The first
 * segments of our pages (src/web/app/router.tsx's route table; redirect-paths.test.ts keeps the two
 * in step) and of the server's own routes.
 */
const OWNED_FIRST_SEGMENTS = new Set([
  // pages
  'admin',
  'articles',
  'auth',
  'auth-callback',
  'channels',
  'confirm-email',
  'profile',
  'reset-password',
  'unsubscribe',
  'users',
  // the server's own
  'api',
  'uploads',
  'assets',
  'rss.xml',
  'atom.xml',
  'feed.json',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'favicon.svg',
  'manifest.webmanifest',
]);

export const PAGE_FIRST_SEGMENTS = OWNED_FIRST_SEGMENTS;

/**
 * The path a redirect is stored and looked up under: the path as sent, with a query only when it
 * is WordPress's `?p={id}` alone (any other query is not part of an old address).
 */
export function redirectKey(pathAndQuery: string): string | null {
  const [rawPath = '', query] = pathAndQuery.split('?', 2) as [string, string | undefined];
  if (!rawPath.startsWith('/') || rawPath.startsWith('//') || rawPath.length > 1000) return null;
  if (query !== undefined) {
    const params = new URLSearchParams(query);
    const keys = [...params.keys()];
    if (rawPath === '/' && keys.length === 1 && keys[0] === 'p' && /^\d{1,12}$/.test(params.get('p')!)) return `/?p=${params.get('p')}`;
    if (rawPath === '/') return null;
  }
  return rawPath;
}

/** Whether a route of ours owns the path (it is never redirected): the home page and every page or server route. */
export function isOwnedPath(key: string): boolean {
  if (key === '/' ) return true;
  if (key.startsWith('/?')) return false;
  const first = key.slice(1).split('/', 1)[0]!.toLowerCase();
  return OWNED_FIRST_SEGMENTS.has(first);
}
