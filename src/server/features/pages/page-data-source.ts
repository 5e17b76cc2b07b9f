import type { PageDataSource } from '../../../contract/pages.js';
import { ArticleRefParamsSchema, ChannelTableQuerySchema, FeedQuerySchema } from '../../../contract/articles.js';
import { ChannelListQuerySchema } from '../../../contract/channels.js';
import { CommentThreadQuerySchema } from '../../../contract/comments.js';
import { HttpError } from '../../lib/errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import type { ArticlesService } from '../articles/articles.service.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import { userRowToPublicUser, type UsersRepository } from '../users/users.repository.js';

export interface PageServices {
  analytics: AnalyticsService;
  articles: ArticlesService;
  channels: ChannelsService;
  comments: CommentsService;
  users: UsersRepository;
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

/**
 * The data a server-rendered page asks for (src/contract/pages.ts), answered by the services the
 * API routes use, for one viewer, validated with the same schemas the routes validate their input
 * with: what the page shows is what the API would have answered.
 */
export function createPageDataSource(services: PageServices, viewer: SessionUser | null): PageDataSource {
  const { analytics, articles, channels, comments, users } = services;
  const signedIn = () => {
    if (!viewer) throw new Error('This page data needs a signed-in viewer');
    return viewer;
  };
  return {
    feed: (query) => articles.feed(FeedQuerySchema.parse(query), viewer),
    async article(segment) {
      // The API's own resolution (DESIGN.md section 5): id, whole slug, or {slug}-{id}, old slugs included.
      const ref = ArticleRefParamsSchema.safeParse({ id: segment });
      if (!ref.success) return null;
      const resolved = await articles.resolveArticleSegment(ref.data.id, viewer);
      return resolved ? orNull(articles.get(resolved.article.id, viewer)) : null;
    },
    commentThreads: (articleId, query) => comments.threads(articleId, viewer, CommentThreadQuerySchema.parse(query)),
    channels: (query) => channels.list(ChannelListQuerySchema.parse(query), viewer),
    channel: (id) => orNull(channels.get(id, viewer)),
    channelTable: (id, query) => articles.channelTable(id, ChannelTableQuerySchema.parse(query), viewer),
    ownChannels: () => channels.ofOwner(signedIn().id, viewer),
    async user(id) {
      const row = await users.findById(id);
      return row ? userRowToPublicUser(row) : null;
    },
    subscriptions: () => channels.subscriptionsOf(signedIn().id, signedIn()),
    channelAnalytics: (channelId, period) => orNull(analytics.channel(channelId, signedIn(), period)),
  };
}
