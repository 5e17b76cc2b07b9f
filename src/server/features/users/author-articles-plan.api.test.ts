import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, useTestApp } from '../../../test-support/test-app.js';

/**
 * An author's page reads their articles by a seek on articles_user_idx (user id, then creation
 * time; SQLite orders ties by rowid, the id), from the start and after a cursor: never a walk of
 * the whole feed or a scan of the articles, however many articles the site or the author has.
 */
describe('an author\u2019s articles on SQLite', () => {
  let captured: string[] = [];
  const t = useTestApp('sqlite', {}, { onQuery: (sql) => void captured.push(sql) });

  it('seeks the author\u2019s articles by index on every page', async () => {
    const author = await signedInClient(t, 'planwriter');
    const channel = (await author.client.post('/api/channels', { name: 'Plan Desk', description: 'Plans' })).json();
    for (const title of ['One', 'Two', 'Three']) await author.client.post('/api/articles', { title, content: '<p>Text</p>', channelId: channel.id });

    let cursor: string | null = null;
    for (let page = 0; page < 2; page++) {
      captured = [];
      const response = await author.client.get(`/api/users/${author.username}/articles?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode).toBe(200);
      cursor = response.json().nextCursor;
      const statement = captured.find((text) => text.includes('"excerpt"') && text.includes('"articles"."user_id" = ?'));
      expect(statement).toBeDefined();
      const parameters = Array.from(statement!.matchAll(/\?/g), () => 1);
      const plan = (await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement}`, parameters))).rows.map((row) => row.detail);
      expect(plan.join('\n')).toMatch(/SEARCH articles USING INDEX articles_user_idx \(user_id=\?/);
      expect(plan.join('\n')).not.toMatch(/SCAN articles\b|USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});
