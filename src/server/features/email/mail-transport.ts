import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PermanentMailError, type MailTransport, type OutgoingMessage } from './mail-types.js';

function classify(error: unknown): Error {
  const e = error as { responseCode?: number; code?: string; message?: string };
  // 5xx about the recipient or the message (not our credentials, which an operator can fix).
  if (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.code !== 'EAUTH') {
    return new PermanentMailError(`${e.responseCode} ${e.message ?? 'refused'}`.slice(0, 500));
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * SMTP through nodemailer with a small connection pool. SMTP_URL is any nodemailer connection URL,
 * e.g. smtps://user:password@smtp.example.com:465 or smtp://user:password@host:587 (STARTTLS).
 * Options missing from the URL's query get bounded defaults, so a stuck server never holds a
 * message (and its outbox claim) for long.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: '5',
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '30000',
  };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  const transporter = nodemailer.createTransport(url.toString());
  const pooled = url.searchParams.get('pool') !== 'false';
  return {
    // Without a pool nodemailer opens a connection per message; the sender then keeps to its default.
    connections: pooled ? Math.max(1, Number(url.searchParams.get('maxConnections')) || 5) : undefined,
    async send(message) {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        throw classify(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * The embedded default: every message becomes an .eml file in `dir` (written to a temporary name
 * and renamed, so a reader never sees half a file), readable by the server's own user only: a
 * confirmation or reset message carries a single-use link that signs its holder in, so neither the
 * file nor the log may show it to anyone else. The log names the file; whoever runs Broadsheet on
 * a laptop opens it there to follow the link.
 */
export function createFileTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | undefined;
  return {
    async send(message, context) {
      ready ??= fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await ready;
      const info = await transporter.sendMail(message);
      const safeId = message.messageId.replace(/[^A-Za-z0-9.-]/g, '');
      const file = path.join(dir, `${Date.now()}-${safeId}.eml`);
      // The mode applies when the file is created, whatever the process's umask allows others.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      await fs.rename(`${file}.tmp`, file);
      log.info({ to: message.to, subject: message.subject, kind: context.kind, file }, 'email written to the outbox folder');
    },
    async close() {
      transporter.close();
    },
  };
}

/** Builds messages without sending them, to weigh them. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/**
 * The size in bytes of the message as it goes over SMTP (headers, both parts, their transfer
 * encoding), built by nodemailer exactly as a send would build it.
 */
export async function messageBytes(message: OutgoingMessage): Promise<number> {
  const info = await composer.sendMail(message);
  return (info.message as Buffer).length;
}

export function createMailTransport(config: { smtpUrl?: string; outboxDir: string }, log: FastifyBaseLogger): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createFileTransport(config.outboxDir, log);
}
