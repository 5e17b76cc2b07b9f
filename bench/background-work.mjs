// How an anonymous reader fares while the server does heavy background work: an article page's
// requests/s and p99 with nothing else going on, then while the work runs, and the server's peak RSS.
//   node bench/background-work.mjs import --file bench/data/wxr/10000.xml [--db sqlite|postgres]
//   node bench/background-work.mjs fanout [--followers 10000] [--inboxes 50] [--db sqlite|postgres]
// `import` imports the file into a new channel through the API and waits for the job to finish;
// `fanout` gives a channel that many fediverse followers spread over that many shared inboxes
// (servers on loopback ports that only count what they receive), publishes an article and waits
// until every inbox has its Create. Runs the production build (npm run build first), as `npm start`
// runs it (its V8 flags), on a fresh database; prints a line of JSON and saves it under bench/results/.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    file: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
    followers: { type: 'string', default: '10000' },
    inboxes: { type: 'string', default: '50' },
    connections: { type: 'string', default: '10' },
    baseline: { type: 'string', default: '10' },
  },
});
const work = positionals[0];
if ((work !== 'import' && work !== 'fanout') || (work === 'import' && !values.file) || !['sqlite', 'postgres'].includes(values.db)) {
  console.error('usage: node bench/background-work.mjs import --file FILE | fanout [--followers N] [--inboxes N]  [--db sqlite|postgres]');
  process.exit(1);
}
if (!fs.existsSync('dist/server/main.js')) throw new Error('no production build: run npm run build first');
const connections = Number(values.connections);

