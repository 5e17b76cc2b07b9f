import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageDataSource, PageWriteResult } from '../../../contract/pages.js';
import { AdminListQuerySchema } from '../../../contract/admin.js';
import { ArticleRefParamsSchema, ChannelTableQuerySchema, FeedQuerySchema } from '../../../contract/articles.js';
import { AUTH_MESSAGES, CredentialsSchema, LoginSchema } from '../../../contract/auth.js';
import { ChannelListQuerySchema } from '../../../contract/channels.js';
import { COMMENT_MESSAGES } from '../../../contract/comment-rules.js';
import { CommentThreadQuerySchema, CreateCommentSchema } from '../../../contract/comments.js';
import { EMAIL_MESSAGES, UnsubscribeQuerySchema } from '../../../contract/email.js';
import { HttpError } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { PasswordSignIn } from '../auth/auth.service.js';
import { userRowToCurrentUser } from '../users/users.repository.js';
import type { AdminService } from '../admin/admin.service.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import type { ArticlesService } from '../articles/articles.service.js';
import type { ListingsService } from '../articles/listings.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { WorkflowService } from '../workflow/workflow.service.js';
import { RevisionDiffQuerySchema, RevisionListQuerySchema } from '../../../contract/revisions.js';
import { IdSchema } from '../../../contract/common.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { FederationService } from '../federation/federation.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { EmailService } from '../email/email.service.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { ChannelLogQuerySchema } from '../../../contract/staff.js';
import { AdminUserQuerySchema, ModerationQueueQuerySchema } from '../../../contract/moderation.js';
import { userRowToPublicUser, type UsersRepository } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import { AuthorArticlesQuerySchema } from '../../../contract/users.js';
import { WELCOME_COOKIE } from '../../../contract/welcome.js';

export interface PageServices {
  admin: AdminService;
  analytics: AnalyticsService;
  articles: ArticlesService;
  listings: ListingsService;
  revisions: RevisionsService;
  workflow: WorkflowService;
  channels: ChannelsService;
  comments: CommentsService;
  email: EmailService;
  moderation: ModerationService;
  staff: StaffService;
  users: UsersRepository;
  usersService: UsersService;
  /** The social web, when FEDERATION is on: a channel's handle and its followers there. */
  federation?: Pick<FederationService, 'describeChannel'>;
}

/**
 * What the forms a page posts without JavaScript need besides the services: the request (its
 * address counts failed sign-ins) and the reply (the session cookie goes on it).
 */
export interface PageWrites {
  request: FastifyRequest;
  reply: FastifyReply;
  signIn: PasswordSignIn;
}

/** A missing (404) or forbidden (403) resource is "not there" to a page; anything else is a real error. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 403 || error.statusCode === 400)) return null;
    throw error;
  }
}

/** A write's answer: its value, or the refusal the API would have answered (status and words). */
async function written<T>(write: () => Promise<T>): Promise<PageWriteResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return { ok: false, status: error.statusCode, error: error.message };
    throw error;
  }
}

/** The first message of a failed parse, as the API's error handler would name it. */
function refusal(issues: { message: string }[], fallback: string): PageWriteResult<never> {
  return { ok: false, status: 400, error: issues[0]?.message ?? fallback };
}

/**
 * The data a server-rendered page asks for (src/contract/pages.ts), answered by the services the
 * API routes use, for one viewer, validated with the same schemas the routes validate their input
 * with: what the page shows is what the API would have answered. The writes are the forms that
 * work without JavaScript (sign-in, registration, comments), with the API's rules and words.
 */
