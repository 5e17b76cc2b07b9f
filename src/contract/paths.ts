/**
 * Client routes, shared so the server can answer 404 for paths the app does not know
 * (while still serving the app, which renders the not-found page) and so links are typed.
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
  newArticle: '/articles/new',
  newArticleInChannel: (channelId: number) => `/channels/${channelId}/articles/new`,
  article: (id: number, slug?: string | null) => (slug ? `/articles/${slug}-${id}` : `/articles/${id}`),
  editArticle: (id: number) => `/articles/${id}/edit`,
} as const;

/** Patterns for every client route, in the router's syntax. */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/auth\/?$/,
  /^\/auth-callback\/?$/,
  /^\/profile\/?$/,
  /^\/admin\/?$/,
  /^\/channels\/?$/,
  /^\/channels\/new\/?$/,
  /^\/channels\/\d+\/?$/,
  /^\/channels\/[^/]+\/\d+\/?$/,
  /^\/channels\/\d+\/subscribers\/?$/,
  /^\/channels\/\d+\/articles\/new\/?$/,
  /^\/articles\/new\/?$/,
  /^\/articles\/(?:[^/]*-)?\d+\/?$/,
  /^\/articles\/\d+\/edit\/?$/,
  /^\/(?:reset-password|confirm-email|unsubscribe)\/?$/,
];

export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(pathname));
}

/** The id of an article URL segment: '/articles/{slug}-{id}' or '/articles/{id}' (DESIGN.md section 5). */
export function articleIdFromSegment(segment: string): number | null {
  const match = /(?:^|-)(\d+)$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
