// npm run bench:frontend — what a first visit costs on the three main pages.
//  1. Bytes: what a signed-out reader of a reading page runs before acting (the entry and its static
//     imports); for each main route, the entry chunk, the app it starts (main.tsx), the route's lazy
//     chunk and everything they import statically, JS and CSS, raw / gzip / brotli (from the Vite manifest).
//  2. Lighthouse with its default mobile settings (simulated slow 4G, 4x CPU slowdown) on `/`, an
//     article page and `/channels`, against the production build started with demo content on a
//     fresh temporary DATA_DIR, driving Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
//     Each page is measured --runs times (default 3) and the median run (by performance score, then
//     LCP) is reported.
// Options: --runs N, --no-lighthouse (bytes only), --requests (for each page's median run, the
// requests that started before its observed LCP: what Lighthouse's simulated LCP is made of).
// Results: bench/results/frontend.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const runs = Number(option('runs', '3'));
const withLighthouse = !args.includes('--no-lighthouse');
const listRequests = args.includes('--requests');

const root = 'dist/web';
const manifestPath = path.join(root, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) throw new Error('run `npm run build` first (dist/web/.vite/manifest.json is missing)');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
function files(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js: [...js], css: [...css] };
}
function sizes(list) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of list) {
    const data = fs.readFileSync(path.join(root, file));
    raw += data.length;
    gzip += zlib.gzipSync(data, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(data).length;
  }
  return { raw, gzip, brotli };
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const routes = {
  '/': 'app/routes/home.tsx',
  '/articles/{slug}-{id}': 'app/routes/article.tsx',
  '/channels': 'app/routes/channels.tsx',
  '/articles/new (editor)': 'app/routes/article-new.tsx',
  '/admin': 'app/routes/admin.tsx',
};
const bytes = [];
// The entry (boot.ts) and what it imports statically: all a signed-out reader of a reading page (the
// feed, an article, Explore Channels) runs until they act.
const beforeActing = sizes(files(closure(entryKey)).js);
console.log(`Before a signed-out reader acts on a reading page (the entry and its static imports): JS ${kb(beforeActing.gzip)} gzip, ${kb(beforeActing.brotli)} brotli`);
// The entry imports the app after the first paint, or on a reading page at the reader's first act:
// the app and its imports are part of every started page all the same.
const entry = closure(entryKey);
for (const app of manifest[entryKey].dynamicImports ?? []) closure(app, entry);
for (const [route, source] of Object.entries(routes)) {
  if (!manifest[source]) continue;
  const keys = closure(source, new Set(entry));
  const { js, css } = files(keys);
  const jsSize = sizes(js);
  const cssSize = sizes(css);
  bytes.push({
    route,
    'JS raw': kb(jsSize.raw),
    'JS gzip': kb(jsSize.gzip),
    'JS brotli': kb(jsSize.brotli),
    'CSS gzip': kb(cssSize.gzip),
    'CSS brotli': kb(cssSize.brotli),
    chunks: js.length,
  });
}
console.log('Once the app has started, per route (entry, app, route chunk and their static imports):');
console.table(bytes);
const routeChunks = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry || key === entryKey)
  .map(([key, chunk]) => {
    const size = sizes([chunk.file]);
    return { chunk: key, file: chunk.file, gzip: kb(size.gzip), brotli: kb(size.brotli) };
  });
console.log('Entry and lazy chunks (each alone):');
console.table(routeChunks);

const result = { date: new Date().toISOString(), beforeActing: { gzip: kb(beforeActing.gzip), brotli: kb(beforeActing.brotli) }, bytes, routeChunks };

if (withLighthouse) result.lighthouse = await runLighthouse();

fs.mkdirSync('bench/results', { recursive: true });
const stamp = result.date.replace(/[:.]/g, '-');
fs.writeFileSync('bench/results/frontend.json', JSON.stringify(result, null, 2));
fs.writeFileSync(`bench/results/frontend-${stamp}.json`, JSON.stringify(result, null, 2));
console.log(`saved bench/results/frontend.json and bench/results/frontend-${stamp}.json`);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The production build on a fresh DATA_DIR, seeded with the demo content (as `npm start` does). */
async function startServer() {
  const main = path.resolve('dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('run `npm run build` first (dist/server/main.js is missing)');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-lighthouse-'));
  const url = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a failing audit points at (the offending nodes, URLs or issue types), kept short. */
function describeItems(audit) {
  const items = audit.details?.items ?? [];
  const parts = items.slice(0, 5).map((item) => {
    if (item.node?.snippet) return item.node.snippet;
    if (item.url) return item.url;
    if (item.issueType) return `${item.issueType}${item.subItems?.items?.length ? ` ${JSON.stringify(item.subItems.items[0]).slice(0, 200)}` : ''}`;
    return JSON.stringify(item).slice(0, 200);
  });
  return parts.length ? ` (${parts.join(' | ')})` : '';
}

