import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase, isPostgresReachable } from '../../src/test-support/postgres.js';
import { startSmtpServer } from '../../src/test-support/smtp.js';
import { startServer, type RunningServer } from '../support/server.js';
import { addConfirmedSubscribers, openWriter } from './email-support.js';
import { register, sleep } from './support.js';

/**
 * Issue 17: SIGKILL the server while its outbox drains; after a restart on the same data every
 * subscriber has exactly one email for the article. A message counts as received when the SMTP
 * server answered 250. The one window no SMTP client can close (the server accepted a message and
 * the process died before recording it) would show as a second copy with the SAME Message-ID; the
 * test counts such copies and requires that a subscriber never gets two different messages.
 */
const SUBSCRIBERS = 400;
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
    await server.kill('SIGKILL');
    const beforeRestart = smtp.received.filter(about).length;
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

    server = await startServer(env, { dataDir: server.dataDir, keepDataDir: false });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const [row] = await db.all("select count(*) as n from email_outbox where status = 'pending'");
      if (Number(row!.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`outbox still has ${row!.n} pending rows`);
      await sleep(250);
    }

    const received = smtp.received.filter(about);
    const byRecipient = new Map<string, Set<string>>();
    for (const mail of received) for (const to of mail.to) byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(mail.messageId));
    const missing = addresses.filter((a) => !byRecipient.has(a.toLowerCase()));
    const twoDifferent = [...byRecipient].filter(([, ids]) => ids.size > 1);
    const copies = received.length - byRecipient.size;
    console.log(
      `[email crash ${kind}] ${SUBSCRIBERS} subscribers; ${beforeRestart} accepted before SIGKILL, ${received.length - beforeRestart} after the restart; ` +
        `missing ${missing.length}; same-Message-ID repeats ${copies}`,
    );
    expect(missing).toEqual([]);
    expect(twoDifferent).toEqual([]);
    expect(byRecipient.size).toBe(SUBSCRIBERS);
    // Repeats can only come from messages in flight at the kill (at most the sender's 16 at once).
    expect(copies).toBeLessThanOrEqual(16);
    const rows = await db.all("select status, count(*) as n from email_outbox where kind = 'article' group by status");
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([['sent', SUBSCRIBERS]]);
  });
});
