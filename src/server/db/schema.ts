import type { Generated } from 'kysely';
import type { ArticleFields, TextFieldName } from '../../contract/article-fields.js';

/**
 * Table types for Kysely. Both dialects store the same shapes (docs/decisions/001-portable-schema.md):
 * timestamps are epoch milliseconds (bigint), booleans are 0/1 integers, ids are 32-bit integers.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username; its unique index makes usernames unique ignoring case. */
  username_key: string;
  password_hash: string | null;
  description: string | null;
  is_admin: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The confirmed email address (optional; never shown to anyone but its owner). */
  email: string | null;
  /** Lower-cased email; unique. */
  email_key: string | null;
  /** 1: replies to the user's comments arrive by email (at a confirmed address). */
  notify_replies: Generated<number>;
  /** When an admin suspended the account; null when it is not suspended. */
  suspended_at: Generated<number | null>;
  /** When the suspension ends by itself; null: until an admin lifts it. */
  suspended_until: Generated<number | null>;
  suspension_reason: Generated<string | null>;
  suspended_by: Generated<number | null>;
  /**
   * A fediverse account that replied or reacted: its actor's id. Such a row has no password and no
   * address, is named by its handle (`@user@host`) and is none of the site's own people.
   */
  remote_actor_uri: Generated<string | null>;
  /** Its display name on its own server. */
  remote_name: Generated<string | null>;
  /** Its profile page on its own server. */
  remote_url: Generated<string | null>;
}

export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, hex. The token itself is never stored. */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface ChannelsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  slug: string;
  description: string;
  category: string | null;
  /** Real subscriptions, kept in step with the subscriptions table. */
  subscriber_count: Generated<number>;
  /** Admin boost: displayed total = subscriber_count + subscriber_boost (docs/product.md#data). */
  subscriber_boost: Generated<number>;
  /** Published articles in the channel. */
  article_count: Generated<number>;
  /** 1: new-article emails carry the excerpt and a link instead of the whole article. */
  email_excerpt_only: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SubscriptionsTable {
  user_id: number;
  channel_id: number;
  created_at: number;
  /** New-article emails: 'each', 'digest' or 'none'. */
  notify: Generated<'each' | 'digest' | 'none'>;
  /** 1: made by an import from the publisher's old list (the person sees why, and may unsubscribe). */
  imported: Generated<number>;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'confirm' | 'reset' | 'approve-change' | 'approve-remove';
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  email: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  kind: 'publish' | 'article' | 'digest' | 'digest-run' | 'confirm' | 'reset' | 'approve' | 'reply' | 'correction' | 'moderation' | 'review' | 'staff';
  dedupe_key: string;
  user_id: number | null;
  article_id: number | null;
  channel_id: number | null;
  to_address: string | null;
  payload: string | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** A reply notice: the top-level comment of the thread it is about. */
  thread_id: Generated<number | null>;
}

export interface EmailSuppressionsTable {
  email_key: string;
  reason: string;
  created_at: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface CategoriesTable {
  id: number;
  parent_id: number | null;
  name: string;
  position: number;
}

export interface LocationsTable {
  id: number;
  parent_id: number | null;
  name: string;
  type: 'country' | 'region' | 'city';
  position: number;
}

/** The article's text fields, each in a column of its name. */
type ArticleTextColumns = { [K in TextFieldName]: ArticleFields[K] };

export interface ArticlesTable extends ArticleTextColumns {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  slug: string;
  /** Sanitized HTML. */
  content: string;
  /** Content without markup, for excerpts, descriptions and search. */
  plain_text: string;
  published: number;
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  view_count: Generated<number>;
  like_count: Generated<number>;
  dislike_count: Generated<number>;
  comment_count: Generated<number>;
  /** Likes and boosts from the fediverse, one per remote account (federation_reactions), apart from the site's own. */
  fediverse_like_count: Generated<number>;
  fediverse_announce_count: Generated<number>;
  view_boost: Generated<number>;
  like_boost: Generated<number>;
  dislike_boost: Generated<number>;
  created_at: number;
  last_edited: number;
  /** Why a moderator moved it to drafts (its author reads it); cleared when it is published again. */
  moderation_note: Generated<string | null>;
  /** The role that removed it: only that role (or an admin) publishes it again. */
  removed_by: Generated<'admin' | 'owner' | null>;
  /** The last save of any kind (autosave, edit, discard): a save made from an older one is a conflict. */
  saved_at: Generated<number>;
  /** The newsroom's workflow; `published` stays 1 exactly when this is 'published'. */
  status: Generated<'draft' | 'in_review' | 'scheduled' | 'published'>;
  /** When a scheduled article goes out (ms, UTC). */
  publish_at: Generated<number | null>;
  /** An editor's request for changes, for the author. */
  review_note: Generated<string | null>;
  /** Set at the first publication; while null, publishing sets created_at (the product's Published date). */
  first_published_at: Generated<number | null>;
}

/** A channel's editors and writers (its owner is channels.user_id). */
export interface ChannelStaffTable {
  channel_id: number;
  user_id: number;
  role: 'editor' | 'writer';
  created_at: number;
}

export interface StaffInvitationsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  role: 'editor' | 'writer';
  invited_by: number;
  created_at: number;
  expires_at: number;
  /** null while pending. */
  answer: 'accepted' | 'declined' | 'cancelled' | null;
  answered_at: number | null;
}

