import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../../../test-support/email.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/smtp.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { createMailSender } from './mail-sender.js';
import { createSmtpTransport } from './mail-transport.js';
import type { OutboxRepository } from './outbox.repository.js';

/**
 * The last window, measured: for every message, the time from the SMTP server's 250 to the
 * commit of its row as sent, against a real SMTP server and the sender as production runs it (16
 * messages in flight over 5 connections), while readers keep the database busy. A crash inside
 * that window sends the message again after the restart; the test requires the window to stay a
 * matter of milliseconds, each message recorded by its own statement, and never more messages
 * accepted-but-unrecorded at once than the SMTP pool has connections.
 */
// Enough messages to keep all five connections busy many times over; more only lengthens the run.
const READERS = 200;
const CONNECTIONS = 5;

describe.each(testDatabases())('email: the window between acceptance and record on %s', (kind) => {
  const t = useTestApp(kind);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ delayMs: 2 });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('records each accepted message in its own statement within milliseconds of its 250', { timeout: 180_000 }, async () => {
    const author = await signedInClient(t, 'windowauthor');
    const channel = (await author.client.post('/api/channels', { name: 'Window Desk', description: 'Acceptance window' })).json().id as number;
    const at = Date.now();
    const users = await t.ctx.db
      .insertInto('users')
      .values(
        Array.from({ length: READERS }, (_, i) => ({
          username: `win${i}`,
          username_key: `win${i}`,
          password_hash: null,
          description: null,
          created_at: at,
          updated_at: at,
          email: `win${i}@mail.test`,
          email_key: `win${i}@mail.test`,
        })),
      )
      .returning('id')
      .execute();
    await t.ctx.db
      .insertInto('subscriptions')
      .values(users.map((u) => ({ user_id: u.id, channel_id: channel, created_at: at })))
      .execute();

    const recordedAt = new Map<number, number>();
    const statements: number[] = [];
    const statementMs: number[] = [];
    const outbox: OutboxRepository = {
      ...t.ctx.outbox,
      async markSent(id, workerId, now) {
        const started = performance.now();
        await t.ctx.outbox.markSent(id, workerId, now);
        statementMs.push(performance.now() - started);
        recordedAt.set(id, performance.now());
        statements.push(id);
      },
    };
    const transport = createSmtpTransport(`${smtp.url}/?maxConnections=${CONNECTIONS}`);
    const sender = createMailSender({
      db: t.ctx.db,
      outbox,
      transport,
      unsubscribeLinks: t.ctx.unsubscribeLinks,
      site: { siteName: 'Broadsheet', publicUrl: t.ctx.config.publicUrl },
      from: t.ctx.config.email.from,
      digestHourUtc: t.ctx.config.email.digestHourUtc,
      claimMs: 60_000,
      log: silentLog,
      concurrency: 16,
    });

    const published = await author.client.post('/api/articles', { title: 'Window measured', content: '<p>How long until it is recorded?</p>', channelId: channel });
    expect(published.statusCode).toBe(201);
    // Readers keep the database busy meanwhile (the feed reads a few tables per request).
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      const anonymous = new TestClient(() => t.app);
      while (reading) {
        await anonymous.get('/api/articles?limit=20');
        // An in-process request never waits on a socket: let the SMTP connections be served.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await sender.drain();
    loop.disable();
    reading = false;
    await Promise.all(readers);
    await sender.stop();

    const mails = smtp.received.filter((m) => m.subject.startsWith('Window measured'));
    expect(mails).toHaveLength(READERS);
    const rowOf = (messageId: string) => Number(/\.(\d+)@/.exec(messageId)![1]);
    const windows = mails.map((m) => recordedAt.get(rowOf(m.messageId))! - m.acceptedAt).sort((a, b) => a - b);
    // How many accepted messages were unrecorded at once, over all and on one connection.
    const events = mails.flatMap((m) => [
      { at: m.acceptedAt, d: 1, c: m.connection },
      { at: recordedAt.get(rowOf(m.messageId))!, d: -1, c: m.connection },
    ]);
    events.sort((a, b) => a.at - b.at || a.d - b.d);
    let open = 0;
    let mostOpen = 0;
    const perConnection = new Map<string, number>();
    let mostOnOneConnection = 0;
    for (const e of events) {
      open += e.d;
      mostOpen = Math.max(mostOpen, open);
      const n = (perConnection.get(e.c) ?? 0) + e.d;
      perConnection.set(e.c, n);
      mostOnOneConnection = Math.max(mostOnOneConnection, n);
    }
    const q = (p: number) => windows[Math.min(windows.length - 1, Math.floor(windows.length * p))]!.toFixed(2);
    console.log(
      `[email window ${kind}] ${READERS} messages over ${CONNECTIONS} connections: 250 to committed record p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms; ` +
        `the UPDATE itself p50 ${statementMs.sort((a, b) => a - b)[Math.floor(statementMs.length / 2)]!.toFixed(2)} ms max ${statementMs.at(-1)!.toFixed(2)} ms; ` +
        `event-loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(2)} ms max ${(loop.max / 1e6).toFixed(2)} ms; ` +
        `at most ${mostOpen} accepted-but-unrecorded at once, ${mostOnOneConnection} on one connection`,
    );
    expect(statements).toHaveLength(READERS);
    expect(windows[0]).toBeGreaterThan(0);
    // One message per connection at most is between its 250 and its record: the sender hands SMTP
    // no more messages than it has connections, and a lane's next only once its last is recorded.
    expect(mostOpen).toBeLessThanOrEqual(CONNECTIONS);
  });
});
