import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

function fakeWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Broadsheet</title><!--app-head--></head><body><div id="root"></div></body></html>');
  return dir;
}

function bootstrapOf(html: string) {
  return JSON.parse(/<script type="application\/json" id="bootstrap-data">(.*?)<\/script>/s.exec(html)![1]!);
}

function rootOf(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
}

describe.each(testDatabases())('the home page paints its first feed page before any script on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: fakeWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  it("embeds the reader's first feed page and paints its cards; hostile text stays escaped", async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: 'Night <Desk>', description: 'News' })).json();
    await author.client.post('/api/articles', { title: 'Tide tables <b>updated</b>', content: '<p>Low tide at 4 &amp; high at 10.</p>', channelId: channel.id });

    const page = await anonymous().get('/');
    expect(page.statusCode).toBe(200);
    const feed = bootstrapOf(page.body).feed;
    expect(feed.source).toBe('all');
    expect(feed.items.map((a: { title: string }) => a.title)).toContain('Tide tables <b>updated</b>');
    const root = rootOf(page.body);
    expect(root).toContain('<h1 class="font-serif text-4xl font-bold tracking-tight sm:text-5xl">Popular Articles</h1>');
    expect(root).toContain('>Tide tables &lt;b&gt;updated&lt;/b&gt;</a></h3>');
    expect(root).toContain('By: Night &lt;Desk&gt;');
    expect(root).toContain('Low tide at 4 &amp; high at 10.');
    expect(root).not.toContain('<b>updated</b>');
    expect(root.match(/data-testid="article-card"/g)?.length).toBe(feed.items.length);
  });

  it("paints a signed-in reader's own feed, and nothing for a filtered view", async () => {
    const reader = await signedInClient(t, 'reader');
    const page = await reader.client.get('/');
    const root = rootOf(page.body);
    expect(root).toContain('>Your Feed</h1>');
    expect(root).toContain('Write an Article');
    expect(root).not.toContain('>Login</a>');
    // No subscriptions yet: the fallback to every channel, with its hint, as the client shows it.
    expect(bootstrapOf(page.body).feed.source).toBe('all-fallback');
    expect(root).toContain('data-testid="feed-fallback-hint"');

    const filtered = await anonymous().get('/?sort=likes');
    expect(bootstrapOf(filtered.body)).not.toHaveProperty('feed');
    expect(filtered.body).toContain('<div id="root"></div>');
  });
});