/** The channel log: staff changes, the workflow and the channel's moderation actions. */
export interface ChannelEventsTable {
  id: Generated<number>;
  channel_id: number;
  actor_id: number;
  action: string;
  target_type: 'user' | 'article' | 'comment' | 'channel';
  target_id: number;
  target_label: string | null;
  detail: string | null;
  created_at: number;
}

/** A published article's autosaved version, private to its writer until Save applies it. */
export interface ArticlePendingEditsTable {
  article_id: number;
  /** The writer's whole unsaved version: JSON of the article's fields (contract/article-fields.ts). */
  fields: string;
  saved_at: number;
}

/** One save of an article (the public record, docs/product.md#public-record); immutable but for redaction. */
export interface ArticleRevisionsTable {
  article_id: number;
  number: number;
  /** Who saved it; null once that account is deleted. */
  editor_id: number | null;
  /** The article's fields but its text, as saved: JSON (contract/article-fields.ts). */
  fields: string;
  /** The sanitized HTML, deflated (node:zlib); null once redacted. */
  content: Buffer | null;
  /** Whether the article was published after this save: the public record is these rows. */
  published: number;
  correction_kind: 'correction' | 'clarification' | 'update' | null;
  correction_text: string | null;
  redaction_reason: string | null;
  redacted_at: number | null;
  created_at: number;
}

/** Every slug an article has had (its current one included): unique, so old URLs keep resolving to it. */
export interface ArticleSlugsTable {
  slug: string;
  article_id: number;
}

/** The slugs of deleted articles: never given to another article, their addresses answer 410 Gone. */
export interface RetiredArticleSlugsTable {
  slug: string;
  article_id: number;
  retired_at: number;
}

export interface ArticleCategoriesTable {
  article_id: number;
  category_id: number;
  position: number;
}

export interface ArticleImagesTable {
  id: Generated<number>;
  article_id: number;
  upload_id: number | null;
  image_url: string;
  caption: string | null;
  position: number;
  width: number | null;
  height: number | null;
  /** JSON array of {width, url}. */
  variants: string | null;
  /** What the image shows, for readers who cannot see it; null when the writer gave none. */
  alt: string | null;
  /** 1 for the one gallery image chosen as the card and share image. */
  cover: Generated<number>;
  /** 1 for an image placed in the article's text (not part of the gallery or its limit). */
  in_text: Generated<number>;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  storage_key: string;
  url: string;
  mime: string;
  bytes: number;
  /** The file and its responsive copies together (the quota of unused uploads counts these). */
  stored_bytes: Generated<number>;
  width: number;
  height: number;
  variants: string;
  created_at: number;
}

export interface CommentsTable {
  id: Generated<number>;
  article_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  deleted: Generated<number>;
  created_at: number;
  /** When its author last changed the text; null when never. */
  edited_at: Generated<number | null>;
  /** 'pending' while held for approval (only its author sees it, not counted); 'hidden' by a moderator. */
  status: Generated<'published' | 'pending' | 'hidden'>;
  held_cause: Generated<'hold_first' | 'blocked_word' | null>;
  /**
   * An imported comment: the name it was written under on the old site. Such a comment is no
   * account's (user_id holds the importer, who answers for it as the channel's moderator would).
   */
  imported_author_name: Generated<string | null>;
  /** A reply from the fediverse: the id of the Note it was made from (its Update and Delete name it). */
  remote_note_uri: Generated<string | null>;
}

export interface ReactionsTable {
  user_id: number;
  article_id: number;
  is_like: number;
  created_at: number;
}

export interface ArticleViewsTable {
  article_id: number;
  /** The user id as text, or a salted hash of IP and user agent for anonymous readers. */
  viewer_key: string;
  /** Days since the Unix epoch, UTC. */
  day: number;
}

