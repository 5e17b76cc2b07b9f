import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

/**
 * Feed search (docs/decisions/019-word-search.md): a term's words are found as words,
 * the last one as a word beginning, through the word index; a term no article has as words is
 * found as text inside words through the trigram index. Both databases answer the same.
 */
describe.each(testDatabases())('feed search on %s', (kind) => {
  const t = useTestApp(kind);

  async function desk() {
    const author = await signedInClient(t, 'searcher');
    const channel = (await author.client.post('/api/channels', { name: `Search Desk ${author.username}`.slice(0, 80), description: 'd' })).json();
    const publish = async (title: string, text: string) => {
      const response = await author.client.post('/api/articles', { title, content: `<p>${text}</p>`, channelId: channel.id });
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    };
    return { author, channelId: channel.id as number, publish };
  }

  it('finds the words of a phrase in order, the last one as a word beginning, whatever the case and punctuation', async () => {
    const { channelId, publish } = await desk();
    const approves = await publish('Harbour Council approves the budget', 'The vote was <em>close</em>.');
    const met = await publish('Evening meeting', 'Last night the harbour council met in the old hall.');
    const reversed = await publish('Council of the harbour', 'The council spoke about the harbour.');
    const master = await publish('Harbourmaster retires', 'After forty years at the quay.');
    const search = async (q: string, extra = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/articles?channels=${channelId}&q=${encodeURIComponent(q)}${extra}` });
      expect(response.statusCode, q).toBe(200);
      return response.json().items as { id: number; excerpt: string }[];
    };
    const ids = async (q: string, extra = '') => (await search(q, extra)).map((a) => a.id);

    // Newest first, the feed's default, in the title or the text.
    expect(await ids('harbour council')).toEqual([met, approves]);
    expect(await ids('HARBOUR, Council!')).toEqual([met, approves]);
    expect(await ids('harbour counc')).toEqual([met, approves]);
    expect(await ids('harbour council', '&direction=asc')).toEqual([approves, met]);
    // A word beginning finds every word that starts with it.
    expect(await ids('harb')).toEqual([master, reversed, met, approves]);
    expect(await ids('council')).toEqual([reversed, met, approves]);
    // A term that is no word's beginning is found inside words.
    expect(await ids('arbour')).toEqual([master, reversed, met, approves]);
    expect(await ids('master')).toEqual([master]);
    expect(await ids('nothing like this anywhere')).toEqual([]);
    // Query syntax in a term is only text.
    for (const q of ['"', 'harbour*', 'council OR vote', "o'clock", '%', '_', 'NEAR(harbour council)', '-harbour', 'harbour:*', '!!', '(']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/articles?channels=${channelId}&q=${encodeURIComponent(q)}` })).statusCode, q).toBe(200);
    }
    expect(await ids('harbour*')).toEqual([master, reversed, met, approves]);
    // Excerpts stay plain text.
    const [first] = await search('vote');
    expect(first!.excerpt).toBe('The vote was close.');
  });

  it('follows edits and deletions', async () => {
    const { author, channelId, publish } = await desk();
    const id = await publish('Lighthouse keeper', 'The lamp is lit at dusk.');
    const ids = async (q: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/articles?channels=${channelId}&q=${encodeURIComponent(q)}` })).json().items as { id: number }[]).map((a) => a.id);
    expect(await ids('lighthouse keeper')).toEqual([id]);
    const edited = await author.client.patch(`/api/articles/${id}`, { title: 'Lantern keeper', content: '<p>The lamp is lit at midnight.</p>' });
    expect(edited.statusCode).toBe(200);
    expect(await ids('lighthouse')).toEqual([]);
    expect(await ids('lantern keeper')).toEqual([id]);
    expect(await ids('midnight')).toEqual([id]);
    expect((await author.client.delete(`/api/articles/${id}`)).statusCode).toBeLessThan(300);
    expect(await ids('lantern')).toEqual([]);
  });
});
