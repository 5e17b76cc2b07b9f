import type { AdminArticlePage, AdminChannelPage } from './admin.js';
import type { AnalyticsPeriod, ChannelAnalytics } from './analytics.js';
import type { Article, ChannelTablePage, Facets, FeedPage } from './articles.js';
import type { AuthProviders, Credentials, CurrentUser } from './auth.js';
import type { Channel, ChannelPage, Subscription } from './channels.js';
import type { Comment, CommentThreadPage, CreateComment } from './comments.js';
import type { EmailSettings, NotificationSettings, UnsubscribeInfo } from './email.js';
import type { AdminUserPage, Ban, ChannelModeration, HeldCommentPage, ModerationLogPage, ReportGroupPage } from './moderation.js';
import type { Revision, RevisionDiff, RevisionPage } from './revisions.js';
import type { ChannelLogPage, Invitation, Queue, StaffChannel, StaffMember } from './staff.js';
import type { Author, AuthorArticlesPage, PublicUser } from './users.js';

/**
 * The bridge between the server and the web's server-side render (docs/decisions/008-one-render-path.md): the server
 * loads the built SSR bundle and calls its `render(request, source)`; the bundle never reaches the
 * database itself, it asks `source`, which the server implements with the same services the API
 * uses (no HTTP round trip). The route loaders' query functions call it on the server (in the
 * browser they fetch the API), and the answers have the API's shapes, so the query cache holds the
 * same data under the same keys on both sides. The route actions of the forms that work without
 * JavaScript (sign-in, registration, comments) write through it too.
 */

/** A query string as the API routes receive it (each route validates it with its own schema). */
export type ApiQuery = Record<string, string | string[]>;

export interface PageDataSource {
  /** GET /api/articles: the viewer's feed. */
  feed(query: ApiQuery): Promise<FeedPage>;
  /** GET /api/articles/facets: the feed's filter choices (the Filter form without JavaScript lists them). */
  facets(): Promise<Facets>;
  /** GET /api/articles/{segment}; null when there is no such article (or the viewer may not see it). */
  article(segment: string): Promise<Article | null>;
  /** GET /api/articles/{id}/revisions: a page of the record the viewer may see; null when they may see none. */
  revisions(articleId: number, query: ApiQuery): Promise<RevisionPage | null>;
  /** GET /api/articles/{id}/revisions/{number}; null when missing or not the viewer's to see. */
  revision(articleId: number, number: number): Promise<Revision | null>;
  /** GET /api/articles/{id}/revisions/{number}/diff (`against` in the query); null when missing or not the viewer's to see. */
  revisionDiff(articleId: number, number: number, query: ApiQuery): Promise<RevisionDiff | null>;
  /** GET /api/articles/{id}/comment-threads: a page of the article's comment threads. */
  commentThreads(articleId: number, query: ApiQuery): Promise<CommentThreadPage>;
  /** GET /api/channels. */
  channels(query: ApiQuery): Promise<ChannelPage>;
  /** GET /api/channels/{id}; null when missing. */
  channel(id: number): Promise<Channel | null>;
  /** GET /api/channels/{id}/article-rows: a page of the channel's article table. */
  channelTable(id: number, query: ApiQuery): Promise<ChannelTablePage>;
  /** GET /api/user/channels (signed in only). */
  ownChannels(): Promise<Channel[]>;
  /** GET /api/user/staff-channels (signed in only): channels the viewer is staff of, with their role. */
  staffChannels(): Promise<StaffChannel[]>;
  /** GET /api/invitations (signed in only): the viewer's pending invitations. */
  invitations(): Promise<Invitation[]>;
  /** GET /api/channels/{id}/staff (owner, staff, admins); null when missing or not theirs. */
  channelStaff(channelId: number): Promise<StaffMember[] | null>;
  /** GET /api/channels/{id}/queue (owner and staff); null when missing or not theirs. */
  channelQueue(channelId: number): Promise<Queue | null>;
  /** GET /api/channels/{id}/log (owner, editors, admins); null when missing or refused. */
  channelLog(channelId: number, query: ApiQuery): Promise<ChannelLogPage | null>;
  /** GET /api/users/{id}; null when missing. */
  user(id: number): Promise<PublicUser | null>;
  /** GET /api/users/{username}: an author's page; null when there is no such user. */
  author(username: string): Promise<Author | null>;
  /** GET /api/users/{username}/articles: a page of their published articles (the author exists). */
  authorArticles(username: string, query: ApiQuery): Promise<AuthorArticlesPage>;
  /** Whether this browser registered the signed-in account and has not dismissed its welcome panel yet. */
  welcome(): boolean;
  /** GET /api/user/subscriptions (signed in only). */
  subscriptions(): Promise<Subscription[]>;
  /** GET /api/channels/{id}/analytics (its owner or an admin); null when missing or not theirs. */
  channelAnalytics(channelId: number, period: AnalyticsPeriod): Promise<ChannelAnalytics | null>;
  /** GET /api/channels/{id}/subscribers (its owner); the refusal's status when missing or not theirs. */
  channelSubscribers(channelId: number): Promise<Subscriber[] | { status: 403 | 404 }>;
  /** GET /api/user/email and /api/user/notifications (signed in only): the reader's own. */
  emailSettings(): Promise<EmailSettings>;
  notificationSettings(): Promise<NotificationSettings>;
  /** GET /api/email/unsubscribe?token=…: what an unsubscribe link stops; null when the link is not valid. */
  unsubscribeInfo(token: string): Promise<UnsubscribeInfo | null>;
  /** GET /api/admin-articles and /api/admin-channels (admins only). */
  adminArticles(query: ApiQuery): Promise<AdminArticlePage>;
  adminChannels(query: ApiQuery): Promise<AdminChannelPage>;
  /** GET /api/moderation/reports, /held and /log (`channelId` in the query; admins also without); null when refused. */
  moderationReports(query: ApiQuery): Promise<ReportGroupPage | null>;
  moderationHeld(query: ApiQuery): Promise<HeldCommentPage | null>;
  moderationLog(query: ApiQuery): Promise<ModerationLogPage | null>;
  /** GET /api/channels/{id}/moderation and /bans (the channel's moderators); null when missing or not theirs. */
  channelModeration(channelId: number): Promise<ChannelModeration | null>;
  channelBans(channelId: number): Promise<Ban[] | null>;
  /** GET /api/admin/users (admins only). */
  adminUsers(query: ApiQuery): Promise<AdminUserPage>;

