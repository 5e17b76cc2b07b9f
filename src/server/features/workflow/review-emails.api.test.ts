import { describe, expect, it } from 'vitest';
import { confirmAddress, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

/**
 * The review's emails through the outbox, received by a real SMTP server: a submission reaches the
 * channel's owner and editors, a decision reaches the author with the note; only confirmed
 * addresses get them.
 */
let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@mail.test`;

describe.each(testDatabases())('review emails on %s', (kind) => {
  const t = useTestApp(kind, { SCHEDULER_INTERVAL_MS: '10000' });
  const mailbox = useSmtpSender(t);
  const { deliver } = mailbox;
  const mailFor = (to: string) => mailbox.smtp.received.filter((m) => m.to.includes(to.toLowerCase()));

  it('tells the owner and editors of a submission, and the writer of the decision with the note', async () => {
    const owner = await signedInClient(t, 'owner');
    const editor = await signedInClient(t, 'editor');
    const writer = await signedInClient(t, 'writer');
    const unconfirmedEditor = await signedInClient(t, 'editor2');
    const channelId = (await owner.client.post('/api/channels', { name: `Desk ${owner.id}`, description: 'News' })).json().id as number;
    for (const [user, role] of [[editor, 'editor'], [writer, 'writer'], [unconfirmedEditor, 'editor']] as const) {
      await t.ctx.db.insertInto('channel_staff').values({ channel_id: channelId, user_id: user.id, role, created_at: Date.now() }).execute();
    }
    const emails = { owner: address('owner'), editor: address('editor'), writer: address('writer') };
    await confirmAddress(owner.client, emails.owner, deliver);
    await confirmAddress(editor.client, emails.editor, deliver);
    await confirmAddress(writer.client, emails.writer, deliver);
    const before = mailbox.smtp.received.length;

    const article = (await writer.client.post('/api/articles', { title: 'Pier collapse', content: '<p>Text.</p>', channelId })).json() as { id: number };
    await writer.client.post(`/api/articles/${article.id}/submit`);
    await mailbox.sender.drain();
    for (const to of [emails.owner, emails.editor]) {
      const [mail, ...more] = mailFor(to).filter((m) => /submitted/.test(m.subject));
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`${writer.username} submitted \u201cPier collapse\u201d for review`);
      expect(mail!.text).toContain(`http://localhost:3000/channels/${channelId}/queue`);
    }
    // Two messages: no one else (the writer, an editor without a confirmed address) got one.
    expect(mailbox.smtp.received.length - before).toBe(2);

    await editor.client.post(`/api/articles/${article.id}/review`, { decision: 'request_changes', note: 'Who saw it fall?' });
    await mailbox.sender.drain();
    const [changes] = mailFor(emails.writer).filter((m) => /Changes requested/.test(m.subject));
    expect(changes!.subject).toBe('Changes requested: Pier collapse');
    expect(changes!.text).toContain('Who saw it fall?');
    expect(changes!.text).toContain(`http://localhost:3000/articles/${article.id}/edit`);

    await writer.client.post(`/api/articles/${article.id}/submit`);
    await owner.client.post(`/api/articles/${article.id}/review`, { decision: 'approve' });
    await mailbox.sender.drain();
    expect(mailFor(emails.writer).filter((m) => m.subject === 'Approved: Pier collapse')).toHaveLength(1);
  });
});
