import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '../../contract/paths.js';

/** What the server embeds into every page so the first render needs no request. */
export interface BootstrapData {
  user: unknown;
  providers: { google: boolean };
}

/** Head markup for one page (title, description, share tags); pages without it keep the defaults. */
export type PageHeadBuilder = (request: FastifyRequest) => Promise<{ head: string; status?: number; data?: Record<string, unknown> } | null>;

const HEAD_MARKER = '<!--app-head-->';

/** JSON inside a <script> element: '<' escaped so no string can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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
  const template = fs.readFileSync(indexPath, 'utf8');

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
    let status = isClientRoute(request.url.split('?')[0]!) ? 200 : 404;
    const extra: Record<string, unknown> = {};
    for (const build of options.pageHeads) {
      const page = await build(request);
      if (page) {
        head = page.head;
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
    let html = page.replace(HEAD_MARKER, `${head}${bootstrap}`);
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
