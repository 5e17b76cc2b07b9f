import { describe, expect, it } from 'vitest';
import { signedInClient, useTestApp } from '../../../test-support/test-app.js';
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
