import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test-support/seeded-random.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

const ARTICLES = 10_000;
const SAMPLE = 10;
const EDITS = 10;

/** About 20 KB of paragraphs; each edit rewrites one of them. */
function report(seed: number, edit: number): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < 40; p += 1) {
    const next = seededRandom(p === edit % 40 ? seed * 1000 + edit : seed * 100 + p);
    paragraphs.push(`<p>${Array.from({ length: 80 }, () => `w${next() % 5000}`).join(' ')}.</p>`);
  }
  return paragraphs.join('');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(testDatabases())('reading the record among %s articles', (kind) => {
  const t = useTestApp(kind);

  it(`lists a record and diffs two 20 KB revisions in 20 ms or less at the median, among ${ARTICLES} articles`, async () => {
    const author = await signedInClient(t, 'recorddesk');
    const channel = (await author.client.post('/api/channels', { name: 'Record Desk', description: 'd' })).json() as { id: number };
    const at = Date.now();
    for (let start = 0; start < ARTICLES - SAMPLE; start += 500) {
      const rows = Array.from({ length: Math.min(500, ARTICLES - SAMPLE - start) }, (_, i) => ({
        user_id: author.id,
        channel_id: channel.id,
        title: `Filler ${start + i}`,
        slug: `filler-${start + i}`,
        content: '<p>Filler</p>',
        plain_text: 'Filler',
        published: 1,
        location_name: null,
        location_lat: null,
        location_lng: null,
        created_at: at - start - i,
        last_edited: at - start - i,
      }));
      await t.database.db.insertInto('articles').values(rows).execute();
    }
    const sample: number[] = [];
    for (let s = 0; s < SAMPLE; s += 1) {
      const created = await author.client.post('/api/articles', { title: `Measured ${s}`, content: report(s, 0), channelId: channel.id });
      const id = (created.json() as { id: number }).id;
      for (let edit = 1; edit < EDITS; edit += 1) await author.client.patch(`/api/articles/${id}`, { content: report(s, edit) });
      sample.push(id);
    }

    const anonymous = new TestClient(() => t.app);
    const timed = async (url: string) => {
      const started = performance.now();
      const response = await anonymous.get(url);
      const took = performance.now() - started;
      expect(response.statusCode, url).toBe(200);
      return took;
    };
    // Warm-up: the first reads pay for compiling the routes' statements.
    for (const id of sample) await timed(`/api/articles/${id}/revisions`);
    const lists: number[] = [];
    const diffs: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const id of sample) {
        lists.push(await timed(`/api/articles/${id}/revisions`));
        diffs.push(await timed(`/api/articles/${id}/revisions/${2 + ((round * 3) % (EDITS - 1))}/diff`));
      }
    }
    console.info(`[record ${kind}] median list ${median(lists).toFixed(1)} ms, median diff ${median(diffs).toFixed(1)} ms`);
    expect(median(lists)).toBeLessThanOrEqual(20);
    expect(median(diffs)).toBeLessThanOrEqual(20);
  });
});
