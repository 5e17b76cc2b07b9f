import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Raw header lines by lower-cased name (List-Unsubscribe, List-Unsubscribe-Post …). */
  header: (name: string) => string | undefined;
  /** performance.now() when the server answered 250 for this message (the moment it was accepted). */
  acceptedAt: number;
  /** The SMTP session (one connection) that carried it. */
  connection: string;
  /** The message's size as it arrived (headers and encoded body), in bytes. */
  size: number;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Addresses whose RCPT TO is refused with 550 (a bounce). */
  refuse: Set<string>;
  /** Waits until `count` messages (matching `filter`) have arrived. */
  waitFor(count: number, filter?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package speaks the protocol; what
 * arrives is parsed with `mailparser`). A message counts as received when the server accepts it,
 * the moment the client gets its 250.
 */
export async function startSmtpServer(options: { delayMs?: number; /** Count envelopes only (the bench): no parsing. */ parse?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('5.1.1 The email account that you tried to reach does not exist'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      if (options.parse === false) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          received.push({ to, from: '', subject: '', text: '', html: '', messageId: '', header: () => undefined, acceptedAt: performance.now(), connection: session.id, size: stream.byteLength });
          callback();
        });
        return;
      }
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          const lines = new Map(parsed.headerLines.map((h) => [h.key.toLowerCase(), h.line.slice(h.line.indexOf(':') + 1).trim()]));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: typeof session.envelope.mailFrom === 'object' && session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            header: (name) => lines.get(name.toLowerCase()),
            acceptedAt: performance.now(),
            connection: session.id,
            size: stream.byteLength,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender that dies mid-session (the crash tests SIGKILL it) resets its connection; the server
  // reports that as an 'error' event, which without a listener is an uncaught exception in the test
  // process. The message in flight was not accepted, which is what those tests count.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    async waitFor(count, filter = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${matching.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
