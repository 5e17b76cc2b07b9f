/**
 * The tags a cached answer carries (docs/decisions/008-one-render-path.md): what it shows, so that a write can drop
 * every answer showing what it changed. Read routes name theirs (`config: { cache: { tags } }`,
 * or `reply.addCacheTags` once they know, e.g. which article a slug resolved to); each write names
 * what it changed where it happens, in its feature's service. The same tags travel in the
 * `Surrogate-Key` header, so a CDN in front can drop its copies by them too.
 */
export const CACHE_TAGS = {
  /** One article's JSON and its comments, whichever segment (id, slug, slug-id) asked for it. */
  article: (id: number) => `article-${id}`,
  /** Every list an article can appear on: feed pages, their filter choices, channel article lists. */
  articleLists: 'article-lists',
  /** Author pages' JSON (a user by username, their articles): a bio change drops them. */
  authors: 'authors',
  /** Channel JSON and the channel lists, with their counts of articles and subscribers. */
  channels: 'channels',
  /** Every cached 404: a new article or channel, or a new slug, may answer it now. */
  missing: 'missing',
  /** Every server-rendered page: a page shows articles, counts, comments and channels together. */
  pages: 'pages',
  /** Reference data no request writes (categories, places): only its time to live ends it. */
  reference: 'reference',
  /**
   * A channel's moderation settings and bans, which each instance keeps compiled in memory for the
   * comment post: no cached answer carries it, every instance's copy is dropped when it changes.
   */
  channelModeration: (id: number) => `channel-moderation-${id}`,
  /** Every answer: a rare write that changes what many answers embed (a channel's name). */
  all: 'all',
} as const;
