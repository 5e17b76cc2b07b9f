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

describe.each(testDatabases())('Explore Channels paints its first page before any script on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: fakeWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  it('embeds and paints the first page of channels; hostile text stays escaped; the owner does not see their own', async () => {
    const owner = await signedInClient(t, 'owner');
    const created = await owner.client.post('/api/channels', { name: 'Harbour <i>Watch</i>', description: 'Tides & "boats" <script>x</script>', category: 'Local' });
    expect(created.statusCode).toBe(201);

    const page = await anonymous().get('/channels');
    expect(page.statusCode).toBe(200);
    expect(bootstrapOf(page.body).channels.items.map((c: { name: string }) => c.name)).toContain('Harbour <i>Watch</i>');
    const root = rootOf(page.body);
    expect(root).toContain('<h1 class="font-serif text-4xl font-bold tracking-tight sm:text-5xl">Explore Channels</h1>');
    expect(root).toContain('>Harbour &lt;i&gt;Watch&lt;/i&gt;</a></h2>');
    expect(root).toContain('Tides &amp; &quot;boats&quot; &lt;script&gt;x&lt;/script&gt;');
    expect(root).toContain('aria-label="Subscribe to Harbour &lt;i&gt;Watch&lt;/i&gt;"');
    expect(root).toContain('>Categories</button>');
    expect(root).not.toContain('<script>x');

    const own = await owner.client.get('/channels');
    expect(bootstrapOf(own.body).channels.items.map((c: { name: string }) => c.name)).not.toContain('Harbour <i>Watch</i>');
    expect(rootOf(own.body)).toContain('Create Channel');
  });
});
