import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp, type TestApp, type TestClient } from '../../../test-support/test-app.js';

type Facets = { categories: { id: number; name: string; count: number }[]; locations: { name: string; count: number }[]; channels: { id: number; name: string; count: number }[] };

/** The counts as a GROUP BY over the published articles would give them: what the kept ones must equal. */
async function countedFromArticles(t: TestApp) {
  const db = t.ctx.db;
  const categories = await sql<{ channel_id: number; category_id: number; n: number }>`select a.channel_id, ac.category_id, count(*) as n
    from article_categories ac join articles a on a.id = ac.article_id where a.published = 1 group by a.channel_id, ac.category_id`.execute(db);
  const locations = await sql<{ channel_id: number; location_name: string; n: number }>`select channel_id, location_name, count(*) as n
    from articles where published = 1 and location_name is not null group by channel_id, location_name`.execute(db);
  const authors = await sql<{ channel_id: number; user_id: number; n: number }>`select channel_id, user_id, count(*) as n
    from articles where published = 1 group by channel_id, user_id`.execute(db);
  const categoryTotals = await sql<{ category_id: number; n: number }>`select ac.category_id, count(*) as n
    from article_categories ac join articles a on a.id = ac.article_id where a.published = 1 group by ac.category_id`.execute(db);
  const locationTotals = await sql<{ location_name: string; n: number }>`select location_name, count(*) as n
    from articles where published = 1 and location_name is not null group by location_name`.execute(db);
  const key = (row: Record<string, unknown>) => Object.values(row).map(String).join(':');
  const keys = (rows: Record<string, unknown>[]) => rows.map((r) => key({ ...r, n: Number(r.n) })).sort();
  return {
    categories: keys(categories.rows),
    locations: keys(locations.rows),
    authors: keys(authors.rows),
    categoryTotals: keys(categoryTotals.rows),
    locationTotals: keys(locationTotals.rows),
  };
}

async function kept(t: TestApp) {
  const db = t.ctx.db;
  const key = (row: Record<string, unknown>) => Object.values(row).map(String).join(':');
  const categories = await db.selectFrom('published_category_counts').select(['channel_id', 'category_id', 'article_count as n']).where('article_count', '>', 0).execute();
  const locations = await db.selectFrom('published_location_counts').select(['channel_id', 'location_name', 'article_count as n']).where('article_count', '>', 0).execute();
  const authors = await db.selectFrom('published_author_counts').select(['channel_id', 'user_id', 'article_count as n']).where('article_count', '>', 0).execute();
  const categoryTotals = await db.selectFrom('published_category_totals').select(['category_id', 'article_count as n']).where('article_count', '>', 0).execute();
  const locationTotals = await db.selectFrom('published_location_totals').select(['location_name', 'article_count as n']).where('article_count', '>', 0).execute();
  return {
    categories: categories.map(key).sort(),
    locations: locations.map(key).sort(),
    authors: authors.map(key).sort(),
    categoryTotals: categoryTotals.map(key).sort(),
    locationTotals: locationTotals.map(key).sort(),
  };
}

