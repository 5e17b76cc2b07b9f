import type { AnalyticsPeriod, ChannelAnalytics } from './analytics.js';
import type { Article, ChannelTablePage, FeedPage } from './articles.js';
import type { AuthProviders, CurrentUser } from './auth.js';
import type { Channel, ChannelPage, Subscription } from './channels.js';
import type { CommentThreadPage } from './comments.js';
import type { PublicUser } from './users.js';

/**
 * The bridge between the server and the web's server-side render (DESIGN.md section 7): the server
 * loads the built SSR bundle and calls its `render(request, source)`; the bundle never reaches the
 * database itself, it asks `source`, which the server implements with the same services the API
 * uses (no HTTP round trip). The answers have the API's shapes, so the page puts them in the query
 * cache under the API URLs the browser would have fetched.
 */

/** A query string as the API routes receive it (each route validates it with its own schema). */
export type ApiQuery = Record<string, string | string[]>;

export interface PageDataSource {
  /** GET /api/articles: the viewer's feed. */
  feed(query: ApiQuery): Promise<FeedPage>;
  /** GET /api/articles/{segment}; null when there is no such article (or the viewer may not see it). */
  article(segment: string): Promise<Article | null>;
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
  /** GET /api/users/{id}; null when missing. */
  user(id: number): Promise<PublicUser | null>;
  /** GET /api/user/subscriptions (signed in only). */
  subscriptions(): Promise<Subscription[]>;
  /** GET /api/channels/{id}/analytics (its owner or an admin); null when missing or not theirs. */
  channelAnalytics(channelId: number, period: AnalyticsPeriod): Promise<ChannelAnalytics | null>;
}

/** What the server knows of the request before rendering. */
export interface PageRequest {
  /** Path and query, as requested (`/articles/budget-vote-12?x=1`). */
  url: string;
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
}

/** The cookies that carry the preferences (the theme key is spec 1 section 3's). */
export const PREFERENCE_COOKIES = { theme: 'broadsheet-theme', showImages: 'broadsheet-show-images', timeZone: 'broadsheet-tz' } as const;

/**
 * The one JSON document a page carries for the browser (PageStateSchema): the query cache as the
 * server filled it (TanStack Query's dehydrated state) and the preferences it rendered with.
 */
export interface PageState {
  preferences: PagePreferences;
  queries: unknown;
}

/** The id of the <script type="application/json"> element holding the PageState. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

export interface PageRenderResult {
  status: number;
  /** Set instead of html when the page sends the reader elsewhere (a guarded page, an old article URL). */
  redirect?: { location: string; status: 301 | 302 };
  /** Markup for <head>: title, description, canonical, share tags, JSON-LD, feed links, preloads. */
  head: string;
  /** The page, for #root. */
  html: string;
  state: PageState;
  /** Anonymous readers may share a cached copy of this page (DESIGN.md section 7). */
  cacheable: boolean;
  /** Built files (under the web root) this page needs first: its route chunks, to modulepreload. */
  modules: string[];
}

/** The SSR bundle's one export (dist/ssr/entry-server.js). */
export type RenderPage = (request: PageRequest, source: PageDataSource) => Promise<PageRenderResult>;