/** The requests Lighthouse saw start before the page's observed LCP: the simulated LCP waits for each. */
function requestsBeforeLcp(lhr) {
  const observed = lhr.audits.metrics?.details?.items?.[0];
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  if (!observed || !requests.length) return [];
  const origin = Math.min(...requests.map((r) => r.networkRequestTime));
  const lcp = observed.observedLargestContentfulPaint;
  return requests
    .filter((r) => r.networkRequestTime - origin <= lcp)
    .map((r) => ({ startMs: Math.round(r.networkRequestTime - origin), kb: (r.transferSize ?? 0) / 1024, priority: r.priority ?? '', url: r.url.replace(/^https?:\/\/[^/]+/, '') }));
}

async function runLighthouse() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startServer();
  let chrome;
  try {
    // The article page: the first article of the anonymous feed (demo content), at its canonical path.
    const feed = await (await fetch(`${server.url}/api/articles?limit=1`)).json();
    const first = feed.items?.[0];
    if (!first) throw new Error('the demo feed is empty: nothing to open as an article page');
    // Signed in: a fresh reader's home and a channel page (signed-out visitors of a
    // channel get a sign-in dialog, so that page is measured as a reader sees it).
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'lighthouse_reader', password: 'a quiet harbour at dawn' }),
    });
    const sessionCookies = registered.headers.getSetCookie().map((c) => c.split(';')[0]);
    const cookie = sessionCookies.join('; ');
    if (!registered.ok || !cookie.includes('broadsheet_session=')) throw new Error(`could not register the Lighthouse reader (${registered.status})`);
    const pages = {
      '/': { path: '/' },
      [`/articles/${first.slug}-${first.id}`]: { path: `/articles/${first.slug}-${first.id}` },
      '/channels': { path: '/channels' },
      [`/channels/${first.channelId}, signed in`]: { path: `/channels/${first.channelId}`, cookie },
      '/, signed in': { path: '/', cookie },
    };

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
    // Signed-in pages get the session in the browser's cookie jar, as a reader's browser has it.
    // (An extra Cookie header, Lighthouse's extraHeaders, lost to the jar's own cookies once an
    // earlier page had set the time-zone cookie: the page was rendered signed out.) Puppeteer is
    // Lighthouse's own dependency, at the version it drives Chromium with.
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const signedInPage = async () => {
      const page = await browser.newPage();
      await browser.setCookie(...sessionCookies.map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: new URL(server.url).hostname, path: '/' })));
      return page;
    };
    const table = [];
    const details = {};
    for (const [label, { path: pagePath, cookie: pageCookie }] of Object.entries(pages)) {

      const samples = [];
      for (let i = 0; i < runs; i++) {
        // A trace Chromium failed to record (NO_NAVSTART and the like, on a busy machine) is retried.
        let lhr;
        for (let attempt = 1; ; attempt++) {
          const page = pageCookie ? await signedInPage() : undefined;
          ({ lhr } = await lighthouse(`${server.url}${pagePath}`, flags, undefined, page));
          await page?.close();
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse failed on ${pagePath}: ${lhr.runtimeError.message}`);
        }
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode) && !['metrics'].includes(a.id))
          .filter((a) => ['accessibility', 'best-practices', 'seo'].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
          .map((a) => `${a.id}: ${a.title}${describeItems(a)}`);
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(audit('first-contentful-paint')),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Number(audit('cumulative-layout-shift').toFixed(3)),
          // What the page's scripts weighed on the wire, as Lighthouse loaded it (without acting on it).
          jsKb: Number(((lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1)),
          speedIndexMs: Math.round(audit('speed-index')),
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
          failing,
          ...(listRequests ? { beforeLcp: requestsBeforeLcp(lhr) } : {}),
        });
      }
      // The median run: sorted by performance score, then by LCP.
      const sorted = [...samples].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      details[label] = { runs: samples, median };
      table.push({
        page: label.length > 40 ? `${label.slice(0, 37)}...` : label,
        perf: median.performance,
        a11y: median.accessibility,
        'best pr.': median.bestPractices,
        seo: median.seo,
        'FCP ms': median.fcpMs,
        'LCP ms': median.lcpMs,
        'TBT ms': median.tbtMs,
        CLS: median.cls,
        'JS KB': median.jsKb,
        'perf of runs': samples.map((s) => s.performance).join(' '),
      });
    }
    // Simulated throttling scales the tasks Lighthouse observed, so a busy machine inflates TBT: say how busy it was.
    const load = os.loadavg()[1].toFixed(1);
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (default throttling), median of ${runs} run(s), load average (5 min) ${load} on ${os.cpus().length} cores:`);
    console.table(table);
    for (const [label, { median }] of Object.entries(details)) {
      if (median.failing.length) console.log(`${label}: failing audits: ${median.failing.join('; ')}`);
      if (median.lcpElement) console.log(`${label}: LCP element ${median.lcpElement}`);
      if (median.beforeLcp) {
        const total = median.beforeLcp.reduce((sum, request) => sum + request.kb, 0);
        console.log(`${label}: ${median.beforeLcp.length} requests started before the observed LCP, ${total.toFixed(1)} KB transferred:`);
        for (const request of median.beforeLcp) console.log(`  ${request.startMs.toString().padStart(5)} ms ${request.kb.toFixed(1).padStart(6)} KB ${request.priority.padEnd(8)} ${request.url}`);
      }
    }
    return { runs, loadAverage: Number(load), cores: os.cpus().length, pages: details };
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}
