import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app.js';
import { CATEGORY_FIXTURES } from '../features/articles/category-fixtures.js';
import { createArticlesService } from '../features/articles/articles.service.js';
import { createChannelsService } from '../features/channels/channels.service.js';
import { LOCATION_FIXTURES, type LocationFixture } from '../features/geo/location-fixtures.js';
import { hashPassword } from '../features/auth/passwords.js';
import type { SessionUser } from '../features/auth/sessions.service.js';
import { DEMO_ARTICLES, DEMO_CHANNELS, DEMO_DRAFTS, DEMO_OWN_ARTICLES, DEMO_PASSWORD, DEMO_WRITERS, type DemoArticle } from './demo-content.js';
import { seedDemoImages } from '../features/media/demo-images.js';
import { seedDemoReactions } from '../features/reactions/demo-reactions.js';
import { seedDemoComments } from '../features/comments/demo-comments.js';

export const DEMO_ACCOUNT = { username: 'demo', password: DEMO_PASSWORD } as const;

type SeedContext = AppContext;

/** The category and location trees are part of the product, loaded into any empty database. */
export async function seedFixtures(ctx: Pick<AppContext, 'categories' | 'locations'>, log?: FastifyBaseLogger): Promise<void> {
  if ((await ctx.categories.count()) === 0) {
    const n = await ctx.categories.load(CATEGORY_FIXTURES);
    log?.info(`loaded ${n} categories`);
  }
  if ((await ctx.locations.count()) === 0) {
    const n = await ctx.locations.load(LOCATION_FIXTURES);
    log?.info(`loaded ${n} locations`);
  }
}

function cityCoordinates(): Map<string, { lat: number; lng: number }> {
  const out = new Map<string, { lat: number; lng: number }>();
  const visit = (nodes: LocationFixture[]) =>
    nodes.forEach((node) => {
      if (node.type === 'city' && node.lat !== undefined && node.lng !== undefined) out.set(node.name, { lat: node.lat, lng: node.lng });
      if (node.children) visit(node.children);
    });
  visit(LOCATION_FIXTURES);
  return out;
}

const asSessionUser = (row: { id: number; username: string }): SessionUser => ({
  sessionId: 'seed',
  id: row.id,
  username: row.username,
  description: null,
  isAdmin: false,
  hasPassword: true,
  createdAt: new Date().toISOString(),
});

/**
 * Demo content so a newcomer's first look is not blank: writers, channels, articles spread over the
 * last five weeks, subscriptions and views. Only ever into a database with no users. Everything goes
 * through the services, so counters and sanitizing are the real ones.
 */
