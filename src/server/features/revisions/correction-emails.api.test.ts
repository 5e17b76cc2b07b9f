import { describe, expect, it } from 'vitest';
import { confirmAddress, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@mail.test`;

describe.each(testDatabases())('correction emails on %s', (kind) => {
  const t = useTestApp(kind);
  const mailbox = useSmtpSender(t);
  const { deliver } = mailbox;
  const received = (who: string, subject: string) => mailbox.smtp.received.filter((m) => m.to.includes(who.toLowerCase()) && m.subject === subject);
  const drain = async () => {
    await mailbox.sender.drain();
    await mailbox.sender.drain();
  };

  it('tell the readers an article was emailed to of a correction, with the unsubscribe link and headers, and no one else', async () => {
    const owner = await signedInClient(t, 'corrdesk');
    const channel = (await owner.client.post('/api/channels', { name: `Vote Desk ${++n}`, description: 'Votes' })).json() as { id: number };
    const emailed = await signedInClient(t, 'emailed');
    const emailedAddress = address('emailed');
    await confirmAddress(emailed.client, emailedAddress, deliver);
    await emailed.client.post(`/api/channels/${channel.id}/subscribe`);

    const article = (await owner.client.post('/api/articles', { title: 'Vote date set', content: '<p>The vote is on Monday.</p>', channelId: channel.id })).json() as { id: number; slug: string };
    await drain();
    expect(mailbox.smtp.received.filter((m) => m.to.includes(emailedAddress.toLowerCase()) && m.subject.startsWith('Vote date set'))).toHaveLength(1);

    // Subscribed after the article went out: never sent it, so not told of its correction.
    const later = await signedInClient(t, 'later');
    const laterAddress = address('later');
    await confirmAddress(later.client, laterAddress, deliver);
    await later.client.post(`/api/channels/${channel.id}/subscribe`);

    await owner.client.patch(`/api/articles/${article.id}`, { correction: { kind: 'clarification', text: 'The vote is in the hall.' } });
    await owner.client.patch(`/api/articles/${article.id}`, { correction: { kind: 'update', text: 'Turnout figures added.' } });
    const corrected = await owner.client.patch(`/api/articles/${article.id}`, {
      content: '<p>The vote is on Tuesday.</p>',
      correction: { kind: 'correction', text: 'An earlier version gave the wrong day.' },
    });
    expect(corrected.statusCode).toBe(200);
    await drain();

    const mails = received(emailedAddress, 'Correction: Vote date set');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const url = `http://localhost:3000/articles/${article.slug}-${article.id}`;
    const [correction] = corrected.json().corrections.filter((c: { kind: string }) => c.kind === 'correction');
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(correction.createdAt));
    expect(mail!.text).toContain(`Correction, ${day}: An earlier version gave the wrong day.`);
    expect(mail!.text).toContain(`Read the corrected article: ${url}`);
    expect(mail!.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(mail!.html).toContain(`href="${url}"`);
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.header('List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=.+>$/);

    expect(mailbox.smtp.received.filter((m) => m.to.includes(laterAddress.toLowerCase()) && m.subject.startsWith('Correction'))).toEqual([]);
    expect(mailbox.smtp.received.filter((m) => m.subject.startsWith('Clarification') || m.subject.startsWith('Update'))).toEqual([]);
  });
});
