// npm run test:soak -- [--minutes 10] [--window 30] [--load 0.7] [--connections 24] [--heap-mb 192] [--heap-snapshots]
//
// Mixed traffic at about 70% of the capacity measured a moment earlier, for ten
// minutes, against the production build. Prints p99 and memory per window, then fails (exit 1) on
// any error, a counter that no longer equals its recount, or a growth trend in memory or latency.
// Not part of `npm test` (it takes eleven minutes); the figures of the last run are in
// docs/reliability.md. With --heap-snapshots, the server writes a heap snapshot after the
// warm-up and another at the end, and the soak prints what grew between them, by constructor.
import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, type RunningServer } from '../support/server.js';
import { counterMismatches, openReader, register, SiteClient, type CounterMismatch } from './support.js';
import { heapGrowth, summarizeHeapSnapshot } from './heap-summary.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    window: { type: 'string', default: '30' },
    load: { type: 'string', default: '0.7' },
    connections: { type: 'string', default: '24' },
    users: { type: 'string', default: '300' },
    // The V8 heap limit `npm start` sets (package.json): the soak runs the server as production does.
    'heap-mb': { type: 'string', default: '192' },
    'heap-snapshots': { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const windowSeconds = Number(values.window);
const load = Number(values.load);
const connections = Number(values.connections);
const userCount = Number(values.users);

interface Site {
  server: RunningServer;
  readers: { cookie: string }[];
  articleIds: number[];
}

/** Writers, channels, 400 articles with comments, and subscribed readers, all through the API. */
async function buildSite(server: RunningServer): Promise<Site> {
  const base = server.url;
  const readers: SiteClient[] = [];
  for (let i = 0; i < userCount; i += 6) {
    const batch = await Promise.all(Array.from({ length: Math.min(6, userCount - i) }, () => register(base, 'soak')));
    readers.push(...batch.map((b) => b.client));
  }
  const channelIds: number[] = [];
  const articleIds: number[] = [];
  const paragraph = (n: number) =>
    `<p>The council met on ${n % 28} March to discuss the harbour wall, the ferry timetable and the new library. ` +
    `Residents asked about parking near the market, and the mayor promised an answer within ${n % 9 + 2} weeks.</p>`;
  for (const writer of readers.slice(0, 40)) {
    const channel = await writer.post('/api/channels', { name: `Soak desk ${channelIds.length + 1}`, description: 'Local news under load' });
    if (channel.status !== 201) throw new Error(`channel: ${channel.status} ${JSON.stringify(channel.body)}`);
    channelIds.push(channel.body.id);
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        writer.post('/api/articles', {
          title: `Soak story ${channelIds.length}-${k}: the harbour wall`,
          content: Array.from({ length: 8 }, (_, p) => paragraph(k * 8 + p)).join(''),
          channelId: channel.body.id,
          status: 'published',
        }),
      ),
    );
    for (const r of created) {
      if (r.status !== 201) throw new Error(`article: ${r.status} ${JSON.stringify(r.body)}`);
      articleIds.push(r.body.id);
    }
  }
  // Each reader follows three channels, so signed-in feeds are real feeds, not the fallback.
  for (let i = 40; i < readers.length; i += 10) {
    await Promise.all(
      readers.slice(i, i + 10).map((reader, k) =>
        Promise.all([0, 1, 2].map((j) => reader.post(`/api/channels/${channelIds[(i + k + j * 7) % channelIds.length]}/subscribe`))),
      ),
    );
  }
  return { server, readers: readers.map((r) => ({ cookie: r.cookie! })), articleIds };
}

type Request = { method: string; path: string; headers: Record<string, string>; body?: string };

/**
 * The mix: mostly reads, as on a news site, with every kind of write. Writers are taken in turn so
 * that no one reader reaches the per-user limits on reactions (60/min) and comments (20/min).
 */
