import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

/** A stand-in for the built client: index.html with the head marker and the empty root, no manifest. */
function fakeWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Broadsheet</title><!--app-head--><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The page's #root as written by the server (everything before the first script in <body>). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</body>'));
}

async function uploadPng(client: TestClient): Promise<{ url: string }> {
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } }).png().toBuffer();
  const boundary = '----first-paint-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="harbour.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await client.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function publish(t: TestApp, fields: Record<string, unknown>) {
  const author = await signedInClient(t);
  const channel = (await author.client.post('/api/channels', { name: `Desk ${Math.random().toString(36).slice(2, 8)}`, description: 'News' })).json();
  const created = await author.client.post('/api/articles', { channelId: channel.id, ...fields });
  expect(created.statusCode).toBe(201);
  return { author, article: created.json() as { id: number; slug: string } };
}

describe.each(testDatabases())('the article page paints before any script on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: fakeWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  it('writes the title, meta, body and the first image (width, height, srcset, high priority) into #root', async () => {
    const { author } = await publish(t, { title: 'Placeholder', content: '<p>x</p>' });
    const first = await uploadPng(author.client);
    const second = await uploadPng(author.client);
    const channel = (await author.client.post('/api/channels', { name: 'Harbour Desk', description: 'Coast news' })).json();
    const created = await author.client.post('/api/articles', {
      title: 'Harbour wall repaired overnight',
      content: '<p>The crew of <strong>twelve</strong> finished at dawn.</p>',
      channelId: channel.id,
      location_name: 'Brighton',
    });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    const images = await author.client.put(`/api/articles/${article.id}/images`, {
      images: [
        { image_url: second.url, caption: 'The second picture', order: 1 },
        { image_url: first.url, caption: 'The wall at dawn', order: 0 },
      ],
    });
    expect(images.statusCode, images.body).toBe(200);

    const page = await anonymous().get(`/articles/${article.slug}-${article.id}`);
    expect(page.statusCode).toBe(200);
    const root = rootOf(page.body);
    expect(root).toContain('<h1 class="font-serif text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">Harbour wall repaired overnight</h1>');
    expect(root).toContain('<p>The crew of <strong>twelve</strong> finished at dawn.</p>');
    expect(root).toContain('Harbour Desk');
    expect(root).toContain('Brighton');
    expect(root).toMatch(/<time datetime="[^"]+">\w{3}, \w{3} \d+, \d{2} at \d+:\d{2} [AP]M<\/time>/);
    expect(root).toContain('href="/auth">Login</a>');

    // The main image is the first by order, eager with high priority, sized, with its WebP copies.
    const tags = [...root.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(tags).toHaveLength(2);
    const main = tags[0]!;
    expect(main).toContain(`src="${first.url}"`);
    expect(main).toContain('width="1200"');
    expect(main).toContain('height="800"');
    expect(main).toMatch(/srcset="[^"]*-480w\.webp 480w, [^"]*-960w\.webp 960w/);
    expect(main).toContain('sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"');
    expect(main).toContain('fetchpriority="high"');
    expect(main).toContain('loading="eager"');
    expect(main).toContain('alt="The wall at dawn"');
    expect(tags[1]).toContain('loading="lazy"');
    expect(tags[1]).not.toContain('fetchpriority');
    // The head's preload asks for the same file the <img> will pick.
    expect(page.body).toMatch(new RegExp(`<link rel="preload" as="image" href="${first.url}" imagesrcset="[^"]+480w[^"]*" imagesizes="[^"]+" fetchpriority="high">`));
  });

  it('keeps hostile text escaped and the stored body sanitized in the first paint', async () => {
    const { article } = await publish(t, {
      title: `<img src=x onerror=alert(1)> "quoted" $' & $&`,
      content: '<p>Safe</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
      location_name: '<svg onload=alert(4)>',
    });
    const page = await anonymous().get(`/articles/${article.id}`);
    const root = rootOf(page.body);
    expect(root).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; $&#39; &amp; $&amp;</h1>');
    expect(root).toContain('&lt;svg onload=alert(4)&gt;');
    expect(root).not.toMatch(/<script(?![^>]*type="module")/);
    // No element carries an event handler or a javascript: URL (the escaped title text may say so).
    expect(root).not.toMatch(/<[^>]*\son(?:error|load)\s*=/i);
    expect(root).not.toMatch(/(?:href|src)\s*=\s*"?\s*javascript:/i);
    expect(root).toContain('<p>Safe</p>');
    // The replacement patterns in the title stayed text: the page is whole, once.
    expect(page.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.body).toContain('</html>');
  });

  it('paints a draft for its author only; others get the empty root and 404', async () => {
    const { author, article } = await publish(t, { title: 'Unpublished notes', content: '<p>Draft body</p>', published: false });
    const own = rootOf((await author.client.get(`/articles/${article.id}`)).body);
    expect(own).toContain('Unpublished notes');
    expect(own).toContain('>Draft</span>');
    // A signed-in header has no Login link (the client render brings the user menu).
    expect(own).not.toContain('>Login</a>');
    const other = await anonymous().get(`/articles/${article.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('<div id="root"></div>');
  });
});
