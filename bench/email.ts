// npx tsx bench/email.ts [--subscribers 10000] [--db sqlite|postgres] [--publishes 30] [--connections 10]
// The email figures of docs/performance.md, against the production build (npm run build first) and a local SMTP server
// in this process: (1) what a channel's 10,000 confirmed subscribers add to the publish request,
// (2) how long until all 10,000 new-article emails are accepted by the SMTP server.
import { parseArgs } from 'node:util';
import { addConfirmedSubscribers, openWriter } from '../e2e/reliability/email-support.js';
import { register, sleep } from '../e2e/reliability/support.js';
import { startServer } from '../e2e/support/server.js';
import { createFreshPostgresDatabase } from '../src/test-support/postgres.js';
import { startSmtpServer } from '../src/test-support/smtp.js';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'sqlite' },
    publishes: { type: 'string', default: '30' },
    connections: { type: 'string', default: '10' },
  },
});
const subscribers = Number(values.subscribers);
const publishes = Number(values.publishes);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

// The receiving server only counts envelopes (parsing 10,000 messages here would slow the run down).
const smtp = await startSmtpServer({ parse: false });
const fresh = values.db === 'postgres' ? await createFreshPostgresDatabase() : undefined;
const env = { SMTP_URL: `${smtp.url}/?maxConnections=${values.connections}`, LOG_LEVEL: 'warn', WRITE_RATE_LIMIT: '100000', ...(fresh ? { DATABASE_URL: fresh.url } : {}) };

// Part 1: publish latency with the sender off, so only the request itself is measured.
let server = await startServer({ ...env, EMAIL_SENDER: 'false' }, { keepDataDir: true });
const author = await register(server.url, 'benchauthor');
const big = (await author.client.post('/api/channels', { name: 'Big Desk', description: `${subscribers} subscribers` })).body.id as number;
const empty = (await author.client.post('/api/channels', { name: 'Empty Desk', description: 'no subscribers' })).body.id as number;
const db = await openWriter({ dataDir: server.dataDir, databaseUrl: fresh?.url });
const seedStart = performance.now();
await addConfirmedSubscribers(db, big, subscribers, 'bench');
console.log(`seeded ${subscribers} confirmed subscribers in ${Math.round(performance.now() - seedStart)} ms (${values.db})`);

const timings: Record<'big' | 'empty', number[]> = { big: [], empty: [] };
for (let i = 0; i < publishes + 3; i++) {
  for (const [name, channelId] of [['big', big], ['empty', empty]] as const) {
    const started = performance.now();
    const response = await author.client.post('/api/articles', { title: `Bench ${name} ${i}`, content: '<p>Bench article body.</p>', channelId });
    const ms = performance.now() - started;
    if (response.status !== 201) throw new Error(`publish failed: ${response.status}`);
    if (i >= 3) timings[name].push(ms); // the first three warm up
  }
}
console.log(
  `publish request, ${publishes} each, interleaved: channel with ${subscribers} subscribers median ${median(timings.big).toFixed(2)} ms (p95 ${p95(timings.big).toFixed(2)}), ` +
    `channel with none median ${median(timings.empty).toFixed(2)} ms (p95 ${p95(timings.empty).toFixed(2)}); difference ${(median(timings.big) - median(timings.empty)).toFixed(2)} ms`,
);
// Those articles' emails are not part of part 2.
await db.run("update email_outbox set status = 'skipped' where status = 'pending'");
await server.stop();

// Part 2: one article to the big channel, with the sender on: time until the SMTP server accepted every email.
server = await startServer(env, { dataDir: server.dataDir, keepDataDir: false });
const before = smtp.received.length;
const started = performance.now();
const response = await author.client.on(server.url).post('/api/articles', { title: 'Delivery bench', content: '<p>To everyone.</p>', channelId: big });
if (response.status !== 201) throw new Error(`publish failed: ${response.status} ${JSON.stringify(response.body)}`);
const publishMs = performance.now() - started;
let lastReport = 0;
for (;;) {
  const got = smtp.received.length - before;
  const elapsed = performance.now() - started;
  if (got >= subscribers) break;
  if (elapsed - lastReport > 5000) {
    lastReport = elapsed;
    console.log(`  ${got} accepted after ${(elapsed / 1000).toFixed(1)} s`);
  }
  if (elapsed > 300_000) throw new Error(`only ${got} of ${subscribers} emails after 300 s`);
  await sleep(50);
}
const totalMs = performance.now() - started;
const recipients = new Set(smtp.received.slice(before).flatMap((m) => m.to));
console.log(
  `delivery: publish answered in ${publishMs.toFixed(1)} ms; all ${subscribers} emails accepted by the local SMTP server in ${(totalMs / 1000).toFixed(1)} s ` +
    `(${Math.round(subscribers / (totalMs / 1000))} emails/s); distinct recipients ${recipients.size}`,
);
await db.close();
await server.stop();
await smtp.close();
await fresh?.drop();