export async function seedDemo(ctx: SeedContext, log?: FastifyBaseLogger): Promise<boolean> {
  if ((await ctx.users.count()) > 0) return false;
  const start = Date.now() - 35 * 24 * 60 * 60 * 1000;
  let clock = start;
  const now = () => clock;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const users = new Map<string, SessionUser>();
  for (const username of ['demo', ...DEMO_WRITERS]) {
    const row = await ctx.users.insert({ username, passwordHash, now: clock });
    if (row) users.set(username, asSessionUser(row));
  }

  const channels = createChannelsService(ctx.channelsRepository, ctx.subscriptions, now);
  const articles = createArticlesService({ ...ctx.articlesDeps, written: undefined, onImagesReleased: undefined, now });

  const channelIds = new Map<string, number>();
  for (const channel of DEMO_CHANNELS) {
    clock += 60_000;
    const created = await channels.create(users.get(channel.owner)!, channel);
    channelIds.set(channel.name, created.id);
  }

  const { paths } = await ctx.categories.index();
  const byPath = new Map([...paths].map(([id, path]) => [path.toLowerCase(), id]));
  const byLeaf = new Map([...paths].map(([id, path]) => [path.split(' > ').pop()!.toLowerCase(), id]));
  const resolveCategory = (path: string) =>
    byPath.get(path.toLowerCase()) ?? byLeaf.get(path.split(' > ').pop()!.toLowerCase()) ?? byPath.get(path.split(' > ')[0]!.toLowerCase());
  const coordinates = cityCoordinates();

  const write = async (demo: DemoArticle, status: 'published' | 'draft') => {
    const channelId = channelIds.get(demo.channel)!;
    const owner = users.get(DEMO_CHANNELS.find((c) => c.name === demo.channel)!.owner)!;
    // 'Edinburgh, United Kingdom' is the fixture city 'Edinburgh'.
    const place = demo.place ? coordinates.get(demo.place.split(', ')[0]!) : undefined;
    const article = await articles.create(owner, {
      title: demo.title,
      content: demo.html ?? demo.paragraphs.map((p) => `<p>${p}</p>`).join(''),
      channelId,
      categoryIds: [...new Set(demo.categories.map(resolveCategory).filter((id): id is number => id !== undefined))].slice(0, 3),
      location_name: demo.place,
      location_lat: place?.lat ?? null,
      location_lng: place?.lng ?? null,
      status,
    });
    return { id: article.id, owner: owner.id };
  };

  const published = [...DEMO_ARTICLES, ...DEMO_OWN_ARTICLES];
  const step = (Date.now() - start - 2 * 60 * 60 * 1000) / published.length;
  const created: { id: number; owner: number }[] = [];
  for (const [i, demo] of published.entries()) {
    clock = Math.round(start + (i + 1) * step);
    created.push(await write(demo, 'published'));
  }
  // The demo account's unfinished work, written in the last hour.
  const drafts: { id: number; owner: number }[] = [];
  for (const demo of DEMO_DRAFTS) {
    clock += 20 * 60 * 1000;
    drafts.push(await write(demo, 'draft'));
  }

  // The demo reader follows three channels, so 'Your Feed' has something in it.
  clock = Date.now();
  const demo = users.get('demo')!;
  for (const name of ['Coastal Dispatch', 'Matchday', 'The Culture Page']) await channels.subscribe(channelIds.get(name)!, demo);
  for (const writer of DEMO_WRITERS) {
    for (const [name, id] of channelIds) {
      const owner = DEMO_CHANNELS.find((c) => c.name === name)!.owner;
      if (owner !== writer && (name.length + writer.length) % 3 !== 0) await channels.subscribe(id, users.get(writer)!);
    }
  }

  // Views from a varying number of readers, so the view sort means something.
  for (const [i, article] of created.entries()) {
    const readers = 3 + ((i * 7) % 11);
    for (let r = 0; r < readers; r++) {
      await articles.recordView(article.id, { user: null, ip: `demo-${r}`, userAgent: `demo-reader-${r}` });
    }
  }

  // Reactions and comment threads, through their services so the counters are the real ones.
  await seedDemoReactions({ reactions: ctx.reactions, articles: ctx.articlesRepository }, [...users.values()], created);
  await seedDemoComments({ comments: ctx.commentsRepository, articles: ctx.articlesRepository }, users, created.map((a) => a.id));

  // Pictures drawn locally (nothing downloaded), through the real image pipeline and storage.
  const pictures =
    (await seedDemoImages(
      ctx.media,
      created.map((a, i) => ({ ...a, title: published[i]!.title, place: published[i]!.place })),
      [...users.values()],
    )) +
    (await seedDemoImages(
      ctx.media,
      drafts.map((a, i) => ({ ...a, title: DEMO_DRAFTS[i]!.title, place: DEMO_DRAFTS[i]!.place })),
      [...users.values()],
    ));
  log?.info(`${pictures} demo images stored`);

  log?.info(`demo content loaded; sign in as "${DEMO_ACCOUNT.username}" with password "${DEMO_ACCOUNT.password}"`);
  return true;
}

/** ADMIN_USERNAMES: granted at every start-up (never revoked by it). */
export async function applyAdminUsernames(ctx: Pick<AppContext, 'users'>, usernames: string[], log?: FastifyBaseLogger): Promise<void> {
  for (const username of usernames) {
    const found = await ctx.users.setAdmin(username, true);
    if (found) log?.info(`admin granted to ${username}`);
    else log?.warn(`ADMIN_USERNAMES names "${username}", but no such user exists yet`);
  }
}
