import { z } from 'zod';
import { ARTICLE_FIELD_INPUTS, ARTICLE_FIELD_MESSAGES, TEXT_FIELD_ANSWERS } from './article-fields.js';
import { ArticleCorrectionSchema, CorrectionInputSchema } from './corrections.js';
import { LIMITS } from './limits.js';
import { ARTICLE_STATUSES } from './staff-rules.js';
import { CursorSchema, LimitSchema, paginated } from './pagination.js';
import { withoutXmlForbidden } from './text.js';

export const ARTICLE_MESSAGES = {
  notFound: 'Article not found',
  signInToCreate: 'You must be logged in to create an article',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  selectChannel: 'Please select a channel',
  /** The create page's toast when no channel is chosen (docs/product.md#writing). */
  selectChannelForArticle: 'Please select a channel for this article',
  channelNotOwned: 'You can only publish in your own channels',
  notOwner: 'Only the author can change this article',
  tooManyCategories: ARTICLE_FIELD_MESSAGES.tooManyCategories,
  unknownCategory: 'One of the categories does not exist',
} as const;

export const ImageVariantSchema = z.object({ width: z.number().int(), url: z.string() });

export const ArticleImageSchema = z
  .object({
    id: z.number().int(),
    imageUrl: z.string(),
    caption: z.string().nullable(),
    order: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    variants: z.array(ImageVariantSchema),
    /** What the image shows, for readers who cannot see it; null when the writer gave none. */
    alt: z.string().nullable(),
    /** The one image chosen as the card and share image (else the first gallery image is). */
    cover: z.boolean(),
  })
  .meta({ id: 'ArticleImage' });
export type ArticleImage = z.infer<typeof ArticleImageSchema>;

/** A picked category: its id and its path of names joined by ' > ' (docs/product.md#writing). */
export const ArticleCategorySchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'ArticleCategory' });
export type ArticleCategory = z.infer<typeof ArticleCategorySchema>;

const ArticleBaseSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  ...TEXT_FIELD_ANSWERS,
  userId: z.number().int(),
  channelId: z.number().int(),
  channel: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  categories: z.array(ArticleCategorySchema),
  /** The first category's path, for screens that show one (the first product's `category` field). */
  category: z.string().nullable(),
  location: z.string().nullable(),
  location_name: z.string().nullable(),
  location_lat: z.number().nullable(),
  location_lng: z.number().nullable(),
  published: z.boolean(),
  /** The newsroom's workflow (docs/product.md#newsroom); `published` is true exactly when this is 'published'. */
  status: z.enum(ARTICLE_STATUSES),
  /** When a scheduled article goes out (UTC ISO); null unless scheduled or in review with a time chosen. */
  publishAt: z.string().nullable(),
  createdAt: z.string(),
  lastEdited: z.string(),
  /** Displayed totals: real activity plus any admin boost (docs/product.md#data). */
  viewCount: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  commentCount: z.number().int(),
});

/** What a card needs: never the full body. */
export const ArticleSummarySchema = ArticleBaseSchema.extend({
  excerpt: z.string(),
  image: ArticleImageSchema.nullable(),
  /** Who wrote it: cards name the author beside the channel (docs/product.md#authors). */
  author: z.object({ id: z.number().int(), username: z.string() }),
}).meta({ id: 'ArticleSummary' });
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/**
 * A published article's autosaved version (docs/decisions/040-drafts-on-the-server.md): what its
 * writer typed since the last Save, kept beside the live text and never shown to readers.
 */
export const PendingEditSchema = z
  .object({
    ...TEXT_FIELD_ANSWERS,
    content: z.string(),
    categories: z.array(ArticleCategorySchema),
    location_name: z.string().nullable(),
    location_lat: z.number().nullable(),
    location_lng: z.number().nullable(),
    savedAt: z.string(),
  })
  .meta({ id: 'PendingEdit' });
export type PendingEdit = z.infer<typeof PendingEditSchema>;

