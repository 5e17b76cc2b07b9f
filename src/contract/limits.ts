/**
 * Limits shared by the server's validation and the client's forms.
 * The product states them in docs/product.md#limits.
 */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 256,
  bioMax: 300,
  channelNameMax: 80,
  channelDescriptionMax: 800,
  channelDescriptionWarnAbove: 750,
  channelsPerUser: 10,
  titleMax: 200,
  articleHtmlMaxBytes: 200 * 1024,
  commentMax: 5000,
  /** The same comment (author, article, parent, text) again within this window is refused (409). */
  duplicateCommentMs: 10_000,
  /** How long after posting its author may still change a comment's text. */
  commentEditMs: 15 * 60_000,
  categoriesPerArticle: 3,
  categorySearchResults: 10,
  categoryDepth: 3,
  imagesPerArticle: 5,
  uploadMaxBytes: 20 * 1024 * 1024,
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxSide: 1920,
  popularChannelsInMenu: 5,
  commentCountShownFrom: 7,
  latestEditAfterSeconds: 60,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;