  /** POST /api/login: signs in and sets the session cookie on this response; or the API's refusal. */
  signIn(credentials: { username: string; password: string }): Promise<PageWriteResult<CurrentUser>>;
  /** POST /api/register: creates the account, signs in and sets the session cookie; or the API's refusal. */
  register(credentials: Credentials): Promise<PageWriteResult<CurrentUser>>;
  /** POST /api/articles/{id}/comments as the signed-in viewer; or the API's refusal. */
  postComment(articleId: number, comment: CreateComment): Promise<PageWriteResult<Comment>>;
  /** POST /api/email/unsubscribe?token=… (no sign-in): stops the emails the link names; or the API's refusal. */
  unsubscribe(token: string): Promise<PageWriteResult<null>>;
}

/** A subscriber as GET /api/channels/{id}/subscribers lists them. */
export interface Subscriber {
  id: number;
  username: string;
}

/** What a write through the data source answers: the API's result, or its status and error text. */
export type PageWriteResult<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

/** What the server knows of the request before rendering. */
export interface PageRequest {
  /** Path and query, as requested (`/articles/budget-vote-12?x=1`). */
  url: string;
  /**
   * GET, or POST for a form a page sends without JavaScript (or before the app has started): its
   * route's action runs with `form`, the body as `application/x-www-form-urlencoded`.
   */
  method: 'GET' | 'POST';
  form?: string;
  /** The site's origin (PUBLIC_URL), for canonical links and share metadata. */
  publicUrl: string;
  user: CurrentUser | null;
  providers: AuthProviders;
  /** Preferences the browser keeps in cookies, so both renders agree (see PagePreferencesSchema). */
  preferences: PagePreferences;
}

/**
 * What the page renders differently per reader that is not in the session: the theme and image
 * choices (kept in localStorage and mirrored in cookies) and the time zone dates are shown in.
 * Validated by PagePreferencesSchema (page-state.ts, kept apart so the browser's first chunk
 * carries no zod).
 */
export interface PagePreferences {
  theme: 'light' | 'dark';
  showImages: boolean;
  /** An IANA zone; 'UTC' until the browser has said which one it is in. */
  timeZone: string;
  /** When the server rendered, for relative times ('3 minutes ago') that must match on hydration. */
  renderedAt: number;
  /**
   * The signed-in reader's current channel (kept in localStorage, docs/product.md#header), mirrored in a
   * cookie so the header names it in the server's HTML; null when none was chosen in this browser.
   */
  selectedChannelId: number | null;
}

/** The cookies that carry the preferences (the theme key is the one docs/product.md#header names). */
export const PREFERENCE_COOKIES = {
  theme: 'broadsheet-theme',
  showImages: 'broadsheet-show-images',
  timeZone: 'broadsheet-tz',
  selectedChannel: 'broadsheet-channel',
} as const;

/**
 * The one JSON document a page carries for the browser (PageStateSchema): the query cache as the
 * server filled it (TanStack Query's dehydrated state) and the preferences it rendered with.
 */
export interface PageState {
  preferences: PagePreferences;
  queries: unknown;
  /** React Router's hydration data: what each matched route's loader or action answered, and errors. */
  router: PageRouterState | null;
}

/** React Router's `HydrationState`, as JSON (a route error response keeps its status, statusText and data). */
export interface PageRouterState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

/** The id of the <script type="application/json"> element holding the PageState. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

export interface PageRenderResult {
  status: number;
  /** Set instead of html when the page sends the reader elsewhere (a guarded page, an old article URL, a form sent). */
  redirect?: { location: string; status: 301 | 302 | 303 };
  /** Markup for <head>: title, description, canonical, share tags, JSON-LD, feed links, preloads. */
  head: string;
  /** The page, for #root. */
  html: string;
  state: PageState;
  /** Anonymous readers may share a cached copy of this page (docs/decisions/008-one-render-path.md): from the route table's handles. */
  cacheable: boolean;
  /** Built files (under the web root) this page needs first: its route chunks, to modulepreload. */
  modules: string[];
  /**
   * A signed-out reader's reading page: the browser starts the app when the reader first acts, not
   * after the first paint (docs/decisions/050-the-app-starts-when-the-reader-acts.md).
   */
  startsOnIntent: boolean;
}

/** The SSR bundle's one export (dist/ssr/entry-server.js). */
export type RenderPage = (request: PageRequest, source: PageDataSource) => Promise<PageRenderResult>;
