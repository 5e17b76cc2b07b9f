import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerResponseCache } from './http/response-cache.js';
import { createResponseSerializerCompiler } from './http/serializer.js';
import { BODY_LIMITS, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './http/body-limits.js';
import { limitServer, registerEarlyAnswerClose, serverLimitsFrom } from './http/server-limits.js';
import { bridgeOverRedis, createCacheInvalidation } from './lib/cache-invalidation.js';
import { HttpError } from './lib/errors.js';
import { nestsDeeperThan } from './lib/json-depth.js';
import { registerSessionResolver } from './http/session.js';
import { registerArticleRefResolver } from './http/article-ref.js';
import { registerOpenApi } from './http/openapi.js';
import { registerPages } from './http/pages.js';
import { failoverRateLimitStore } from './http/failover-rate-limit-store.js';
import { connectRedis, type RedisLink } from './lib/redis-link.js';
import { createLimiter } from './lib/limiters.js';
import { STAFF_LIMITS } from '../contract/staff-rules.js';
import { NEW_DRAFT_LIMITS } from '../contract/articles.js';
import { serializeRequestForLog } from './lib/log-redaction.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createSessionsRepository } from './features/auth/sessions.repository.js';
import { createSessionsService } from './features/auth/sessions.service.js';
import { createOidcAccounts, createOidcService } from './features/auth/oidc.service.js';
import { oidcRoutes } from './features/auth/oidc.routes.js';
import { passwordRoutes } from './features/auth/password.routes.js';
import { createLoginThrottle } from './features/auth/login-throttle.js';
import { createDeviceCookies } from './features/auth/device-cookies.js';
import { createPasswordSignIn } from './features/auth/password-sign-in.js';
import { createUsersRepository } from './features/users/users.repository.js';
import { usersRoutes } from './features/users/users.routes.js';
import { createUsersService } from './features/users/users.service.js';
import { createUserExportRepository } from './features/users/user-export.repository.js';
import { createCategoriesRepository } from './features/articles/categories.repository.js';
import { categoriesRoutes } from './features/articles/categories.routes.js';
import { createLocationsRepository } from './features/geo/locations.repository.js';
import { locationsRoutes } from './features/geo/locations.routes.js';
import { createGeocoder } from './features/geo/geocoder.js';
import { geocodeRoutes } from './features/geo/geocode.routes.js';
import { healthRoutes } from './features/health.routes.js';
import { createChannelsRepository } from './features/channels/channels.repository.js';
import { createChannelsService } from './features/channels/channels.service.js';
import { channelsRoutes } from './features/channels/channels.routes.js';
import { createSubscriptionsRepository } from './features/subscriptions/subscriptions.repository.js';
import { createArticlesRepository } from './features/articles/articles.repository.js';
import { createArticleListsRepository } from './features/articles/article-lists.repository.js';
import { createChannelTableRepository } from './features/articles/channel-table.repository.js';
import { createArticleSearch } from './features/search/search.repository.js';
import { createArticlesService, type ArticlesServiceDeps } from './features/articles/articles.service.js';
import { createArticleAccess } from './features/articles/article-access.service.js';
import { createArticleEdits } from './features/articles/article-edits.service.js';
import { createListingsService } from './features/articles/listings.service.js';
import { createDraftsService } from './features/drafts/drafts.service.js';
import { autosaveRoutes } from './features/drafts/autosave.routes.js';
import { createTransitions } from './features/workflow/transitions.service.js';
import { createWorkflowRepository } from './features/workflow/workflow.repository.js';
import { createWorkflowService } from './features/workflow/workflow.service.js';
import { workflowRoutes } from './features/workflow/workflow.routes.js';
import { createScheduler } from './features/workflow/scheduler.js';
import { channelRole, recordChannelEvent } from './features/staff/channel-roles.js';
import { CACHE_TAGS } from './lib/cache-tags.js';
import { articlesRoutes } from './features/articles/articles.routes.js';
import { createRevisionsRepository } from './features/revisions/revisions.repository.js';
import { createRevisionsService } from './features/revisions/revisions.service.js';
import { revisionsRoutes } from './features/revisions/revisions.routes.js';
import { registerRetiredArticleAddresses } from './features/articles/retired-addresses.js';
import { createViewKeys } from './features/articles/view-keys.js';
import { createPageDataSource } from './features/pages/page-data-source.js';
import { feedsRoutes } from './features/articles/feeds.routes.js';
import { createStorage } from './features/media/storage.js';
import { createMediaRepository } from './features/media/media.repository.js';
import { createMediaService } from './features/media/media.service.js';
import { mediaRoutes, registerLocalUploads } from './features/media/media.routes.js';
import { setImageMemoryBudget } from './features/media/image-pipeline.js';
import { createReactionsRepository } from './features/reactions/reactions.repository.js';
import { createReactionsService } from './features/reactions/reactions.service.js';
import { reactionsRoutes } from './features/reactions/reactions.routes.js';
import { createCommentsRepository } from './features/comments/comments.repository.js';
import { createCommentsService } from './features/comments/comments.service.js';
import { commentsRoutes } from './features/comments/comments.routes.js';
import { createAdminRepository } from './features/admin/admin.repository.js';
import { createAdminService } from './features/admin/admin.service.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { createAnalyticsRepository } from './features/analytics/analytics.repository.js';
import { createAnalyticsService } from './features/analytics/analytics.service.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { createEmailTokens } from './features/email/email-tokens.js';
import { createOutboxRepository, outboxSignal } from './features/email/outbox.repository.js';
import { createUnsubscribeLinks } from './features/email/unsubscribe-links.js';
import { createEmailService } from './features/email/email.service.js';
import { emailRoutes } from './features/email/email.routes.js';
import { createModerationRepository } from './features/moderation/moderation.repository.js';
import { createModerationService } from './features/moderation/moderation.service.js';
import { moderationRoutes } from './features/moderation/moderation.routes.js';
import { createStaffRepository } from './features/staff/staff.repository.js';
import { createStaffService } from './features/staff/staff.service.js';
import { staffRoutes } from './features/staff/staff.routes.js';
import { createImportsRepository } from './features/imports/imports.repository.js';
import { createImportsService } from './features/imports/imports.service.js';
import { createExportsRepository } from './features/imports/exports.repository.js';
import { createExportsService } from './features/imports/exports.service.js';
import { importsRoutes } from './features/imports/imports.routes.js';
import { registerOldAddresses } from './features/imports/old-addresses.js';
import { publicFetch } from './lib/public-fetch.js';
import { createSiteFederation } from './features/federation/federation.wiring.js';
import type { FederationService } from './features/federation/federation.service.js';
import { federationAdminRoutes, federationInboxRoutes, registerFederationNegotiation } from './features/federation/federation.routes.js';

/** Everything the routes need, built once per app from one database handle. */
/** The scheduler's log until buildApp points it at the app's log (createContext runs before the app exists). */
function forwardingLog() {
  const log = {
    target: undefined as { info(obj: object, msg: string): void; warn(obj: object, msg: string): void } | undefined,
    info: (obj: object, msg: string) => log.target?.info(obj, msg),
    warn: (obj: object, msg: string) => log.target?.warn(obj, msg),
  };
  return log;
}

/** Invitation emails one person may get from one channel an hour. */
const invitationLimiter = (redis?: RedisLink) =>
  createLimiter({ name: 'staff-invitation-emails', points: STAFF_LIMITS.invitationEmailsPerHour, durationS: 60 * 60, redis });

export function createContext(config: AppConfig, database: DatabaseHandle) {
  const { db } = database;
  const users = createUsersRepository(db);
  const sessions = createSessionsService(createSessionsRepository(db));
  const subscriptions = createSubscriptionsRepository(db);
  const channelsRepository = createChannelsRepository(db, database.dialect);
  const categories = createCategoriesRepository(db);
  const articlesRepository = createArticlesRepository(db, database.dialect);
  const articleLists = createArticleListsRepository(db, database.dialect);
  const storage = createStorage(config);
  const reactions = createReactionsRepository(db);
  const commentsRepository = createCommentsRepository(db, database.dialect);
  const outbox = createOutboxRepository(db, database.dialect);
  const outboxQueued = outboxSignal(database);
  // Services announce committed writes here; the response cache (and other instances) drop what they affect.
  const invalidation = createCacheInvalidation();
  // The social web (made below, when FEDERATION is on) hears every write too: a write naming an
  // article may be a publication, an edit or a withdrawal to announce.
  const social: { federation?: FederationService } = {};
  const written = (tags: readonly string[]) => {
    invalidation.written(tags);
    social.federation?.written(tags);
  };
  // Who moderates what, and each channel's comment rules: comments, reactions and articles ask it.
  const moderation = createModerationService({
    repository: createModerationRepository(db, database.dialect),
    written,
    invalidation,
    mailQueued: () => outboxQueued.dispatchEvent(new Event('queued')),
  });
  const transaction: ArticlesServiceDeps['transaction'] = (work) => db.transaction().execute(work);
  const mailQueued = () => outboxQueued.dispatchEvent(new Event('queued'));
  // Who may read and change an article: the articles, drafts and workflow services ask it alike.
  const access = createArticleAccess({ articles: articlesRepository, channelRole: (userId, channelId) => channelRole(db, userId, channelId) });
  const media = createMediaService({
    repository: createMediaRepository(db, database.dialect),
    storage,
    // An image is changed under the text's rules.
    mayChange: (articleId, user) => access.assertMayChange(articleId, user),
    written,
    quota: config.uploads,
  });
  const edits = createArticleEdits({
    categories,
    // Images in an article's text are uploads too: only ours stay, and they belong to the article.
    inlineImages: {
      prefix: storage.url(''),
      uploads: (urls, editorId, articleId) => media.inlineUploads(urls, editorId, articleId),
      attach: (articleId, images, options) => media.attachInline(articleId, images, options),
    },
  });
  const moves = createWorkflowRepository(db, database.dialect);
  const transitions = createTransitions({ moves, recordChannelEvent });
  const articlesDeps: ArticlesServiceDeps = {
    articles: articlesRepository,
    transaction,
    channels: channelsRepository,
    categories,
    viewKeys: createViewKeys(db),
    access,
    edits,
    transitions,
    written,
    banOf: (userId, channelId) => moderation.banOf(userId, channelId),
    recordChannelEvent,
    mailQueued,
    // Deleting an article deletes the stored files no other article uses.
    onImagesReleased: (urls) => media.release(urls),
  };
  const channels = createChannelsService(channelsRepository, subscriptions, Date.now, written);
  const articles = createArticlesService(articlesDeps);
  const listings = createListingsService({
    articles: articlesRepository,
    channelTable: createChannelTableRepository(db, database.dialect),
    lists: articleLists,
    search: createArticleSearch(db, database.dialect, articlesRepository),
    channels: channelsRepository,
    categories,
    access,
  });
  const drafts = createDraftsService({ articles: articlesRepository, channels: channelsRepository, access, edits, transitions, transaction });
  const workflow = createWorkflowService({
    articles: articlesRepository,
    moves,
    access,
    transitions,
    recordChannelEvent,
    transaction,
    readArticle: (id, viewer, role) => articles.answer(id, viewer, role),
    written,
    mailQueued,
  });
  const comments = createCommentsService({
    comments: commentsRepository,
    articles: articlesRepository,
    written,
    // A reply's email to the author of the comment it answers leaves now, not at the next poll.
    mailQueued,
    moderation,
  });
  const federation = createSiteFederation(config, database, {
    channel: (id) => channelsRepository.findById(id, null),
    readArticle: (id) => articles.get(id, null),
    written,
    // Replies from the fediverse are comments, under the channel's moderation.
    comments,
  });
  social.federation = federation;
  // Social web: an article published as it is created names no article in its write (only lists
  // and counts change), so its announcement is asked for here. Every later write names it.
  if (federation) {
    const create = articles.create.bind(articles);
    articles.create = async (...args) => {
      const made = await create(...args);
      void federation.articleChanged(made.id);
      return made;
    };
  }
  const schedulerLog = forwardingLog();
  // Imports from other platforms, run in the background; exports of a channel (docs/decisions/046-import-and-export.md).
  const imports = createImportsService({
    markImported: async (list) => social.federation?.markImported(list),
    repository: createImportsRepository(db),
    channels: channelsRepository,
    articles: articlesRepository,
    categories,
    media,
    imagePrefix: storage.url(''),
    fetchRemote: async (url, signal) => (await publicFetch(url, { allowPrivateAddresses: config.imports.allowPrivateAddresses, signal })).body,
    maxBytes: config.imports.maxBytes,
    directory: path.join(config.dataDir, 'imports'),
    written,
    log: schedulerLog,
  });
  const exportsService = createExportsService({
    repository: createExportsRepository(db),
    categories,
    openStored: async (key) => {
      if (storage.kind === 'local') return fs.createReadStream(path.join(storage.root, key));
      const response = await fetch(storage.url(key));
      return response.ok && response.body ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) : null;
    },
    publicUrl: config.publicUrl,
  });
  // Publishes scheduled articles at their time; buildApp starts it when the app is ready.
  const scheduler = createScheduler({
    db,
    moves,
    intervalMs: config.schedulerIntervalMs,
    recordChannelEvent,
    published: (articleId) => written([CACHE_TAGS.article(articleId), CACHE_TAGS.articleLists, CACHE_TAGS.channels, CACHE_TAGS.missing]),
    mailQueued: () => outboxQueued.dispatchEvent(new Event('queued')),
    log: schedulerLog,
  });
  const revisions = createRevisionsService({
    revisions: createRevisionsRepository(db),
    articles: articlesRepository,
    channels: channelsRepository,
    categories,
    transaction,
    readArticle: (id, viewer) => articles.get(id, viewer),
    written,
    channelRole: (userId, channelId) => channelRole(db, userId, channelId),
  });
  return {
    config,
    db,
    dialect: database.dialect,
    invalidation,
    users,
    sessions,
    auth: createAuthService(users),
    /** Google sign-in (OpenID Connect); undefined when not configured. */
    oidc: config.oidc ? createOidcService(config.oidc, config.publicUrl) : undefined,
    oidcAccounts: createOidcAccounts(db),
    categories,
    locations: createLocationsRepository(db),
    geocoder: createGeocoder(config.geocoder, config.geocoding),
    subscriptions,
    channelsRepository,
    channels,
    storage,
    media,
    articlesRepository,
    reactions,
    articleLists,
    articles,
    listings,
    drafts,
    workflow,
    revisions,
    /** Profiles and author pages. */
    usersService: createUsersService({ users, channels, articles: listings, exports: createUserExportRepository(db), written }),
    articlesDeps,
    reactionsService: createReactionsService({ reactions, articles: articlesRepository, written, moderation }),
    commentsRepository,
    comments,
    moderation,
    // The newsroom's staff, invitations and channel log.
    staff: createStaffService({
      repository: createStaffRepository(db),
      channels: channelsRepository,
      dialect: database.dialect,
      mailQueued: () => outboxQueued.dispatchEvent(new Event('queued')),
      // Counted in this process until buildApp shares it over Redis.
      invitationLimit: invitationLimiter(),
    }),
    admin: createAdminService(createAdminRepository(db, database.dialect), async () => (await categories.index()).paths, Date.now, written),
    analytics: createAnalyticsService({ analytics: createAnalyticsRepository(db), channels: channelsRepository }),
    // Email: the outbox, single-use links, unsubscribe links, and a wake-up for the sender.
    outbox,
    emailTokens: createEmailTokens(db),
    unsubscribeLinks: createUnsubscribeLinks(db),
    outboxQueued,
    scheduler,
    imports,
    exports: exportsService,
    /** Where the scheduler's lines go: buildApp points it at the app's log. */
    schedulerLog,
    /** Each channel an ActivityPub actor; undefined when FEDERATION is off. */
    federation,
  };
}
export type AppContext = ReturnType<typeof createContext>;