/** Anonymous views one (hashed) client address added to an article on a UTC day (view-address-cap.ts). */
export interface ArticleViewAddressesTable {
  article_id: number;
  address_key: string;
  day: number;
  views: number;
}

/**
 * One article's figures for one UTC day (analytics rollups). Views count the day they
 * were counted; likes, dislikes and comments count the reactions and comments that exist now,
 * by the day they were made, so each equals a recount of the raw rows.
 */
export interface ArticleViewDaysTable {
  article_id: number;
  day: number;
  channel_id: Generated<number>;
  views: Generated<number>;
  signed_in_views: Generated<number>;
  likes: Generated<number>;
  dislikes: Generated<number>;
  comments: Generated<number>;
}

/** A channel's figures for one UTC day: the sum of its articles' days, plus subscription gains and losses. */
export interface ChannelDaysTable {
  channel_id: number;
  day: number;
  views: Generated<number>;
  signed_in_views: Generated<number>;
  likes: Generated<number>;
  dislikes: Generated<number>;
  comments: Generated<number>;
  subscribed: Generated<number>;
  unsubscribed: Generated<number>;
}

/** Counted views per referring host (never a full URL, docs/product.md#views) per channel per day. */
export interface ChannelReferrerDaysTable {
  channel_id: number;
  day: number;
  host: string;
  views: Generated<number>;
}

export interface DailySaltsTable {
  day: number;
  salt: string;
}

export interface AdminAuditTable {
  id: Generated<number>;
  admin_user_id: number;
  entity_type: 'article' | 'channel';
  entity_id: number;
  /** JSON object {field: {old, new}}. */
  changes: string;
  created_at: number;
}

/** A channel's comment rules (absent: open, no blocked words). */
export interface ChannelModerationTable {
  channel_id: number;
  comment_policy: Generated<'open' | 'hold_first' | 'closed'>;
  /** JSON array of words. */
  blocked_words: Generated<string>;
  updated_at: number;
}

/** A reader with an approved comment in a channel (hold_first lets their next ones through). */
export interface ChannelCommentersTable {
  channel_id: number;
  user_id: number;
  created_at: number;
}

export interface ChannelBansTable {
  channel_id: number;
  user_id: number;
  reason: string | null;
  /** null: permanent. */
  until_at: number | null;
  by_user_id: number;
  created_at: number;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: 'article' | 'comment' | 'user';
  target_id: number;
  reason: 'spam' | 'harassment' | 'misinformation' | 'other';
  text: string | null;
  created_at: number;
  /** null while open. */
  resolved_at: number | null;
  resolution: string | null;
}

/** One row per target with open reports: the queue's page reads these counters, not the reports. */
export interface ReportTargetsTable {
  id: Generated<number>;
  target_type: 'article' | 'comment' | 'user';
  target_id: number;
  channel_id: number | null;
  open_count: Generated<number>;
  spam: Generated<number>;
  harassment: Generated<number>;
  misinformation: Generated<number>;
  other: Generated<number>;
  latest_at: number;
}

export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number;
  action: 'dismiss' | 'hide' | 'unhide' | 'remove' | 'approve' | 'reject' | 'ban' | 'unban' | 'suspend' | 'unsuspend' | 'settings';
  target_type: 'article' | 'comment' | 'user' | 'channel';
  target_id: number;
  target_label: string;
  channel_id: number | null;
  reason: string | null;
  created_at: number;
}

/** An import job (docs/decisions/046-import-and-export.md): its progress and report. */
export interface ImportsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  /** The format given or detected; null until the file has been read. */
  format: string | null;
  authors: 'accounts' | 'me';
  site_url: string | null;
  file_name: string;
  /** The uploaded file on disk, removed when the job ends. */
  file_path: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: Generated<number>;
  done: Generated<number>;
  /** JSON: the report's counts. */
  counts: string;
  /** JSON array of {item, reason}. */
  problems: string;
  claimed_by: string | null;
  claimed_until: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** What a channel took in from a source, by kind and `{format}:{source id}`: a second run creates nothing twice. */
export interface ImportItemsTable {
  channel_id: number;
  kind: 'article' | 'author' | 'comment';
  source: string;
  target_id: number;
  import_id: number;
}

/** An old address that answers 301 with an imported article's page. */
export interface RedirectsTable {
  id: Generated<number>;
  channel_id: number;
  path: string;
  article_id: number;
  import_id: number | null;
  created_at: number;
}

/** A subscriber who came in by an import; a suppressed one holds no subscription. */
export interface ImportSubscribersTable {
  channel_id: number;
  user_id: number;
  import_id: number;
  suppressed: Generated<number>;
  created_at: number;
}

