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
  newArticle: '/articles/new',
  newArticleInChannel: (channelId: number) => `/channels/${channelId}/articles/new`,
  article: (id: number, slug?: string | null) => (slug ? `/articles/${slug}-${id}` : `/articles/${id}`),
  editArticle: (id: number) => `/articles/${id}/edit`,
} as const;

/** The id of an article URL segment: '/articles/{slug}-{id}' or '/articles/{id}' (DESIGN.md section 5). */
export function articleIdFromSegment(segment: string): number | null {
  const match = /(?:^|-)(\d+)$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
