import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ANALYTICS_CSV_HEADER, type ChannelAnalytics } from '../../../contract/analytics.js';
import { createAnalyticsRepository } from './analytics.repository.js';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

const DAY_MS = 86_400_000;
const today = () => Math.floor(Date.now() / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

async function channelWithArticles(t: TestApp, count: number) {
  const owner = await signedInClient(t, 'owner');
  const channel = await owner.client.post('/api/channels', { name: `Figures ${owner.username}`.slice(0, 80), description: 'Numbers every morning' });
  expect(channel.statusCode).toBe(201);
  const articles: { id: number; slug: string }[] = [];
  for (let i = 0; i < count; i++) {
    const article = await owner.client.post('/api/articles', { title: `Story ${i + 1}`, content: '<p>Body</p>', channelId: channel.json().id });
    expect(article.statusCode).toBe(201);
    articles.push(article.json());
  }
  return { owner, channelId: channel.json().id as number, articles };
}

/** A signed-in client made without the password hashing of registration: fast enough for a crowd. */
async function quickReader(t: TestApp, n: number): Promise<{ client: TestClient; id: number }> {
  const row = await t.ctx.users.insert({ username: `fig_${process.pid}_${Date.now()}_${n}`, passwordHash: null, now: Date.now() });
  const { token } = await t.ctx.sessions.start(row!.id);
  const client = new TestClient(() => t.app);
  client.cookie = `broadsheet_session=${token}`;
  return { client, id: row!.id };
}

async function adminClient(t: TestApp) {
  const admin = await signedInClient(t, 'admin');
  await t.ctx.users.setAdmin(admin.username, true);
  return admin;
}

type Figures = { views: number; signed_in_views: number; likes: number; dislikes: number; comments: number };

/** Per day, the channel's figures counted from the raw rows (views, reactions, comments). */
async function recount(t: TestApp, channelId: number): Promise<Map<number, Figures>> {
  const db = t.database.db;
  const out = new Map<number, Figures>();
  const at = (day: number) => {
    let f = out.get(day);
    if (!f) out.set(day, (f = { views: 0, signed_in_views: 0, likes: 0, dislikes: 0, comments: 0 }));
    return f;
  };
  const dayOf = (column: string) => sql<number>`cast(${sql.ref(column)} / ${DAY_MS} as integer)`;
  const views = await db
    .selectFrom('article_views')
    .innerJoin('articles', 'articles.id', 'article_views.article_id')
    .select(['article_views.day', 'article_views.viewer_key'])
    .where('articles.channel_id', '=', channelId)
    .execute();
  for (const v of views) {
    at(v.day).views++;
    if (v.viewer_key.startsWith('u:')) at(v.day).signed_in_views++;
  }
  const reactions = await db
    .selectFrom('reactions')
    .innerJoin('articles', 'articles.id', 'reactions.article_id')
    .select([dayOf('reactions.created_at').as('day'), 'reactions.is_like'])
    .where('articles.channel_id', '=', channelId)
    .execute();
  for (const r of reactions) at(Number(r.day))[r.is_like === 1 ? 'likes' : 'dislikes']++;
  const comments = await db
    .selectFrom('comments')
    .innerJoin('articles', 'articles.id', 'comments.article_id')
    .select(dayOf('comments.created_at').as('day'))
    .where('articles.channel_id', '=', channelId)
    .where('comments.deleted', '=', 0)
    .execute();
  for (const c of comments) at(Number(c.day)).comments++;
  return out;
}

/** The channel's rollups, per day, without the empty ones. */
async function rollups(t: TestApp, channelId: number): Promise<Map<number, Figures>> {
  const rows = await t.database.db
    .selectFrom('channel_days')
    .select(['day', 'views', 'signed_in_views', 'likes', 'dislikes', 'comments'])
    .where('channel_id', '=', channelId)
    .execute();
  const out = new Map<number, Figures>();
  for (const { day, ...f } of rows) if (Object.values(f).some((v) => v !== 0)) out.set(day, f);
  return out;
}

/** The per-article days of a channel summed per day: they must add up to the channel's days. */
async function articleRollups(t: TestApp, channelId: number): Promise<Map<number, Figures>> {
  const rows = await t.database.db
    .selectFrom('article_view_days')
    .select(['day', 'views', 'signed_in_views', 'likes', 'dislikes', 'comments'])
    .where('channel_id', '=', channelId)
    .execute();
  const out = new Map<number, Figures>();
  for (const { day, ...f } of rows) {
    const sum = out.get(day) ?? { views: 0, signed_in_views: 0, likes: 0, dislikes: 0, comments: 0 };
    for (const k of Object.keys(f) as (keyof Figures)[]) sum[k] += f[k];
    out.set(day, sum);
  }
  for (const [day, f] of out) if (Object.values(f).every((v) => v === 0)) out.delete(day);
  return out;
}

const sorted = (m: Map<number, Figures>) => [...m.entries()].sort(([a], [b]) => a - b);

describe.each(testDatabases())('channel analytics on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('answers only the owner and admins: 401 signed out, 403 with the permission message to a stranger, 404 for no channel', async () => {
    const { owner, channelId } = await channelWithArticles(t, 1);
    const stranger = await signedInClient(t, 'stranger');
    const admin = await adminClient(t);

    for (const path of [`/api/channels/${channelId}/analytics`, `/api/channels/${channelId}/analytics.csv`]) {
      const signedOut = await anonymous().get(`${path}?period=nonsense`);
      expect(signedOut.statusCode).toBe(401);
      const refused = await stranger.client.get(path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: "You don't have permission to view this page" });
      expect((await owner.client.get(path)).statusCode).toBe(200);
      expect((await admin.client.get(path)).statusCode).toBe(200);
    }
    const missing = await owner.client.get('/api/channels/999999/analytics');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Channel not found' });
    const badPeriod = await owner.client.get(`/api/channels/${channelId}/analytics?period=12`);
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().error).toMatch(/period/);
    const ok = await owner.client.get(`/api/channels/${channelId}/analytics`);
    expect(ok.headers['cache-control']).toBe('private, no-store');

    expect((await anonymous().get('/api/admin/analytics')).statusCode).toBe(401);
    const notAdmin = await owner.client.get('/api/admin/analytics.csv');
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ error: 'Forbidden: Admin access required' });
    const site = await admin.client.get('/api/admin/analytics?period=7');
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({ channel: null, period: '7' });
  });

  it('keeps every figure equal to a recount of the raw rows after a burst of concurrent events', async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 3);
    const readers = await Promise.all(Array.from({ length: 40 }, (_, i) => quickReader(t, i)));
    const firstComments = await Promise.all(
      readers.slice(0, 10).map((r, i) => r.client.post(`/api/articles/${articles[i % 3]!.id}/comments`, { content: `Early ${i}`, parent_id: null })),
    );
    expect(firstComments.map((c) => c.statusCode)).toEqual(new Array(10).fill(201));

    const burst: Promise<{ statusCode: number }>[] = [];
    readers.forEach((reader, i) => {
      const article = articles[i % 3]!;
      burst.push(reader.client.post(`/api/articles/${article.id}/view`, { referrer: i % 2 ? 'https://search.example/?q=x' : null }));
      // Likes, takes back, switches: the same reader's requests race each other too.
      for (const isLike of [[true], [true, true], [true, false], [false, true, true]][i % 4]!) {
        burst.push(reader.client.post(`/api/articles/${article.id}/reactions`, { isLike }));
      }
      burst.push(reader.client.post(`/api/articles/${articles[(i + 1) % 3]!.id}/comments`, { content: `Burst ${i}`, parent_id: null }));
      burst.push(reader.client.post(`/api/channels/${channelId}/subscribe`));
      if (i % 3 === 0) burst.push(reader.client.delete(`/api/channels/${channelId}/subscribe`));
      // Anonymous readers, each a different browser.
      burst.push(
        t.app.inject({ method: 'POST', url: `/api/articles/${article.id}/view`, headers: { 'user-agent': `Browser ${i}` }, payload: { referrer: 'news.example.org' } }),
      );
    });
    firstComments.forEach((c, i) => {
      if (i % 2 === 0) burst.push(readers[i]!.client.delete(`/api/comments/${c.json().id}`));
    });
    const answers = await Promise.all(burst);
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);

    const counted = await recount(t, channelId);
    expect(sorted(await rollups(t, channelId))).toEqual(sorted(counted));
    expect(sorted(await articleRollups(t, channelId))).toEqual(sorted(counted));

    const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=7`)).json() as ChannelAnalytics;
    const all = [...counted.values()].reduce(
      (s, f) => ({ views: s.views + f.views, signed: s.signed + f.signed_in_views, likes: s.likes + f.likes, dislikes: s.dislikes + f.dislikes, comments: s.comments + f.comments }),
      { views: 0, signed: 0, likes: 0, dislikes: 0, comments: 0 },
    );
    expect(report.totals).toMatchObject({ views: all.views, signedInViews: all.signed, likes: all.likes, dislikes: all.dislikes, comments: all.comments });
    expect(report.totals.views).toBe(80);
    expect(report.readers).toEqual({ signedIn: 40, anonymous: 40 });
    const subscribers = Number(
      (await t.database.db.selectFrom('subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow()).n,
    );
    expect(report.totals.subscribed - report.totals.unsubscribed).toBe(subscribers);
    // Every reader subscribed once; a third also unsubscribed, racing the subscription (so 0 to 14 of those happened).
    expect(report.totals.subscribed).toBe(40);
    expect(report.totals.unsubscribed).toBeLessThanOrEqual(14);
    // Referrers: hosts only.
    expect(report.referrers).toEqual([
      { host: 'news.example.org', views: 40 },
      { host: 'search.example', views: 20 },
    ]);
    expect(report.direct).toBe(20);
    const hosts = await t.database.db.selectFrom('channel_referrer_days').select('host').where('channel_id', '=', channelId).execute();
    expect(hosts.map((h) => h.host).sort()).toEqual(['news.example.org', 'search.example']);
    // Top articles carry their figure and a trend with one point per day of the week.
    expect(report.topArticles.views.map((a) => a.value).reduce((a, b) => a + b, 0)).toBe(80);
    expect(report.topArticles.views[0]!.trend).toHaveLength(7);
    expect(report.topArticles.views[0]!.trend.at(-1)).toBe(report.topArticles.views[0]!.value);
  });

  it('counts reactions and comments on the day they were made, moving them as they are taken back or switched', async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 1);
    const article = articles[0]!;
    const reader = await quickReader(t, 1000);
    const day = today();
    const at = (d: number) => d * DAY_MS + 3_600_000;
    // Liked five days ago, switched to a dislike two days ago; another like four days ago taken back today.
    await t.ctx.reactions.react(reader.id, article.id, true, at(day - 5));
    await t.ctx.reactions.react(reader.id, article.id, false, at(day - 2));
    const other = await quickReader(t, 1001);
    await t.ctx.reactions.react(other.id, article.id, true, at(day - 4));
    await t.ctx.reactions.react(other.id, article.id, true, at(day));
    // A comment three days ago, deleted today; one yesterday kept.
    const gone = await t.ctx.commentsRepository.insert({ articleId: article.id, userId: reader.id, parentId: null, content: 'Gone', now: at(day - 3), duplicateSince: at(day - 3) - 10_000 });
    await t.ctx.commentsRepository.insert({ articleId: article.id, userId: reader.id, parentId: null, content: 'Kept', now: at(day - 1), duplicateSince: at(day - 1) - 10_000 });
    expect(gone.ok && (await t.ctx.commentsRepository.remove(gone.row.id))).toBe(true);
    // Subscribed six days ago, left yesterday.
    await t.ctx.subscriptions.subscribe(reader.id, channelId, at(day - 6));
    await t.ctx.subscriptions.unsubscribe(reader.id, channelId, at(day - 1));

    expect(sorted(await rollups(t, channelId))).toEqual(sorted(await recount(t, channelId)));
    const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=7`)).json() as ChannelAnalytics;
    expect(report.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => dateOf(day - 6 + i)));
    const on = (d: number) => report.days.find((x) => x.date === dateOf(d))!;
    expect(on(day - 5)).toMatchObject({ likes: 0, dislikes: 0 });
    expect(on(day - 4)).toMatchObject({ likes: 0 });
    expect(on(day - 2)).toMatchObject({ dislikes: 1 });
    expect(on(day - 3)).toMatchObject({ comments: 0 });
    expect(on(day - 1)).toMatchObject({ comments: 1, unsubscribed: 1 });
    expect(on(day - 6)).toMatchObject({ subscribed: 1 });
    expect(report.totals).toMatchObject({ likes: 0, dislikes: 1, comments: 1, subscribed: 1, unsubscribed: 1 });
  });

  it('compares with the previous period and exports one CSV row per UTC day, empty days included', async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 1);
    const day = today();
    const readers = await Promise.all(Array.from({ length: 6 }, (_, i) => quickReader(t, 2000 + i)));
    // Two likes in the previous week (8 and 10 days ago), three this week.
    for (const [i, ago] of [10, 8, 3, 2, 0].entries()) await t.ctx.reactions.react(readers[i]!.id, articles[0]!.id, true, (day - ago) * DAY_MS + 1000);
    const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=7`)).json() as ChannelAnalytics;
    expect(report.totals.likes).toBe(3);
    expect(report.previous?.likes).toBe(2);
    expect(report.change.likes).toBe(50);
    expect(report.change.views).toBeNull();

    const csv = await owner.client.get(`/api/channels/${channelId}/analytics.csv?period=30`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="channel-\d+-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(ANALYTICS_CSV_HEADER.join(','));
    expect(lines).toHaveLength(31);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(Array.from({ length: 30 }, (_, i) => dateOf(day - 29 + i)));
    expect(lines.find((l) => l.startsWith(dateOf(day - 2)))).toBe(`${dateOf(day - 2)},0,0,0,1,0,0,0,0`);
    expect(lines.find((l) => l.startsWith(dateOf(day - 1)))).toBe(`${dateOf(day - 1)},0,0,0,0,0,0,0,0`);

    // All time starts at the channel's first day (today for a new channel, with older likes before it).
    const all = (await owner.client.get(`/api/channels/${channelId}/analytics?period=all`)).json() as ChannelAnalytics;
    expect(all.previous).toBeNull();
    expect(all.from).toBe(dateOf(day - 10));
    expect(all.totals.likes).toBe(5);
  });

  it('shows admin boosts apart and never mixes them into the figures', async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 1);
    const reader = await quickReader(t, 3000);
    await reader.client.post(`/api/articles/${articles[0]!.id}/view`);
    await reader.client.post(`/api/articles/${articles[0]!.id}/reactions`, { isLike: true });
    const admin = await adminClient(t);
    expect((await admin.client.patch(`/api/admin-articles/${articles[0]!.id}`, { view_count: 500, like_count: 40 })).statusCode).toBe(200);
    expect((await admin.client.patch(`/api/admin-channels/${channelId}`, { subscriber_count: 70 })).statusCode).toBe(200);
    const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=7`)).json() as ChannelAnalytics;
    expect(report.totals).toMatchObject({ views: 1, likes: 1, subscribed: 0 });
    expect(report.boosts).toEqual({ views: 499, likes: 39, dislikes: 0, subscribers: 70 });
    const site = (await admin.client.get('/api/admin/analytics?period=7')).json() as ChannelAnalytics;
    expect(site.boosts.views).toBeGreaterThanOrEqual(499);
  });

  it('keeps only the host of a referrer, and takes views without a body as before', async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 1);
    const id = articles[0]!.id;
    const view = (ua: string, payload?: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/articles/${id}/view`, headers: { 'user-agent': ua }, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect((await view('a')).statusCode).toBe(200);
    expect((await view('b', { referrer: 'https://User:pw@Mail.Example.com:8443/inbox?token=secret#x' })).json()).toMatchObject({ counted: true });
    expect((await view('c', { referrer: 'not a host at all' })).statusCode).toBe(200);
    expect((await view('d', { referrer: 42 })).statusCode).toBe(400);
    const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=7`)).json() as ChannelAnalytics;
    expect(report.totals.views).toBe(3);
    expect(report.referrers).toEqual([{ host: 'mail.example.com:8443', views: 1 }]);
    expect(report.direct).toBe(2);
  });

  it('takes a deleted article out of its channel figures, which still equal the recount', async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 2);
    const reader = await quickReader(t, 4000);
    for (const a of articles) {
      await reader.client.post(`/api/articles/${a.id}/view`);
      await reader.client.post(`/api/articles/${a.id}/reactions`, { isLike: false });
      await reader.client.post(`/api/articles/${a.id}/comments`, { content: 'Hm', parent_id: null });
    }
    expect((await owner.client.delete(`/api/articles/${articles[0]!.id}`)).statusCode).toBeLessThan(300);
    expect(sorted(await rollups(t, channelId))).toEqual(sorted(await recount(t, channelId)));
    const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=7`)).json() as ChannelAnalytics;
    expect(report.totals).toMatchObject({ views: 1, dislikes: 1, comments: 1 });
    expect(report.topArticles.comments.map((a) => a.id)).toEqual([articles[1]!.id]);
  });
  it("ranks a period's top articles exactly as summing every article's days would, however the all-time leaders did in it", async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 40);
    // Half a year of history written as the rollups and counters keep it: each article's counters
    // are the sums of its days. Some articles were big long ago and quiet lately; figures repeat
    // so that ties are ranked newest first.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const day0 = today();
    const days: { article_id: number; channel_id: number; day: number; views: number; signed_in_views: number; likes: number; dislikes: number; comments: number }[] = [];
    for (const [i, article] of articles.entries()) {
      const oldStar = i % 7 === 0;
      const totals = { views: 0, likes: 0, dislikes: 0, comments: 0 };
      for (let back = 0; back < 180; back++) {
        if (random() > (oldStar ? 0.2 : 0.08)) continue;
        if (oldStar && back < 100) continue;
        const figures = { views: oldStar ? 50 + Math.floor(random() * 5) : Math.floor(random() * 4), likes: Math.floor(random() * 3), dislikes: Math.floor(random() * 2), comments: Math.floor(random() * 2) };
        days.push({ article_id: article.id, channel_id: channelId, day: day0 - back, signed_in_views: 0, ...figures });
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += figures[key];
      }
      await t.database.db
        .updateTable('articles')
        .set({ view_count: totals.views, like_count: totals.likes, dislike_count: totals.dislikes, comment_count: totals.comments })
        .where('id', '=', article.id)
        .execute();
    }
    await t.database.db.deleteFrom('article_view_days').where('channel_id', '=', channelId).execute();
    for (let i = 0; i < days.length; i += 200) await t.database.db.insertInto('article_view_days').values(days.slice(i, i + 200)).execute();
    // The channel's days are their sums (all time starts at the channel's first day with figures).
    const channelDays = new Map<number, { views: number; likes: number; dislikes: number; comments: number }>();
    for (const d of days) {
      const sum = channelDays.get(d.day) ?? { views: 0, likes: 0, dislikes: 0, comments: 0 };
      for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += d[key];
      channelDays.set(d.day, sum);
    }
    await t.database.db.deleteFrom('channel_days').where('channel_id', '=', channelId).execute();
    await t.database.db
      .insertInto('channel_days')
      .values([...channelDays].map(([day, sum]) => ({ channel_id: channelId, day, signed_in_views: 0, subscribed: 0, unsubscribed: 0, ...sum })))
      .execute();

    const expected = (from: number, metric: 'views' | 'reactions' | 'comments') => {
      const sums = new Map<number, number>();
      for (const d of days) {
        if (d.day < from) continue;
        const value = metric === 'views' ? d.views : metric === 'reactions' ? d.likes + d.dislikes : d.comments;
        sums.set(d.article_id, (sums.get(d.article_id) ?? 0) + value);
      }
      return [...sums]
        .filter(([, v]) => v > 0)
        .sort(([a, x], [b, y]) => y - x || b - a)
        .slice(0, 5)
        .map(([id, value]) => ({ id, value }));
    };
    for (const period of ['7', '30', '90', 'all'] as const) {
      const report = (await owner.client.get(`/api/channels/${channelId}/analytics?period=${period}`)).json() as ChannelAnalytics;
      const from = period === 'all' ? 0 : day0 - Number(period) + 1;
      for (const metric of ['views', 'reactions', 'comments'] as const) {
        expect(
          report.topArticles[metric].map((a) => ({ id: a.id, value: a.value })),
          `${period} ${metric}`,
        ).toEqual(expected(from, metric));
      }
    }
    // The old stars lead all time but not the last 30 days: a walk that may look at only two
    // articles cannot settle the month, and says so (the service then sums every article's days).
    const repository = createAnalyticsRepository(t.database.db);
    expect(await repository.topInChannel(channelId, 'views', day0 - 29, day0, 5, 2)).toBeUndefined();
    expect(await repository.topInChannel(channelId, 'views', day0 - 29, day0, 5)).toEqual(expected(day0 - 29, 'views'));
  });

});

describe('the analytics page, server-rendered', () => {
  const t = useTestApp('sqlite', {}, { webRoot: builtWebRoot() });
  const reportIn = (html: string) => {
    const state = JSON.parse(/<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html)![1]!);
    return state.queries.queries.find((q: { queryKey: unknown[] }) => q.queryKey[0] === 'analytics')?.state.data as ChannelAnalytics | undefined;
  };

  it("sends the owner the period's figures in the HTML, and a stranger none of them", async () => {
    const { owner, channelId, articles } = await channelWithArticles(t, 2);
    for (const reader of [owner.client, anonymousOf(t), anonymousOf(t)]) {
      expect((await reader.request({ method: 'POST', url: `/api/articles/${articles[1]!.id}/view`, headers: { 'x-forwarded-for': `10.0.0.${Math.random()}` } })).statusCode).toBeLessThan(300);
    }
    const page = await owner.client.get(`/channels/${channelId}/analytics?period=7`);
    expect(page.statusCode).toBe(200);
    const report = reportIn(page.body);
    expect(report).toMatchObject({ period: '7', channel: { id: channelId } });
    expect(report!.totals.views).toBeGreaterThan(0);
    const root = page.body.slice(page.body.indexOf('<div id="root">')).replaceAll('<!-- -->', '');
    expect(root).toContain('by UTC day, compared with the previous 7 days');
    expect(root).toContain('Story 2');

    const stranger = await signedInClient(t, 'stranger');
    const refused = await stranger.client.get(`/channels/${channelId}/analytics?period=7`);
    // The refusal the API answers a stranger, with the product's words in the page itself.
    expect(refused.statusCode).toBe(403);
    expect(reportIn(refused.body)).toBeUndefined();
    expect(refused.body).not.toContain('Story 2');
    expect(refused.body).toContain("You don&#x27;t have permission");
  });
});

function anonymousOf(t: TestApp) {
  return new TestClient(() => t.app);
}
