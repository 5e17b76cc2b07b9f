// npx tsx bench/render-times.ts [--articles 10000] [--renders 3000] [--ssr dist/ssr] [--pages /,/articles/ID,…]
// What one server render costs: the SSR bundle's `render` (the page's data through the
// services, renderToString, the head, the dehydrated state) called in this process on a copy of the
// generated SQLite data, one render at a time, for a reader signed out and one signed in. No HTTP,
// no compression, no page assembly: `npm run bench` measures those with the rest. `--ssr` takes
// another build's bundle (a directory inside the project, so it finds node_modules), to compare two
// builds in one sitting.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { PagePreferences, RenderPage } from '../src/contract/pages.js';
import { createPageDataSource } from '../src/server/features/pages/page-data-source.js';
import { createEmailService } from '../src/server/features/email/email.service.js';
import { createLimiter } from '../src/server/lib/limiters.js';
import { benchSessionToken, PUBLIC_URL, rerunUnderProduction, startInProcessApp } from './in-process-app.js';

rerunUnderProduction();

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    renders: { type: 'string', default: '3000' },
    ssr: { type: 'string', default: 'dist/ssr' },
    pages: { type: 'string' },
  },
});
const renders = Number(values.renders);
const entry = path.resolve(values.ssr, 'entry-server.js');
if (!fs.existsSync(entry)) throw new Error(`no server render at ${entry}: run npm run build first`);
const publicUrl = PUBLIC_URL;
// The app migrates the copy and builds the services the page data source uses.
const { context, newest, close } = await startInProcessApp(values.articles);
const { render } = (await import(pathToFileURL(entry).href)) as { render: RenderPage };
// The profile page reads the reader's email settings; the other pages never ask it.
const email = createEmailService({
  db: context.db,
  tokens: context.emailTokens,
  outbox: context.outbox,
  sessions: context.sessions,
  unsubscribeLinks: context.unsubscribeLinks,
  publicUrl,
  confirmLimit: createLimiter({ name: 'email-confirm-account', points: 5, durationS: 60 * 60 }),
  resetLimit: createLimiter({ name: 'email-reset-account', points: 3, durationS: 60 * 60 }),
  recipientLimit: createLimiter({ name: 'email-recipient', points: 3, durationS: 60 * 60 }),
  onQueued: () => {},
});
const services = { ...context, email };

const pages = values.pages?.split(',') ?? ['/', `/articles/${newest}`, '/channels', '/channels/1'];
// The generator's user 1, through its session token (bench/run.mjs sends it as the cookie).
const resolved = await context.sessions.resolve(benchSessionToken(1));
if (!resolved) throw new Error('the generated data has no session for bench user 1');
const session = resolved.user;
const { sessionId: _sessionId, ...signedIn } = session;
const preferences: PagePreferences = { theme: 'light', showImages: true, timeZone: 'UTC', renderedAt: Date.now(), selectedChannelId: null };

console.log(`one server render, ${values.articles} articles, ${values.ssr}, ${renders} renders each (CPU and wall time per render)`);
for (const url of pages) {
  for (const viewer of [null, signedIn]) {
    const request = { url, method: 'GET' as const, publicUrl, user: viewer, providers: { google: false }, preferences };
    const once = () => render(request, createPageDataSource(services, viewer === null ? null : session));
    const first = await once();
    for (let i = 0; i < Math.min(1000, renders); i++) await once(); // the JIT settles first
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < renders; i++) await once();
    const used = process.cpuUsage(cpu);
    const cpuUs = (used.user + used.system) / renders;
    const wallUs = ((performance.now() - started) * 1000) / renders;
    console.log(
      `${url.padEnd(22)} ${(viewer ? 'signed in' : 'signed out').padEnd(10)} status ${first.status}  ${cpuUs.toFixed(0).padStart(5)} µs CPU  ${wallUs.toFixed(0).padStart(5)} µs wall  ${(first.html.length / 1024).toFixed(1)} KB of HTML`,
    );
  }
}
await close();
