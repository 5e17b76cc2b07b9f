/** What the sender hands a transport (SMTP through nodemailer, .eml files, or a test double). */
export interface OutgoingMessage {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Stable per outbox row, so a repeat after a crash is recognisably the same message. */
  messageId: string;
}

/** What the log line of a written .eml file mentions (the link a local user needs). */
export interface SendContext {
  link: string;
  kind: string;
}

export interface MailTransport {
  /** Messages it can have on the wire at once (an SMTP pool's connections); the sender sends no more. */
  connections?: number;
  send(message: OutgoingMessage, context: SendContext): Promise<void>;
  close(): Promise<void>;
}

/** The receiving server refused the message for good (5xx): a bounce. Anything else is retried. */
export class PermanentMailError extends Error {}

