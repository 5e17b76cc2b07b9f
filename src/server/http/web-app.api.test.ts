import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../test-support/test-app.js';

/** A built client as Vite writes it: index.html with the entry and its preloads, and the manifest. */
function builtWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><script src="/page-init.js"></script><title>Broadsheet</title><!--app-head-->\n' +
      '<script type="module" crossorigin src="/assets/index-E1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/utils-U1.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C1.css"></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_utils-U1.js'], assets: ['assets/newsreader-latin-wght-normal-F1.woff2'] },
    '_utils-U1.js': { file: 'assets/utils-U1.js' },
    '_badge-B1.js': { file: 'assets/badge-B1.js', imports: ['_utils-U1.js'] },
    'app/routes/channels.tsx': { file: 'assets/channels-R1.js', isDynamicEntry: true, imports: ['index.html', '_badge-B1.js'] },
    'app/routes/channel.tsx': { file: 'assets/channel-R2.js', isDynamicEntry: true, imports: ['index.html'] },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const appScriptsOf = (html: string) => /<meta name="app-scripts" content="([^"]*)">/.exec(html)?.[1]?.split(' ');

describe('the page shell: the app loads after the first paint', () => {
  const t = useTestApp('sqlite', {}, { webRoot: builtWebRoot() });
  const anonymous = () => new TestClient(() => t.app);

  it("lists the entry, its imports and the opened page's chunk for page-init.js instead of script tags", async () => {
    const page = await anonymous().get('/channels');
    expect(page.body).not.toContain('<script type="module"');
    expect(page.body).not.toContain('rel="modulepreload"');
    expect(appScriptsOf(page.body)).toEqual(['/assets/index-E1.js', '/assets/utils-U1.js', '/assets/channels-R1.js', '/assets/badge-B1.js']);
    expect(page.body).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/newsreader-latin-wght-normal-F1.woff2">');
    // The stylesheet stays a plain link in <head>, so the server's markup paints with it.
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C1.css">');

    expect(appScriptsOf((await anonymous().get('/channels/harbour/12')).body)).toEqual(['/assets/index-E1.js', '/assets/utils-U1.js', '/assets/channel-R2.js']);
    expect(appScriptsOf((await anonymous().get('/no/such/page')).body)).toEqual(['/assets/index-E1.js', '/assets/utils-U1.js']);
  });
});
