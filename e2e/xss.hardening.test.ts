import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { XSS_VECTORS } from '../src/test-support/xss-vectors.js';
import { expectAccessible, Journey } from './support/browser.js';
import { PASSWORD } from './support/auth.js';
import { describeInBrowser, uniqueUsername, useSite, type Site } from './support/fixtures.js';
import { EXTRA_XSS_VECTORS } from './support/xss-vectors-extra.js';

/**
 * Stored XSS in a real browser. Every vector is stored through the API in article
 * HTML, article titles, comments, bios, channel names and descriptions and image captions (and
 * refused as a username), then every page that shows them is opened in Chromium (captions in the
 * gallery, every image of the lightbox and the editor). The journey fails if anything
 * runs: a dialog (alert/confirm/prompt), the `window.__xss` beacon, a request to any host but the
 * site's own, a page error or a console error (the CSP refusing an inline script logs one).
 */
const VECTORS = [...new Set([...XSS_VECTORS, ...EXTRA_XSS_VECTORS])];

/** Joins whole vectors into strings of at most `max` characters; a longer vector is cut to fit. Each string starts with a marker. */
function pack(vectors: string[], max: number, marker: (i: number) => string): string[] {
  const out: string[] = [];
  let current = '';
  for (const vector of vectors) {
    if (current && current.length + 1 + vector.length > max) {
      out.push(current);
      current = '';
    }
    if (!current) current = marker(out.length);
    current = `${current} ${vector}`.slice(0, max);
  }
  if (current) out.push(current);
  return out;
}

interface Api {
  username: string;
  id: number;
  cookie: string;
  send: (method: string, path: string, body?: unknown) => Promise<Response>;
  upload: (fileName: string, body: Buffer) => Promise<Response>;
}

async function account(site: Site, prefix: string): Promise<Api> {
  const base = site.server.url;
  const username = uniqueUsername(prefix);
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(register.status).toBe(201);
  const cookie = register.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const upload = (fileName: string, body: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), fileName);
    return fetch(`${base}/api/uploads`, { method: 'POST', headers: { cookie, origin: base }, body: form });
  };
  return { username, id: ((await register.json()) as { id: number }).id, cookie, send, upload };
}

async function created<T>(response: Promise<Response>): Promise<T> {
  const r = await response;
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return (await r.json()) as T;
}

/** Scrolls to the end and clicks 'Load more' until the list stops growing, so every page of it is shown. */
async function loadEverything(page: Page): Promise<void> {
  let stableRounds = 0;
  let lastHeight = -1;
  for (let i = 0; i < 60 && stableRounds < 2; i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // A button under channel lists, a link (to the next page) under the feed.
    const more = page.getByRole('button', { name: 'Load more' }).or(page.getByRole('link', { name: 'Load more' }));
    if (await more.first().isVisible().catch(() => false)) await more.first().click().catch(() => {});
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(150);
    const height = await page.evaluate(() => document.body.scrollHeight);
    stableRounds = height === lastHeight ? stableRounds + 1 : 0;
    lastHeight = height;
  }
}

