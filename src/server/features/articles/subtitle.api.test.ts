import { describe, expect, it } from 'vitest';
import { ARTICLE_FIELD_MESSAGES, SUBTITLE_MAX } from '../../../contract/article-fields.js';
import { revisionApi } from '../../../contract/revisions.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

const STANDFIRST = 'The council votes on Tuesday after a week of delays, and the harbour wall is first on its list.';

describe.each(testDatabases())('an article’s subtitle on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  async function desk() {
    const author = await signedInClient(t, 'standfirst');
    const channel = (await author.client.post('/api/channels', { name: 'Harbour desk', description: 'The harbour' })).json() as { id: number };
    return { author, channel };
  }

  it('is kept as plain text, answered in the article and every list, and null when there is none', async () => {
    const { author, channel } = await desk();
    const created = await author.client.post('/api/articles', {
      title: 'Harbour wall vote',
      subtitle: '  The <strong>council</strong> votes &amp; the <a href="x">wall</a> waits.  ',
      content: '<p>Body text that is not the subtitle.</p>',
      channelId: channel.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article.subtitle).toBe('The council votes & the wall waits.');
    const plain = (await author.client.post('/api/articles', { title: 'No standfirst', content: '<p>x</p>', channelId: channel.id })).json();
    expect(plain.subtitle).toBeNull();

    expect((await anonymous().get(`/api/articles/${article.id}`)).json().subtitle).toBe('The council votes & the wall waits.');
    const lists = [`/api/articles`, `/api/channels/${channel.id}/articles`, `/api/users/${author.username}/articles`];
    for (const url of lists) {
      const answer = (await anonymous().get(url)).json();
      // A channel's list is an array; the feed and an author's page are pages of items.
      const items = (Array.isArray(answer) ? answer : answer.items) as { id: number; subtitle: string | null }[];
      expect(items.find((i) => i.id === article.id)?.subtitle, url).toBe('The council votes & the wall waits.');
      expect(items.find((i) => i.id === plain.id)?.subtitle, url).toBeNull();
    }
  });

  it('refuses more than 300 characters with a message naming the subtitle, and keeps the article as it was', async () => {
    const { author, channel } = await desk();
    const tooLong = 'x'.repeat(SUBTITLE_MAX + 1);
    const refused = await author.client.post('/api/articles', { title: 'Long', subtitle: tooLong, content: '<p>x</p>', channelId: channel.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(ARTICLE_FIELD_MESSAGES.subtitleTooLong);
    const article = (await author.client.post('/api/articles', { title: 'Short', subtitle: 'Fits.', content: '<p>x</p>', channelId: channel.id })).json();
    const edit = await author.client.patch(`/api/articles/${article.id}`, { subtitle: tooLong });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toMatch(/Subtitle/);
    // Markup does not count: exactly 300 characters of text inside tags is accepted.
    const fits = await author.client.patch(`/api/articles/${article.id}`, { subtitle: `<em>${'y'.repeat(SUBTITLE_MAX)}</em>` });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().subtitle).toBe('y'.repeat(SUBTITLE_MAX));
    expect((await author.client.patch(`/api/articles/${article.id}`, { subtitle: '' })).json().subtitle).toBeNull();
  });

  it('is kept by autosave as a pending edit, recorded in the history with its change shown, and brought back by a restore', async () => {
    const { author, channel } = await desk();
    const article = (await author.client.post('/api/articles', { title: 'Vote', subtitle: 'First standfirst.', content: '<p>Text.</p>', channelId: channel.id })).json();
    const { savedAt } = (await author.client.get(`/api/articles/${article.id}`)).json();
    const autosaved = await author.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: savedAt, subtitle: 'Typed since the save.' });
    expect(autosaved.statusCode, autosaved.body).toBe(200);
    const mine = (await author.client.get(`/api/articles/${article.id}`)).json();
    expect(mine.pendingEdit.subtitle).toBe('Typed since the save.');
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().subtitle).toBe('First standfirst.');

    const saved = await author.client.patch(`/api/articles/${article.id}`, { subtitle: STANDFIRST, baseSavedAt: autosaved.json().savedAt });
    expect(saved.statusCode, saved.body).toBe(200);
    const diff = (await anonymous().get(revisionApi.diff(article.id, 2))).json();
    expect(diff.changes).toContainEqual({ field: 'subtitle', label: 'Subtitle', before: 'First standfirst.', after: STANDFIRST });
    expect((await anonymous().get(revisionApi.one(article.id, 1))).json().subtitle).toBe('First standfirst.');

    const restored = await author.client.post(revisionApi.restore(article.id, 1));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().subtitle).toBe('First standfirst.');
  });

  it('is the feeds’ description of the article', async () => {
    const { author, channel } = await desk();
    await author.client.post('/api/articles', { title: 'Fed', subtitle: STANDFIRST, content: '<p>The body starts differently.</p>', channelId: channel.id });
    const rss = (await anonymous().get(`/channels/${channel.id}/rss.xml`)).body;
    expect(rss).toContain(`<description><![CDATA[${STANDFIRST}]]></description>`);
    const json = (await anonymous().get(`/channels/${channel.id}/feed.json`)).json();
    expect(json.items[0].summary).toBe(STANDFIRST);
  });
});
