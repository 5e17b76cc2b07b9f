import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, useTestApp } from '../../../test-support/test-app.js';

/**
 * A signed-in reader's feed is read through their channels: the reader's subscriptions and own
 * channels as one list, and for each of them a seek on articles_channel_idx. Written as an OR of
 * three terms, SQLite's planner at 1,000,000 articles chose to scan every channel and every
 * article (3.3 s a page) and at 10,000 to walk the whole feed index until 21 rows matched; neither
 * shows in a small test database's timings, so the plan itself is checked.
 */
describe('the signed-in feed on SQLite', () => {
  let captured: string[] = [];
  const t = useTestApp('sqlite', {}, { onQuery: (sql) => void captured.push(sql) });

  it('seeks each of the reader\u2019s channels instead of walking or scanning the articles', async () => {
    const author = await signedInClient(t, 'planauthor');
    const reader = await signedInClient(t, 'planreader');
    const channel = (await author.client.post('/api/channels', { name: 'Plan Desk', description: 'Plans' })).json();
    const own = (await reader.client.post('/api/channels', { name: 'Reader Desk', description: 'Mine' })).json();
    await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    await author.client.post('/api/articles', { title: 'Subscribed story', content: '<p>Text</p>', channelId: channel.id });
    await reader.client.post('/api/articles', { title: 'Own story', content: '<p>Text</p>', channelId: own.id });

    for (const sort of ['createdAt', 'likes']) {
      captured = [];
      const page = await reader.client.get(`/api/articles?limit=20&sort=${sort}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().items.map((a: { title: string }) => a.title).sort()).toEqual(['Own story', 'Subscribed story']);
      const feedStatement = captured.find((text) => text.includes('"excerpt"') && text.includes('"subscriptions"'));
      expect(feedStatement).toBeDefined();
      const parameters = Array.from(feedStatement!.matchAll(/\?/g), () => 1);
      const plan = (await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${feedStatement}`, parameters))).rows.map((row) => row.detail);
      expect(plan.join('\n')).toMatch(/SEARCH articles USING (COVERING )?INDEX articles_channel_idx \(channel_id=\?/);
      expect(plan.join('\n')).not.toMatch(/SCAN (articles|channels)\b|articles_feed_\w+_idx/);
    }
  });
});