describeInBrowser('stored XSS in the browser', () => {
  const site = useSite();

  it('serves a Content-Security-Policy that forbids inline script', async () => {
    const response = await fetch(`${site.server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? csp.split(';').find((d) => d.trim().startsWith('default-src')) ?? '';
    expect(scriptSrc, csp).toMatch(/'self'/);
    expect(scriptSrc, csp).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https?:/);
  });

  it(`runs none of ${VECTORS.length} vectors stored in articles, titles, comments, bios, channels and image captions`, { timeout: 600_000 }, async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(100);
    const base = site.server.url;

    // Usernames: the rules allow only letters, digits, '_', '.' and '-', so every vector is refused.
    for (const vector of VECTORS) {
      const response = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ username: vector, password: PASSWORD }),
      });
      expect(response.status, `username ${JSON.stringify(vector)}`).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }

    // Channel names (80 characters) and descriptions (800), ten channels per owner.
    const names = pack(VECTORS, 80, (i) => `XN${i}`);
    const descriptions = pack(VECTORS, 800, (i) => `XD${i}`);
    const bios = pack(VECTORS, 300, (i) => `XB${i}`);
    const owners: Api[] = [];
    const channels: { id: number; owner: Api }[] = [];
    for (let i = 0; i < Math.max(names.length, descriptions.length); i++) {
      if (i % 10 === 0) owners.push(await account(site, 'xssowner'));
      const owner = owners[owners.length - 1]!;
      const channel = await created<{ id: number }>(
        owner.send('POST', '/api/channels', { name: names[i] ?? `XN${i}`, description: descriptions[i] ?? `XD${i} plain` }),
      );
      channels.push({ id: channel.id, owner });
    }
    // Bios: one per account, with extra accounts when the owners run out.
    const bioHolders: Api[] = [...owners];
    while (bioHolders.length < bios.length) bioHolders.push(await account(site, 'xssbio'));
    for (const [i, bio] of bios.entries()) {
      await created(bioHolders[i]!.send('PATCH', `/api/users/${bioHolders[i]!.id}`, { description: bio }));
    }

    // Image captions (300 characters), five to an article (the most it may have), on gallery articles
    // of their own, made before the titled ones so those stay first in the feeds. Five uploads serve them all.
    const author = channels[0]!.owner;
    const captions = pack(VECTORS, 300, (i) => `XI${i}`);
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#456789' } }).png().toBuffer();
    const imageUrls: string[] = [];
    for (let i = 0; i < 5; i++) imageUrls.push((await created<{ url: string }>(author.upload(`xss-${i}.png`, picture))).url);
    const galleries: { id: number; slug: string; captions: number[] }[] = [];
    for (let g = 0; g * 5 < captions.length; g++) {
      const article = await created<{ id: number; slug: string }>(
        author.send('POST', '/api/articles', { title: `XG${g} gallery`, content: `<p>XG${g}</p>`, channelId: channels[0]!.id }),
      );
      const indexes = captions.map((_, i) => i).slice(g * 5, g * 5 + 5);
      const images = indexes.map((i, order) => ({ image_url: imageUrls[order]!, caption: captions[i], order }));
      const saved = await created<{ caption: string }[]>(author.send('PUT', `/api/articles/${article.id}/images`, { images }));
      // Stored as written (only trimmed): the browser, not the server, must keep them inert.
      expect(saved.map((image) => image.caption)).toEqual(indexes.map((i) => captions[i]!.trim()));
      galleries.push({ ...article, captions: indexes });
    }

    // Titles (200 characters), article HTML and comments, ten vectors per comment, all in the first channel.
    const titles = pack(VECTORS, 200, (i) => `XT${i}`);
    const bodies = pack(VECTORS, 4000, (i) => `<p>XH${i}</p>`);
    const articles: { id: number; slug: string }[] = [];
    for (let i = 0; i < Math.max(titles.length, bodies.length); i++) {
      articles.push(
        await created(author.send('POST', '/api/articles', { title: titles[i] ?? `XT${i}`, content: bodies[i] ?? `<p>XH${i}</p>`, channelId: channels[0]!.id })),
      );
    }
    const commenter = await account(site, 'xsscommenter');
    const comments: string[] = [];
    for (let i = 0; i < VECTORS.length; i += 10) comments.push(`XC${i / 10} ${VECTORS.slice(i, i + 10).join(' ')}`);
    // Comments are limited per reader per minute; several readers share the work.
    const commenters = [commenter, ...(await Promise.all([account(site, 'xsscommenter'), account(site, 'xsscommenter')]))];
    for (const [i, content] of comments.entries()) {
      const articleId = articles[i % Math.min(articles.length, 3)]!.id;
      await created(commenters[i % commenters.length]!.send('POST', `/api/articles/${articleId}/comments`, { content, parent_id: null }));
    }
    // The admin tables: an admin made with the CLI.
    const grant = spawnSync(process.execPath, ['dist/server/admin.js', 'grant', author.username], {
      env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(grant.status, grant.stderr).toBe(0);

    // The pages, each checked for the beacon and for requests leaving the site.
    const siteOrigin = new URL(base).origin;
    const pagesOpened: string[] = [];
    const seen = new Set<string>();
    async function visit(journey: Journey, path: string, expectText: string[] = [], loadAll = false) {
      await journey.goto(path);
      if (loadAll) await loadEverything(journey.page);
      pagesOpened.push(path);
      const text = await journey.page.locator('body').innerText();
      for (const marker of expectText) {
        expect(text, `${path} shows ${marker}`).toContain(marker);
        seen.add(marker);
      }
      const beacon = await journey.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      expect(beacon, `window.__xss was set on ${path}`).toBeUndefined();
    }
    async function open(who: Api | null) {
      const journey = await Journey.open(site.browser, base);
      journey.page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return;
        if (url.origin !== siteOrigin) journey.problems.push(`request to an unexpected host: ${request.url()}`);
      });
      journey.page.on('popup', (popup) => journey.problems.push(`unexpected popup: ${popup.url()}`));
      if (who) {
        // Every cookie sign-up set (the session, and the device cookie of the sign-in throttle).
        const cookies = who.cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
        });
        await journey.context.addCookies(cookies);
      }
      return journey;
    }

    const titleMarkers = titles.map((_, i) => `XT${i}`);
    const anonymous = await open(null);
    // The home feed, every article with HTML or comments, and the explore list.
    await visit(anonymous, '/', titleMarkers, true);
    for (const [i, article] of articles.entries()) {
      if (i >= bodies.length && i >= 3) continue;
      const markers = [...(i < bodies.length ? [`XH${i}`] : []), ...comments.flatMap((_, c) => (c % Math.min(articles.length, 3) === i ? [`XC${c}`] : []))];
      await visit(anonymous, `/articles/${article.slug}-${article.id}`, [`XT${i}`, ...markers]);
    }
    await visit(anonymous, '/channels', names.map((_, i) => `XN${i}`), true);

    // Captions: under each gallery's main image, then every image in turn in the lightbox.
    let captionsShown = 0;
    for (const gallery of galleries) {
      const path = `/articles/${gallery.slug}-${gallery.id}`;
      await visit(anonymous, path, [`XG${galleries.indexOf(gallery)}`, `XI${gallery.captions[0]}`]);
      const { page } = anonymous;
      await page.getByRole('button', { name: `Open image 1 of ${gallery.captions.length} in the viewer` }).click();
      const caption = page.getByTestId('lightbox').getByTestId('lightbox-caption');
      for (const [n, i] of gallery.captions.entries()) {
        await expect.poll(() => caption.textContent(), { message: `${path} lightbox image ${n + 1}` }).toMatch(new RegExp(`^XI${i} `));
        seen.add(`XI${i}`);
        captionsShown++;
        const beacon = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
        expect(beacon, `window.__xss was set in the lightbox of ${path}`).toBeUndefined();
        if (n === 0) await expectAccessible(page, `${path} lightbox`);
        await page.keyboard.press('ArrowRight');
      }
      await page.keyboard.press('Escape');
      pagesOpened.push(`${path} (lightbox)`);
    }
    await anonymous.close();
    // Channel pages are for signed-in readers.
    const reader = await open(commenter);
    for (const [i, channel] of channels.entries()) {
      if (i >= descriptions.length && i > 0) continue;
      await visit(reader, `/channels/${channel.id}`, [`XN${i}`, `XD${i}`, ...(i === 0 ? titleMarkers : [])], i === 0);
    }
    await reader.close();

    // Bios on each holder's profile (with their channels listed there too).
    for (const [i, holder] of bioHolders.entries()) {
      if (i >= bios.length) break;
      const journey = await open(holder);
      await visit(journey, '/profile', [`XB${i}`]);
      await journey.close();
    }

    // A signed-in reader's home feed (subscribed to the channel) and the admin tables.
    const admin = await open(author);
    await visit(admin, '/', titleMarkers.slice(-3));
    await visit(admin, '/admin', titleMarkers, true);
    await visit(admin, '/admin?tab=channels', names.map((_, i) => `XN${i}`), true);
    // The editor shows each caption in its field again (with axe, like every page here).
    let captionsEdited = 0;
    for (const gallery of galleries) {
      const path = `/articles/${gallery.id}/edit`;
      await admin.goto(path);
      pagesOpened.push(path);
      expect(await admin.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `window.__xss was set on ${path}`).toBeUndefined();
      const fields = admin.page.getByTestId('uploader-item').getByLabel(/^Caption for image/);
      await expect.poll(() => fields.count()).toBe(gallery.captions.length);
      const values = await fields.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(values).toEqual(gallery.captions.map((i) => captions[i]!.trim()));
      captionsEdited += values.length;
    }
    await admin.close();

    console.log(
      `[xss] ${VECTORS.length} vectors; ${names.length} channel names, ${descriptions.length} descriptions, ${bios.length} bios, ` +
        `${titles.length} titles, ${bodies.length} article bodies, ${comments.length} comments, ` +
        `${captions.length} image captions (${captionsShown} shown in the gallery lightbox, ${captionsEdited} in the editor), ${VECTORS.length} usernames refused; ` +
        `${pagesOpened.length} pages opened; ${seen.size} placements seen on screen`,
    );
  });
});
