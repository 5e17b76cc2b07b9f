import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  PAGE_STATE_ELEMENT_ID,
  PREFERENCE_COOKIES,
  type PageDataSource,
  type PagePreferences,
  type RenderPage,
} from '../../contract/pages.js';

/**
 * Pages (docs/decisions/008-one-render-path.md): every page is rendered by the web's own React tree, from the SSR
 * bundle Vite builds (dist/ssr/entry-server.js), which this module loads at start through one
 * function, `render`. It holds no page markup: it puts the render's head, HTML and state into the
 * built index.html and adds what the built files tell (the page chunk's preloads, the font).
 */

export interface PagesOptions {
  /** Where pages come from: the built files (production, tests) or Vite's dev server (npm run dev). */
  web: { kind: 'built'; webRoot: string; ssrEntry: string } | { kind: 'vite' };
  publicUrl: string;
  googleEnabled: boolean;
  /** The data a page may ask for, for this request's viewer (and the forms it may post, answered on `reply`). */
  dataSource: (request: FastifyRequest, reply: FastifyReply) => PageDataSource;
  /** Forms posted to a page (sign-in, registration, comments without JavaScript): per client address. */
  formRateLimit: { max: number; timeWindow: number };
}

/** A form a page posts without JavaScript carries a few fields; anything larger is refused (413). */
export const PAGE_FORM_BODY_LIMIT = 4096;

/** JSON inside a <script> element: '<' escaped so no string can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * From Vite's manifest: per source module (`app/routes/article.tsx`), the preload links of its chunk
 * and of what it imports beyond the app (the entry, boot.ts, and the app it imports after the first
 * paint, whose own imports Vite preloads with it); and the preload of the serif font's file of common
 * characters (styles.css), which headings and article text use at first paint. The module preloads
 * go into an inert <template id="page-modules"> that boot.ts moves into the head when it starts the
 * app, after the first paint.
 */
function readManifest(webRoot: string): { preloads: (modules: string[]) => string; font: string } {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { preloads: () => '', font: '' };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryClosure = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  for (const app of entryKey ? (manifest[entryKey]!.dynamicImports ?? []) : []) closure(app, entryClosure);
  const cache = new Map<string, { stylesheets: string; modules: string }>();
  const preloadsOf = (module: string) => {
    let links = cache.get(module);
    if (links === undefined) {
      const chunks = [...closure(module, new Set())].filter((key) => !entryClosure.has(key)).map((key) => manifest[key]!);
      links = {
        stylesheets: chunks.flatMap((chunk) => (chunk.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)).join(''),
        modules: chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`).join(''),
      };
      cache.set(module, links);
    }
    return links;
  };
  const fontFile = entryKey ? manifest[entryKey]!.assets?.find((file) => /newsreader-core-wght-normal-[^/]*\.woff2$/.test(file)) : undefined;
  return {
    preloads: (modules) => {
      const links = modules.map(preloadsOf);
      const preloads = links.map((link) => link.modules).join('');
      return links.map((link) => link.stylesheets).join('') + (preloads ? `<template id="page-modules">${preloads}</template>` : '');
    },
    font: fontFile ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${fontFile}">` : '',
  };
}

const validZones = new Map<string, boolean>();
/** An IANA time zone this runtime knows (remembered: a check costs a formatter). */
function isTimeZone(zone: string): boolean {
  let known = validZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (validZones.size < 1000) validZones.set(zone, known);
  }
  return known;
}

/** A channel id from its cookie; anything else is no choice (the page then shows the reader's first channel). */
function channelIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The reader's choices from their cookies (see src/contract/pages.ts), defaults otherwise. */
function preferencesOf(request: FastifyRequest): PagePreferences {
  const cookies = request.cookies;
  const zone = cookies[PREFERENCE_COOKIES.timeZone];
  return {
    theme: cookies[PREFERENCE_COOKIES.theme] === 'dark' ? 'dark' : 'light',
    showImages: cookies[PREFERENCE_COOKIES.showImages] !== 'false',
    timeZone: zone && zone.length <= 64 && isTimeZone(zone) ? zone : 'UTC',
    renderedAt: Date.now(),
    selectedChannelId: channelIdOf(cookies[PREFERENCE_COOKIES.selectedChannel]),
  };
}

/** What a page is made of, from the built files or from Vite's dev server. */
interface PageAssets {
  render(): Promise<RenderPage>;
  /** index.html, split where the head and the page go. */
  template(url: string): Promise<PageTemplate>;
  preloads(modules: string[]): string;
}

interface PageTemplate {
  headStart: string;
  defaultDescription: string;
  beforeRoot: string;
  afterRoot: string;
}

/**
 * The stylesheet goes first in the head, before the font, the page's module preloads and the
 * entry script: over HTTP/1.1 a browser opens six connections to a host, and a stylesheet queued
 * behind twenty scripts held the first paint back by the time they took to download.
 */
function stylesheetsFirst(html: string): string {
  const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  let moved = html;
  for (const link of stylesheets) moved = moved.replace(link, '');
  return moved.replace('<!--app-head-->', () => `${stylesheets.map((link) => link.trim()).join('')}<!--app-head-->`);
}

/**
 * The page is readable from the server's HTML; its scripts only make it interactive. The one script
 * in index.html (boot.ts, under 1 KB) starts the app after the first paint; at low priority even it
 * comes after the stylesheet, the font and the article's images on a slow connection.
 */
function scriptsAfterContent(html: string): string {
  return html
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
}

function splitTemplate(html: string, font: string): PageTemplate {
  // index.html's own title and description are the defaults; every render brings its title.
  const template = scriptsAfterContent(stylesheetsFirst(html))
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace('<!--app-head-->', () => `<!--app-head-->${font}`);
  const [beforeHead, afterHead] = template.split('<!--app-head-->') as [string, string];
  const [beforeRoot, afterRoot] = afterHead.split('<div id="root"></div>') as [string, string];
  const defaultDescription = /<meta name="description"[^>]*>/.exec(beforeHead)?.[0] ?? '';
  return { headStart: beforeHead.replace(defaultDescription, ''), defaultDescription, beforeRoot, afterRoot };
}

/** The production build: dist/web (index.html, hashed assets, manifest) and the SSR bundle, loaded once. */
async function builtAssets(app: FastifyInstance, webRoot: string, ssrEntry: string): Promise<PageAssets> {
  const indexPath = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`The web client is not built: ${indexPath} is missing. Run npm run build.`);
  if (!fs.existsSync(ssrEntry)) throw new Error(`The server render is not built: ${ssrEntry} is missing. Run npm run build.`);
  const { render } = (await import(pathToFileURL(ssrEntry).href)) as { render: RenderPage };
  const manifest = readManifest(webRoot);
  const template = splitTemplate(fs.readFileSync(indexPath, 'utf8'), manifest.font);
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    // The built files are fixed: one route each, read once at start. A wildcard would look on disk
    // (stat, readdir) before every page request falls through to the render.
    wildcard: false,
    // dist/web holds .br and .gz twins of every asset (scripts/compress-assets.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  return { render: async () => render, template: async () => template, preloads: manifest.preloads };
}

