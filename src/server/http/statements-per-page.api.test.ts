import { describe, expect, it } from 'vitest';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/**
 * The performance guard that runs in `npm test`: the number of SQL statements behind a
 * feed page, an article page and a channel page does not grow with the number of rows shown. A
 * statement per row (N+1) would make these counts grow with the page size.
 */
describe.each(testDatabases())('SQL statements per page on %s', (kind) => {
  let statements = 0;
  const t = useTestApp(kind, {}, { onQuery: () => void statements++ });

  async function count(run: () => Promise<unknown>): Promise<number> {
    statements = 0;
    await run();
    return statements;
  }

  it('is constant in the page size for the feed, an article, a channel and its lists', async () => {
    await t.ctx.imports.stopRunner(); // its polling statements are nobody's page
    const author = await signedInClient(t, 'perf');
    const reader = await signedInClient(t, 'perfreader');
    const channel = (await author.client.post('/api/channels', { name: 'Perf Desk', description: 'Numbers' })).json();
    await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    const categories = (await author.client.get('/api/categories')).json();
    for (let i = 0; i < 40; i++) {
      await author.client.post('/api/articles', {
        title: `Perf story ${i}`,
        content: `<p>Body ${i}</p>`,
        channelId: channel.id,
        categoryIds: [categories[i % 3].id, categories[(i + 1) % 3].id],
        location_name: i % 2 ? 'London' : 'Paris',
      });
    }
    const anonymous = new TestClient(() => t.app);
    await anonymous.get('/api/categories'); // warm the process-wide category cache

    const feedSmall = await count(() => anonymous.get('/api/articles?limit=5'));
    const feedLarge = await count(() => anonymous.get('/api/articles?limit=40'));
    expect(feedLarge).toBe(feedSmall);
    expect(feedSmall).toBeLessThanOrEqual(2);

    const signedSmall = await count(() => reader.client.get('/api/articles?limit=5&sort=likes'));
    const signedLarge = await count(() => reader.client.get('/api/articles?limit=40&sort=likes'));
    expect(signedLarge).toBe(signedSmall);

    const channelArticles = await count(() => anonymous.get(`/api/channels/${channel.id}/articles`));
    expect(channelArticles).toBeLessThanOrEqual(3);
    const tableSmall = await count(() => anonymous.get(`/api/channels/${channel.id}/article-rows?limit=5&sort=category`));
    const tableLarge = await count(() => anonymous.get(`/api/channels/${channel.id}/article-rows?limit=40&sort=category`));
    expect(tableLarge).toBe(tableSmall);
    expect(tableSmall).toBeLessThanOrEqual(3);
    const channelsSmall = await count(() => reader.client.get('/api/channels?limit=1'));
    const channelsLarge = await count(() => reader.client.get('/api/channels?limit=50'));
    expect(channelsLarge).toBe(channelsSmall);

    const feed = (await anonymous.get('/api/articles?limit=1')).json();
    const articleId = feed.items[0].id;
    const articlePage = await count(() => reader.client.get(`/api/articles/${articleId}`));
    expect(articlePage).toBeLessThanOrEqual(4);
  });
});

/** The server-rendered pages (docs/decisions/008-one-render-path.md) load their data with the same constant counts. */
describe.each(testDatabases())('SQL statements per server-rendered page on %s', (kind) => {
  let statements = 0;
  const t = useTestApp(kind, {}, { webRoot: builtWebRoot(), onQuery: () => void statements++ });

  // The fewest of three visits: a background timer (a scheduler tick, a queue's poll) that fires during
  // one visit adds its statements to that visit only, while a page that grows costs more on every visit.
  async function count(run: () => Promise<{ statusCode: number }>): Promise<number> {
    const seen: number[] = [];
    for (let visit = 0; visit < 3; visit++) {
      statements = 0;
      const response = await run();
      expect(response.statusCode).toBe(200);
      seen.push(statements);
    }
    return Math.min(...seen);
  }

  it('does not grow with the number of articles or comments shown', async () => {
    // The import runner polls the database every few seconds; its statements are nobody's page.
    await t.ctx.imports.stopRunner();
    const author = await signedInClient(t, 'pageperf');
    const channel = (await author.client.post('/api/channels', { name: 'Page Perf Desk', description: 'Numbers' })).json();
    const publish = (i: number) => author.client.post('/api/articles', { title: `Page story ${i}`, content: `<p>Body ${i}</p>`, channelId: channel.id });
    const first = (await publish(0)).json();
    const anonymous = new TestClient(() => t.app);
    const counts = async () => ({
      home: await count(() => anonymous.get('/')),
      signedInHome: await count(() => author.client.get('/')),
      article: await count(() => anonymous.get(`/articles/${first.id}`)),
      explore: await count(() => anonymous.get('/channels')),
      channel: await count(() => author.client.get(`/channels/${channel.id}`)),
      profile: await count(() => author.client.get('/profile')),
    });
    // A first visit of each page fills process-wide caches (categories, settings) once; what is held is
    // that a later visit costs the same with 30 articles and 15 comments as with one.
    await counts();
    const few = await counts();
    for (let i = 1; i < 30; i++) await publish(i);
    for (let i = 0; i < 15; i++) await author.client.post(`/api/articles/${first.id}/comments`, { content: `Comment ${i}` });
    const many = await counts();
    expect(many).toEqual(few);
    expect(few.home).toBeLessThanOrEqual(6);
    expect(few.article).toBeLessThanOrEqual(6);
  });
});