export function createPageDataSource(services: PageServices, viewer: SessionUser | null, writes?: PageWrites): PageDataSource {
  const { admin, analytics, articles, channels, comments, email, listings, moderation, revisions, staff, users, usersService, workflow } = services;
  const signedIn = () => {
    if (!viewer) throw new Error('This page data needs a signed-in viewer');
    return viewer;
  };
  const isAdmin = () => {
    if (!signedIn().isAdmin) throw new Error('This page data needs an admin');
  };
  const forWrites = () => {
    if (!writes) throw new Error('This page render cannot write');
    return writes;
  };
  return {
    feed: (query) => listings.feed(FeedQuerySchema.parse(query), viewer),
    facets: () => listings.facets(viewer),
    async article(segment) {
      // The API's own resolution (docs/product.md#addresses): id, whole slug, or {slug}-{id}, old slugs included.
      const ref = ArticleRefParamsSchema.safeParse({ id: segment });
      if (!ref.success) return null;
      const resolved = await articles.resolveArticleSegment(ref.data.id, viewer);
      return resolved ? orNull(articles.get(resolved.article.id, viewer)) : null;
    },
    async revisions(articleId, query) {
      const parsed = RevisionListQuerySchema.safeParse(query);
      return parsed.success ? orNull(revisions.list(articleId, parsed.data.cursor, viewer)) : null;
    },
    async revision(articleId, number) {
      const parsed = IdSchema.safeParse(number);
      return parsed.success ? orNull(revisions.one(articleId, parsed.data, viewer)) : null;
    },
    async revisionDiff(articleId, number, query) {
      const parsed = IdSchema.safeParse(number);
      const against = RevisionDiffQuerySchema.safeParse(query);
      return parsed.success && against.success ? orNull(revisions.diff(articleId, parsed.data, against.data.against, viewer)) : null;
    },
    commentThreads: (articleId, query) => comments.threads(articleId, viewer, CommentThreadQuerySchema.parse(query)),
    channels: (query) => channels.list(ChannelListQuerySchema.parse(query), viewer),
    // As GET /api/channels/{id} answers it: with its handle and fediverse followers.
    async channel(id) {
      const channel = await orNull(channels.get(id, viewer));
      if (!channel) return channel;
      return { ...channel, ...(services.federation ? await services.federation.describeChannel(channel.id, channel.slug) : { handle: null, fediverseFollowerCount: 0 }) };
    },
    channelTable: (id, query) => listings.channelTable(id, ChannelTableQuerySchema.parse(query), viewer),
    ownChannels: () => channels.ofOwner(signedIn().id, viewer),
    async user(id) {
      const row = await users.findById(id);
      return row ? userRowToPublicUser(row) : null;
    },
    author: (username) => orNull(usersService.author(username)),
    authorArticles: (username, query) => usersService.authorArticles({ username }, AuthorArticlesQuerySchema.parse(query)),
    // The browser that registered this account carries its id until the welcome panel is dismissed.
    welcome: () => Boolean(viewer && writes && writes.request.cookies[WELCOME_COOKIE] === String(viewer.id)),
    subscriptions: () => channels.subscriptionsOf(signedIn().id, signedIn()),
    channelAnalytics: (channelId, period) => orNull(analytics.channel(channelId, signedIn(), period)),
    async channelSubscribers(channelId) {
      try {
        return await channels.subscribers(channelId, signedIn());
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) return { status: error.statusCode };
        throw error;
      }
    },
    emailSettings: () => email.settings(signedIn().id),
    notificationSettings: () => email.notifications(signedIn().id),
    async unsubscribeInfo(token) {
      const parsed = UnsubscribeQuerySchema.safeParse({ token });
      return parsed.success ? orNull(email.unsubscribeInfo(parsed.data.token)) : null;
    },
    adminArticles: (query) => (isAdmin(), admin.articles(AdminListQuerySchema.parse(query))),
    adminChannels: (query) => (isAdmin(), admin.channels(AdminListQuerySchema.parse(query))),
    // The moderation pages are private: what a stranger may not read is null, the page says so.
    async moderationReports(query) {
      const parsed = ModerationQueueQuerySchema.safeParse(query);
      return parsed.success ? orNull(moderation.queue(signedIn(), parsed.data)) : null;
    },
    async moderationHeld(query) {
      const parsed = ModerationQueueQuerySchema.safeParse(query);
      return parsed.success ? orNull(moderation.heldComments(signedIn(), parsed.data)) : null;
    },
    async moderationLog(query) {
      const parsed = ModerationQueueQuerySchema.safeParse(query);
      return parsed.success ? orNull(moderation.log(signedIn(), parsed.data)) : null;
    },
    channelModeration: (channelId) => orNull(moderation.settings(signedIn(), channelId)),
    channelQueue: (channelId) => orNull(workflow.queue(channelId, viewer)),
    channelBans: (channelId) => orNull(moderation.bans(signedIn(), channelId)),
    adminUsers: (query) => (isAdmin(), moderation.users(AdminUserQuerySchema.parse(query))),
    // The newsroom: signed out, one has no staff channels and no invitations; a channel's staff
    // and log are null to anyone the API would refuse.
    staffChannels: async () => (viewer ? staff.staffChannels(viewer) : []),
    invitations: async () => (viewer ? staff.invitations(viewer) : []),
    channelStaff: async (channelId) => (viewer ? orNull(staff.list(viewer, channelId)) : null),
    async channelLog(channelId, query) {
      const parsed = ChannelLogQuerySchema.safeParse(query);
      return viewer && parsed.success ? orNull(staff.log(viewer, channelId, parsed.data)) : null;
    },

    async signIn(credentials) {
      const { request, reply, signIn } = forWrites();
      const parsed = LoginSchema.safeParse(credentials);
      if (!parsed.success) return refusal(parsed.error.issues, AUTH_MESSAGES.invalidCredentials);
      return written(async () => userRowToCurrentUser(await signIn.login(request, reply, parsed.data)));
    },
    async register(credentials) {
      const { request, reply, signIn } = forWrites();
      const parsed = CredentialsSchema.safeParse(credentials);
      if (!parsed.success) return refusal(parsed.error.issues, AUTH_MESSAGES.invalidCredentials);
      return written(async () => userRowToCurrentUser(await signIn.register(request, reply, parsed.data)));
    },
    async postComment(articleId, comment) {
      forWrites();
      if (!viewer) return { ok: false, status: 401, error: COMMENT_MESSAGES.signIn };
      const parsed = CreateCommentSchema.safeParse(comment);
      if (!parsed.success) return refusal(parsed.error.issues, COMMENT_MESSAGES.postFailed);
      return written(() => comments.create(articleId, viewer, parsed.data));
    },
    async unsubscribe(token) {
      forWrites();
      const parsed = UnsubscribeQuerySchema.safeParse({ token });
      if (!parsed.success) return { ok: false, status: 400, error: EMAIL_MESSAGES.unsubscribeLinkInvalid };
      return written(async () => (await email.unsubscribe(parsed.data.token), null));
    },
  };
}