export const ArticleSchema = ArticleBaseSchema.extend({
  content: z.string(),
  excerpt: z.string(),
  images: z.array(ArticleImageSchema),
  author: z.object({ id: z.number().int(), username: z.string() }),
  /** true = like, false = dislike, null = none (or signed out). */
  userReaction: z.boolean().nullable(),
  /** The corrections, clarifications and updates of its edits, oldest first (docs/product.md#public-record). */
  corrections: z.array(ArticleCorrectionSchema),
  /** The time of the last revision of the public record; null when never published. */
  updatedAt: z.string().nullable(),
  /** How many revisions its public record holds (0 when never published); 'View history' shows from 2. */
  publicRevisions: z.number().int(),
  /**
   * Likes and boosts (announces) from the fediverse, one per remote account: shown beside the
   * site's likes as "from the fediverse", and never counted in `likes` or `dislikes`.
   */
  fediverse: z.object({ likes: z.number().int(), announces: z.number().int() }),
  /**
   * Why a moderator removed it (it is a draft since): shown to its author in the editor. Only its author
   * and the channel's moderators receive it; null for everyone else and when never removed.
   */
  moderationNote: z.string().nullable(),
  /** An editor's request for changes, shown to the author; the channel's staff and owner only, null for everyone else. */
  reviewNote: z.string().nullable(),
  /** Whether its channel's comment policy is 'closed': the page shows MODERATION_MESSAGES.commentsClosed instead of the form. */
  commentsClosed: z.boolean(),
  /**
   * The reader's ban in its channel, while it lasts: the page says so above the comments and offers
   * no control the server would refuse. `until` is when it ends (UTC ISO), null for good. Null when
   * not banned, and signed out.
   */
  viewerBan: z.object({ until: z.string().nullable() }).nullable(),
  /** The article's last save of any kind (a later save sends it back as baseSavedAt); its writer's only, null for everyone else. */
  savedAt: z.string().nullable(),
  /** A published article's autosaved, unapplied version; its writer's only, null for everyone else and when there is none. */
  pendingEdit: PendingEditSchema.nullable(),
}).meta({ id: 'Article' });
export type Article = z.infer<typeof ArticleSchema>;

export const ARTICLE_SORTS = ['createdAt', 'viewCount', 'comments', 'likes', 'dislikes'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** A comma-separated list in a query string ("1,2,3"), or the parameter repeated. */
function listParam<T>(item: z.ZodType<T, any>, max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(max, `must list at most ${max} values`))
    .optional();
}