function mixedTraffic(site: Site): () => Request {
  const origin = site.server.url;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  // One rotation per kind of request: with a single shared one, chance gave some readers twice
  // their share of comments and the per-reader limit (20 a minute) answered 429.
  const turns = new Map<string, number>();
  const reader = (kind: string) => {
    const turn = turns.get(kind) ?? 0;
    turns.set(kind, turn + 1);
    return site.readers[turn % site.readers.length]!;
  };
  const json = (cookie: string) => ({ cookie, origin, 'content-type': 'application/json' });
  // Each comment's text differs: the same words from one reader within 10 s are refused as a duplicate.
  let commentTurn = 0;
  const weighted: [number, () => Request][] = [
    [20, () => ({ method: 'GET', path: '/api/articles?scope=all&limit=20', headers: {} })],
    [18, () => ({ method: 'GET', path: `/api/articles/${pick(site.articleIds)}`, headers: {} })],
    [10, () => ({ method: 'GET', path: '/api/articles?limit=20', headers: { cookie: reader('feed').cookie } })],
    [10, () => ({ method: 'GET', path: `/api/articles/${pick(site.articleIds)}`, headers: { cookie: reader('article').cookie } })],
    [10, () => ({ method: 'GET', path: `/api/articles/${pick(site.articleIds)}/comments`, headers: {} })],
    [8, () => ({ method: 'GET', path: '/api/channels?limit=24', headers: {} })],
    [2, () => ({ method: 'GET', path: '/', headers: {} })],
    [10, () => ({ method: 'POST', path: `/api/articles/${pick(site.articleIds)}/view`, headers: { origin, cookie: reader('view').cookie } })],
    [9, () => ({ method: 'POST', path: `/api/articles/${pick(site.articleIds)}/reactions`, headers: json(reader('reaction').cookie), body: JSON.stringify({ isLike: Math.random() < 0.7 }) })],
    [3, () => ({ method: 'POST', path: `/api/articles/${pick(site.articleIds)}/comments`, headers: json(reader('comment').cookie), body: JSON.stringify({ content: `Soak comment ${++commentTurn}: still reading.`, parent_id: null }) })],
  ];
  const total = weighted.reduce((sum, [w]) => sum + w, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, make] of weighted) {
      roll -= weight;
      if (roll < 0) return make();
    }
    return weighted[0]![1]();
  };
}

interface Window {
  minute: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: string;
  rssMb: number;
  peakRssMb: number;
}

async function drive(site: Site, seconds: number, rate?: number): Promise<autocannon.Result> {
  const next = mixedTraffic(site);
  return autocannon({
    url: site.server.url,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...next() }) }],
  });
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const snapshotDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'broadsheet-heap-'));
const server = await startServer({
  MICRO_CACHE_MS: '1000',
  AUTH_RATE_LIMIT: '100000',
  WRITE_RATE_LIMIT: '1000000',
  NODE_OPTIONS: [
    `--max-old-space-size=${Number(values['heap-mb'])}`,
    ...(values['heap-snapshots'] ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : []),
  ].join(' '),
});
const pid = server.pid;

