import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { createArticlesRepository, type FeedFilter } from './articles.repository.js';

/**
 * The newest-first search page of SQLite (articles.repository.ts, newestSearchPage) must answer
 * exactly what the full search answers, from the word index and from the trigram index alike; a
 * window of 3 makes every path of it run on a few rows.
 */
describe('newest-first search on SQLite', () => {
  const t = useTestApp('sqlite');

  it('answers the same first page as the full search, whatever the window and the order of dates', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Window Desk', description: 'd' })).json();
    const titles = ['Lantern fair opens', 'Quiet week', 'Lantern makers strike', 'Harbour news', 'Lantern prices rise', 'Lantern repair', 'Lanterns at dusk', 'Market day', 'Lantern museum', 'Old lantern found'];
    for (const title of titles) {
      const response = await author.client.post('/api/articles', { title, content: `<p>${title} in town.</p>`, channelId: channel.id });
      expect(response.statusCode).toBe(201);
    }
    const small = createArticlesRepository(t.database.db, 'sqlite', { searchWindow: 3 });
    const full = createArticlesRepository(t.database.db, 'sqlite', { searchWindow: 1_000_000 });
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const filters: FeedFilter[] = [
      { sort: 'createdAt', direction: 'desc', limit: 3, search: 'lantern' },
      { sort: 'createdAt', direction: 'desc', limit: 5, search: 'LANTERN' },
      { sort: 'createdAt', direction: 'desc', limit: 20, search: 'lantern' },
      { sort: 'createdAt', direction: 'desc', limit: 2, search: 'harbour' },
      { sort: 'createdAt', direction: 'desc', limit: 2, search: 'nothing like this' },
      // Text inside words: the trigram index's window.
      { sort: 'createdAt', direction: 'desc', limit: 3, search: 'antern' },
      { sort: 'createdAt', direction: 'desc', limit: 20, search: 'antern' },
    ];
    for (const filter of filters) expect(ids(await small.feed(filter))).toEqual(ids(await full.feed(filter)));

    // An older id with the newest date (a clock step back, an import): the check sees it.
    const oldest = (await full.feed({ sort: 'createdAt', direction: 'asc', limit: 1, search: 'lantern' }))[0]!;
    await t.database.db.updateTable('articles').set({ created_at: Date.now() + 60_000 }).where('id', '=', oldest.id).execute();
    const page = await small.feed({ sort: 'createdAt', direction: 'desc', limit: 3, search: 'lantern' });
    expect(page[0]!.id).toBe(oldest.id);
    expect(ids(page)).toEqual(ids(await full.feed({ sort: 'createdAt', direction: 'desc', limit: 3, search: 'lantern' })));
  });
});

/**
 * PostgreSQL's search page (articles.repository.ts, postgresSearchPage) tests the next rows of the
 * page's order one by one, then asks the search index for every match when they hold less than a
 * page. With 3 rows the second step runs for most terms, with a million never: both must answer
 * what the other does, in every order, on later pages and with other filters.
 */
describe.each(testDatabases().filter((kind) => kind === 'postgres'))('search pages on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers the same pages whether the rows tested one by one hold a page of matches or not', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Window Desk', description: 'd' })).json();
    const other = (await author.client.post('/api/channels', { name: 'Other Desk', description: 'd' })).json();
    const titles = ['Lantern fair opens', 'Quiet week', 'Harbour council meets', 'Lantern makers strike', 'Harbour news', 'Lantern prices rise', 'Council of the harbour', 'Lanterns at dusk', 'Market day', 'HARBOUR, council! again', 'Old lantern found'];
    for (const [i, title] of titles.entries()) {
      const response = await author.client.post('/api/articles', { title, content: `<p>Reported in town: ${title}.</p>`, channelId: i % 3 === 0 ? other.id : channel.id });
      expect(response.statusCode).toBe(201);
    }
    const few = createArticlesRepository(t.database.db, kind, { postgresSearchRows: 3 });
    const all = createArticlesRepository(t.database.db, kind, { postgresSearchRows: 1_000_000 });
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const searches = ['lantern', 'harbour council', 'harbour counc', 'antern', 'nothing like this'];
    for (const search of searches) {
      for (const sort of ['createdAt', 'likes', 'comments'] as const) {
        for (const direction of ['desc', 'asc'] as const) {
          const filter: FeedFilter = { sort, direction, limit: 2, search };
          const first = await all.feed(filter);
          expect(ids(await few.feed(filter)), `${search} ${sort} ${direction}`).toEqual(ids(first));
          const last = first.at(-1) as ({ id: number; sort_value: number } | undefined);
          if (last) {
            const next: FeedFilter = { ...filter, after: { value: Number(last.sort_value), id: last.id } };
            expect(ids(await few.feed(next)), `${search} ${sort} ${direction}, page 2`).toEqual(ids(await all.feed(next)));
          }
        }
      }
      const inChannel: FeedFilter = { sort: 'createdAt', direction: 'desc', limit: 2, search, channelIds: [channel.id] };
      expect(ids(await few.feed(inChannel)), `${search} in one channel`).toEqual(ids(await all.feed(inChannel)));
    }
    // The phrase keeps its meaning on both steps: the words in order, whatever the case and punctuation.
    const phrase = await few.feed({ sort: 'createdAt', direction: 'asc', limit: 20, search: 'harbour council' });
    expect(phrase.map((r) => (r as { title: string }).title)).toEqual(['Harbour council meets', 'HARBOUR, council! again']);
  });
});
