import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { createArticlesRepository, type FeedFilter } from '../articles/articles.repository.js';
import { phrasePairs } from './search.postgres.js';
import { createArticleSearch, searchWords, type SearchOptions } from './search.repository.js';

/** The feed as the articles service reads it: through the search when the filter has a term. */
function searchFeed(db: Database, dialect: Dialect, options: SearchOptions = {}) {
  const articles = createArticlesRepository(db, dialect);
  const search = createArticleSearch(db, dialect, articles, options);
  return { feed: ({ search: term, ...filter }: FeedFilter) => (term ? search.feedPage(term, filter) : articles.feed(filter)) };
}

/**
 * The newest-first search page of SQLite (search.sqlite.ts, newestSearchPage) must answer
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
    const small = searchFeed(t.database.db, 'sqlite', { searchWindow: 3 });
    const full = searchFeed(t.database.db, 'sqlite', { searchWindow: 1_000_000 });
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
 * SQLite answers a phrase from its word pairs (migration 2026_11_27_1200, db/word-pairs.ts), so
 * every article FTS5's word index finds the phrase in must hold it as pairs too, or a search would
 * silently miss it. Ground truth is FTS5's phrase query, on texts where our cut of words and FTS5's
 * could differ (punctuation, accents, other alphabets, characters FTS5's Unicode 6.1 tables do not know).
 */
