// npm run bench -- [--articles 10000] [--db sqlite|postgres] [--duration 10] [--connections 16]
// Starts the production build and a bare node:http ceiling in child processes, drives each
// scenario with autocannon from this process, prints a table and saves JSON under bench/results/.
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

// 2. Servers.
const ceilingPort = await freePort();
const ceiling = fork('bench/ceiling.mjs', { env: { ...process.env, PORT: String(ceilingPort) } });
await new Promise((resolve) => ceiling.once('message', resolve));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: values.db === 'postgres' ? values['database-url'] : '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    WRITE_RATE_LIMIT: '100000000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
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

// 3. What the scenarios need: a session, ids, a cursor, asset paths.
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench1', password: 'bench-password' }) });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
if (!cookie) throw new Error(`bench login failed: ${login.status}`);
const firstPage = await (await fetch(`${base}/api/articles?scope=all&limit=20`)).json();
const articleId = firstPage.items[0].id;
let cursor = null;
for (let page = 1; page < 5; page++) {
  const next = await (await fetch(`${base}/api/articles?scope=all&sort=likes&limit=20${cursor ? `&cursor=${cursor}` : ''}`)).json();
  cursor = next.nextCursor;
}
const indexHtml = await (await fetch(`${base}/`)).text();
const mainJs = /<script type="module" crossorigin src="([^"]+)"/.exec(indexHtml)?.[1];
const hasRoute = async (method, url, body) => (await fetch(`${base}${url}`, { method, headers: { cookie, 'content-type': 'application/json', origin: base }, body })).status !== 404;
const json = { 'content-type': 'application/json', origin: base };

const scenarios = [
  { name: 'ceiling: node:http JSON', url: `http://127.0.0.1:${ceilingPort}/` },
  { name: 'feed, anonymous, first page', path: '/api/articles?scope=all&limit=20' },
  { name: 'feed, signed in, first page', path: '/api/articles?limit=20', headers: { cookie } },
  { name: 'feed page 5 by cursor, likes', path: `/api/articles?scope=all&sort=likes&limit=20&cursor=${cursor}` },
  { name: 'feed, substring search', path: '/api/articles?scope=all&limit=20&q=harbour%20council' },
  { name: 'article by id, anonymous', path: `/api/articles/${articleId}` },
  { name: 'article by id, signed in', path: `/api/articles/${articleId}`, headers: { cookie } },
  { name: 'article page HTML (SSR head)', path: `/articles/story-${articleId}` },
  { name: 'comments of an article', path: `/api/articles/${articleId}/comments`, optional: ['GET', `/api/articles/${articleId}/comments`] },
  { name: 'channel explore page', path: '/api/channels?limit=24' },
  { name: 'reaction toggle', path: `/api/articles/${articleId}/reactions`, method: 'POST', headers: { cookie, ...json }, body: '{"isLike":true}', optional: ['POST', `/api/articles/${articleId}/reactions`, '{"isLike":true}'] },
  { name: 'view', path: `/api/articles/${articleId}/view`, method: 'POST', headers: { origin: base } },
  { name: 'comment post', path: `/api/articles/${articleId}/comments`, method: 'POST', headers: { cookie, ...json }, body: '{"content":"Benchmark comment","parent_id":null}', optional: ['GET', `/api/articles/${articleId}/comments`] },
  { name: 'index.html', path: '/' },
  ...(mainJs ? [{ name: 'main JS bundle', path: mainJs, headers: { 'accept-encoding': 'br, gzip' } }] : []),
];

const results = [];
for (const scenario of scenarios) {
  if (values.only && !scenario.name.includes(values.only) && !scenario.name.startsWith('ceiling')) continue;
  if (scenario.optional && !(await hasRoute(...scenario.optional))) {
    console.log(`skipped (route not built): ${scenario.name}`);
    continue;
  }
  const result = await autocannon({
    url: scenario.url ?? `${base}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections,
    duration,
  });
  results.push({
    name: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
  process.stdout.write('.');
}
clearInterval(rssTimer);

// 4. Exact counters after the write scenarios.
const after = await (await fetch(`${base}/api/articles/${articleId}`, { headers: { cookie } })).json();

server.kill('SIGTERM');
ceiling.kill('SIGTERM');

const ceilingRps = results[0]?.rps ?? 1;
const rows = results.map((r) => ({ ...r, ratio: `${((r.rps / ceilingRps) * 100).toFixed(1)}%` }));
console.log(`\n\nBroadsheet benchmark: ${articles} articles, ${values.db}, ${connections} connections, ${duration}s each, Node ${process.version}`);
console.table(rows);
console.log(`peak server RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB; article ${articleId} after the run: likes ${after.likes}, views ${after.viewCount}, comments ${after.commentCount}`);
fs.mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${values.db}-${articles}.json`;
fs.writeFileSync(file, JSON.stringify({ articles, db: values.db, connections, duration, node: process.version, peakRssBytes: peakRss, results: rows }, null, 2));
console.log(`saved ${file}`);