export const FeedQuerySchema = z.object({
  sort: z.enum(ARTICLE_SORTS, { error: `must be one of ${ARTICLE_SORTS.join(', ')}` }).default('createdAt'),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  categories: listParam(z.coerce.number({ error: 'must list category ids' }).int().positive().max(2_147_483_647, 'must list category ids'), 50),
  locations: listParam(z.string().max(200), 50),
  channels: listParam(z.coerce.number({ error: 'must list channel ids' }).int().positive().max(2_147_483_647, 'must list channel ids'), 50),
  /** 'feed' (default): a signed-in reader's subscriptions and own channels; 'all': every channel. */
  scope: z.enum(['feed', 'all'], { error: 'must be feed or all' }).default('feed'),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type FeedQueryInput = z.output<typeof FeedQuerySchema>;

export const FeedPageSchema = paginated(ArticleSummarySchema, 'FeedPage').extend({
  /**
   * Which articles the page draws from: 'subscriptions' (a signed-in reader's subscriptions and own
   * channels), 'all' (signed out, or asked for), or 'all-fallback' (signed in, subscribed to nothing yet).
   */
  source: z.enum(['subscriptions', 'all', 'all-fallback']),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

/**
 * The sortable columns of a channel's article tables, by the first product's key names
 * (docs/product.md#channels). The server sorts and pages them, so a channel with thousands of articles sends a page of
 * rows, not all of them.
 */
export const CHANNEL_TABLE_SORTS = ['title', 'createdAt', 'category', 'viewCount', 'commentCount', 'likeCount'] as const;
export type ChannelTableSort = (typeof CHANNEL_TABLE_SORTS)[number];

export const ChannelTableQuerySchema = z.object({
  /** 'published' (anyone) or 'drafts' (drafts, in review and scheduled: the channel's owner and staff only). */
  status: z.enum(['published', 'drafts'], { error: 'must be published or drafts' }).default('published'),
  sort: z.enum(CHANNEL_TABLE_SORTS, { error: `must be one of ${CHANNEL_TABLE_SORTS.join(', ')}` }).default('createdAt'),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type ChannelTableQueryInput = z.output<typeof ChannelTableQuerySchema>;

/** One row of a channel's article table: what its columns show, nothing more. */
export const ChannelTableRowSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    published: z.boolean(),
    /** The Drafts tab badges drafts, articles in review and scheduled ones. */
    status: z.enum(ARTICLE_STATUSES),
    publishAt: z.string().nullable(),
    /** Who wrote it (a channel with staff has several writers). */
    author: z.object({ id: z.number().int(), username: z.string() }),
    createdAt: z.string(),
    category: z.string().nullable(),
    viewCount: z.number().int(),
    commentCount: z.number().int(),
    likes: z.number().int(),
  })
  .meta({ id: 'ChannelTableRow' });
export type ChannelTableRow = z.infer<typeof ChannelTableRowSchema>;

export const ChannelTablePageSchema = paginated(ChannelTableRowSchema, 'ChannelTablePage').extend({
  /** How many rows the table has in all (published articles, or drafts). */
  total: z.number().int(),
});
export type ChannelTablePage = z.infer<typeof ChannelTablePageSchema>;

export const FacetsSchema = z
  .object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
    locations: z.array(z.object({ name: z.string(), count: z.number().int() })),
    channels: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'Facets' });
export type Facets = z.infer<typeof FacetsSchema>;

const TitleSchema = z
  .string({ error: ARTICLE_MESSAGES.titleRequired })
  // Kept out of titles, not refused: a pasted control character would break the RSS feeds.
  .overwrite(withoutXmlForbidden)
  .trim()
  .min(1, ARTICLE_MESSAGES.titleRequired)
  .max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters`);
const ContentSchema = z
  .string({ error: ARTICLE_MESSAGES.contentRequired })
  .min(1, ARTICLE_MESSAGES.contentRequired)
  .refine((html) => new TextEncoder().encode(html).length <= LIMITS.articleHtmlMaxBytes, {
    message: `Content must be at most ${LIMITS.articleHtmlMaxBytes / 1024} KB`,
  });

/** Categories arrive as categoryIds (preferred, article-fields.ts) or a single categoryId or name. */
const SingleCategoryIdSchema = z.union([z.number(), z.string()]).nullish();

/** The place may also arrive as `location`, a name alone (the first product's field). */
const LocationNameField = { location: z.string().trim().max(200, ARTICLE_FIELD_MESSAGES.locationTooLong).nullish() };

/**
 * When to publish (the newsroom, docs/product.md#newsroom): an ISO time with its zone, any future second
 * up to STAFF_LIMITS.scheduleMaxDays ahead (the server checks the range), or null to unschedule.
 * Only the channel's owner and editors may send it; it takes precedence over published/status.
 */
const PublishAtField = z.iso
  .datetime({ offset: true, error: 'publishAt must be an ISO date and time' })
  .transform((s) => new Date(s).toISOString())
  .nullish();

export const CreateArticleSchema = z
  .object({
    ...ARTICLE_FIELD_INPUTS,
    title: TitleSchema,
    content: ContentSchema,
    channelId: z.coerce
      .number({ error: ARTICLE_MESSAGES.selectChannel })
      .int(ARTICLE_MESSAGES.selectChannel)
      .positive(ARTICLE_MESSAGES.selectChannel)
      // Ids are 32-bit integer columns: a larger number is no channel (PostgreSQL answered 500).
      .max(2_147_483_647, ARTICLE_MESSAGES.selectChannel),
    categoryId: SingleCategoryIdSchema,
    category: z.string().max(200).nullish(),
    ...LocationNameField,
    published: z.boolean().optional(),
    status: z.enum(['draft', 'published']).optional(),
    publishAt: PublishAtField,
  })
  .meta({ id: 'CreateArticle' });
export type CreateArticle = z.input<typeof CreateArticleSchema>;
export type CreateArticleInput = z.output<typeof CreateArticleSchema>;

export const UpdateArticleSchema = z
  .object({
    ...ARTICLE_FIELD_INPUTS,
    title: TitleSchema.optional(),
    content: ContentSchema.optional(),
    categoryId: SingleCategoryIdSchema,
    category: z.string().max(200).nullish(),
    ...LocationNameField,
    /** Only on an article that has been published (else 400): kept with the revision this edit saves. */
    correction: CorrectionInputSchema.optional(),
    /** Schedule (a time), reschedule, or unschedule (null: back to draft); owner and editors only. */
    publishAt: PublishAtField,
    /**
     * Publish (true) or move to drafts (false) with this save, as one revision; owner and editors
     * only (403 for a writer). Left out, the article stays as it is.
     */
    published: z.boolean({ error: 'published must be true or false' }).optional(),
    /** The article's savedAt the edit was made from: a later save since answers 409 {error, savedAt}. */
    baseSavedAt: z.iso.datetime({ error: 'baseSavedAt must be a time the server answered' }).optional(),
  })
  .meta({ id: 'UpdateArticle' });
export type UpdateArticle = z.input<typeof UpdateArticleSchema>;
export type UpdateArticleInput = z.output<typeof UpdateArticleSchema>;

export const ToggleStatusSchema = z.object({ published: z.boolean(), status: z.enum(['draft', 'published']) }).meta({ id: 'ToggleStatus' });

export const ViewResultSchema = z
  .object({ view_count: z.number().int(), counted: z.boolean(), shouldInvalidateFeeds: z.boolean() })
  .meta({ id: 'ViewResult' });

/**
 * An article is addressed by id, its slug or its URL segment '{slug}-{id}' (docs/product.md#addresses):
 * one or more words of letters and digits joined by '-', case-insensitive. The server resolves it.
 */
export const ArticleRefParamsSchema = z.object({
  id: z
    .string()
    .max(300)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'must be an article id or slug')
    .transform((s) => s.toLowerCase())
    .describe('The article id, its slug, or {slug}-{id}'),
});

/**
 * New drafts a person may start by autosave (POST /api/articles/autosave): each is a row kept until
 * deleted, so the budget is drafts, not requests.
 */
export const NEW_DRAFT_LIMITS = { perWindow: 30, windowMinutes: 10, openMax: 500 } as const;

export const AUTOSAVE_MESSAGES = {
  tooManyNewDrafts: `You started ${NEW_DRAFT_LIMITS.perWindow} new drafts in the last ${NEW_DRAFT_LIMITS.windowMinutes} minutes: wait a few minutes, or keep writing in one you have`,
  tooManyOpenDrafts: `You have ${NEW_DRAFT_LIMITS.openMax} drafts: publish or delete some before starting another`,
  /** A save made from an older version than the article's last save (two tabs, two devices). */
  conflict: 'A newer version of this article was saved',
  /** Publishing needs what a Save needs: a draft autosaved without a title stays a draft. */
  publishNeedsTitle: 'Add a title before publishing',
  publishNeedsContent: 'Add some text before publishing',
} as const;

/**
 * What an autosave may carry: only the fields that changed, each within the limits of an edit
 * (article-fields.ts). A title or text may be empty (the writer is mid-sentence, nothing they typed
 * is refused); publishing still needs both.
 */
const AutosaveFields = { ...ARTICLE_FIELD_INPUTS, ...LocationNameField };

/** PUT /api/articles/{id}/autosave: the changed fields and the savedAt they were typed on. */
export const AutosaveArticleSchema = z
  .object({
    baseSavedAt: z.iso.datetime({ error: 'baseSavedAt must be a time the server answered' }),
    ...AutosaveFields,
  })
  .meta({ id: 'AutosaveArticle' });
export type AutosaveArticle = z.input<typeof AutosaveArticleSchema>;
export type AutosaveArticleInput = z.output<typeof AutosaveArticleSchema>;

/** POST /api/articles/autosave: a new article's first autosave, which creates it as a draft in the channel. */
export const AutosaveNewArticleSchema = z
  .object({
    channelId: z.coerce
      .number({ error: ARTICLE_MESSAGES.selectChannel })
      .int(ARTICLE_MESSAGES.selectChannel)
      .positive(ARTICLE_MESSAGES.selectChannel)
      .max(2_147_483_647, ARTICLE_MESSAGES.selectChannel),
    ...AutosaveFields,
  })
  .meta({ id: 'AutosaveNewArticle' });
export type AutosaveNewArticle = z.input<typeof AutosaveNewArticleSchema>;
export type AutosaveNewArticleInput = z.output<typeof AutosaveNewArticleSchema>;

export const AutosaveResultSchema = z.object({ savedAt: z.string() }).meta({ id: 'AutosaveResult' });
export type AutosaveResult = z.infer<typeof AutosaveResultSchema>;

export const NewDraftResultSchema = z.object({ id: z.number().int(), slug: z.string(), savedAt: z.string() }).meta({ id: 'NewDraftResult' });
export type NewDraftResult = z.infer<typeof NewDraftResultSchema>;

/** 409 of a save made from an older version: the newer save's time, which the editor offers to load. */
export const SaveConflictSchema = z.object({ error: z.string(), savedAt: z.string() }).meta({ id: 'SaveConflict' });
export type SaveConflict = z.infer<typeof SaveConflictSchema>;
