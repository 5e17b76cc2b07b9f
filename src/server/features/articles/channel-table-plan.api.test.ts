import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, useTestApp } from '../../../test-support/test-app.js';

/**
 * A channel's article table reads that channel's rows, in every order the reader can click. A
 * production SQLite database is never analysed, and without statistics the planner served the
 * views and likes orders by walking the site-wide feed index (every published article, newest
 * channel or not) and keeping the channel's rows: at 1,000,000 articles, a page of a small channel
 * read the whole index. A test database has no statistics either, so its plans are production's.
 */
describe('the channel article table on SQLite', () => {
  let captured: string[] = [];
  const t = useTestApp('sqlite', {}, { onQuery: (sql) => void captured.push(sql) });

  it('reads the channel\u2019s own rows for every column, first page and later ones, published and drafts', async () => {
    const author = await signedInClient(t, 'tableplans');
    const channel = (await author.client.post('/api/channels', { name: 'Table Plans', description: 'Plans' })).json();
    for (const status of ['published', 'draft']) {
      for (const title of ['One', 'Two', 'Three']) {
        const created = await author.client.post('/api/articles', { title: `${title} ${status}`, content: '<p>Text</p>', channelId: channel.id, status });
        expect(created.statusCode).toBe(201);
      }
    }

    const plans: string[] = [];
    for (const status of ['published', 'drafts']) {
      for (const sort of ['title', 'createdAt', 'category', 'viewCount', 'commentCount', 'likeCount']) {
        let cursor: string | null = null;
        for (let page = 0; page < 2; page++) {
          captured = [];
          const url = `/api/channels/${channel.id}/article-rows?status=${status}&sort=${sort}&direction=desc&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const response = await author.client.get(url);
          expect(response.statusCode, response.body).toBe(200);
          cursor = response.json().nextCursor;
          expect(cursor, `${status} ${sort}: a second page`).toEqual(page === 0 ? expect.any(String) : null);
          const statement = captured.find((text) => text.includes('"sort_value"'));
          expect(statement, `${status} ${sort}`).toBeDefined();
          const parameters = Array.from(statement!.matchAll(/\?/g), () => 1);
          const plan = (await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement}`, parameters))).rows.map((row) => row.detail).join('\n');
          expect(plan, `${status} ${sort}, page ${page + 1}`).toMatch(/SEARCH articles USING (COVERING )?INDEX articles_channel_\w*idx \(channel_id=\?/);
          expect(plan, `${status} ${sort}, page ${page + 1}`).not.toMatch(/articles_feed_\w+_idx|SCAN articles\b/);
          plans.push(plan);
        }
      }
    }
    expect(plans).toHaveLength(24);
  });
});
