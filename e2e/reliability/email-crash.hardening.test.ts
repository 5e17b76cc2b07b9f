import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, isPostgresReachable } from '../../src/test-support/postgres.js';
import { startSmtpServer } from '../../src/test-support/smtp.js';
import { startServer, type RunningServer } from '../support/server.js';
import { addConfirmedSubscribers, openWriter } from './email-support.js';
import { register, sleep } from './support.js';

/**
 * SIGKILL the server while its outbox drains; after a restart on the same data every
 * subscriber has the article, and nobody has it twice except for the one window no SMTP client can
 * close: the SMTP server accepted a message (or went on to accept one whose data had fully arrived)
 * and the process died before its row was recorded as sent. The test measures that window at the
 * kill: the messages the SMTP server accepted, less the rows the dead process had recorded as sent.
 * It fails if any subscriber gets two different messages (two Message-IDs), more than one repeat,
 * or a repeat of a message that was not in that window, or if the window ever held more messages
 * than the sender has SMTP connections.
 */
const SUBSCRIBERS = 400;
/** The SMTP pool's connections (SMTP_URL sets none: the default). */
const CONNECTIONS = 5;
const postgres = await isPostgresReachable();
const kinds = postgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(kinds)('email outbox survives SIGKILL on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('delivers the article to every subscriber exactly once across a crash', async () => {
    // Slow acceptance (10 ms a message) so the kill lands in the middle of the drain.
    const smtp = await startSmtpServer({ delayMs: 10 });
    cleanups.push(() => smtp.close());
    const fresh = kind === 'postgres' ? await createFreshPostgresDatabase() : undefined;
    if (fresh) cleanups.push(() => fresh.drop());
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Broadsheet <news@mail.test>', EMAIL_CLAIM_SECONDS: '3', ...(fresh ? { DATABASE_URL: fresh.url } : {}) };
    let server: RunningServer = await startServer(env, { keepDataDir: true });
    cleanups.push(() => server.stop());

    const author = await register(server.url, 'crashauthor');
    const channel = (await author.client.post('/api/channels', { name: 'Crash Desk', description: 'Kill me' })).body.id as number;
    const db = await openWriter({ dataDir: server.dataDir, databaseUrl: fresh?.url });
    cleanups.push(() => db.close());
    const addresses = await addConfirmedSubscribers(db, channel, SUBSCRIBERS, `crash${kind}`);

    const published = await author.client.post('/api/articles', { title: 'Killed mid-drain', content: '<p>Deliver me once.</p>', channelId: channel });
    expect(published.status).toBe(201);
    const about = (m: { subject: string }) => m.subject.startsWith('Killed mid-drain');
    await smtp.waitFor(Math.floor(SUBSCRIBERS / 3), about, 60_000);
    // At a random moment, not right as a message is accepted.
    await sleep(Math.random() * 150);
    const killedAt = performance.now();
    await server.kill('SIGKILL');
    // What the dead process had recorded (nothing changes it now), then what the SMTP server accepted:
    // a message whose data had fully arrived is still accepted after the kill (10 ms later here).
    const recorded = new Set(
      (await db.all("select to_address from email_outbox where kind = 'article' and status = 'sent'")).map((r) => String(r.to_address).toLowerCase()),
    );
    await sleep(1000);
    const accepted = smtp.received.filter(about);
    const beforeRestart = accepted.length;
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);
    expect(accepted.filter((m) => recorded.has(m.to[0]!)).length).toBe(recorded.size);
    const unrecorded = accepted.filter((m) => !recorded.has(m.to[0]!));
    const inWindow = new Set(unrecorded.map((m) => m.to[0]!));
    // Of those, the ones the server accepted after the SIGKILL went out never had a 250 to read: the
    // sender had sent their last byte and was waiting. The others were answered while it lived (the
    // 250 on its way, or read and being recorded).
    const whileAlive = unrecorded.filter((m) => m.acceptedAt <= killedAt).length;

    server = await startServer(env, { dataDir: server.dataDir, keepDataDir: false });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const [row] = await db.all("select count(*) as n from email_outbox where status = 'pending'");
      if (Number(row!.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`outbox still has ${row!.n} pending rows`);
      await sleep(250);
    }

    const received = smtp.received.filter(about);
    const byRecipient = new Map<string, string[]>();
    for (const mail of received) for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail.messageId]);
    const missing = addresses.filter((a) => !byRecipient.has(a.toLowerCase()));
    const twoDifferent = [...byRecipient].filter(([, ids]) => new Set(ids).size > 1);
    const repeated = [...byRecipient].filter(([, ids]) => ids.length > 1);
    const copies = received.length - byRecipient.size;
    console.log(
      `[email crash ${kind}] ${SUBSCRIBERS} subscribers; ${beforeRestart} accepted before the restart (${recorded.size} recorded as sent at the SIGKILL, ` +
        `${inWindow.size} accepted but not yet recorded: ${whileAlive} answered before the SIGKILL, ${inWindow.size - whileAlive} after it), ` +
        `${received.length - beforeRestart} after the restart; missing ${missing.length}; ` +
        `same-Message-ID repeats ${copies}`,
    );
    expect(missing).toEqual([]);
    expect(twoDifferent).toEqual([]);
    expect(byRecipient.size).toBe(SUBSCRIBERS);
    // A repeat only of a message in the window at the kill, at most once, and that window no wider
    // than one message per SMTP connection.
    expect(repeated.filter(([to, ids]) => ids.length > 2 || !inWindow.has(to))).toEqual([]);
    expect(inWindow.size).toBeLessThanOrEqual(CONNECTIONS);
    const rows = await db.all("select status, count(*) as n from email_outbox where kind = 'article' group by status");
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([['sent', SUBSCRIBERS]]);
  });
});