describe.each(testDatabases())('the counts kept of published articles on %s', (kind) => {
  const t = useTestApp(kind, { SCHEDULER_INTERVAL_MS: '10000' });

  async function categoryIds(client: TestClient): Promise<number[]> {
    const tree = (await client.get('/api/categories')).json() as { id: number }[];
    return tree.slice(0, 3).map((c) => c.id);
  }

  it('gives a reader the filter choices of their channels as articles are published, edited, scheduled, removed, unpublished and deleted', async () => {
    const owner = await signedInClient(t, 'counts');
    const reader = await signedInClient(t, 'countreader');
    const channel = (await owner.client.post('/api/channels', { name: 'Counting Desk', description: 'Counts' })).json() as { id: number };
    expect((await reader.client.post(`/api/channels/${channel.id}/subscribe`)).statusCode).toBe(200);
    const [c1, c2, c3] = await categoryIds(owner.client);
    const facets = async () => (await reader.client.get('/api/articles/facets')).json() as Facets;
    const choices = async () => {
      const f = await facets();
      return { categories: f.categories.map((c) => [c.id, c.count]), locations: f.locations.map((l) => [l.name, l.count]), channels: f.channels.map((c) => [c.id, c.count]) };
    };
    const write = async (body: object) => {
      const created = await owner.client.post('/api/articles', { content: '<p>Counted text.</p>', channelId: channel.id, ...body });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };

    expect(await choices()).toEqual({ categories: [], locations: [], channels: [] });
    const first = await write({ title: 'First', categoryIds: [c1, c2], location_name: 'Lisbon' });
    const second = await write({ title: 'Second', categoryIds: [c1], status: 'draft' });
    expect(await choices()).toEqual({ categories: [[c1, 1], [c2, 1]], locations: [['Lisbon', 1]], channels: [[channel.id, 1]] });

    // A draft counts once it is published.
    expect((await owner.client.post(`/api/articles/${second}/toggle-status`)).json()).toMatchObject({ published: true });
    expect(await choices()).toEqual({ categories: [[c1, 2], [c2, 1]], locations: [['Lisbon', 1]], channels: [[channel.id, 2]] });

    // An edit moves the counts to its new categories and place.
    const edited = await owner.client.patch(`/api/articles/${first}`, { title: 'First', content: '<p>Counted text.</p>', channelId: channel.id, categoryIds: [c2, c3], location_name: 'Porto' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await choices()).toEqual({ categories: [[c1, 1], [c2, 1], [c3, 1]], locations: [['Porto', 1]], channels: [[channel.id, 2]] });

    // Published on schedule by the scheduler.
    const scheduled = await write({ title: 'Later', categoryIds: [c3], location_name: 'Porto', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await choices()).locations).toEqual([['Porto', 1]]);
    await t.ctx.db.updateTable('articles').set({ publish_at: Date.now() - 1000 }).where('id', '=', scheduled).execute();
    await t.ctx.scheduler.run();
    expect(await choices()).toEqual({ categories: [[c3, 2], [c1, 1], [c2, 1]], locations: [['Porto', 2]], channels: [[channel.id, 3]] });

    // Removed by the channel's owner on a reader's report: out of the counts.
    expect((await reader.client.post('/api/reports', { targetType: 'article', targetId: scheduled, reason: 'misinformation' })).statusCode).toBe(201);
    const removed = await owner.client.post('/api/moderation/reports/resolve', { targetType: 'article', targetId: scheduled, action: 'remove', reason: 'Wrong figures' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await choices()).toEqual({ categories: [[c1, 1], [c2, 1], [c3, 1]], locations: [['Porto', 1]], channels: [[channel.id, 2]] });

    // Unpublished, then deleted.
    expect((await owner.client.post(`/api/articles/${first}/toggle-status`)).json()).toMatchObject({ published: false });
    expect(await choices()).toEqual({ categories: [[c1, 1]], locations: [], channels: [[channel.id, 1]] });
    expect((await owner.client.delete(`/api/articles/${second}`)).statusCode).toBe(204);
    expect(await choices()).toEqual({ categories: [], locations: [], channels: [] });

    // Whatever the path, the kept counts are those a count of the articles gives.
    expect(await kept(t)).toEqual(await countedFromArticles(t));
  });

  it('keeps the anonymous choices over every channel, most articles first', async () => {
    const owner = await signedInClient(t, 'everyone');
    const [c1, c2] = await categoryIds(owner.client);
    const channels: { id: number }[] = [];
    for (const name of ['North Desk', 'South Desk']) channels.push((await owner.client.post('/api/channels', { name, description: 'Desk' })).json() as { id: number });
    for (const [index, channel] of channels.entries()) {
      for (let i = 0; i <= index; i++) {
        const created = await owner.client.post('/api/articles', { title: `Story ${index}-${i}`, content: '<p>Text.</p>', channelId: channel.id, categoryIds: i === 0 ? [c1] : [c2], location_name: 'Quito' });
        expect(created.statusCode).toBe(201);
      }
    }
    const anonymous = (await t.app.inject({ url: '/api/articles/facets' })).json() as Facets;
    const counted = await countedFromArticles(t);
    const sum = (rows: string[], match: (parts: string[]) => boolean) => rows.map((r) => r.split(':')).filter(match).reduce((total, parts) => total + Number(parts.at(-1)), 0);
    expect(anonymous.locations.find((l) => l.name === 'Quito')?.count).toBe(sum(counted.locations, (p) => p[1] === 'Quito'));
    expect(anonymous.categories.find((c) => c.id === c1)?.count).toBe(sum(counted.categories, (p) => p[1] === String(c1)));
    expect(anonymous.channels.filter((c) => channels.some((d) => d.id === c.id)).map((c) => [c.name, c.count])).toEqual([
      ['South Desk', 2],
      ['North Desk', 1],
    ]);
    const counts = anonymous.categories.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(await kept(t)).toEqual(await countedFromArticles(t));
  });

  it("lists in the sitemap an author's page while they have a published article, dated by its latest change", async () => {
    const author = await signedInClient(t, 'mapped');
    const channel = (await author.client.post('/api/channels', { name: 'Map Desk', description: 'Maps' })).json() as { id: number };
    const sitemap = async () => (await t.app.inject({ url: '/sitemap.xml' })).body;
    const lastmod = (body: string, path: string) => body.match(new RegExp(`<loc>[^<]*${path}</loc><lastmod>([^<]+)</lastmod>`))?.[1];
    expect(await sitemap()).not.toContain(`/users/${author.username}<`);

    const created = await author.client.post('/api/articles', { title: 'Mapped', content: '<p>Text.</p>', channelId: channel.id });
    const id = created.json().id as number;
    const body = await sitemap();
    const published = lastmod(body, `/users/${author.username}`);
    expect(published).toBeDefined();
    expect(lastmod(body, `/channels/${channel.id}`)).toBe(published);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await author.client.patch(`/api/articles/${id}`, { title: 'Mapped again', content: '<p>Text.</p>', channelId: channel.id })).statusCode).toBe(200);
    const edited = lastmod(await sitemap(), `/users/${author.username}`);
    expect(Date.parse(edited!)).toBeGreaterThan(Date.parse(published!));

    expect((await author.client.post(`/api/articles/${id}/toggle-status`)).json()).toMatchObject({ published: false });
    const after = await sitemap();
    expect(after).not.toContain(`/users/${author.username}<`);
    expect(after).not.toContain(`/channels/${channel.id}<`);
  });
});
