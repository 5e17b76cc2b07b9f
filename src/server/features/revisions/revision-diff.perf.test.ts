import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test-support/seeded-random.js';
import { signedInClient, TestClient, useTestApp } from '../../../test-support/test-app.js';
import { diffArticleHtml } from './revision-diff.js';

/** About 200 KB of paragraphs; `seed` decides the words, so two seeds give two texts that share little. */
function longText(seed: number): string {
  const next = seededRandom(seed);
  const paragraphs: string[] = [];
  while (paragraphs.join('').length < 195_000) {
    paragraphs.push(`<p>${Array.from({ length: 60 }, () => `w${next() % 5000}`).join(' ')}</p>`);
  }
  return paragraphs.join('').slice(0, 199_000);
}

describe('the diff of two 200 KB revisions', () => {
  const t = useTestApp('sqlite');

  it('is computed within its bound, however different the texts', () => {
    const before = longText(1);
    const after = longText(2);
    const started = performance.now();
    const html = diffArticleHtml(before, after);
    const took = performance.now() - started;
    console.info(`[revision diff] two unrelated 200 KB texts: ${took.toFixed(0)} ms`);
    expect(html).toContain('<ins>');
    expect(took).toBeLessThan(200);
  });

  it('answers over HTTP in 200 ms or less', async () => {
    const author = await signedInClient(t, 'perfdesk');
    const channel = (await author.client.post('/api/channels', { name: 'Perf Desk', description: 'd' })).json() as { id: number };
    const article = (await author.client.post('/api/articles', { title: 'Long', content: longText(3), channelId: channel.id })).json() as { id: number };
    // A realistic edit: a few words changed through the whole text.
    await author.client.patch(`/api/articles/${article.id}`, { content: longText(3).replace(/w1(\d) /g, 'x1$1 ') });
    const anonymous = new TestClient(() => t.app);
    await anonymous.get(`/api/articles/${article.id}/revisions/2/diff`);
    const started = performance.now();
    const response = await anonymous.get(`/api/articles/${article.id}/revisions/2/diff`);
    const took = performance.now() - started;
    console.info(`[revision diff] 200 KB pair over HTTP: ${took.toFixed(0)} ms`);
    expect(response.statusCode).toBe(200);
    expect(took).toBeLessThan(200);
  });
});