/**
 * Development (npm run dev): Vite in middleware mode serves the web's modules with hot reload, and
 * each page is rendered by the current source of entry-server.tsx, loaded through Vite.
 */
async function viteAssets(app: FastifyInstance): Promise<PageAssets> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  app.addHook('onClose', () => vite.close());
  await app.register(middie);
  app.use((req, res, next) => (req.url?.startsWith('/api/') ? next() : vite.middlewares(req, res, next)));
  const indexPath = path.join(vite.config.root, 'index.html');
  return {
    render: async () => ((await vite.ssrLoadModule('/entry-server.tsx')) as { render: RenderPage }).render,
    template: async (url) => splitTemplate(await vite.transformIndexHtml(url, fs.readFileSync(indexPath, 'utf8')), ''),
    preloads: () => '',
  };
}

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const assets = options.web.kind === 'vite' ? await viteAssets(app) : await builtAssets(app, options.web.webRoot, options.web.ssrEntry);

  async function sendPage(request: FastifyRequest, reply: FastifyReply, form?: string) {
    const sessionUser = request.user;
    const user = sessionUser ? (({ sessionId: _sessionId, ...rest }) => rest)(sessionUser) : null;
    const preferences = preferencesOf(request);
    const [render, template] = await Promise.all([assets.render(), assets.template(request.url)]);
    const page = await render(
      {
        url: request.url,
        method: form === undefined ? 'GET' : 'POST',
        form,
        publicUrl: options.publicUrl,
        user,
        providers: { google: options.googleEnabled },
        preferences,
      },
      options.dataSource(request, reply),
    );
    // Pages depend on the session and the preference cookies.
    reply.header('vary', 'Cookie');
    if (page.redirect) {
      return reply.header('cache-control', 'no-store').redirect(page.redirect.location, page.redirect.status);
    }
    if (page.cacheable) reply.cacheable();
    const dark = user !== null && preferences.theme === 'dark';
    const htmlAttributes = (dark ? ' class="dark"' : '') + (page.startsOnIntent ? ' data-boot="intent"' : '');
    const html =
      template.headStart.replace('<html lang="en"', `<html lang="en"${htmlAttributes}`) +
      page.head +
      (page.head.includes('<meta name="description"') ? '' : template.defaultDescription) +
      assets.preloads(page.modules) +
      `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${jsonForScript(page.state)}</script>` +
      template.beforeRoot +
      `<div id="root">${page.html}</div>` +
      template.afterRoot;
    return reply
      .status(page.status)
      .header('cache-control', user ? 'private, no-store' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /** Any other path without a file extension, outside the API, is a page (the route table decides which, or not-found). */
  const isPagePath = (url: string) => !url.startsWith('/api/') && !path.extname(url.split('?')[0]!);
  // Pages are routes, not the not-found handler: hooks registered per route (compression) apply to them.
  app.get('/', (request, reply) => sendPage(request, reply));
  app.get('/*', async (request, reply) => (isPagePath(request.url) ? sendPage(request, reply) : reply.status(404).send({ error: 'Not found' })));

  // A form a page posts as a plain form (sign-in, registration, a comment: before the app has started,
  // or with JavaScript off) goes to the route table's action for that page, with the same Origin
  // check as every write. Only urlencoded bodies of a few fields are read, in this scope alone (the
  // API stays JSON), and nothing of the body is logged or put in an address.
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: PAGE_FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    forms.post(
      '/*',
      {
        bodyLimit: PAGE_FORM_BODY_LIMIT,
        // Per address, like sign-in; an unknown API or file path is not a form and is not counted.
        config: { rateLimit: { ...options.formRateLimit, allowList: (request: FastifyRequest) => !isPagePath(request.url) } },
        // An unknown API or file path is answered before its body is read (and whatever its size).
        onRequest: async (request, reply) => {
          if (!isPagePath(request.url)) return reply.status(404).send({ error: 'Not found' });
        },
      },
      async (request, reply) => {
        if (typeof request.body !== 'string') return reply.status(415).send({ error: 'A page takes a form (application/x-www-form-urlencoded)' });
        return sendPage(request, reply, request.body);
      },
    );
  });
  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ error: 'Not found' }));
}
