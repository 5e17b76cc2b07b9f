import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedInClient, useTestApp, type TestApp } from '../../../test-support/test-app.js';

/**
 * The feed's filter choices and the sitemap's author and channel pages are read on uncached
 * renders of the home page and of the sitemap. Grouping the published articles there made the
 * home page's render grow with the archive (136 ms at 10,000 articles); they read the counts kept
 * per channel instead. A small test database cannot show that in timings, so the plans are checked:
 * none of these statements reads the articles or their categories.
 */
async function planOf(t: TestApp, statement: string): Promise<string> {
  const parameters = Array.from(statement.matchAll(/\?/g), () => 1);
  const rows = (await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement}`, parameters))).rows;
  return rows.map((row) => row.detail).join('\n');
}

describe('the statements of the filter choices and the sitemap on SQLite', () => {
  let captured: string[] = [];
  const t = useTestApp('sqlite', {}, { onQuery: (sql) => void captured.push(sql) });

  it('read the kept counts, never the articles, for an anonymous and a signed-in reader', async () => {
    const author = await signedInClient(t, 'planfacets');
    const reader = await signedInClient(t, 'planfacetreader');
    const channel = (await author.client.post('/api/channels', { name: 'Facet Desk', description: 'Plans' })).json();
    await reader.client.post(`/api/channels/${channel.id}/subscribe`);
    const [category] = (await author.client.get('/api/categories')).json() as { id: number }[];
    await author.client.post('/api/articles', { title: 'Counted', content: '<p>Text</p>', channelId: channel.id, categoryIds: [category!.id], location_name: 'Oslo' });

    for (const [viewer, ask] of [
      ['anonymous', () => t.app.inject({ url: '/api/articles/facets' })],
      ['signed in', () => reader.client.get('/api/articles/facets')],
    ] as const) {
      captured = [];
      const answer = await ask();
      expect(answer.statusCode).toBe(200);
      expect(answer.json().locations).toContainEqual({ name: 'Oslo', count: 1 });
      const statements = captured.filter((text) => /published_(category|location)_(counts|totals)|"article_count" as "count"/.test(text));
      expect(statements).toHaveLength(3);
      for (const statement of statements) expect(await planOf(t, statement)).not.toMatch(/\barticles\b|article_categories/);
      // An anonymous reader's channels, most articles first, come off their index in order:
      // nothing sorted, the read stops at the limit however many channels there are. (A signed-in
      // reader's are the channels they follow.)
      if (viewer === 'anonymous') {
        const channels = statements.find((text) => text.includes('from "channels"'))!;
        expect(await planOf(t, channels)).toMatch(/USING (COVERING )?INDEX channels_articles_idx/);
        expect(await planOf(t, channels)).not.toMatch(/TEMP B-TREE/);
      }
    }

    captured = [];
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/users/${author.username}<`);
    const statements = captured.filter((text) => text.includes('published_author_counts'));
    expect(statements).toHaveLength(2);
    for (const statement of statements) expect(await planOf(t, statement)).not.toMatch(/\barticles\b/);
  });
});
