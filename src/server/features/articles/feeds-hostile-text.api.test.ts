import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

/**
 * Parses a feed as a conforming XML 1.0 parser does: answers its first error, or the item titles
 * and descriptions (RSS items' title and description, Atom entries' title and summary; text or CDATA).
 */
function parseFeed(xml: string): { error: string | null; titles: string[]; descriptions: string[] } {
  const parser = new SaxesParser();
  let error: string | null = null;
  const titles: string[] = [];
  const descriptions: string[] = [];
  const open: string[] = [];
  parser.on('error', (e) => void (error ??= e.message));
  parser.on('opentag', (tag) => void open.push(tag.name));
  parser.on('closetag', () => void open.pop());
  const onText = (text: string) => {
    if (open.at(-2) !== 'item' && open.at(-2) !== 'entry') return;
    if (open.at(-1) === 'title') titles.push(text);
    if (open.at(-1) === 'description' || open.at(-1) === 'summary') descriptions.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(xml).close();
  return { error, titles, descriptions };
}

/**
 * Characters XML 1.0 forbids (C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF),
 * as an author might paste them. NUL is not among them: every body holding one is refused (input-guard.ts).
 */
const FORBIDDEN = '\u0001\u0008\u000b\u000c\u001f\udfff\ud800\ufffe\uffff';

describe.each(testDatabases())('RSS and Atom feeds with hostile text on %s', (kind) => {
  const t = useTestApp(kind);

  it('stay valid XML: characters XML forbids are stripped at write time and by the feed writer', async () => {
    const author = await signedInClient(t, 'feeder');
    const channel = (await author.client.post('/api/channels', { name: `Wire\u0007 ${kind}`, description: 'Control\u0001 room' })).json();
    expect(channel.name).toBe(`Wire ${kind}`);
    const created = await author.client.post('/api/articles', {
      title: `Breaking\u0008 news ${kind}${FORBIDDEN}`,
      content: `<p>Text &#1; with&#x0; controls\u0001 &#xFFFE;and ${FORBIDDEN}emoji 😀, tabs\tand lines.</p>`,
      channelId: channel.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    // Accepted, not refused: only the forbidden characters are gone.
    expect(article.title).toBe(`Breaking news ${kind}`);
    // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
    expect(article.content).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|&#x?0*1;/);
    expect(article.content).toContain('emoji 😀, tabs\tand lines.');

    // An edit is cleaned the same way.
    const edited = await author.client.patch(`/api/articles/${article.id}`, { title: `Edited\u0002 ${kind}` });
    expect(edited.json().title).toBe(`Edited ${kind}`);

    // A row written before this rule (or by hand): the feed writer strips it too.
    await t.database.db.updateTable('articles').set({ plain_text: `Legacy\u0001 text\uffff ${kind}` }).where('id', '=', article.id).execute();
    await t.database.db.updateTable('channels').set({ description: 'Legacy\u0003 description' }).where('id', '=', channel.id).execute();

    const reader = new TestClient(() => t.app);
    for (const url of ['/rss.xml', `/channels/${channel.id}/rss.xml`, '/atom.xml', `/channels/${channel.id}/atom.xml`]) {
      const response = await reader.get(url);
      expect(response.statusCode).toBe(200);
      const feed = parseFeed(response.body);
      expect(feed.error, url).toBeNull();
      expect(feed.titles, url).toContain(`Edited ${kind}`);
      expect(feed.descriptions, url).toContain(`Legacy text ${kind}`);
      expect(response.body, url).not.toContain('Control\u0001');
    }
    // JSON may carry any character, but the feed says what the XML feeds say.
    for (const url of ['/feed.json', `/channels/${channel.id}/feed.json`]) {
      const feed = (await reader.get(url)).json() as { items: { title: string; summary: string }[] };
      expect(feed.items.map((i) => i.title), url).toContain(`Edited ${kind}`);
      expect(feed.items.map((i) => i.summary), url).toContain(`Legacy text ${kind}`);
    }
  });
});
