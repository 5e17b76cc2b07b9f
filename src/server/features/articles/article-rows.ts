import type { CorrectionKind } from '../../../contract/corrections.js';
import type { Selectable } from 'kysely';
import type { Article, ArticleImage, ArticleSummary } from '../../../contract/articles.js';
import { parseJson } from '../../db/json-helpers.js';
import { pickTextFields } from '../../../contract/article-fields.js';
import { TEXT_FIELD_COLUMNS } from './article-columns.repository.js';
import type { ArticleImagesTable, ArticlesTable } from '../../db/schema.js';
import type { CategoryIndex } from './categories.repository.js';

/**
 * The rows the articles repositories read and the one place each becomes its contract shape
 * (docs/product.md#api names the fields).
 */

/**
 * The columns of `articles` every card, page and list reads, its text fields among them (from
 * their declaration, article-fields.ts). The admin list reads them too.
 */
export const ARTICLE_COLUMNS = [
  'id', 'slug', ...TEXT_FIELD_COLUMNS, 'user_id', 'channel_id', 'location_name', 'location_lat', 'location_lng', 'published',
  'status', 'publish_at', 'created_at', 'last_edited', 'view_count', 'view_boost', 'like_count', 'like_boost', 'dislike_count', 'dislike_boost', 'comment_count',
] as const satisfies readonly (keyof ArticlesTable)[];
export const QUALIFIED_ARTICLE_COLUMNS = ARTICLE_COLUMNS.map((column) => `articles.${column}` as const);

export type ArticleImageRow = Pick<Selectable<ArticleImagesTable>, 'id' | 'image_url' | 'caption' | 'position' | 'width' | 'height' | 'variants' | 'alt' | 'cover'>;

/** The article columns every feed card and page reads, with its channel's name and slug. */
export type ArticleRowBase = Pick<Selectable<ArticlesTable>, (typeof ARTICLE_COLUMNS)[number]> & {
  channel_name: string;
  channel_slug: string;
  /** JSON (text in SQLite) list of category ids, in the author's order. */
  category_ids: unknown;
};

export interface ArticleSummaryRow extends ArticleRowBase {
  excerpt: string;
  author_username: string;
  /** JSON object (text in SQLite) of the first image, or null. */
  first_image: unknown;
  sort_value: number;
}

export interface ArticleDetailRow extends ArticleRowBase {
  content: string;
  /** The start of the plain text, as much as an excerpt shows. */
  excerpt: string;
  author_username: string;
  images: unknown;
  /** The reading user's reaction (1 like, 0 dislike), null when none or when read signed out. */
  reader_reaction: number | null;
  /** JSON array of the public record's corrections: {kind, text, created_at, number}, oldest first. */
  corrections: unknown;
  /** When the public record was last saved; null when never published. */
  updated_at: number | string | null;
  public_revisions: number | string | null;
  /** Why a moderator removed it; the service gives it to its author, the channel's owner and admins. */
  moderation_note: string | null;
  /** Who removed it ('admin' or the channel's moderators), while it stays removed. */
  removed_by: 'admin' | 'owner' | null;
  /** 1 when its channel's comments are closed. */
  comments_closed: number | null;
  /** An editor's request for changes; the service shows it to the author and the channel's staff only. */
  review_note: string | null;
  fediverse_like_count: number;
  fediverse_announce_count: number;
}

export function imageRowToImage(row: ArticleImageRow): ArticleImage {
  return {
    id: row.id,
    imageUrl: row.image_url,
    caption: row.caption,
    order: row.position,
    width: row.width,
    height: row.height,
    variants: parseJson(row.variants, []),
    alt: row.alt ?? null,
    // PostgreSQL's JSON answers a number, SQLite's too; a missing column (an older row shape) is no cover.
    cover: Number(row.cover ?? 0) === 1,
  };
}

function baseFields(row: ArticleRowBase, categories: CategoryIndex) {
  const categoryIds = parseJson<{ id: number }[]>(row.category_ids, []).map((c) => c.id);
  const named = categoryIds.flatMap((id) => {
    const name = categories.paths.get(id);
    return name ? [{ id, name }] : [];
  });
  return {
    id: row.id,
    slug: row.slug,
    ...pickTextFields(row),
    userId: row.user_id,
    channelId: row.channel_id,
    channel: { id: row.channel_id, name: row.channel_name, slug: row.channel_slug },
    categories: named,
    category: named[0]?.name ?? null,
    location: row.location_name,
    location_name: row.location_name,
    location_lat: row.location_lat,
    location_lng: row.location_lng,
    published: row.published === 1,
    status: row.status,
    publishAt: row.publish_at === null ? null : new Date(Number(row.publish_at)).toISOString(),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastEdited: new Date(Number(row.last_edited)).toISOString(),
    viewCount: row.view_count + row.view_boost,
    likes: row.like_count + row.like_boost,
    dislikes: row.dislike_count + row.dislike_boost,
    commentCount: row.comment_count,
  };
}

export function summaryRowToSummary(row: ArticleSummaryRow, categories: CategoryIndex): ArticleSummary {
  const image = parseJson<ArticleImageRow | null>(row.first_image, null);
  return {
    ...baseFields(row, categories),
    excerpt: row.excerpt,
    image: image ? imageRowToImage(image) : null,
    author: { id: row.user_id, username: row.author_username },
  };
}

/** An article's answer; `readerId` is who read it (their reaction is in the row), null signed out. */
export function detailRowToArticle(row: ArticleDetailRow, categories: CategoryIndex, readerId: number | null): Article {
  return {
    ...baseFields(row, categories),
    content: row.content,
    excerpt: row.excerpt,
    images: parseJson<ArticleImageRow[]>(row.images, []).map(imageRowToImage),
    // Only its author can read a removed article (a draft), and they read why.
    moderationNote: readerId !== null && readerId === row.user_id ? row.moderation_note : null,
    commentsClosed: Number(row.comments_closed ?? 0) === 1,
    // The service adds the reader's ban (the moderation service knows the channel's bans).
    viewerBan: null,
    // The service gives it to the author and the channel's staff (it knows their role).
    reviewNote: null,
    // Its writer's only: the service adds them for the writer (pending-edits.repository.ts).
    savedAt: null,
    pendingEdit: null,
    author: { id: row.user_id, username: row.author_username },
    userReaction: readerId !== null && row.reader_reaction !== null ? row.reader_reaction === 1 : null,
    corrections: parseJson<{ kind: CorrectionKind; text: string; created_at: number | string; number: number }[]>(row.corrections, []).map((c) => ({
      kind: c.kind,
      text: c.text,
      createdAt: new Date(Number(c.created_at)).toISOString(),
      revision: c.number,
    })),
    updatedAt: row.updated_at === null ? null : new Date(Number(row.updated_at)).toISOString(),
    publicRevisions: Number(row.public_revisions ?? 0),
    fediverse: { likes: Number(row.fediverse_like_count ?? 0), announces: Number(row.fediverse_announce_count ?? 0) },
  };
}

