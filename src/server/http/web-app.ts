import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '../../contract/paths.js';
import { appShell, escapeHtml } from './first-paint.js';

/** What the server embeds into every page so the first render needs no request. */
export interface BootstrapData {
  user: unknown;
  providers: { google: boolean };
}

/**
 * What the server knows of one page: head markup (title, description, share tags; pages without it
 * keep the defaults), bootstrap data, and `main`, the page's first paint (the content of <main>,
 * see first-paint.ts), which the server wraps in the header and writes into #root.
 */
export interface PageParts {
  head: string;
  status?: number;
  data?: Record<string, unknown>;
  main?: string;
}
export type PageHeadBuilder = (request: FastifyRequest) => Promise<PageParts | null>;

const HEAD_MARKER = '<!--app-head-->';
const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON inside a <script> element: '<' escaped so no string can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The chunk of each page (src/web/app/router.tsx), so a page's HTML has its chunk preloaded with
 * the entry instead of fetched after the entry has run. First match wins.
 */
const ROUTE_CHUNKS: [RegExp, string][] = [
  [/^\/$/, 'app/routes/home.tsx'],
  [/^\/auth\/?$/, 'app/routes/auth.tsx'],
  [/^\/profile\/?$/, 'app/routes/profile.tsx'],
  [/^\/channels\/?$/, 'app/routes/channels.tsx'],
  [/^\/channels\/new\/?$/, 'app/routes/channel-new.tsx'],
  [/^\/channels\/(?:[^/]+\/)?\d+\/?$/, 'app/routes/channel.tsx'],
  [/^\/articles\/new\/?$/, 'app/routes/article-new.tsx'],
  [/^\/articles\/(?:[^/]*-)?\d+\/?$/, 'app/routes/article.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  assets?: string[];
}

/**
 * From the Vite manifest: per page path, the files of its chunk and of what that imports beyond
 * the entry (whose own imports index.html already lists), to preload; and the preload of the
 * serif font's Latin file, which the first paint's headings use. Empty when there is no manifest.
 */
function readPreloads(webRoot: string): { route: (pathname: string) => string[]; font: string } {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return { route: () => [], font: '' };
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryClosure = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  const links = new Map<string, string[]>();
  for (const [, source] of ROUTE_CHUNKS) {
    if (!manifest[source] || links.has(source)) continue;
    const files = [...closure(source, new Set())].filter((key) => !entryClosure.has(key)).map((key) => manifest[key]!.file);
    links.set(source, files.map((file) => `/${file}`));
  }
  const fontFile = entryKey ? manifest[entryKey]!.assets?.find((file) => /newsreader-latin-wght-normal-[^/]*\.woff2$/.test(file)) : undefined;
  return {
    route: (pathname) => {
      const source = ROUTE_CHUNKS.find(([pattern]) => pattern.test(pathname))?.[1];
      return source ? (links.get(source) ?? []) : [];
    },
    font: fontFile ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${escapeHtml(fontFile)}">` : '',
  };
}

/**
 * Serves the built single-page app: hashed assets with immutable caching, and index.html for every
 * page, with per-request head markup and bootstrap data. Unknown pages still get the app (which
 * renders the not-found page) but with status 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webRoot: string; bootstrap: (request: FastifyRequest) => BootstrapData; pageHeads: PageHeadBuilder[] },
): Promise<void> {
  const indexPath = path.join(options.webRoot, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`The web client is not built: ${indexPath} is missing. Run npm run build.`);
  // The page paints from the server's markup and the stylesheet; the app's scripts load once it has
  // painted: public/page-init.js adds them from <meta name="app-scripts"> (entry first, then the
  // modules to preload). Under vite dev, index.html keeps its own script tag.
  let template = fs.readFileSync(indexPath, 'utf8');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  const appScripts: string[] = [];
  if (entry) {
    appScripts.push(entry[1]!);
    template = template.replace(entry[0], '');
    template = template.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      appScripts.push(href);
      return '';
    });
  }
  const preloads = readPreloads(options.webRoot);

  await app.register(fastifyStatic, {
    root: options.webRoot,
    prefix: '/',
    index: false,
    wildcard: true,
    // dist/web holds .br and .gz twins of every asset (scripts/compress-assets.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    let head = '';
    let main: string | undefined;
    const pathname = request.url.split('?')[0]!;
    let status = isClientRoute(pathname) ? 200 : 404;
    const extra: Record<string, unknown> = {};
    for (const build of options.pageHeads) {
      const page = await build(request);
      if (page) {
        head = page.head;
        main = page.main;
        if (page.status) status = page.status;
        Object.assign(extra, page.data);
        break;
      }
    }
    const data = { ...options.bootstrap(request), ...extra };
    const bootstrap = `<script type="application/json" id="bootstrap-data">${jsonForScript(data)}</script>`;
    // A page that brings its own title and description replaces the defaults of index.html.
    let page = template;
    if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
    if (head.includes('<meta name="description"')) page = page.replace(/<meta name="description"[^>]*>/, '');
    // Replacer functions: a '$&' or "$'" in an article's text must stay text, not a replacement pattern.
    const scripts = appScripts.length ? `<meta name="app-scripts" content="${escapeHtml([...appScripts, ...preloads.route(pathname)].join(' '))}">` : '';
    let html = page.replace(HEAD_MARKER, () => `${head}${preloads.font}${scripts}${bootstrap}`);
    if (main !== undefined) {
      const root = `<div id="root">${appShell(main, { signedIn: Boolean(request.user) })}</div>`;
      html = html.replace(ROOT_ELEMENT, () => root);
    }
    if (request.user) html = html.replace('<html lang="en"', '<html lang="en" data-signed-in');
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  app.get('/', sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsPage && !path.extname(request.url.split('?')[0]!)) return sendPage(request, reply);
    return reply.status(404).send({ error: 'Not found' });
  });
}
