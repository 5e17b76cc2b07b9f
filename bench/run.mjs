// npm run bench -- [--articles 10000] [--db sqlite|postgres] [--duration 10] [--connections 16] [--cache off] [--only name[,name…]]
// Starts the production build and a bare node:http ceiling in child processes, drives each
// scenario with autocannon from this process, prints a table and saves JSON under bench/results/.
// After the write scenarios it recounts every article's reactions and fails loudly on a mismatch.
import { createHash } from 'node:crypto';
import { fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/broadsheet_bench' },
    only: { type: 'string' },
    // 'off' sets MICRO_CACHE_MS=0: every request reaches the database (scale comparisons).
    cache: { type: 'string', default: 'on' },
    // Writes a V8 CPU profile of the server (open it in Chrome DevTools or speedscope).
    profile: { type: 'boolean', default: false },
  },
});
const articles = Number(values.articles);
const duration = Number(values.duration);
const connections = Number(values.connections);
const dataDir = path.resolve(`bench/data/${articles}${values.db === 'postgres' ? '-pg' : ''}`);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

// 1. Build and data.
if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/web/index.html')) run('npm', ['run', 'build']);
if (values.db === 'postgres') {
  const admin = new URL(values['database-url']);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  run('psql', [admin.toString(), '-qc', `drop database if exists "${name}" with (force)`]);
  run('psql', [admin.toString(), '-qc', `create database "${name}"`]);
  run('npx', ['tsx', 'bench/generate.ts', '--articles', String(articles), '--db', 'postgres', '--database-url', values['database-url']]);
} else if (!fs.existsSync(path.join(dataDir, 'broadsheet.db'))) {
  run('npx', ['tsx', 'bench/generate.ts', '--articles', String(articles), '--data-dir', dataDir]);
}
// Each run works on a fresh copy of the generated data: the write scenarios add comments, reactions
// and views, and a second run on the same files measured an article page with 500 more comments.
// (Not at a million articles: that file is 25 GB; such a run uses the generated files as they are.)
const serverDataDir = values.db === 'postgres' || articles > 100_000 ? dataDir : `${dataDir}-run`;
if (serverDataDir !== dataDir) {
  fs.rmSync(serverDataDir, { recursive: true, force: true });
  fs.cpSync(dataDir, serverDataDir, { recursive: true });
}

