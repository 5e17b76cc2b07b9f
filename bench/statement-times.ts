// npx tsx bench/statement-times.ts [--articles 10000] [--requests 8000] [--only name[,name…] or name;name…] [--sql]
// Where one request's server CPU goes, without the network or a second process: the app is built in
// this process on a copy of the generated SQLite data (`npm run bench` makes it), each scenario's
// request is sent through Fastify's inject one at a time, and every SQLite statement is timed by
// wrapping better-sqlite3's run/get/all. Prints the CPU per request and, per statement text, its
// time per request and per run. Inject skips the socket and HTTP parsing, so the CPU figures sit a
// little below a real server's; they compare scenarios and changes measured in the same run.
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { benchSessionToken, PUBLIC_URL, rerunUnderProduction, startInProcessApp } from './in-process-app.js';

rerunUnderProduction();

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '8000' },
    only: { type: 'string' },
    // Prints each statement's whole text instead of its first 90 characters.
    sql: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
// Every statement's time, by its SQL text (reset before each scenario's measured requests).
const times = new Map<string, { ns: bigint; runs: number }>();
const statementPrototype = Object.getPrototypeOf(new SqliteDatabase(':memory:').prepare('select 1')) as Record<string, unknown>;
for (const method of ['run', 'get', 'all'] as const) {
  const original = statementPrototype[method] as (...args: unknown[]) => unknown;
  statementPrototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const entry = times.get(this.source) ?? { ns: 0n, runs: 0 };
      entry.ns += process.hrtime.bigint() - started;
      entry.runs++;
      times.set(this.source, entry);
    }
  };
}

const { app, built, newest, close } = await startInProcessApp(values.articles);
const publicUrl = PUBLIC_URL;
const cookieOf = (user: number) => `broadsheet_session=${benchSessionToken(user)}`;

interface Scenario {
  name: string;
  request: (n: number) => { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string };
  /** A server-rendered page: needs the production build. */
  page?: boolean;
}
const scenarios: Scenario[] = [
  { name: 'health (the framework floor)', request: () => ({ url: '/api/health' }) },
  { name: 'article by id, anonymous', request: () => ({ url: `/api/articles/${newest}` }) },
  { name: 'article by id, signed in', request: () => ({ url: `/api/articles/${newest}`, headers: { cookie: cookieOf(1) } }) },
  { name: 'feed, anonymous, first page', request: () => ({ url: '/api/articles?scope=all&limit=20' }) },
  { name: 'feed, signed in, first page', request: () => ({ url: '/api/articles?limit=20', headers: { cookie: cookieOf(1) } }) },
  // Pages: the production build's server render (npm run build first), compressed as browsers ask.
  { name: 'home page HTML, anonymous', request: () => ({ url: '/', headers: { 'accept-encoding': 'br' } }), page: true },
  { name: 'home page HTML, signed in', request: () => ({ url: '/', headers: { cookie: cookieOf(1), 'accept-encoding': 'br' } }), page: true },
  { name: 'article page HTML, anonymous', request: () => ({ url: `/articles/${newest}`, headers: { 'accept-encoding': 'br' } }), page: true },
  { name: 'article page HTML, signed in', request: () => ({ url: `/articles/${newest}`, headers: { cookie: cookieOf(1), 'accept-encoding': 'br' } }), page: true },
  // The bench's three searches (bench/run.mjs).
  { name: 'feed, search, rare phrase', request: () => ({ url: '/api/articles?scope=all&limit=20&q=harbour%20council' }) },
  { name: 'feed, search, inside words', request: () => ({ url: '/api/articles?scope=all&limit=20&q=ouncil' }) },
  { name: 'feed, search, common word', request: () => ({ url: '/api/articles?scope=all&limit=20&q=council' }) },
  {
    // As the bench's scenario: 400 readers over the 50 newest articles, each liking twice then
    // disliking twice (sets, takes back, switches).
    name: 'reaction toggle',
    request: (n) => ({
      method: 'POST',
      url: `/api/articles/${newest - (n % 50)}/reactions`,
      headers: { cookie: cookieOf(1 + (Math.floor(n / 4) % 400)), origin: publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ isLike: n % 4 < 2 }),
    }),
  },
];

// As bench/run.mjs: fragments separated by commas, or by semicolons when a fragment holds a comma
// itself ('feed, anonymous, first page;reaction').
const only = values.only?.split(values.only.includes(';') ? ';' : ',').filter(Boolean);
let sent = 0;
for (const scenario of scenarios) {
  if (only && !only.some((part) => scenario.name.includes(part))) continue;
  if (scenario.page && !built) {
    console.log(`\n${scenario.name}: skipped, no production build (npm run build)`);
    continue;
  }
  const send = async () => {
    const response = await app.inject(scenario.request(sent++));
    if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  };
  for (let i = 0; i < Math.min(2000, requests); i++) await send(); // the JIT settles first
  times.clear();
  const cpu = process.cpuUsage();
  for (let i = 0; i < requests; i++) await send();
  const used = process.cpuUsage(cpu);
  const statements = [...times].sort((a, b) => Number(b[1].ns - a[1].ns));
  const sqlUs = statements.reduce((sum, [, t]) => sum + Number(t.ns), 0) / requests / 1000;
  console.log(`\n${scenario.name}: ${((used.user + used.system) / requests).toFixed(0)} µs CPU per request, of which SQLite ${sqlUs.toFixed(0)} µs`);
  for (const [sql, t] of statements) {
    const perRequest = Number(t.ns) / requests / 1000;
    if (perRequest < 0.5) continue;
    console.log(`  ${perRequest.toFixed(1).padStart(6)} µs/request  ${(Number(t.ns) / t.runs / 1000).toFixed(1).padStart(6)} µs/run  ${values.sql ? sql : sql.replace(/\s+/g, ' ').slice(0, 90)}`);
  }
}
await close();