export interface BuildAppOptions {
  /** An already open database (tests pass one); otherwise the config's database is opened and closed with the app. */
  database?: DatabaseHandle;
  /** The context built on that database (one per process: main.ts seeds through it before listening). */
  context?: AppContext;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole site as a Fastify instance. It never listens: main.ts does, tests inject. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database = options.database ?? createDatabase(config.database);
  const ctx = options.context ?? createContext(config, database);
  const secure = config.publicUrl.startsWith('https://');
  // Process-wide, as libvips' memory is: what the images decoded at once may hold together.
  setImageMemoryBudget(config.images.memoryBytes);
  const { trustProxy } = config;

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Single-use links and sign-in codes travel in query strings: never into the log.
            serializers: { req: serializeRequestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Readable lines while developing; JSON everywhere else.
            ...(config.env === 'development' && !options.logStream ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
          },
    // Routes that take more say so (http/body-limits.ts).
    bodyLimit: BODY_LIMITS.default,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count or the proxies' addresses (config.ts): the client is the right-most untrusted address.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { maxParamLength: 200 },
    // A malformed URL (bad percent-encoding) gets our error shape, not Fastify's (docs/product.md#api).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void reply.status(status).send({ error: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Timeouts, connection caps and early answers closing their connection (server-limits.ts).
  limitServer(app.server, serverLimitsFrom(config));
  registerEarlyAnswerClose(app);

  // Every route as registered, for the authorization matrix test and for tooling.
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by compiled serializers; outside production each is also checked against its schema.
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.env !== 'production' }));
  registerErrorHandler(app);
  // The first product's client sends some POSTs with no body (view, toggle-status, logout). Fastify's JSON
  // parser refuses an empty body labelled application/json; here it arrives as no body, and the
  // route's schema decides (a route that needs a body still answers 400 naming it).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new HttpError(400, TOO_DEEP_MESSAGE), undefined);
    parseJson(request, text, done);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Scheduled articles: a catch-up pass when the app is ready (the database is migrated by then),
  // then one look every SCHEDULER_INTERVAL_MS; stopped before the database closes.
  ctx.schedulerLog.target = app.log;
  app.addHook('onReady', async () => ctx.scheduler.start());
  app.addHook('onClose', async () => ctx.scheduler.stop());
  app.addHook('onReady', async () => ctx.imports.startRunner());
  app.addHook('onClose', async () => ctx.imports.stopRunner());
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // The place search's data loads once the server listens, off the main thread, so neither the
  // start nor the first search waits for it.
  app.addHook('onListen', (done) => {
    ctx.geocoder.warm?.().catch((error: unknown) => app.log.warn({ err: error }, 'the place gazetteer did not load; searches will retry'));
    done();
  });

  // onSend hooks run in this order: cookies are written, then the response cache decides
  // Cache-Control and Vary (seeing those cookies) and keeps a shared answer, then compression
  // (a route hook, so the cache keeps the plain serialized body), then the cache keeps the
  // compressed copy (a route hook added after the plugin's). Its onRequest hook reads the parsed
  // cookies and answers hits before the session lookup.
  await app.register(fastifyCookie);
  // WebFinger, NodeInfo and the ActivityPub objects under content negotiation: before the
  // response cache, so a kept page never answers a request for the object.
  if (ctx.federation) {
    const federation = ctx.federation;
    federation.setLog(app.log);
    registerFederationNegotiation(app, federation);
    app.addHook('onReady', async () => federation.startQueue());
    // Stops the queue, then closes the federation's Redis connection when it has one.
    app.addHook('onClose', async () => federation.close());
  }
  // Before the cache's onSend: a deleted article's page is already a 410 when the cache decides
  // what to keep, so nothing it keeps can answer for that address with another status.
  if (config.webDev || config.webRoot) registerRetiredArticleAddresses(app, (segment) => ctx.articlesRepository.isRetiredSegment(segment));
  const responseCache = registerResponseCache(app, { ttlMs: config.microCacheMs });
  // After the cache's hook: a hit carries the headers Helmet set on the answer it keeps.
  registerSecurityHeaders(app, {
    webDev: config.webDev,
    secure,
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
  // A page (30 to 150 KB of HTML) is compressed in one call: through a zlib stream, which the
  // plugin uses above 8 KB, brotli cost far more CPU than the work itself. Quality 3 instead of 4
  // costs a few percent more bytes and roughly halves the CPU every uncached page and API answer
  // pays. The plugin compresses the response cache's entries too, once per entry and
  // Accept-Encoding: the cache keeps what it wrote and sends it again as already compressed.
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: 1024 * 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
  });
  responseCache.registerAfterCompression(app);
  const devices = createDeviceCookies(ctx.users, { secure });
  // One Redis connection for every shared limit (per client and per account) and for cache
  // invalidations, when configured; while it is unreachable, limits are counted in this process.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.client.disconnect());
  if (redis) ctx.staff.limitInvitations(invitationLimiter(redis));
  // Writes drop the entries they affect from this instance's cache, and from the others' over Redis.
  ctx.invalidation.subscribe((tags) => responseCache.invalidate(tags));
  if (redis) {
    // An outage is logged once by the link; its errors here would repeat it for every write.
    const disconnect = bridgeOverRedis(ctx.invalidation, redis.client, (error) =>
      redis.isDown() ? app.log.debug({ err: error }, 'cache invalidation over Redis skipped') : app.log.warn({ err: error }, 'cache invalidation over Redis failed'),
    );
    app.addHook('onClose', async () => disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.write,
    timeWindow: 60_000,
    // Only writes count against the general limit; reads are cheap and cached.
    allowList: (request) => request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS',
    ...(redis ? { store: failoverRateLimitStore(redis, 'broadsheet-rl-') } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      message: 'Too many requests',
    }),
  });

  registerOriginCheck(app, config.publicUrl, { strict: config.publicUrlSet });
  registerInputGuard(app);
  // Old addresses of imported articles answer 301 with their new page (paths no route of ours owns).
  registerOldAddresses(app, (pathAndQuery) => ctx.imports.redirectLocation(pathAndQuery));
  registerSessionResolver(app, ctx.sessions, { secure });
  registerArticleRefResolver(app, (segment) => ctx.articles.resolveArticleId(segment));
  await registerOpenApi(app, config.publicUrl);

  // The API's email routes and the profile page's server render read the same settings.
  const email = createEmailService({
    db: ctx.db,
    tokens: ctx.emailTokens,
    outbox: ctx.outbox,
    sessions: ctx.sessions,
    unsubscribeLinks: ctx.unsubscribeLinks,
    publicUrl: config.publicUrl,
    confirmLimit: createLimiter({ name: 'email-confirm-account', points: 5, durationS: 60 * 60, redis }),
    resetLimit: createLimiter({ name: 'email-reset-account', points: 3, durationS: 60 * 60, redis }),
    recipientLimit: createLimiter({ name: 'email-recipient', points: config.email.confirmationsPerAddress, durationS: 60 * 60, redis }),
    onQueued: () => ctx.outboxQueued.dispatchEvent(new Event('queued')),
  });

  const pageServices = { ...ctx, email };

  // One set of sign-in rules for the API and the sign-in page's form (posted without JavaScript).
  const passwordSignIn = createPasswordSignIn({
    auth: ctx.auth,
    sessions: ctx.sessions,
    cookie: { secure },
    loginThrottle: createLoginThrottle({ max: config.rateLimits.auth, redis }),
    devices,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: ctx.db, dialect: ctx.dialect, placeSearchReady: () => ctx.geocoder.ready?.() ?? true, redis });
      await api.register(authRoutes, {
        signIn: passwordSignIn,
        sessions: ctx.sessions,
        cookie: { secure },
        authRateLimit: { max: config.rateLimits.auth, timeWindow: 60_000 },
        googleEnabled: Boolean(config.oidc),
      });
      await api.register(oidcRoutes, { oidc: ctx.oidc, accounts: ctx.oidcAccounts, sessions: ctx.sessions, cookie: { secure } });
      await api.register(passwordRoutes, {
        users: ctx.users,
        sessions: ctx.sessions,
        cookie: { secure },
        devices,
        authRateLimit: { max: config.rateLimits.auth, timeWindow: 60_000 },
      });
      await api.register(usersRoutes, { users: ctx.usersService });
      await api.register(categoriesRoutes, { categories: ctx.categories });
      await api.register(locationsRoutes, { locations: ctx.locations });
      await api.register(geocodeRoutes, {
        geocoder: ctx.geocoder,
        perMinute: config.geocoding.perMinute,
        // Mapbox bills every request: only signed-in users (the article editor) may spend them.
        requireSession: config.geocoder.kind === 'mapbox',
      });
      await api.register(channelsRoutes, {
        channels: ctx.channels,
        fediverse: ctx.federation ? (channel) => ctx.federation!.describeChannel(channel.id, channel.slug) : undefined,
        setFederated: ctx.federation ? (channel, federated) => ctx.federation!.setChannelFederated(channel, federated) : undefined,
      });
      if (ctx.federation) await api.register(federationAdminRoutes, { service: ctx.federation });
      await api.register(articlesRoutes, { articles: ctx.articles, listings: ctx.listings });
      await api.register(autosaveRoutes, {
        drafts: ctx.drafts,
        newDrafts: createLimiter({ name: 'new-drafts', points: NEW_DRAFT_LIMITS.perWindow, durationS: NEW_DRAFT_LIMITS.windowMinutes * 60, redis }),
      });
      await api.register(workflowRoutes, { workflow: ctx.workflow });
      await api.register(revisionsRoutes, { revisions: ctx.revisions });
      await api.register(mediaRoutes, { media: ctx.media, uploadRateLimit: { max: Math.min(config.rateLimits.write, 60), timeWindow: 60_000 } });
      // Per-reader limits; an operator's lower WRITE_RATE_LIMIT still wins.
      await api.register(reactionsRoutes, { reactions: ctx.reactionsService, perMinute: config.rateLimits.reaction });
      await api.register(commentsRoutes, { comments: ctx.comments, perMinute: config.rateLimits.comment });
      await api.register(adminRoutes, { admin: ctx.admin });
      await api.register(moderationRoutes, { moderation: ctx.moderation });
      await api.register(staffRoutes, { staff: ctx.staff });
      await api.register(analyticsRoutes, { analytics: ctx.analytics });
      await api.register(importsRoutes, {
        imports: ctx.imports,
        exports: ctx.exports,
        maxBytes: config.imports.maxBytes,
        rateLimit: { max: config.imports.perHour, timeWindow: 60 * 60_000 },
      });
      await api.register(emailRoutes, {
        email,
        users: ctx.users,
        sessions: ctx.sessions,
        cookie: { secure },
        devices,
        webhookSecret: config.email.webhookSecret,
        authRateLimit: { max: config.rateLimits.auth, timeWindow: 60_000 },
        preview: config.env === 'development' ? { siteName: 'Broadsheet', publicUrl: config.publicUrl } : undefined,
      });
    },
    { prefix: '/api' },
  );

  if (ctx.federation) await app.register(federationInboxRoutes, { service: ctx.federation, perMinute: config.federation.inboxPerMinute });
  await registerLocalUploads(app, ctx.storage);
  await app.register(feedsRoutes, { articles: ctx.articleLists, channels: ctx.channelsRepository, categories: ctx.categories, publicUrl: config.publicUrl });

  if (config.webDev || config.webRoot) {
    await registerPages(app, {
      web: config.webDev
        ? { kind: 'vite' }
        : { kind: 'built', webRoot: config.webRoot!, ssrEntry: path.resolve(config.webRoot!, '../ssr/entry-server.js') },
      publicUrl: config.publicUrl,
      googleEnabled: Boolean(config.oidc),
      formRateLimit: { max: config.rateLimits.auth, timeWindow: 60_000 },
      dataSource: (request, reply) => createPageDataSource(pageServices, request.user, { request, reply, signIn: passwordSignIn }),
    });
  } else {
    app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ error: 'Not found' }));
  }

  return app;
}
