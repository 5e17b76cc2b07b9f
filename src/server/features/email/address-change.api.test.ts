import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../contract/auth.js';
import { EMAIL_MESSAGES } from '../../../contract/email.js';
import { confirmAddress, linkIn, memoryTransport, testSender, tokenOf } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import type { MailSender } from './mail-sender.js';

let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@example.test`;

/**
 * A stolen session must not be enough to take the account over through its email (change the
 * address, then reset the password). Adding, changing or removing the address needs the current
 * password; an account without one (signed in with Google) approves through a link sent to its
 * confirmed address, and nothing changes until it is followed.
 */
describe.each(testDatabases())('changing the email address on %s', (kind) => {
  const t = useTestApp(kind);
  const transport = memoryTransport();
  let sender: MailSender;
  beforeAll(() => {
    sender = testSender(t, transport);
  });
  const received = async (who: string) => {
    await sender.drain();
    return transport.sent.filter((m) => m.to.toLowerCase() === who.toLowerCase());
  };
  const put = (client: TestClient, payload: object) => client.request({ method: 'PUT', url: '/api/user/email', payload });
  const remove = (client: TestClient, payload?: object) => client.request({ method: 'DELETE', url: '/api/user/email', ...(payload ? { payload } : {}) });

  it('needs the current password to add, change or remove the address', async () => {
    const { client } = await signedInClient(t, 'holder');
    const first = address('first');
    expect((await put(client, { email: first })).json()).toEqual({ error: EMAIL_MESSAGES.currentPasswordRequired });
    const wrong = await put(client, { email: first, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: PASSWORD_MESSAGES.currentPasswordIncorrect });
    expect(await received(first)).toEqual([]);
    await confirmAddress(client, first, received);

    const thief = address('thief');
    expect((await put(client, { email: thief })).statusCode).toBe(400);
    expect((await put(client, { email: thief, currentPassword: 'guess' })).statusCode).toBe(401);
    expect(await received(thief)).toEqual([]);
    expect((await remove(client)).json()).toEqual({ error: EMAIL_MESSAGES.currentPasswordRequired });
    expect((await remove(client, { currentPassword: 'guess' })).statusCode).toBe(401);
    expect((await client.get('/api/user/email')).json()).toMatchObject({ email: first, pendingEmail: null });

    const removed = await remove(client, { currentPassword: 'correct-horse' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ email: null, pendingEmail: null, undeliverable: false, pendingApproval: null });
  });

  it('has an account without a password approve a change through its confirmed address', async () => {
    const google = await signedInClient(t, 'google');
    const current = address('current');
    await confirmAddress(google.client, current, received);
    // As a Google account is: no password at all.
    await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', google.id).execute();

    const next = address('next');
    const asked = await put(google.client, { email: next });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ email: current, pendingEmail: null, undeliverable: false, pendingApproval: 'change' });
    // The approval goes to the current address; the new one hears nothing yet.
    const approval = (await received(current)).at(-1)!;
    expect(approval.subject).toBe('Approve the new email address of your Broadsheet account');
    expect(approval.text).toContain(next);
    expect(await received(next)).toEqual([]);

    // Followed (signed out, on another device): the new address gets its confirmation link.
    const approved = await new TestClient(() => t.app).post('/api/email/confirm', { token: tokenOf(linkIn(approval.text, '/confirm-email')) });
    expect(approved.json()).toEqual({ success: true, email: next, message: EMAIL_MESSAGES.changeApproved });
    expect((await google.client.get('/api/user/email')).json()).toEqual({ email: current, pendingEmail: next, undeliverable: false, pendingApproval: null });
    const confirmation = (await received(next)).at(-1)!;
    expect((await google.client.post('/api/email/confirm', { token: tokenOf(linkIn(confirmation.text, '/confirm-email')) })).json()).toEqual({ success: true, email: next });
    expect((await google.client.get('/api/user/email')).json()).toMatchObject({ email: next });
  });

  it('has an account without a password approve a removal through its confirmed address', async () => {
    const google = await signedInClient(t, 'google');
    const current = address('leaving');
    await confirmAddress(google.client, current, received);
    await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', google.id).execute();

    const asked = await remove(google.client);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ email: current, pendingApproval: 'remove' });
    const approval = (await received(current)).at(-1)!;
    expect(approval.subject).toBe('Approve removing the email address of your Broadsheet account');
    const link = tokenOf(linkIn(approval.text, '/confirm-email'));
    expect((await google.client.post('/api/email/confirm', { token: link })).json()).toEqual({ success: true, email: current, message: EMAIL_MESSAGES.removed });
    expect((await google.client.get('/api/user/email')).json()).toEqual({ email: null, pendingEmail: null, undeliverable: false, pendingApproval: null });
    // Single use.
    expect((await google.client.post('/api/email/confirm', { token: link })).statusCode).toBe(400);
  });

  it('lets an account without a password or an address add its first one directly', async () => {
    const google = await signedInClient(t, 'google');
    await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', google.id).execute();
    const first = address('fresh');
    const asked = await put(google.client, { email: first });
    expect(asked.json()).toEqual({ email: null, pendingEmail: first, undeliverable: false, pendingApproval: null });
    expect((await received(first)).at(-1)!.subject).toBe('Confirm your email address for Broadsheet');
  });
});
