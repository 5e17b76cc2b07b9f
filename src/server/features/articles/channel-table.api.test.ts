import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

interface Row {
  id: number;
  title: string;
  createdAt: string;
  category: string | null;
  viewCount: number;
  commentCount: number;
  likes: number;
  published: boolean;
}
type Field = 'title' | 'createdAt' | 'category' | 'viewCount' | 'commentCount' | 'likeCount';

/**
 * The channel page's article tables (docs/product.md#channels) are sorted and paged by the server: a
 * channel with thousands of articles sends 50 rows at a time, in the order the reader clicked.
 */
describe.each(testDatabases())('channel article tables on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  async function channelWithArticles() {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: `Desk ${Math.random()}`, description: 'Tables' })).json();
    const tree = (await anonymous().get('/api/categories')).json() as { id: number; name: string; children: { id: number; name: string }[] }[];
    const sports = tree.find((c) => c.name === 'Sports')!;
    const business = tree.find((c) => c.name === 'Business')!;
    // Titles in mixed case (the column sorts as a reader reads, ignoring case), counts with ties.
    const specs = [
      { title: 'banana split', categoryIds: [sports.children[0]!.id], views: 5, likes: 1, comments: 2 },
      { title: 'Apple harvest', categoryIds: [], views: 50, likes: 3, comments: 0 },
      { title: 'cherry blossom', categoryIds: [business.children[0]!.id, sports.children[0]!.id], views: 5, likes: 0, comments: 7 },
      { title: 'Date palms', categoryIds: [sports.id], views: 1, likes: 3, comments: 1 },
      { title: 'elderflower', categoryIds: [business.id], views: 20, likes: 9, comments: 1 },
      { title: 'Fig trees', categoryIds: [], views: 0, likes: 0, comments: 0 },
      { title: 'grapes', categoryIds: [sports.children[0]!.id], views: 5, likes: 1, comments: 3 },
    ];
    const ids: number[] = [];
    for (const spec of specs) {
      const created = await author.client.post('/api/articles', { title: spec.title, content: '<p>Text</p>', channelId: channel.id, categoryIds: spec.categoryIds });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      ids.push(id);
      // Counters set directly: the table reads them, and how they are written is tested elsewhere.
      await t.database.db
        .updateTable('articles')
        .set({ view_count: spec.views, like_count: spec.likes, comment_count: spec.comments })
        .where('id', '=', id)
        .execute();
    }
    const draft = (await author.client.post('/api/articles', { title: 'Hidden draft', content: '<p>Soon</p>', channelId: channel.id, status: 'draft' })).json();
    return { author, channel, ids, draftId: draft.id as number };
  }

  /** Every row of a table, page by page (signed in as `client`, so nothing is served from the cache). */
  async function allPages(client: TestClient, url: string) {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await client.get(`${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { items: Row[]; nextCursor: string | null; total: number };
      rows.push(...page.items);
      cursor = page.nextCursor;
      pages++;
      expect(pages).toBeLessThan(20);
    } while (cursor);
    return rows;
  }

  function expectedOrder(rows: Row[], field: Field, direction: 'asc' | 'desc') {
    const value = (row: Row) => (field === 'title' ? row.title.toLowerCase() : field === 'createdAt' ? Date.parse(row.createdAt) : field === 'category' ? (row.category ?? '') : field === 'likeCount' ? row.likes : row[field]);
    const factor = direction === 'asc' ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        const x = value(a);
        const y = value(b);
        const order = typeof x === 'string' && typeof y === 'string' ? (x < y ? -1 : x > y ? 1 : 0) : Number(x) - Number(y);
        return order * factor || (a.id - b.id) * factor;
      })
      .map((row) => row.id);
  }

  it('pages through every column in both directions, each row once, in the order a reader expects', async () => {
    const { author, channel, ids } = await channelWithArticles();
    const base = `/api/channels/${channel.id}/article-rows?status=published`;
    const everything = await allPages(author.client, `${base}&limit=100`);
    expect(everything.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(everything.every((row) => row.published)).toBe(true);
    const byTitle = new Map(everything.map((row) => [row.title, row]));
    expect(byTitle.get('cherry blossom')).toMatchObject({ viewCount: 5, commentCount: 7, likes: 0 });
    expect(byTitle.get('cherry blossom')!.category).toMatch(/^Business > /);
    expect(byTitle.get('Fig trees')!.category).toBeNull();

    for (const field of ['title', 'createdAt', 'category', 'viewCount', 'commentCount', 'likeCount'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const paged = await allPages(author.client, `${base}&sort=${field}&direction=${direction}&limit=3`);
        expect(paged.map((row) => row.id), `${field} ${direction}`).toEqual(expectedOrder(everything, field, direction));
      }
    }
  });

  it('starts newest first, counts the whole table, and says when there is no next page', async () => {
    const { channel, ids } = await channelWithArticles();
    const first = (await anonymous().get(`/api/channels/${channel.id}/article-rows?limit=2`)).json();
    expect(first.total).toBe(7);
    expect(first.items.map((row: Row) => row.id)).toEqual([ids[6], ids[5]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const whole = (await anonymous().get(`/api/channels/${channel.id}/article-rows?limit=7`)).json();
    expect(whole.items).toHaveLength(7);
    expect(whole.nextCursor).toBeNull();
  });

  it('shows drafts to the owner only', async () => {
    const { author, channel, draftId } = await channelWithArticles();
    const url = `/api/channels/${channel.id}/article-rows?status=drafts`;
    const own = (await author.client.get(url)).json();
    expect(own.items.map((row: Row) => [row.id, row.published])).toEqual([[draftId, false]]);
    expect(own.total).toBe(1);
    expect((await anonymous().get(url)).statusCode).toBe(401);
    const stranger = await signedInClient(t);
    const refused = await stranger.client.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("You don't have permission to view this page");
    const published = (await stranger.client.get(`/api/channels/${channel.id}/article-rows`)).json();
    expect(published.items.some((row: Row) => row.id === draftId)).toBe(false);
  });

  it('answers bad input with a message that names it, never a 500', async () => {
    const { channel } = await channelWithArticles();
    const base = `/api/channels/${channel.id}/article-rows`;
    const cases: [string, number, RegExp][] = [
      [`${base}?sort=password`, 400, /sort/],
      [`${base}?direction=sideways`, 400, /direction/],
      [`${base}?status=secret`, 400, /status/],
      [`${base}?limit=0`, 400, /limit/],
      [`${base}?limit=101`, 400, /limit/],
      [`${base}?cursor=not-a-cursor`, 400, /cursor is invalid/],
      // A cursor of another order: a title cursor is text, a date cursor a number.
      [`${base}?sort=title&cursor=${Buffer.from(JSON.stringify([5, 1])).toString('base64url')}`, 400, /cursor is invalid/],
      [`${base}?sort=likeCount&cursor=${Buffer.from(JSON.stringify(['a', 1])).toString('base64url')}`, 400, /cursor is invalid/],
      ['/api/channels/999999/article-rows', 404, /Channel not found/],
      ['/api/channels/abc/article-rows', 400, /id/],
    ];
    for (const [url, status, message] of cases) {
      const response = await anonymous().get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().error, url).toMatch(message);
    }
  });
});
