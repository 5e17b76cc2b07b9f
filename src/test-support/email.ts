import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createMailSender, type MailSender } from '../server/features/email/mail-sender.js';
import { createSmtpTransport } from '../server/features/email/mail-transport.js';
import type { MailTransport, OutgoingMessage } from '../server/features/email/mail-types.js';
import type { OutboxRepository } from '../server/features/email/outbox.repository.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp.js';
import type { TestApp, TestClient } from './test-app.js';

/** A logger that drops everything (the test apps run without one). */
export const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

/** A sender for a test app, on the given transport. */
export function testSender(
  t: TestApp,
  transport: MailTransport,
  options: { concurrency?: number; claimMs?: number; /** In place of the app's (a crash, a clock that jumps). */ outbox?: OutboxRepository; now?: () => number } = {},
): MailSender {
  return createMailSender({
    db: t.ctx.db,
    outbox: options.outbox ?? t.ctx.outbox,
    now: options.now,
    transport,
    unsubscribeLinks: t.ctx.unsubscribeLinks,
    site: { siteName: 'Broadsheet', publicUrl: t.ctx.config.publicUrl },
    from: t.ctx.config.email.from,
    digestHourUtc: t.ctx.config.email.digestHourUtc,
    claimMs: options.claimMs ?? 60_000,
    log: silentLog,
    concurrency: options.concurrency ?? 4,
    pollMs: 50,
  });
}

/** The link to a page of the site in a message's plain text, e.g. linkIn(message, '/confirm-email'). */
export function linkIn(text: string, pagePath: string): URL {
  const match = new RegExp(`https?://[^\\s>"]+${pagePath.replace(/[/?]/g, '\\$&')}[^\\s>"]*`).exec(text);
  if (!match) throw new Error(`no ${pagePath} link in:\n${text}`);
  return new URL(match[0]);
}

export const tokenOf = (url: URL) => url.searchParams.get('token') ?? '';

/**
 * Gives a signed-in client a confirmed address: asks for it, lets the sender deliver the link
 * (`deliver` answers the messages that arrived for the address) and follows the link.
 */
export async function confirmAddress(
  client: TestClient,
  address: string,
  deliver: (address: string) => Promise<{ text: string }[]>,
  /** The account's password (signedInClient's by default): changing the address needs it. */
  currentPassword = 'correct-horse',
): Promise<void> {
  const asked = await client.request({ method: 'PUT', url: '/api/user/email', payload: { email: address, currentPassword } });
  if (asked.statusCode !== 202) throw new Error(`PUT /api/user/email: ${asked.statusCode} ${asked.body}`);
  const messages = await deliver(address);
  const last = messages.at(-1);
  if (!last) throw new Error(`no confirmation email for ${address}`);
  const confirmed = await client.post('/api/email/confirm', { token: tokenOf(linkIn(last.text, '/confirm-email')) });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
}

/** A transport that keeps what it was given (the SMTP suites use a real server instead). */
export function memoryTransport(): MailTransport & { sent: OutgoingMessage[]; refuse: Map<string, Error> } {
  const sent: OutgoingMessage[] = [];
  const refuse = new Map<string, Error>();
  return {
    sent,
    refuse,
    async send(message) {
      const error = refuse.get(message.to.toLowerCase());
      if (error) throw error;
      sent.push(message);
    },
    async close() {},
  };
}

/**
 * A real SMTP server and a sender for a test app, for the enclosing describe block (filled in by
 * beforeAll: read its fields inside tests). `deliver` sends what is due and answers what arrived
 * for an address.
 */
export function useSmtpSender(t: TestApp): { smtp: TestSmtpServer; sender: MailSender; deliver: (address: string) => Promise<ReceivedMail[]> } {
  const mail = {
    deliver: async (address: string) => {
      await mail.sender.drain();
      return mail.smtp.received.filter((m) => m.to.includes(address.toLowerCase()));
    },
  } as { smtp: TestSmtpServer; sender: MailSender; deliver: (address: string) => Promise<ReceivedMail[]> };
  beforeAll(async () => {
    mail.smtp = await startSmtpServer();
    mail.sender = testSender(t, createSmtpTransport(mail.smtp.url));
  });
  afterAll(async () => {
    await mail.sender?.stop();
    await mail.smtp?.close();
  });
  return mail;
}