describe('word pairs on SQLite', () => {
  const t = useTestApp('sqlite');
  const phraseMatches = async (words: string[]) => {
    const query = `"${words.join(' ')}"*`;
    const rows = await sql<{ id: number }>`select rowid as id from articles_words where articles_words match ${query} order by rowid`.execute(t.database.db);
    return rows.rows.map((r) => r.id);
  };

  it('finds through the word pairs every article the phrase alone finds', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Pairs Desk', description: 'd' })).json();
    const texts = [
      'The well-known harbour council met on the 3.5 km pier.',
      "O'Brien's café: Müller & Søren said the naïve plan fails.",
      'Fish &amp;amp; chips, 1,000 boats; e-mail harbour@example.com or visit example.com/harbour today.',
      'Harbour harbour harbour council, council-harbour council. ÉCOLE Ørsted ΟΔΟΣ İstanbul Москва.',
      'Tokyo 東京 harbour council; harbour中council; ꭐcouncil meets ßtraße.',
    ];
    for (const [i, text] of texts.entries()) {
      const response = await author.client.post('/api/articles', { title: `Pairs ${i}`, content: `<p>${text}</p>`, channelId: channel.id });
      expect(response.statusCode).toBe(201);
    }
    const repository = searchFeed(t.database.db, 'sqlite');
    const searches = new Set<string>();
    for (const text of texts) {
      const words = searchWords(text);
      for (let i = 0; i + 1 < words.length; i++) {
        searches.add(`${words[i]} ${words[i + 1]}`);
        if (i + 2 < words.length) searches.add(`${words[i]} ${words[i + 1]} ${words[i + 2]!.slice(0, 3)}`);
      }
    }
    let found = 0;
    for (const search of searches) {
      const expected = await phraseMatches(searchWords(search));
      for (const direction of ['desc', 'asc'] as const) {
        const page = await repository.feed({ sort: 'createdAt', direction, limit: 20, search });
        expect(page.map((r) => r.id).sort((a, b) => a - b), search).toEqual(expect.arrayContaining(expected));
      }
      found += expected.length;
    }
    expect(found).toBeGreaterThan(searches.size / 2);
  });

  it('matches the words in order, the last one as a beginning, inside the title or the text', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Order Desk', description: 'd' })).json();
    const post = async (title: string, text: string) =>
      (await author.client.post('/api/articles', { title, content: `<p>${text}</p>`, channelId: channel.id })).json().id as number;
    const inOrder = await post('Tuesday', 'The harbour council meets today.');
    const apart = await post('Wednesday', 'The harbour council said the council meets on Friday.');
    const split = await post('Thursday harbour', 'Council news.');
    const titled = await post('Harbour Council Meets', 'Nothing else.');
    const repository = searchFeed(t.database.db, 'sqlite');
    const found = async (search: string, direction: 'asc' | 'desc' = 'desc') =>
      (await repository.feed({ sort: 'createdAt', direction, limit: 20, search, channelIds: [channel.id] })).map((r) => r.id).sort((a, b) => a - b);
    expect(await found('harbour council meets')).toEqual([inOrder, titled]);
    expect(await found('harbour council meets', 'asc')).toEqual([inOrder, titled]);
    expect(await found('HARBOUR, council me')).toEqual([inOrder, titled]);
    expect(await found('harbour c')).toEqual([inOrder, apart, titled]);
    // From the title's last word to the text's first is no phrase, as in the word index.
    expect(await found('harbour council')).not.toContain(split);
    expect(await found('council meets')).toEqual([inOrder, apart, titled]);
    // Words no article has in that order: nothing. A word that is no word: text inside words.
    expect(await found('meets harbour')).toEqual([]);
    expect(await found('arbour council')).toEqual([inOrder, apart, titled]);
  });

  it('reads a single word as every word beginning with it, whether there are few or many', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Word Desk', description: 'd' })).json();
    const ids: Record<string, number> = {};
    for (const word of ['Lantern', 'Lanterns', 'Lanternfish', 'Lantana', 'Plant', 'ΟΔΟΣ']) {
      ids[word] = (await author.client.post('/api/articles', { title: `${word} report`, content: `<p>About ${word}.</p>`, channelId: channel.id })).json().id;
    }
    const few = searchFeed(t.database.db, 'sqlite');
    const one = searchFeed(t.database.db, 'sqlite', { wordBeginnings: 1 });
    const prefixMatches = async (word: string) =>
      (await sql<{ id: number }>`select rowid as id from articles_words where articles_words match ${`"${word}"*`} order by rowid`.execute(t.database.db)).rows.map((r) => r.id);
    for (const search of ['lantern', 'LANT', 'la', 'plant', 'οδος', 'ΟΔΟΣ']) {
      const expected = await prefixMatches(searchWords(search)[0]!);
      expect(expected.length, search).toBeGreaterThan(0);
      for (const repository of [few, one]) {
        for (const sort of ['createdAt', 'likes'] as const) {
          const page = await repository.feed({ sort, direction: 'desc', limit: 20, search });
          expect(page.map((r) => r.id).sort((a, b) => a - b), `${search} ${sort}`).toEqual(expected);
        }
      }
    }
    expect(await prefixMatches('lantern')).toEqual([ids.Lantern, ids.Lanterns, ids.Lanternfish]);
    // No word begins with 'antern': text inside words.
    const inside = await few.feed({ sort: 'createdAt', direction: 'desc', limit: 20, search: 'antern', channelIds: [channel.id] });
    expect(inside.map((r) => r.id).sort((a, b) => a - b)).toEqual([
      ids.Lantern,
      ids.Lanterns,
      ids.Lanternfish,
    ]);
  });

  it('looks the pairs up, and keeps them with the article: edited, deleted', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Edit Desk', description: 'd' })).json();
    const article = (await author.client.post('/api/articles', { title: 'Quiet week', content: '<p>Nothing happened at the pier.</p>', channelId: channel.id })).json();
    await author.client.post('/api/articles', { title: 'Lighthouse keeper retires', content: '<p>The harbour council thanked her.</p>', channelId: channel.id });
    const repository = searchFeed(t.database.db, 'sqlite');
    const found = async (search: string) => (await repository.feed({ sort: 'createdAt', direction: 'desc', limit: 20, search })).map((r) => r.id);
    const holdsPair = async (pair: string) =>
      (await sql<{ id: number }>`select rowid as id from article_word_pairs where article_word_pairs match ${`"${pair}"`}`.execute(t.database.db)).rows.map((r) => r.id);

    expect(await found('lighthouse keeper')).not.toContain(article.id);
    expect((await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The new lighthouse keeper starts at the pier.</p>' })).statusCode).toBe(200);
    expect(await holdsPair('lighthouse_keeper')).toContain(article.id);
    expect(await holdsPair('happened_at')).not.toContain(article.id);
    expect(await found('lighthouse keeper')).toContain(article.id);
    expect((await author.client.patch(`/api/articles/${article.id}`, { title: 'Harbour council news' })).statusCode).toBe(200);
    expect(await found('harbour council news')).toEqual([article.id]);

    // Without its pairs an article is not found by a phrase (answered from the pairs), by a word it still is.
    await sql`delete from article_word_pairs where rowid = ${article.id}`.execute(t.database.db);
    expect(await found('lighthouse keeper')).not.toContain(article.id);
    expect(await found('lighthouse')).toContain(article.id);
    expect((await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The lighthouse keeper stays.</p>' })).statusCode).toBe(200);
    expect(await found('lighthouse keeper')).toContain(article.id);

    expect((await author.client.delete(`/api/articles/${article.id}`)).statusCode).toBeLessThan(300);
    expect(await holdsPair('lighthouse_keeper')).not.toContain(article.id);
  });
});

/**
 * PostgreSQL's search page (search.postgres.ts, feedPage) tests the next rows of the
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
    const few = searchFeed(t.database.db, kind, { postgresSearchRows: 3 });
    const all = searchFeed(t.database.db, kind, { postgresSearchRows: 1_000_000 });
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const searches = ['lantern', 'harbour council', 'harbour counc', 'harbour co', 'antern', 'nothing like this'];
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

  /**
   * The word pairs (migration 2026_11_26_1300) only narrow: every article the phrase test matches
   * must hold its pairs, or a search would silently miss it. Ground truth is the phrase test alone,
   * on texts where PostgreSQL's parser and our own split of a search differ (hyphens, decimals,
   * apostrophes, accents, entities) and on an article past the last word position PostgreSQL keeps.
   */
  it('finds through the word pairs every article the phrase test finds', async () => {
    expect(phrasePairs(['harbour', 'council'])).toEqual(['harbour cou']);
    expect(phrasePairs(['the', 'harbour', 'co'])).toEqual(['the har']);
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Pairs Desk', description: 'd' })).json();
    const tail = 'harbour council meets at dawn';
    const long = `${Array.from({ length: 16_400 }, (_, i) => `w${i % 97}`).join(' ')} ${tail}`;
    const texts = [
      'The well-known harbour council met on the 3.5 km pier.',
      "O'Brien's café: Müller & Søren said the naïve plan fails.",
      'Fish &amp;amp; chips, 1,000 boats; e-mail harbour@example.com or visit example.com/harbour today.',
      'Harbour harbour harbour council, council-harbour council. ÉCOLE Ørsted ΟΔΟΣ İstanbul.',
      long,
    ];
    for (const [i, text] of texts.entries()) {
      const response = await author.client.post('/api/articles', { title: `Pairs ${i}`, content: `<p>${text}</p>`, channelId: channel.id });
      expect(response.statusCode).toBe(201);
    }
    const repository = searchFeed(t.database.db, kind, { postgresSearchRows: 3 });
    const phraseMatches = async (words: string[]) => {
      const query = words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' <-> ');
      const rows = await sql<{ id: number }>`select id from articles where search_words @@ to_tsquery('simple', ${query}) order by id`.execute(t.database.db);
      return rows.rows.map((r) => r.id);
    };
    const searches = new Set<string>();
    for (const text of texts.slice(0, -1)) {
      const words = searchWords(text);
      for (let i = 0; i + 1 < words.length; i++) {
        searches.add(`${words[i]} ${words[i + 1]}`);
        if (i + 2 < words.length) searches.add(`${words[i]} ${words[i + 1]} ${words[i + 2]!.slice(0, 3)}`);
      }
    }
    // Past position 16,383 every word shares the last position: the phrase test still joins the
    // word before it to each of them, and never two of them to each other.
    const before = await sql<{ lexeme: string }>`select lexeme from unnest((select search_words from articles where title = 'Pairs 4')) where 16382 = any(positions)`.execute(t.database.db);
    const w = before.rows[0]!.lexeme;
    for (const search of [`${w} harbour`, `${w} council`, `${w} dawn`, 'harbour council', 'council meets', `${w} harbour council`]) searches.add(search);
    let found = 0;
    for (const search of searches) {
      const expected = await phraseMatches(searchWords(search));
      const page = await repository.feed({ sort: 'createdAt', direction: 'asc', limit: 20, search });
      // A search whose words are not all words of some article ('5 km': '3.5' is one word to
      // PostgreSQL) is matched as text instead and may find more; never less.
      expect(page.map((r) => r.id), search).toEqual(expect.arrayContaining(expected));
      found += expected.length;
    }
    expect(found).toBeGreaterThan(searches.size / 2);
    const longId = (await sql<{ id: number }>`select id from articles where title = 'Pairs 4'`.execute(t.database.db)).rows[0]!.id;
    for (const last of ['harbour', 'council', 'dawn']) expect(await phraseMatches([w, last])).toContain(longId);
  });

  it('asks no probe for the words the statistics list as common, and answers the same', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Common Desk', description: 'd' })).json();
    for (const title of ['Lantern fair', 'Lantern makers', 'Quiet lanterns', 'Market day']) {
      await author.client.post('/api/articles', { title, content: `<p>${title} in the harbour town.</p>`, channelId: channel.id });
    }
    // The word probes, recognised by their SQL as they are compiled.
    let probes = 0;
    const watched = t.database.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode' && args.node.sqlFragments.join('').includes('as materialized')) probes++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const search = (repository: ReturnType<typeof searchFeed>, term: string) =>
      repository.feed({ sort: 'createdAt', direction: 'desc', limit: 20, search: term }).then((rows) => rows.map((r) => r.id));
    const searches = ['harbour town', 'lantern makers', 'harbour zzyzx', 'makers lant', 'antern', 'lant'];
    // Before ANALYZE the list is empty: every word is probed.
    const before = searchFeed(watched, kind, { postgresSearchRows: 0 });
    const expected = [];
    for (const term of searches) expected.push(await search(before, term));
    expect(probes).toBeGreaterThan(0);
    await sql`analyze articles`.execute(t.database.db);
    const listed = await sql<{ words: string[] | null }>`select most_common_elems::text::text[] as words from pg_stats where tablename = 'articles' and attname = 'search_words'`.execute(t.database.db);
    expect(listed.rows[0]?.words).toEqual(expect.arrayContaining(['harbour', 'town', 'lantern']));
    const after = searchFeed(watched, kind, { postgresSearchRows: 0 });
    probes = 0;
    expect(await search(after, 'harbour town')).toHaveLength(4);
    expect(probes).toBe(0);
    // A word no article has is never listed: probed, and the term goes to the text search.
    expect(await search(after, 'harbour zzyzx')).toEqual([]);
    expect(probes).toBe(1);
    for (const [i, term] of searches.entries()) expect(await search(after, term), term).toEqual(expected[i]);
  });

  it('keeps the word pairs with the article: edited, counted, deleted', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Edit Desk', description: 'd' })).json();
    const article = (await author.client.post('/api/articles', { title: 'Quiet week', content: '<p>Nothing happened at the pier.</p>', channelId: channel.id })).json();
    const repository = searchFeed(t.database.db, kind, { postgresSearchRows: 0 });
    const found = async (search: string) => (await repository.feed({ sort: 'createdAt', direction: 'desc', limit: 20, search })).map((r) => r.id);
    // A phrase of words some article has, so it goes through the word index and its pairs.
    await author.client.post('/api/articles', { title: 'Lighthouse keeper retires', content: '<p>The harbour council thanked her.</p>', channelId: channel.id });
    expect(await found('lighthouse keeper')).not.toContain(article.id);
    expect((await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The new lighthouse keeper starts at the pier.</p>' })).statusCode).toBe(200);
    expect(await found('lighthouse keeper')).toContain(article.id);
    expect((await author.client.post(`/api/articles/${article.id}/reactions`, { isLike: true })).statusCode).toBeLessThan(300);
    expect(await found('lighthouse keeper')).toContain(article.id);
    expect((await author.client.patch(`/api/articles/${article.id}`, { title: 'Harbour council news' })).statusCode).toBe(200);
    expect(await found('harbour council news')).toEqual([article.id]);
    expect((await author.client.delete(`/api/articles/${article.id}`)).statusCode).toBeLessThan(300);
    const left = await sql<{ n: number }>`select count(*)::int as n from article_word_pairs where article_id = ${article.id}`.execute(t.database.db);
    expect(left.rows[0]!.n).toBe(0);
  });
});
