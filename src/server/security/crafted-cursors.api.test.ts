import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A list's cursor is opaque, but a client can write its own. Whatever it decodes to, a cursor whose
 * sort value or id has the wrong type or lies outside the column's range is refused with 400
 * before any query runs: PostgreSQL refuses `1.5` for a bigint, 2^31 for an integer and 1e308 for
 * either, which used to surface as a 500 with a stack trace in the log.
 */
const CRAFTED: [string, unknown][] = [
  ['a fractional sort value', [1.5, 1]],
  ['an id past 32 bits', [1, 2_147_483_648]],
  ['a huge sort value', [1e308, 1]],
  ['a negative id', [1, -1]],
  ['a fractional id', [1, 1.5]],
  ['a text sort value where a number is expected', ['a', 1]],
  ['an id as text', [1, '1']],
  ['three parts', [1, 1, 1]],
  ['an object', { value: 1, id: 1 }],
];
/** Counts and ranks are 32-bit columns; times are 64-bit. */
const CRAFTED_FOR_COUNTS: [string, unknown][] = [['a sort value past 32 bits for a count', [2_147_483_648, 1]]];

describe.each(testDatabases())('crafted list cursors on %s', (kind) => {
  const t = useTestApp(kind);

  it('are refused with 400 on every list that pages with a cursor', async () => {
    const admin = await signedInClient(t, 'cursoradmin');
    await t.ctx.users.setAdmin(admin.username, true);
    const channel = (await admin.client.post('/api/channels', { name: `Cursors ${kind}`, description: 'Pages' })).json();
    const article = (await admin.client.post('/api/articles', { title: 'Paged', content: '<p>Text</p>', channelId: channel.id })).json();
    const comment = (await admin.client.post(`/api/articles/${article.id}/comments`, { content: 'First' })).json();

    const lists = [
      '/api/articles?sort=createdAt',
      '/api/articles?sort=viewCount',
      '/api/articles?sort=likes',
      '/api/channels?sort=subscribers',
      '/api/channels?sort=created',
      `/api/channels/${channel.id}/article-rows?sort=createdAt`,
      `/api/channels/${channel.id}/article-rows?sort=viewCount`,
      `/api/channels/${channel.id}/article-rows?sort=category`,
      `/api/articles/${article.id}/comment-threads`,
      `/api/comments/${comment.id}/replies`,
      '/api/admin-articles',
      '/api/admin-channels',
    ];
    for (const list of lists) {
      const counted = /sort=(viewCount|likes|subscribers|category)/.test(list);
      for (const [label, value] of counted ? [...CRAFTED, ...CRAFTED_FOR_COUNTS] : CRAFTED) {
        // Signed in (the admin lists need it) and anonymous (the public lists are cached for readers).
        for (const client of [admin.client, new TestClient(() => t.app)]) {
          if (client !== admin.client && list.startsWith('/api/admin')) continue;
          const response = await client.get(`${list}${list.includes('?') ? '&' : '?'}cursor=${cursorOf(value)}`);
          expect(response.statusCode, `${list} with ${label}`).toBe(400);
          expect(response.json(), `${list} with ${label}`).toEqual({ error: 'cursor is invalid' });
        }
      }
    }
  });

  it('still refuses a number for a title cursor and accepts the cursors the server wrote', async () => {
    const author = await signedInClient(t, 'cursorauthor');
    const channel = (await author.client.post('/api/channels', { name: `Titles ${kind}`, description: 'Pages' })).json();
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      await author.client.post('/api/articles', { title, content: '<p>Text</p>', channelId: channel.id });
    }
    const byTitle = `/api/channels/${channel.id}/article-rows?sort=title&limit=1`;
    expect((await author.client.get(`${byTitle}&cursor=${cursorOf([1, 1])}`)).statusCode).toBe(400);
    expect((await author.client.get(`${byTitle}&cursor=${cursorOf(['x'.repeat(1001), 1])}`)).statusCode).toBe(400);
    const first = (await author.client.get(byTitle)).json();
    const second = await author.client.get(`${byTitle}&cursor=${first.nextCursor}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().items[0].title).toBe('Beta');

    for (const sort of ['createdAt', 'viewCount', 'likes', 'comments', 'dislikes']) {
      const page = (await author.client.get(`/api/articles?sort=${sort}&limit=1`)).json();
      expect(page.nextCursor, sort).toBeTruthy();
      const next = await author.client.get(`/api/articles?sort=${sort}&limit=1&cursor=${page.nextCursor}`);
      expect(next.statusCode, sort).toBe(200);
    }
  });
});