// 2. Servers.
const ceilingPort = await freePort();
const ceiling = fork('bench/ceiling.mjs', { env: { ...process.env, PORT: String(ceilingPort) } });
await new Promise((resolve) => ceiling.once('message', resolve));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const profileArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir=bench/data/profiles'] : [];
// The V8 flags `npm start` sets (package.json's start script), so memory is measured as production runs.
const startFlags = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start.match(/--[\w-]+=\S+/g) ?? [];
const server = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? startFlags), ...profileArgs, 'dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: serverDataDir,
    DATABASE_URL: values.db === 'postgres' ? values['database-url'] : '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    WRITE_RATE_LIMIT: '100000000',
    ...(values.cache === 'off' ? { MICRO_CACHE_MS: '0' } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// Whatever ends this run (a thrown error included), the two servers go with it.
process.on('exit', () => {
  server.kill('SIGTERM');
  ceiling.kill('SIGTERM');
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

let peakRss = 0;
const rssTimer = setInterval(() => {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb * 1024);
  } catch {
    // the server has exited
  }
}, 200);

// 3. What the scenarios need: sessions, ids, a cursor, asset paths.
// The generator gives users 1..1000 sessions with known tokens (bench/generate.ts), so the write
// scenarios act as many readers, as in real traffic (reactions and comments are limited per reader).
const SESSIONS = Math.min(1000, Math.max(5, Math.floor(articles / 20)));
const sessionCookie = (userId) => `broadsheet_session=${createHash('sha256').update(`bench-session-${userId}`).digest('base64url')}`;
const cookie = sessionCookie(1);
const me = await fetch(`${base}/api/user`, { headers: { cookie } });
if (!me.ok) throw new Error(`bench session not accepted (${me.status}): regenerate the data (rm -r ${dataDir})`);
const firstPage = await (await fetch(`${base}/api/articles?scope=all&limit=20`)).json();
const articleId = firstPage.items[0].id;
const articlePage = `/articles/${firstPage.items[0].slug}-${articleId}`;
const reactionArticles = firstPage.items.map((a) => a.id);
let cursor = null;
for (let page = 1; page < 5; page++) {
  const next = await (await fetch(`${base}/api/articles?scope=all&sort=likes&limit=20${cursor ? `&cursor=${cursor}` : ''}`)).json();
  cursor = next.nextCursor;
}
const channelId = firstPage.items[0].channelId;
// The app's script: what the page's entry (boot.ts, in the page's module script tag) imports after the first paint.
const manifest = JSON.parse(fs.readFileSync('dist/web/.vite/manifest.json', 'utf8'));
const appChunk = manifest['index.html']?.dynamicImports?.[0];
const mainJs = appChunk && `/${manifest[appChunk].file}`;
if (!mainJs || !(await fetch(`${base}${mainJs}`)).ok) throw new Error('bench: the app chunk (index.html’s dynamic import) is not served');
const json = { 'content-type': 'application/json', origin: base };
// Pages are asked for as a browser asks for them: every browser sends this header with a page request,
// so a page answer travels compressed (the API scenarios keep asking without it, as scripts do).
const browser = { 'accept-encoding': 'gzip, deflate, br' };

/** Each request as the next reader (round robin over the sessions), on one of the newest articles. */
let turn = 0;
const asNextReader = (build) => (req) => {
  turn++;
  const userId = 1 + (turn % SESSIONS);
  const article = reactionArticles[Math.floor(turn / SESSIONS) % reactionArticles.length];
  return { ...req, ...build(article, turn), headers: { ...req.headers, cookie: sessionCookie(userId) } };
};

const scenarios = [
  { name: 'ceiling: node:http JSON', url: `http://127.0.0.1:${ceilingPort}/` },
  { name: 'feed, anonymous, first page', path: '/api/articles?scope=all&limit=20' },
  { name: 'feed, signed in, first page', path: '/api/articles?limit=20', headers: { cookie } },
  { name: 'feed page 5 by cursor, likes', path: `/api/articles?scope=all&sort=likes&limit=20&cursor=${cursor}` },
  // A rare phrase (a few matches per 100,000 articles) and a common word (about a third of them).
  // A rare phrase goes through the word index; a fragment inside words ('ouncil') through the trigram index.
  { name: 'feed, search, rare phrase', path: '/api/articles?scope=all&limit=20&q=harbour%20council' },
  { name: 'feed, search, inside words', path: '/api/articles?scope=all&limit=20&q=ouncil' },
  { name: 'feed, search, common word', path: '/api/articles?scope=all&limit=20&q=council' },
  { name: 'article by id, anonymous', path: `/api/articles/${articleId}` },
  { name: 'article by id, signed in', path: `/api/articles/${articleId}`, headers: { cookie } },
  { name: 'article page HTML (server-rendered)', path: articlePage, headers: browser },
  { name: 'article page HTML, signed in', path: articlePage, headers: { ...browser, cookie } },
  { name: 'comments of an article', path: `/api/articles/${articleId}/comments` },
  { name: 'channel page', path: `/api/channels/${channelId}` },
  { name: 'channel articles', path: `/api/channels/${channelId}/articles` },
  { name: 'channel explore page', path: '/api/channels?limit=24' },
  {
    name: 'reaction toggle',
    path: `/api/articles/${articleId}/reactions`,
    method: 'POST',
    headers: json,
    // Likes twice then dislikes twice: sets, takes back, switches, as readers do.
    requests: [{ setupRequest: asNextReader((article, n) => ({ path: `/api/articles/${article}/reactions`, body: JSON.stringify({ isLike: n % 4 < 2 }) })) }],
  },
  { name: 'view', path: `/api/articles/${articleId}/view`, method: 'POST', headers: { origin: base } },
  {
    name: 'comment post',
    path: `/api/articles/${articleId}/comments`,
    method: 'POST',
    headers: json,
    requests: [{ setupRequest: asNextReader((article, n) => ({ path: `/api/articles/${article}/comments`, body: JSON.stringify({ content: `Benchmark comment ${n}`, parent_id: null }) })) }],
  },
  { name: 'home page HTML (server-rendered)', path: '/', headers: browser },
  { name: 'home page HTML, signed in', path: '/', headers: { ...browser, cookie } },
  // Issue 18: channel 1 holds every tenth article with a year of daily figures (bench/generate.ts); user 1 owns it.
  // After the write scenarios, so their slow answers cannot overlap them.
  { name: 'channel analytics, 30 days', path: '/api/channels/1/analytics?period=30', headers: { cookie } },
  { name: 'channel analytics, all time', path: '/api/channels/1/analytics?period=all', headers: { cookie } },
  { name: 'main JS bundle', path: mainJs, headers: { 'accept-encoding': 'br, gzip' } },
];

/** The server process's CPU time so far, in ms, from /proc (Linux); 0 elsewhere. */
function serverCpuMs() {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const results = [];
for (const scenario of scenarios) {
  // --only takes one name fragment, or several separated by commas.
  if (values.only && !values.only.split(',').some((part) => scenario.name.includes(part)) && !scenario.name.startsWith('ceiling')) continue;
  // Three seconds unrecorded first: the JIT takes that long to settle on a page's render (its first
  // seconds cost twice the steady figure), and the page's first render is not in the figure.
  if (!scenario.url && (scenario.method ?? 'GET') === 'GET') {
    await autocannon({ url: `${base}${scenario.path}`, headers: scenario.headers, connections, duration: 3 });
  }
  const cpuBefore = serverCpuMs();
  const result = await autocannon({
    url: scenario.url ?? `${base}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    requests: scenario.requests,
    connections,
    duration,
  });
  const cpuMs = serverCpuMs() - cpuBefore;
  results.push({
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    // The server's CPU time (user + system) per answered request: what one request costs, whatever
    // else the machine is doing (the ceiling runs in its own process, so it has none here).
    'cpu ms/req': scenario.url ? null : Number((cpuMs / Math.max(1, result.requests.total)).toFixed(3)),
  });
  if (result.errors + result.non2xx > 0) console.log(`\n${scenario.name}: ${result.errors} errors, ${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats ?? {})})`);
  process.stdout.write('.');
}
clearInterval(rssTimer);

// 4. Exact counters after the write scenarios: every article's like and dislike counters against a
// recount of its reaction rows (on the server's own database, after it has stopped).
const after = await (await fetch(`${base}/api/articles/${articleId}`, { headers: { cookie } })).json();
server.kill('SIGTERM');
ceiling.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
if (values.profile) console.log('server CPU profile written under bench/data/profiles/');

const RECOUNT = `select count(*) as n from articles a
  left join (select article_id, sum(case when is_like = 1 then 1 else 0 end) as likes, sum(case when is_like = 1 then 0 else 1 end) as dislikes
             from reactions group by article_id) r on r.article_id = a.id
  where a.like_count <> coalesce(r.likes, 0) or a.dislike_count <> coalesce(r.dislikes, 0)`;
let wrongCounters;
if (values.db === 'postgres') {
  const out = spawnSync('psql', [values['database-url'], '-tAc', RECOUNT], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`recount failed: ${out.stderr}`);
  wrongCounters = Number(out.stdout.trim());
} else {
  const { default: Sqlite } = await import('better-sqlite3');
  const check = new Sqlite(path.join(serverDataDir, 'broadsheet.db'), { readonly: true });
  wrongCounters = check.prepare(RECOUNT).get().n;
  check.close();
}

const ceilingRps = results[0]?.rps ?? 1;
const rows = results.map((r) => ({ ...r, ratio: `${((r.rps / ceilingRps) * 100).toFixed(1)}%` }));
console.log(`\n\nBroadsheet benchmark: ${articles} articles, ${values.db}, ${connections} connections, ${duration}s each, Node ${process.version}`);
console.table(rows);
console.log(`peak server RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB; article ${articleId} after the run: likes ${after.likes}, views ${after.viewCount}, comments ${after.commentCount}`);
console.log(wrongCounters === 0 ? 'reaction counters: every article equals its recount' : `REACTION COUNTERS WRONG: ${wrongCounters} articles differ from the recount of their reactions`);
fs.mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${values.db}-${articles}${values.cache === 'off' ? '-nocache' : ''}.json`;
fs.writeFileSync(file, JSON.stringify({ articles, db: values.db, cache: values.cache, connections, duration, node: process.version, peakRssBytes: peakRss, wrongCounters, results: rows }, null, 2));
console.log(`saved ${file}`);
if (wrongCounters !== 0) process.exit(1);
