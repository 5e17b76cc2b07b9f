import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress, linkIn, silentLog, testSender, tokenOf } from '../../../test-support/email.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/smtp.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import type { MailSender } from './mail-sender.js';
import { createFileTransport, createSmtpTransport } from './mail-transport.js';

/**
 * The whole mail path against a real SMTP server started in the test: what arrives, to whom, with
 * which links and headers; and the .eml files of the embedded default.
 */
let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@mail.test`;

describe.each(testDatabases())('email over SMTP on %s', (kind) => {
  const t = useTestApp(kind);
  let smtp: TestSmtpServer;
  let sender: MailSender;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    sender = testSender(t, createSmtpTransport(smtp.url));
  });
  afterAll(async () => {
    await sender?.stop();
    await smtp?.close();
  });
  const deliver = async (who: string) => {
    await sender.drain();
    return smtp.received.filter((m) => m.to.includes(who.toLowerCase()));
  };

  it('delivers confirmation, reset, each-article and digest emails to the right people, and nothing for drafts or left channels', async () => {
    const author = await signedInClient(t, 'smtpauthor');
    const channel = (await author.client.post('/api/channels', { name: `Wire ${++n}`, description: 'SMTP desk' })).json().id as number;
    const readers = [];
    for (const choice of ['each', 'each', 'digest', 'none', 'leaves'] as const) {
      const reader = await signedInClient(t, 'smtpreader');
      const email = address(choice);
      await confirmAddress(reader.client, email, deliver);
      await reader.client.post(`/api/channels/${channel}/subscribe`);
      if (choice === 'digest' || choice === 'none') await reader.client.put(`/api/channels/${channel}/notifications`, { notify: choice });
      readers.push({ ...reader, email, choice });
    }
    const confirmations = smtp.received.filter((m) => m.subject === 'Confirm your email address for Broadsheet');
    expect(confirmations.map((m) => m.to).flat().sort()).toEqual(readers.map((r) => r.email.toLowerCase()).sort());
    expect(confirmations[0]!.from).toBe('no-reply@localhost');

    const draft = (await author.client.post('/api/articles', { title: 'Unfinished piece', content: '<p>Not yet.</p>', channelId: channel, published: false })).json().id;
    const article = (
      await author.client.post('/api/articles', { title: 'Tunnel opens at dawn', content: '<p>The new tunnel opens at dawn on Monday.</p>', channelId: channel })
    ).json();
    await readers[4]!.client.delete(`/api/channels/${channel}/subscribe`);
    await sender.drain();
    await sender.drain();

    const news = smtp.received.filter((m) => m.subject.startsWith('Tunnel opens at dawn'));
    expect(news.map((m) => m.to).flat().sort()).toEqual([readers[0]!.email, readers[1]!.email].map((e) => e.toLowerCase()).sort());
    expect(smtp.received.filter((m) => m.subject.startsWith('Unfinished piece'))).toEqual([]);
    const one = news[0]!;
    expect(one.text).toContain('The new tunnel opens at dawn on Monday.');
    expect(one.text).toContain(`http://localhost:3000/articles/${article.slug}-${article.id}`);
    expect(one.html).toContain(`href="http://localhost:3000/articles/${article.slug}-${article.id}#comments"`);
    expect(one.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(one.header('List-Unsubscribe')!)![1]!);
    expect(oneClick.pathname).toBe('/api/email/unsubscribe');
    void draft;

    // One-click, as a mail provider does it: a form POST, no cookie, a foreign Origin.
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);

    // The digest goes to the digest reader only.
    await sender.queueDigest(Date.now() + 1000);
    await sender.drain();
    const digests = smtp.received.filter((m) => m.subject.startsWith('Your Broadsheet digest'));
    expect(digests.map((m) => m.to).flat()).toEqual([readers[2]!.email.toLowerCase()]);
    expect(digests[0]!.text).toContain('Tunnel opens at dawn');

    // A reset link, by email address, to that address only.
    await new TestClient(() => t.app).post('/api/auth/forgot-password', { login: readers[3]!.email });
    const resets = (await deliver(readers[3]!.email)).filter((m) => m.subject === 'Reset your Broadsheet password');
    expect(resets).toHaveLength(1);
    const reset = await new TestClient(() => t.app).post('/api/auth/reset-password', { token: tokenOf(linkIn(resets[0]!.text, '/reset-password')), password: 'reset-over-smtp' });
    expect(reset.statusCode).toBe(200);

    // The next article reaches only the reader who did not unsubscribe.
    await author.client.post('/api/articles', { title: 'Second bulletin', content: '<p>More news.</p>', channelId: channel });
    await sender.drain();
    await sender.drain();
    const unsubscribedReader = one.to[0]!;
    const second = smtp.received.filter((m) => m.subject.startsWith('Second bulletin')).map((m) => m.to).flat();
    expect(second).toHaveLength(1);
    expect(second).not.toContain(unsubscribedReader);
  });

  it('records a 550 refusal as a bounce and sends nothing more to that address', async () => {
    const author = await signedInClient(t, 'bounceauthor');
    const channel = (await author.client.post('/api/channels', { name: `Bounce ${++n}`, description: 'SMTP desk' })).json().id as number;
    const reader = await signedInClient(t, 'bouncereader');
    const email = address('gone');
    await confirmAddress(reader.client, email, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    smtp.refuse.add(email.toLowerCase());
    await author.client.post('/api/articles', { title: 'Into the void', content: '<p>Nobody home.</p>', channelId: channel });
    await sender.drain();
    await sender.drain();
    const row = await t.ctx.db.selectFrom('email_outbox').select(['status', 'last_error']).where('kind', '=', 'article').where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/^550/);
    expect(await t.ctx.outbox.isSuppressed(email)).toBe(true);
    smtp.refuse.delete(email.toLowerCase());
    await author.client.post('/api/articles', { title: 'Still nobody', content: '<p>Nobody home.</p>', channelId: channel });
    await sender.drain();
    await sender.drain();
    expect(smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith('Still nobody'))).toEqual([]);
  });
});

describe('email without SMTP_URL', () => {
  it('writes each message to an .eml file only the server may read, and logs where, never its link', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-outbox-')), 'outbox');
    const logged: unknown[] = [];
    const log = { ...silentLog, info: (entry: unknown) => logged.push(entry) } as typeof silentLog;
    const transport = createFileTransport(dir, log);
    await transport.send(
      {
        to: 'ada@example.test',
        from: 'Broadsheet <no-reply@localhost>',
        subject: 'Confirm your email address for Broadsheet',
        html: '<p><a href="http://localhost:3000/confirm-email?token=abc">Confirm</a></p>',
        text: 'Confirm: http://localhost:3000/confirm-email?token=abc',
        headers: {},
        messageId: '<one.1@localhost>',
      },
      { link: 'http://localhost:3000/confirm-email?token=abc', kind: 'confirm' },
    );
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe('Confirm your email address for Broadsheet');
    expect(parsed.text).toContain('http://localhost:3000/confirm-email?token=abc');
    expect(parsed.messageId).toBe('<one.1@localhost>');
    // The link signs its holder in: owner-only file, and nothing of the token in the log.
    expect(fs.statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o077).toBe(0);
    expect(logged).toEqual([expect.objectContaining({ to: 'ada@example.test', kind: 'confirm', file: path.join(dir, files[0]!) })]);
    expect(JSON.stringify(logged)).not.toContain('token=abc');
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