/** A channel as an ActivityPub actor (docs/decisions/045-the-social-web.md). */
export interface FederationActorsTable {
  channel_id: number;
  handle: string;
  handle_key: string;
  federated: Generated<number>;
  /** JSON: [{ private, public }] JWKs, RSA then Ed25519; null until first needed. */
  key_pairs: string | null;
  created_at: number;
}

export interface FederationFollowersTable {
  channel_id: number;
  actor_uri: string;
  handle: string;
  domain: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  follow_id: string | null;
  created_at: number;
}

export interface FederationArticlesTable {
  article_id: number;
  channel_id: number;
  generation: Generated<number>;
  edited_at: number;
  published_at: number;
  deleted_at: number | null;
  imported: Generated<number>;
}

export interface FederationActivitiesTable {
  id: Generated<number>;
  channel_id: number;
  activity_id: string;
  type: string;
  json: string;
  created_at: number;
}

export interface FederationReactionsTable {
  article_id: number;
  actor_uri: string;
  kind: 'like' | 'announce';
  activity_id: string | null;
  created_at: number;
}

export interface FederationBlocksTable {
  domain: string;
  created_by: number | null;
  created_at: number;
}

export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: number | null;
}

export interface FederationQueueTable {
  id: Generated<number>;
  message: string;
  ordering_key: string | null;
  available_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  created_at: number;
}

/**
 * Counts of the published articles per channel, kept by features/articles/published-counts as
 * articles are published, edited, unpublished and deleted: the feed's filter choices and the
 * sitemap read these instead of grouping the articles.
 */
export interface PublishedCategoryCountsTable {
  channel_id: number;
  category_id: number;
  article_count: number;
}

export interface PublishedLocationCountsTable {
  channel_id: number;
  location_name: string;
  article_count: number;
}

/** The counts above over the whole site: the anonymous reader's choices. */
export interface PublishedCategoryTotalsTable {
  category_id: number;
  article_count: number;
}

export interface PublishedLocationTotalsTable {
  location_name: string;
  article_count: number;
}

export interface PublishedAuthorCountsTable {
  channel_id: number;
  user_id: number;
  article_count: number;
  /** The latest change among the author's published articles in the channel: one published, edited or leaving (ms). */
  changed_at: number;
}

export interface DB {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  sessions: SessionsTable;
  channels: ChannelsTable;
  subscriptions: SubscriptionsTable;
  categories: CategoriesTable;
  locations: LocationsTable;
  articles: ArticlesTable;
  article_categories: ArticleCategoriesTable;
  published_category_counts: PublishedCategoryCountsTable;
  published_location_counts: PublishedLocationCountsTable;
  published_author_counts: PublishedAuthorCountsTable;
  published_category_totals: PublishedCategoryTotalsTable;
  published_location_totals: PublishedLocationTotalsTable;
  article_revisions: ArticleRevisionsTable;
  article_pending_edits: ArticlePendingEditsTable;
  channel_staff: ChannelStaffTable;
  staff_invitations: StaffInvitationsTable;
  channel_events: ChannelEventsTable;
  article_slugs: ArticleSlugsTable;
  retired_article_slugs: RetiredArticleSlugsTable;
  article_images: ArticleImagesTable;
  uploads: UploadsTable;
  comments: CommentsTable;
  reactions: ReactionsTable;
  article_views: ArticleViewsTable;
  article_view_days: ArticleViewDaysTable;
  channel_days: ChannelDaysTable;
  channel_referrer_days: ChannelReferrerDaysTable;
  daily_salts: DailySaltsTable;
  article_view_addresses: ArticleViewAddressesTable;
  admin_audit: AdminAuditTable;
  email_tokens: EmailTokensTable;
  email_outbox: EmailOutboxTable;
  email_suppressions: EmailSuppressionsTable;
  app_secrets: AppSecretsTable;
  channel_moderation: ChannelModerationTable;
  channel_commenters: ChannelCommentersTable;
  channel_bans: ChannelBansTable;
  reports: ReportsTable;
  report_targets: ReportTargetsTable;
  moderation_log: ModerationLogTable;
  imports: ImportsTable;
  import_items: ImportItemsTable;
  redirects: RedirectsTable;
  import_subscribers: ImportSubscribersTable;
  federation_actors: FederationActorsTable;
  federation_followers: FederationFollowersTable;
  federation_articles: FederationArticlesTable;
  federation_activities: FederationActivitiesTable;
  federation_blocks: FederationBlocksTable;
  federation_reactions: FederationReactionsTable;
  federation_kv: FederationKvTable;
  federation_queue: FederationQueueTable;
}
