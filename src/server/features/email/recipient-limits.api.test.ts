import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../../contract/email.js';
import { confirmAddress, linkIn, memoryTransport, testSender, tokenOf } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import type { MailSender } from './mail-sender.js';
import { PermanentMailError } from './mail-types.js';

let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@outside.test`;
const WEBHOOK_SECRET = 'provider-webhook-secret-0123456789';

/**
 * Mail to people who did not ask for it. Before: three accounts sent fifteen confirmation emails to
 * one outside address within seconds, and an address that complained through the bounce webhook
 * still got confirmation emails. Now one address gets at most CONFIRM_EMAILS_PER_ADDRESS (3) an
 * hour whoever asks, and a suppressed address gets no email of any kind; only its owner may ask to
 * confirm a bounced address of their own again, and an address that reported spam gets nothing.
 */
describe.each(testDatabases())('email to a recipient on %s', (kind) => {
  const t = useTestApp(kind, { EMAIL_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const transport = memoryTransport();
  let sender: MailSender;
  beforeAll(() => {
    sender = testSender(t, transport);
  });
  const received = async (who: string) => {
    await sender.drain();
    return transport.sent.filter((m) => m.to.toLowerCase() === who.toLowerCase());
  };
  const ask = (client: TestClient, email: string) =>
    client.request({ method: 'PUT', url: '/api/user/email', payload: { email, currentPassword: 'correct-horse' } });
  const report = (email: string, type: 'hard-bounce' | 'complaint') =>
    t.app.inject({ method: 'POST', url: '/api/email/events', headers: { authorization: `Bearer ${WEBHOOK_SECRET}` }, payload: { events: [{ email, type }] } });

  it('sends one outside address at most three confirmation emails an hour, whoever asks', async () => {
    const victim = address('victim');
    const accounts = await Promise.all([1, 2, 3].map(() => signedInClient(t, 'sprayer')));
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const { client } of accounts) statuses.push((await ask(client, round % 2 ? victim.toUpperCase() : victim)).statusCode);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    const refused = await ask(accounts[0]!.client, victim);
    expect(refused.json()).toEqual({ error: EMAIL_MESSAGES.tooManyToAddress });
    expect(await received(victim)).toHaveLength(3);
    // Other addresses are not held by it.
    expect((await ask(accounts[0]!.client, address('friend'))).statusCode).toBe(202);
  });

  it('sends nothing to an address that complained, whatever kind of email and whoever asks', async () => {
    const owner = await signedInClient(t, 'complainer');
    const mine = address('complainer');
    await confirmAddress(owner.client, mine, received);
    const before = (await received(mine)).length;
    expect((await report(mine, 'complaint')).json()).toEqual({ suppressed: 1, ignored: 0 });

    // Another account types it: accepted as usual (nothing tells who complained), but no email leaves.
    const other = await signedInClient(t, 'typist');
    expect((await ask(other.client, mine)).statusCode).toBe(202);
    // Its owner asks for a password reset, and to confirm it again: nothing either.
    expect((await new TestClient(() => t.app).post('/api/auth/forgot-password', { login: owner.username })).statusCode).toBe(202);
    expect((await owner.client.request({ method: 'PUT', url: '/api/user/email', payload: { email: mine } })).statusCode).toBe(202);
    expect(await received(mine)).toHaveLength(before);
    const skipped = await t.ctx.db.selectFrom('email_outbox').select(['kind', 'status', 'last_error']).where('to_address', 'in', [mine, mine.toLowerCase()]).where('status', '=', 'skipped').execute();
    expect(skipped.map((row) => row.kind).sort()).toEqual(['confirm', 'confirm', 'reset']);
    expect(new Set(skipped.map((row) => row.last_error))).toEqual(new Set(['address reported spam']));
  });

  it("lets the owner confirm their own bounced address again, and no one else write to it", async () => {
    const owner = await signedInClient(t, 'bounced');
    const mine = address('bounced');
    await confirmAddress(owner.client, mine, received);
    transport.refuse.set(mine.toLowerCase(), new PermanentMailError('550 5.1.1 user unknown'));
    expect((await new TestClient(() => t.app).post('/api/auth/forgot-password', { login: owner.username })).statusCode).toBe(202);
    await sender.drain();
    expect(await t.ctx.outbox.isSuppressed(mine)).toBe(true);
    transport.refuse.delete(mine.toLowerCase());

    const other = await signedInClient(t, 'stranger');
    expect((await ask(other.client, mine)).statusCode).toBe(202);
    const before = (await received(mine)).length;
    expect(before).toBeGreaterThan(0);
    // "Confirm it again": the owner's own address, so no password is needed and the link goes out.
    const again = await owner.client.request({ method: 'PUT', url: '/api/user/email', payload: { email: mine } });
    expect(again.statusCode).toBe(202);
    const after = await received(mine);
    expect(after).toHaveLength(before + 1);
    const link = linkIn(after.at(-1)!.text, '/confirm-email');
    expect((await owner.client.post('/api/email/confirm', { token: tokenOf(link) })).statusCode).toBe(200);
    expect(await t.ctx.outbox.isSuppressed(mine)).toBe(false);
  });
});