/** Asks the server for a heap snapshot (a full GC first) and waits until the file is complete. */
async function heapSnapshot(): Promise<string> {
  const before = new Set(fs.readdirSync(snapshotDir));
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 300_000; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = fs.readdirSync(snapshotDir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    if (!file) continue;
    const full = path.join(snapshotDir, file);
    const size = fs.statSync(full).size;
    await new Promise((r) => setTimeout(r, 2000));
    if (fs.statSync(full).size === size && size > 0) return full;
  }
  throw new Error('the server wrote no heap snapshot');
}
const snapshots: string[] = [];
let failed = false;
try {
  console.log(`soak: building the site (${userCount} users, 40 channels, 400 articles) on ${server.url}`);
  const site = await buildSite(server);

  const capacity = await drive(site, 20);
  const target = Math.round(capacity.requests.average * load);
  console.log(`capacity of the mix: ${Math.round(capacity.requests.average)} req/s at ${connections} connections; soaking at ${target} req/s (${load * 100}%) for ${minutes} min`);

  const windows: Window[] = [];
  const started = Date.now();
  for (let w = 0; w < Math.round((minutes * 60) / windowSeconds); w++) {
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssOf(pid)), 1000);
    const result = await drive(site, windowSeconds, target);
    clearInterval(sampler);
    const row: Window = {
      minute: Number(((Date.now() - started) / 60_000).toFixed(1)),
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      statuses: Object.entries(result.statusCodeStats)
        .map(([code, { count }]) => `${code}×${count}`)
        .join(' '),
      rssMb: Math.round(mean(samples)),
      peakRssMb: Math.round(Math.max(...samples)),
    };
    windows.push(row);
    // The first snapshot once the warm-up fifth is over, the second after the last window.
    if (values['heap-snapshots'] && w + 1 === Math.ceil(Math.round((minutes * 60) / windowSeconds) / 5)) snapshots.push(await heapSnapshot());
    console.log(`  ${String(row.minute).padStart(5)} min  ${String(row.rps).padStart(5)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx} (${row.statuses})  RSS ${row.rssMb} MB (peak ${row.peakRssMb})`);
  }

  let heap: { mbFirst: number; mbLast: number; growth: ReturnType<typeof heapGrowth> } | undefined;
  if (values['heap-snapshots']) {
    snapshots.push(await heapSnapshot());
    const [first, last] = snapshots.map((file) => summarizeHeapSnapshot(file!));
    heap = { mbFirst: Number((first!.totalBytes / 1048576).toFixed(1)), mbLast: Number((last!.totalBytes / 1048576).toFixed(1)), growth: heapGrowth(first!, last!) };
    console.log(`\nlive heap after the warm-up ${heap.mbFirst} MB, at the end ${heap.mbLast} MB; what grew most:`);
    console.table(heap.growth);
  }

  // The verdict. The first fifth is warm-up (caches, JIT, SQLite page cache); the trend compares
  // the warmed-up early windows with the last ones.
  const warm = windows.slice(Math.ceil(windows.length / 5), Math.ceil(windows.length / 5) * 2);
  const last = windows.slice(-Math.max(1, Math.ceil(windows.length / 5)));
  const slope = (() => {
    const xs = windows.slice(Math.ceil(windows.length / 5)).map((w) => w.minute);
    const ys = windows.slice(Math.ceil(windows.length / 5)).map((w) => w.rssMb);
    const mx = mean(xs);
    const my = mean(ys);
    return xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / Math.max(xs.reduce((s, x) => s + (x - mx) ** 2, 0), 1e-9);
  })();
  const reader = await openReader({ dataDir: server.dataDir });
  const { mismatches, articles } = await counterMismatches(reader);
  await reader.close();
  const summary = {
    minutes,
    targetRps: target,
    capacityRps: Math.round(capacity.requests.average),
    requests: windows.reduce((s, w) => s + w.rps * windowSeconds, 0),
    errors: windows.reduce((s, w) => s + w.errors + w.non2xx, 0),
    rssWarmMb: Math.round(mean(warm.map((w) => w.rssMb))),
    rssLastMb: Math.round(mean(last.map((w) => w.rssMb))),
    rssSlopeMbPerMin: Number(slope.toFixed(2)),
    peakRssMb: Math.max(...windows.map((w) => w.peakRssMb)),
    p99WarmMs: median(warm.map((w) => w.p99)),
    p99LastMs: median(last.map((w) => w.p99)),
    countersChecked: articles,
    counterMismatches: mismatches.length,
  };
  console.log('\nsoak summary', summary);
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-soak.json`;
  fs.writeFileSync(file, JSON.stringify({ node: process.version, connections, windowSeconds, summary, windows, heap }, null, 2));
  console.log(`saved ${file}`);

  const problems: string[] = [];
  if (summary.errors > 0) problems.push(`${summary.errors} errors or non-2xx answers`);
  if (mismatches.length > 0) problems.push(`counters differ from recounts: ${JSON.stringify(mismatches.slice(0, 5) satisfies CounterMismatch[])}`);
  if (summary.rssLastMb > summary.rssWarmMb * 1.15 && summary.rssLastMb - summary.rssWarmMb > 20) {
    problems.push(`memory grew from ${summary.rssWarmMb} MB to ${summary.rssLastMb} MB`);
  }
  if (summary.p99LastMs > summary.p99WarmMs * 2 + 5) problems.push(`p99 grew from ${summary.p99WarmMs} ms to ${summary.p99LastMs} ms`);
  if (problems.length > 0) {
    failed = true;
    console.error(`\nSOAK FAILED:\n- ${problems.join('\n- ')}`);
  } else {
    console.log('\nsoak passed: no errors, counters exact, no growth in memory or p99');
  }
} finally {
  await server.stop();
  fs.rmSync(snapshotDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