const freePort = () =>
  new Promise((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// A fresh database: a scratch directory for SQLite, a scratch PostgreSQL database otherwise.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-background-'));
let databaseUrl = '';
if (values.db === 'postgres') {
  const name = `bench_background_${process.pid}`;
  spawnSync('psql', ['postgres://postgres@127.0.0.1:5432/postgres', '-qc', `drop database if exists ${name}`]);
  const made = spawnSync('psql', ['postgres://postgres@127.0.0.1:5432/postgres', '-qc', `create database ${name}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`could not create the database: ${made.stderr}`);
  databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const startFlags = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start.match(/--[\w-]+=\S+/g) ?? [];
const server = spawn(process.execPath, [...startFlags, 'dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // Demo content: the article pages the reader asks for.
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    WRITE_RATE_LIMIT: '100000000',
    // Every request reaches the database: the figure is the server's, not the response cache's.
    MICRO_CACHE_MS: '0',
    ...(work === 'fanout' ? { FEDERATION: 'on', ALLOW_PRIVATE_ADDRESSES: 'true' } : { ALLOW_PRIVATE_ADDRESSES: 'false' }),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const inboxServers = [];
process.on('exit', () => {
  server.kill('SIGTERM');
  for (const inbox of inboxServers) inbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) spawnSync('psql', ['postgres://postgres@127.0.0.1:5432/postgres', '-qc', `drop database if exists bench_background_${process.pid}`]);
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
let peakRss = 0;
const rssTimer = setInterval(() => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb * 1024);
  } catch {
    // the server has ended
  }
}, 200);

// A signed-in owner with a channel (the import's target, the federated actor).
const origin = { origin: base };
const username = `bench${Date.now().toString(36)}`;
const registered = await fetch(`${base}/api/register`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'bench-password-1' }) });
if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const owner = { ...origin, cookie };
const channelAnswer = await fetch(`${base}/api/channels`, { method: 'POST', headers: { ...owner, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Bench ${username}`, description: 'Background work' }) });
if (!channelAnswer.ok) throw new Error(`channel: ${channelAnswer.status} ${await channelAnswer.text()}`);
const channel = await channelAnswer.json();

// The page an anonymous reader reads: the newest demo article.
const newest = (await (await fetch(`${base}/api/articles?limit=1`)).json()).items[0];
const articlePath = `/articles/${newest.slug}-${newest.id}`;

/** Reads the article page until `stop` resolves (or for `seconds`): requests/s, p50, p99, answers not 2xx. */
function read(until) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${base}${articlePath}`, connections, duration: 3600 }, (error, result) => {
      if (error) reject(error);
      else resolve({ rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx + result.errors });
    });
    until.then(() => instance.stop());
  });
}
const seconds = (n) => new Promise((resolve) => setTimeout(resolve, n * 1000));

// Warm-up (the JIT settles on the page's render), then the reader alone.
await read(seconds(3));
const alone = await read(seconds(Number(values.baseline)));
// The peak so far is the reader's alone; the work's own is measured from here.
const peakAloneRss = peakRss;

let figures;
if (work === 'import') {
  const started = performance.now();
  const form = new FormData();
  form.append('file', await fs.openAsBlob(values.file), path.basename(values.file));
  const posted = await fetch(`${base}/api/channels/${channel.id}/imports`, { method: 'POST', headers: owner, body: form });
  if (posted.status !== 202) throw new Error(`import: ${posted.status} ${await posted.text()}`);
  const { id } = await posted.json();
  let job;
  const finished = (async () => {
    for (;;) {
      job = await (await fetch(`${base}/api/imports/${id}`, { headers: owner })).json();
      if (job.status === 'done' || job.status === 'failed') return;
      await seconds(0.5);
    }
  })();
  const during = await read(finished);
  figures = { file: values.file, bytes: fs.statSync(values.file).size, status: job.status, counts: job.counts, problems: job.problems.length, importSeconds: Math.round((performance.now() - started) / 100) / 10, during };
} else {
  const followers = Number(values.followers);
  const inboxes = Number(values.inboxes);
  // Inboxes that count the Creates they receive and when the last one came.
  const received = new Map();
  let expected = '';
  let allIn;
  const everyInbox = new Promise((resolve) => (allIn = resolve));
  const inboxUrls = [];
  for (let i = 0; i < inboxes; i++) {
    const inboxPort = await freePort();
    const inbox = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(202).end();
        try {
          const activity = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const object = typeof activity.object === 'string' ? activity.object : activity.object?.id;
          if (activity.type === 'Create' && expected && object === expected && !received.has(i)) {
            received.set(i, performance.now());
            if (received.size === inboxes) allIn();
          }
        } catch {
          // not JSON: not counted
        }
      });
    });
    await new Promise((resolve) => inbox.listen(inboxPort, '127.0.0.1', resolve));
    inboxServers.push(inbox);
    inboxUrls.push(`http://127.0.0.1:${inboxPort}/inbox`);
  }
  // The channel's actor exists once the channel is asked for; its followers are written straight into the database.
  const described = await (await fetch(`${base}/api/channels/${channel.id}`, { headers: owner })).json();
  if (!described.handle) throw new Error('the channel does not federate');
  const rows = Array.from({ length: followers }, (_, n) => {
    const host = `127.0.0.1:${new URL(inboxUrls[n % inboxes]).port}`;
    return [channel.id, `http://${host}/users/f${n}`, `@f${n}@${host}`, host, `http://${host}/users/f${n}/inbox`, inboxUrls[n % inboxes], null, Date.now() + n];
  });
  const columns = '(channel_id, actor_uri, handle, domain, inbox_url, shared_inbox_url, follow_id, created_at)';
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (let i = 0; i < rows.length; i += 1000) {
      const slice = rows.slice(i, i + 1000);
      await client.query(`insert into federation_followers ${columns} values ${slice.map((_, r) => `(${Array.from({ length: 8 }, (_, c) => `$${r * 8 + c + 1}`).join(', ')})`).join(', ')}`, slice.flat());
    }
    await client.end();
  } else {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.join(dataDir, 'broadsheet.db'));
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(`insert into federation_followers ${columns} values (?, ?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => rows.forEach((row) => insert.run(...row)))();
    db.close();
  }
  const started = performance.now();
  const published = await fetch(`${base}/api/articles`, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'To every follower', content: '<p>Delivered to ten thousand followers.</p>', channelId: channel.id, published: true }),
  });
  if (!published.ok) throw new Error(`publish: ${published.status} ${await published.text()}`);
  const article = await published.json();
  expected = `${base}/ap/articles/${article.id}/1`;
  const timeout = seconds(600).then(() => 'timeout');
  const during = await read(Promise.race([everyInbox, timeout]));
  const last = Math.max(...received.values());
  figures = { followers, inboxes, inboxesReached: received.size, deliverySeconds: received.size === inboxes ? Math.round((last - started) / 100) / 10 : null, during };
}

clearInterval(rssTimer);
const result = { work, db: values.db, node: process.version, connections, articlePath, alone, ...figures, p99Ratio: Math.round((figures.during.p99 / Math.max(1, alone.p99)) * 100) / 100, peakRssAloneMB: Math.round(peakAloneRss / 1024 / 1024), peakRssMB: Math.round(peakRss / 1024 / 1024), date: new Date().toISOString() };
console.log(JSON.stringify(result));
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(`bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-${work}-${values.db}.json`, JSON.stringify(result, null, 2));
process.exit(0);
