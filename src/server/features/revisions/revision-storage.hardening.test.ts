import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test-support/seeded-random.js';
import { signedInClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

const SYLLABLES = 'ba ke ri lo mu sa te vi no pa da fe gi ho ju la me ni or pu qua re si to ur ve wa xe yo ze'.split(' ');

/** A seeded stream of made-up words of one to four syllables: text that compresses no better than prose does. */
function words(seed: number, count: number): string[] {
  const next = seededRandom(seed * 7919 + 1);
  return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 4) }, () => SYLLABLES[next() % SYLLABLES.length]).join(''));
}

/** About 20 KB of article HTML; each edit rewrites one of its paragraphs. */
function report(edit: number): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < 40; p += 1) {
    const changed = p === edit % 40;
    paragraphs.push(`<p>${words(changed ? 1000 + edit : p, 82).join(' ')}.</p>`);
  }
  return paragraphs.join('');
}

/** What the record takes on disk: the whole SQLite file, or the revisions table with its indexes and TOAST in PostgreSQL. */
async function recordBytes(t: TestApp): Promise<number> {
  if (t.kind === 'sqlite') {
    const rows = await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(t.database.db);
    return Number(rows.rows[0]!.bytes);
  }
  const rows = await sql<{ bytes: string }>`select pg_total_relation_size('article_revisions') as bytes`.execute(t.database.db);
  return Number(rows.rows[0]!.bytes);
}

describe.each(testDatabases())('the stored record on %s', (kind) => {
  const t = useTestApp(kind);

  it('keeps 1,000 edits of a 20 KB article in under 25 MB', async () => {
    const author = await signedInClient(t, 'longform');
    const channel = (await author.client.post('/api/channels', { name: 'Long Desk', description: 'Reports' })).json() as { id: number };
    expect(new TextEncoder().encode(report(0)).length).toBeGreaterThan(19_000);
    const article = (await author.client.post('/api/articles', { title: 'The long report', content: report(0), channelId: channel.id })).json() as { id: number };
    const before = await recordBytes(t);
    for (let edit = 1; edit <= 1000; edit += 1) {
      const response = await author.client.patch(`/api/articles/${article.id}`, { content: report(edit) });
      expect(response.statusCode).toBe(200);
    }
    const grown = (await recordBytes(t)) - before;
    console.info(`[record storage ${kind}] 1,000 edits of a 20 KB article: ${(grown / 1024 / 1024).toFixed(1)} MB`);
    expect(grown).toBeLessThan(25 * 1024 * 1024);
    const count = await t.database.db.selectFrom('article_revisions').select((eb) => eb.fn.countAll().as('n')).where('article_id', '=', article.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1001);
  });
});
