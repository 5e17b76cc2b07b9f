import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '../../../contract/email.js';
import { confirmAddress, linkIn, memoryTransport, testSender, tokenOf } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import type { MailSender } from './mail-sender.js';
import { PermanentMailError } from './mail-types.js';

let n = 0;
const address = (name: string) => `${name}.${process.pid}.${++n}@example.test`;

async function publish(client: TestClient, channelId: number, title: string, published = true) {
  const response = await client.post('/api/articles', { title, content: `<p>${title} happened today, and here is why it matters.</p>`, channelId, published });
  if (response.statusCode !== 201) throw new Error(`publish: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

async function channelOf(client: TestClient, name: string) {
  const response = await client.post('/api/channels', { name: `${name} ${++n}`, description: 'News for the email tests' });
  if (response.statusCode !== 201) throw new Error(`channel: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

const WEBHOOK_SECRET = 'provider-webhook-secret-0123456789';

describe.each(testDatabases())('email: addresses, resets, notifications on %s', (kind) => {
  const t: TestApp = useTestApp(kind, { EMAIL_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const transport = memoryTransport();
  let sender: MailSender;
  beforeAll(() => {
    sender = testSender(t, transport);
  });
  const to = (who: string) => transport.sent.filter((m) => m.to === who);
  const deliver = async (who: string) => {
    await sender.drain();
    return to(who);
  };

  it('confirms an address with a single-use link, and shows it to its owner only', async () => {
    const { client, id } = await signedInClient(t, 'mail');
    const mine = address('owner');
    const asked = await client.request({ method: 'PUT', url: '/api/user/email', payload: { email: mine, currentPassword: 'correct-horse' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ email: null, pendingEmail: mine, undeliverable: false, pendingApproval: null });

    const [message] = await deliver(mine);
    expect(message?.subject).toBe('Confirm your email address for Broadsheet');
    expect(message?.html).toContain('Confirm email address');
    const link = linkIn(message!.text, '/confirm-email');
    expect(link.origin).toBe('http://localhost:3000');

    // The token is stored hashed: the database never holds the link's token.
    const stored = await t.ctx.db.selectFrom('email_tokens').select('token_hash').where('user_id', '=', id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(link));
    // Once sent, the outbox forgets the link too.
    const queued = await t.ctx.db.selectFrom('email_outbox').select(['payload', 'status']).where('to_address', '=', mine).execute();
    expect(queued).toEqual([{ payload: null, status: 'sent' }]);

    // Confirming works signed out (the link may be opened on another device).
    const anonymous = new TestClient(() => t.app);
    const confirmed = await anonymous.post('/api/email/confirm', { token: tokenOf(link) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, email: mine });
    expect((await client.get('/api/user/email')).json()).toEqual({ email: mine, pendingEmail: null, undeliverable: false, pendingApproval: null });

    const again = await anonymous.post('/api/email/confirm', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: EMAIL_MESSAGES.linkInvalid });

    // Nobody else sees it: not the signed-out, not another user, not any public answer.
    expect((await anonymous.get('/api/user/email')).statusCode).toBe(401);
    const other = await signedInClient(t, 'other');
    expect((await other.client.get('/api/user/email')).json()).toEqual({ email: null, pendingEmail: null, undeliverable: false, pendingApproval: null });
    const channel = await channelOf(other.client, 'Watched');
    await client.post(`/api/channels/${channel}/subscribe`);
    for (const url of ['/api/user', `/api/users/${id}`, `/api/channels/${channel}/subscribers`, `/api/users/${id}/channels`, '/api/articles', `/api/channels/${channel}`]) {
      const asOther = await other.client.get(url);
      expect(asOther.body, url).not.toContain(mine);
      expect(asOther.body.toLowerCase(), url).not.toContain('@example.test');
    }
    expect((await client.get('/api/user')).body).not.toContain(mine);
  });

  it('gives a Google account the address Google verified, and nothing when it is unverified or taken', async () => {
    const verified = address('google');
    const signIn = async (subject: string, email: string, emailVerified: boolean) => {
      const user = await t.ctx.oidcAccounts.findOrCreateUser({ issuer: 'https://accounts.google.com', subject, email, name: 'G', emailVerified });
      const { token } = await t.ctx.sessions.start(user.id);
      const client = new TestClient(() => t.app);
      client.cookie = `broadsheet_session=${token}`;
      return client;
    };
    const first = await signIn(`g-${process.pid}-${++n}`, verified, true);
    expect((await first.get('/api/user/email')).json()).toEqual({ email: verified, pendingEmail: null, undeliverable: false, pendingApproval: null });
    const unverified = await signIn(`g-${process.pid}-${++n}`, address('unverified'), false);
    expect((await unverified.get('/api/user/email')).json()).toEqual({ email: null, pendingEmail: null, undeliverable: false, pendingApproval: null });
    const sameAddress = await signIn(`g-${process.pid}-${++n}`, verified.toUpperCase(), true);
    expect((await sameAddress.get('/api/user/email')).json()).toEqual({ email: null, pendingEmail: null, undeliverable: false, pendingApproval: null });
  });

  it('refuses an expired confirmation link and an address another account confirmed', async () => {
    const { client, id } = await signedInClient(t, 'late');
    const expired = await t.ctx.emailTokens.issue({ userId: id, purpose: 'confirm', email: address('late'), ttlMs: 1000, now: Date.now() - 2000 });
    const refused = await client.post('/api/email/confirm', { token: expired.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: EMAIL_MESSAGES.linkInvalid });

    const shared = address('shared');
    const first = await signedInClient(t, 'first');
    await confirmAddress(first.client, shared, deliver);
    const second = await signedInClient(t, 'second');
    await second.client.request({ method: 'PUT', url: '/api/user/email', payload: { email: shared.toUpperCase(), currentPassword: 'correct-horse' } });
    const [link] = (await deliver(shared.toUpperCase())).map((m) => linkIn(m.text, '/confirm-email'));
    const taken = await second.client.post('/api/email/confirm', { token: tokenOf(link!) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: EMAIL_MESSAGES.addressTaken });

    for (const email of ['', 'not-an-address', 'a@'.repeat(200)]) {
      const bad = await client.request({ method: 'PUT', url: '/api/user/email', payload: { email } });
      expect(bad.statusCode).toBe(400);
    }
    expect((await new TestClient(() => t.app).request({ method: 'PUT', url: '/api/user/email', payload: { email: 'x' } })).statusCode).toBe(401);
  });

  it('answers "Forgot password?" the same way whoever asks, and mails only confirmed addresses', async () => {
    const withEmail = await signedInClient(t, 'forgetful');
    const mine = address('forgetful');
    await confirmAddress(withEmail.client, mine, deliver);
    const withoutEmail = await signedInClient(t, 'noemail');
    const anonymous = new TestClient(() => t.app);

    const answers = [];
    for (const login of [withEmail.username, mine.toUpperCase(), withoutEmail.username, 'nobody_by_that_name', address('unknown')]) {
      const response = await anonymous.post('/api/auth/forgot-password', { login });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: { success: true, message: EMAIL_MESSAGES.resetRequested } });

    await sender.drain();
    const resets = to(mine).filter((m) => m.subject === 'Reset your Broadsheet password');
    expect(resets).toHaveLength(2);
    expect(transport.sent.filter((m) => m.subject.startsWith('Reset') && m.to !== mine)).toEqual([]);
  });

  it('resets a password with a 30-minute single-use link, signing out every other session and signing this one in', async () => {
    const { client, username, id } = await signedInClient(t, 'resetter');
    const mine = address('resetter');
    await confirmAddress(client, mine, deliver);
    const elsewhere = new TestClient(() => t.app);
    await elsewhere.post('/api/login', { username, password: 'correct-horse' });
    expect((await elsewhere.get('/api/user')).statusCode).toBe(200);

    const browser = new TestClient(() => t.app);
    await browser.post('/api/auth/forgot-password', { login: username });
    const [message] = (await deliver(mine)).filter((m) => m.subject.startsWith('Reset'));
    const link = linkIn(message!.text, '/reset-password');
    const token = tokenOf(link);
    expect((await browser.get(`/api/auth/reset-password?token=${encodeURIComponent(token)}`)).json()).toEqual({ usable: true });
    const row = await t.ctx.db.selectFrom('email_tokens').select(['expires_at', 'created_at']).where('user_id', '=', id).where('purpose', '=', 'reset').executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(30 * 60 * 1000);

    const tooShort = await browser.post('/api/auth/reset-password', { token, password: '123' });
    expect(tooShort.statusCode).toBe(400);
    // A well-known password is refused here as at registration, and the link stays usable.
    const common = await browser.post('/api/auth/reset-password', { token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toBeTruthy();
    const reset = await browser.post('/api/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true, id, username });
    expect((await browser.get('/api/user')).json()).toMatchObject({ id });
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const reused = await new TestClient(() => t.app).post('/api/auth/reset-password', { token, password: 'another-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: EMAIL_MESSAGES.linkInvalid });
    expect((await browser.get(`/api/auth/reset-password?token=${encodeURIComponent(token)}`)).json()).toEqual({ usable: false });
    expect((await new TestClient(() => t.app).post('/api/login', { username, password: 'correct-horse' })).statusCode).toBe(401);
    expect((await new TestClient(() => t.app).post('/api/login', { username, password: 'a-brand-new-password' })).statusCode).toBe(200);

    const expired = await t.ctx.emailTokens.issue({ userId: id, purpose: 'reset', email: mine, ttlMs: 30 * 60 * 1000, now: Date.now() - 31 * 60 * 1000 });
    const late = await new TestClient(() => t.app).post('/api/auth/reset-password', { token: expired.token, password: 'too-late-password' });
    expect(late.statusCode).toBe(400);
    // A confirmation token is no reset token.
    const confirmToken = await t.ctx.emailTokens.issue({ userId: id, purpose: 'confirm', email: mine, ttlMs: 60_000, now: Date.now() });
    expect((await browser.post('/api/auth/reset-password', { token: confirmToken.token, password: 'wrong-kind-token' })).statusCode).toBe(400);
  });

  it('limits reset emails per account, whoever asks', async () => {
    const { client, username } = await signedInClient(t, 'spammed');
    const mine = address('spammed');
    await confirmAddress(client, mine, deliver);
    for (let i = 0; i < 6; i++) {
      const response = await new TestClient(() => t.app).post('/api/auth/forgot-password', { login: username });
      expect(response.statusCode).toBe(202);
    }
    expect((await deliver(mine)).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(3);
  });

  it('emails each subscriber once per new article, with one-click unsubscribe, and nobody for drafts or left channels', async () => {
    const author = await signedInClient(t, 'author');
    const channel = await channelOf(author.client, 'Harbour News');
    const readers = [];
    for (let i = 0; i < 4; i++) {
      const reader = await signedInClient(t, 'reader');
      const mine = address('reader');
      await confirmAddress(reader.client, mine, deliver);
      await reader.client.post(`/api/channels/${channel}/subscribe`);
      readers.push({ ...reader, email: mine });
    }
    const [each, quiet, leaver, later] = readers as [(typeof readers)[0], (typeof readers)[0], (typeof readers)[0], (typeof readers)[0]];
    const noAddress = await signedInClient(t, 'noaddress');
    await noAddress.client.post(`/api/channels/${channel}/subscribe`);
    expect((await quiet.client.put(`/api/channels/${channel}/notifications`, { notify: 'none' })).statusCode).toBe(200);
    expect((await each.client.get('/api/user/notifications')).json()).toEqual({
      hasConfirmedEmail: true,
      replies: true,
      items: [expect.objectContaining({ channelId: channel, notify: 'each' })],
    });

    const draft = await publish(author.client, channel, 'Quiet draft', false);
    const first = await publish(author.client, channel, 'Ferry timetable changes');
    await leaver.client.delete(`/api/channels/${channel}/subscribe`);
    await sender.drain();
    await sender.drain();

    const about = (title: string) => transport.sent.filter((m) => m.subject.startsWith(title));
    expect(about('Ferry timetable changes').map((m) => m.to).sort()).toEqual([each.email, later.email].sort());
    expect(about('Quiet draft')).toEqual([]);

    const message = about('Ferry timetable changes').find((m) => m.to === each.email)!;
    expect(message.subject).toMatch(/^Ferry timetable changes · Harbour News/);
    expect(message.text).toContain('Ferry timetable changes happened today');
    expect(message.html).toContain(`/articles/ferry-timetable-changes-${first}`);
    expect(message.html).toContain('prefers-color-scheme: dark');
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(message.headers['List-Unsubscribe']!)![1]!;
    const visible = linkIn(message.text, '/unsubscribe');

    // Publishing the draft now emails; taking it back and publishing again does not email twice.
    expect((await author.client.post(`/api/articles/${draft}/toggle-status`)).statusCode).toBe(200);
    expect((await author.client.post(`/api/articles/${draft}/toggle-status`)).statusCode).toBe(200);
    expect((await author.client.post(`/api/articles/${draft}/toggle-status`)).statusCode).toBe(200);
    await sender.drain();
    await sender.drain();
    expect(about('Quiet draft').map((m) => m.to).sort()).toEqual([each.email, later.email].sort());

    // The visible link's page reads what it stops; the one-click POST (a form, no cookie) stops it.
    const anonymous = new TestClient(() => t.app);
    expect((await anonymous.get(`/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(visible))}`)).json()).toMatchObject({
      scope: 'channel',
      notify: 'each',
    });
    const oneClickUrl = new URL(oneClick);
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${oneClickUrl.pathname}${oneClickUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toEqual({ success: true, message: EMAIL_MESSAGES.unsubscribed });
    // The page's button (JSON, later) works as well.
    const laterLink = linkIn(about('Ferry timetable changes').find((m) => m.to === later.email)!.text, '/unsubscribe');
    expect((await anonymous.post(`/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(laterLink))}`, {})).statusCode).toBe(200);
    expect((await anonymous.post('/api/email/unsubscribe?token=1.2.forgedforgedforgedforged', {})).statusCode).toBe(400);

    await publish(author.client, channel, 'Nobody hears this');
    await sender.drain();
    await sender.drain();
    expect(about('Nobody hears this')).toEqual([]);
    // Unsubscribing stops emails, not the subscription.
    expect((await each.client.get('/api/user/notifications')).json().items).toEqual([expect.objectContaining({ channelId: channel, notify: 'none' })]);
    expect((await quiet.client.put(`/api/channels/${channel + 100000}/notifications`, { notify: 'each' })).statusCode).toBe(404);
    expect((await quiet.client.put(`/api/channels/${channel}/notifications`, { notify: 'weekly' })).statusCode).toBe(400);
  });

  it('sends the daily digest once a day to readers who chose it', async () => {
    const author = await signedInClient(t, 'digester');
    const channel = await channelOf(author.client, 'Daily Desk');
    const reader = await signedInClient(t, 'digestreader');
    const mine = address('digest');
    await confirmAddress(reader.client, mine, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    await reader.client.put(`/api/channels/${channel}/notifications`, { notify: 'digest' });
    await publish(author.client, channel, 'Morning markets');
    await publish(author.client, channel, 'Evening weather');
    await sender.drain();
    await sender.drain();
    expect(to(mine).filter((m) => !m.subject.startsWith('Confirm'))).toEqual([]);

    const at = Date.now() + 1000;
    expect(await sender.queueDigest(at)).toBeGreaterThanOrEqual(1);
    expect(await sender.queueDigest(at)).toBeUndefined();
    await sender.drain();
    const digests = to(mine).filter((m) => m.subject.startsWith('Your Broadsheet digest'));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your Broadsheet digest: 2 new articles');
    expect(digests[0]!.text).toContain('Morning markets');
    expect(digests[0]!.text).toContain('Evening weather');
    expect(digests[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const link = linkIn(digests[0]!.text, '/unsubscribe');
    expect((await new TestClient(() => t.app).get(`/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(link))}`)).json()).toEqual({
      scope: 'digest',
      channelName: null,
      notify: 'digest',
    });
    await new TestClient(() => t.app).post(`/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(link))}`, {});
    expect((await reader.client.get('/api/user/notifications')).json().items[0].notify).toBe('none');
  });

  it('records a permanent refusal, stops mailing that address, and retries a passing failure later', async () => {
    const author = await signedInClient(t, 'bouncer');
    const channel = await channelOf(author.client, 'Bounce Desk');
    const reader = await signedInClient(t, 'bounced');
    const mine = address('bounced');
    await confirmAddress(reader.client, mine, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    transport.refuse.set(mine.toLowerCase(), new PermanentMailError('550 5.1.1 mailbox does not exist'));
    await publish(author.client, channel, 'First bounce');
    await sender.drain();
    await sender.drain();
    const failed = await t.ctx.db.selectFrom('email_outbox').select(['status', 'last_error']).where('to_address', '=', mine).where('kind', '=', 'article').execute();
    expect(failed).toEqual([{ status: 'failed', last_error: expect.stringContaining('550') }]);
    expect(await t.ctx.outbox.isSuppressed(mine)).toBe(true);
    transport.refuse.delete(mine.toLowerCase());
    await publish(author.client, channel, 'After the bounce');
    await sender.drain();
    await sender.drain();
    expect(to(mine).filter((m) => m.subject.startsWith('After the bounce'))).toEqual([]);

    const flaky = await signedInClient(t, 'flaky');
    const flakyAddress = address('flaky');
    await confirmAddress(flaky.client, flakyAddress, deliver);
    await flaky.client.post(`/api/channels/${channel}/subscribe`);
    transport.refuse.set(flakyAddress.toLowerCase(), new Error('421 try again later'));
    await publish(author.client, channel, 'Flaky delivery');
    await sender.drain();
    await sender.drain();
    const retry = await t.ctx.db
      .selectFrom('email_outbox')
      .select(['status', 'attempts', 'next_attempt_at'])
      .where('to_address', '=', flakyAddress)
      .where('kind', '=', 'article')
      .executeTakeFirstOrThrow();
    expect(retry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retry.next_attempt_at).toBeGreaterThan(Date.now() + 20_000);
    expect(await t.ctx.outbox.isSuppressed(flakyAddress)).toBe(false);
  });

  it('sends a message whose 250 was never recorded (a crash) once more, with the same Message-ID, and never retries an accepted one', async () => {
    const author = await signedInClient(t, 'crashy');
    const channel = await channelOf(author.client, 'Crash Desk');
    const reader = await signedInClient(t, 'crashreader');
    const mine = address('crashreader');
    await confirmAddress(reader.client, mine, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    // This sender's SMTP server accepts the message, and then it cannot record it (it dies there).
    const dying = testSender(t, transport, {
      claimMs: 400,
      outbox: {
        ...t.ctx.outbox,
        markSent: async () => {
          throw new Error('the process died');
        },
      },
    });
    await publish(author.client, channel, 'Accepted then lost');
    await dying.drain();
    const about = () => to(mine).filter((m) => m.subject.startsWith('Accepted then lost'));
    expect(about()).toHaveLength(1);
    const row = () =>
      t.ctx.db.selectFrom('email_outbox').select(['status', 'claimed_by', 'attempts']).where('to_address', '=', mine).where('kind', '=', 'article').executeTakeFirstOrThrow();
    // Not scheduled for a retry: still held by the dead sender's claim, and nobody else sends it meanwhile.
    expect(await row()).toMatchObject({ status: 'pending', claimed_by: dying.workerId, attempts: 1 });
    await sender.drain();
    expect(about()).toHaveLength(1);
    // Once the claim has run out, another sender takes the row over and sends it once more, the same message.
    await new Promise((resolve) => setTimeout(resolve, 450));
    await sender.drain();
    await sender.drain();
    expect(about()).toHaveLength(2);
    expect(about()[1]!.messageId).toBe(about()[0]!.messageId);
    expect(await row()).toMatchObject({ status: 'sent', claimed_by: null });
    await new Promise((resolve) => setTimeout(resolve, 450));
    await sender.drain();
    expect(about()).toHaveLength(2);
  });

  it('does not start a message once its claim has run short, and gives the row back without counting an attempt', async () => {
    const author = await signedInClient(t, 'slowclaim');
    const channel = await channelOf(author.client, 'Slow Desk');
    const reader = await signedInClient(t, 'slowreader');
    const mine = address('slowreader');
    await confirmAddress(reader.client, mine, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    await publish(author.client, channel, 'Late in the claim');
    // The clock jumps past half the claim between claiming the article's email and sending it, once.
    let clock = Date.now();
    let jumped = false;
    let released = 0;
    const late = testSender(t, transport, {
      claimMs: 10_000,
      now: () => clock,
      outbox: {
        ...t.ctx.outbox,
        async claim(...args) {
          const rows = await t.ctx.outbox.claim(...args);
          if (rows.some((r) => r.kind === 'article') && !jumped) {
            jumped = true;
            clock += 6_000;
          }
          return rows;
        },
        async release(...args) {
          released++;
          await t.ctx.outbox.release(...args);
        },
      },
    });
    await late.drain();
    expect(jumped).toBe(true);
    expect(released).toBe(1);
    const sent = to(mine).filter((m) => m.subject.startsWith('Late in the claim'));
    expect(sent).toHaveLength(1);
    const row = await t.ctx.db.selectFrom('email_outbox').select(['status', 'attempts']).where('to_address', '=', mine).where('kind', '=', 'article').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', attempts: 1 });
  });

  it('sends the daily digest once per reader and day across a crash', async () => {
    const author = await signedInClient(t, 'digestcrash');
    const channel = await channelOf(author.client, 'Crash Digest Desk');
    const reader = await signedInClient(t, 'digestcrashreader');
    const mine = address('digestcrash');
    await confirmAddress(reader.client, mine, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    await reader.client.put(`/api/channels/${channel}/notifications`, { notify: 'digest' });
    await publish(author.client, channel, 'Overnight news');
    await sender.drain();
    // Tomorrow's digest (today's was queued by the digest test above), covering the last 24 hours.
    const DAY = 24 * 60 * 60 * 1000;
    const at = (Math.floor((Date.now() + 1000) / DAY) + 1) * DAY + 1;
    const before = testSender(t, transport);
    expect(await before.queueDigest(at)).toBeGreaterThanOrEqual(1);
    // The instance dies holding the digest rows; the restarted one queues nothing new.
    const claimed = await t.ctx.outbox.claim('dead-instance', 100, Date.now(), Date.now() + 300);
    expect(claimed.some((r) => r.kind === 'digest' && r.to_address === mine)).toBe(true);
    expect(await sender.queueDigest(at)).toBeUndefined();
    await sender.drain();
    const digests = () => to(mine).filter((m) => m.subject.startsWith('Your Broadsheet digest'));
    expect(digests()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await sender.drain();
    await sender.drain();
    expect(digests()).toHaveLength(1);
    expect(digests()[0]!.text).toContain('Overnight news');
    expect(await sender.queueDigest(at)).toBeUndefined();
    await sender.drain();
    expect(digests()).toHaveLength(1);
  });

  it("takes bounces and complaints from the provider's webhook, and lets the owner confirm the address again", async () => {
    const author = await signedInClient(t, 'hooked');
    const channel = await channelOf(author.client, 'Late Bounce Desk');
    const reader = await signedInClient(t, 'latebounce');
    const mine = address('late');
    await confirmAddress(reader.client, mine, deliver);
    await reader.client.post(`/api/channels/${channel}/subscribe`);
    const provider = new TestClient(() => t.app);
    const hook = (payload: unknown, authorization?: string) =>
      provider.request({ method: 'POST', url: '/api/email/events', payload: payload as object, headers: authorization ? { authorization } : {} });
    const bounce = { events: [{ email: mine.toUpperCase(), type: 'hard-bounce', reason: '550 5.1.1 user unknown' }] };

    // Without the token, or with another, nothing is read and nothing changes.
    for (const authorization of [undefined, 'Bearer wrong-secret', WEBHOOK_SECRET, `Bearer ${WEBHOOK_SECRET}x`]) {
      const refused = await hook(bounce, authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.json()).toEqual({ error: 'A valid webhook token is required' });
    }
    expect(await t.ctx.outbox.isSuppressed(mine)).toBe(false);
    // A malformed call is told what is wrong.
    const bearer = `Bearer ${WEBHOOK_SECRET}`;
    expect((await hook({ events: [] }, bearer)).json()).toEqual({ error: 'events: Send at least one event' });
    expect((await hook({ events: [{ email: mine, type: 'bounced' }] }, bearer)).json()).toEqual({ error: 'Type must be hard-bounce, soft-bounce or complaint' });
    expect((await hook({ events: [{ email: mine, type: 'soft-bounce' }] }, bearer)).json()).toEqual({ suppressed: 0, ignored: 1 });
    expect(await t.ctx.outbox.isSuppressed(mine)).toBe(false);

    const accepted = await hook(bounce, bearer);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ suppressed: 1, ignored: 0 });
    expect((await reader.client.get('/api/user/email')).json()).toEqual({ email: mine, pendingEmail: null, undeliverable: true, pendingApproval: null });

    await publish(author.client, channel, 'Nobody home');
    await sender.drain();
    await sender.drain();
    expect(to(mine).filter((m) => m.subject.startsWith('Nobody home'))).toEqual([]);

    // Asking for the same address again sends a link (to a suppressed address: only this one)…
    const before = to(mine).length;
    const again = await reader.client.request({ method: 'PUT', url: '/api/user/email', payload: { email: mine } });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ email: mine, pendingEmail: mine, undeliverable: true, pendingApproval: null });
    const [link] = (await deliver(mine)).slice(before);
    expect(link?.subject).toBe('Confirm your email address for Broadsheet');
    // …and following it lifts the stop: the next article arrives.
    expect((await reader.client.post('/api/email/confirm', { token: tokenOf(linkIn(link!.text, '/confirm-email')) })).statusCode).toBe(200);
    expect((await reader.client.get('/api/user/email')).json()).toEqual({ email: mine, pendingEmail: null, undeliverable: false, pendingApproval: null });
    await publish(author.client, channel, 'Back in touch');
    expect((await deliver(mine)).filter((m) => m.subject.startsWith('Back in touch'))).toHaveLength(1);

    // A complaint stops mail the same way.
    expect((await hook({ events: [{ email: mine, type: 'complaint' }] }, bearer)).json()).toEqual({ suppressed: 1, ignored: 0 });
    await publish(author.client, channel, 'After the complaint');
    expect((await deliver(mine)).filter((m) => m.subject.startsWith('After the complaint'))).toEqual([]);
  });

  it('lets two senders share the outbox without sending anything twice', async () => {
    const author = await signedInClient(t, 'shared');
    const channel = await channelOf(author.client, 'Shared Desk');
    const addresses: string[] = [];
    for (let i = 0; i < 12; i++) {
      const reader = await signedInClient(t, 'twin');
      const mine = address('twin');
      await confirmAddress(reader.client, mine, deliver);
      await reader.client.post(`/api/channels/${channel}/subscribe`);
      addresses.push(mine);
    }
    const other = testSender(t, transport);
    await publish(author.client, channel, 'Twice claimed');
    await sender.drain();
    // Both drain at once, in small claims, so they compete for the same rows.
    const a = testSender(t, transport, { concurrency: 2 });
    await Promise.all([a.drain(), other.drain(), sender.drain()]);
    const got = transport.sent.filter((m) => m.subject.startsWith('Twice claimed')).map((m) => m.to).sort();
    expect(got).toEqual([...addresses].sort());
  });
});

describe.each(testDatabases())('email: the bounce webhook without a configured secret on %s', (kind) => {
  const t: TestApp = useTestApp(kind);
  it('refuses every call, whatever token it carries', async () => {
    const provider = new TestClient(() => t.app);
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
      const refused = await provider.request({
        method: 'POST',
        url: '/api/email/events',
        payload: { events: [{ email: 'someone@example.test', type: 'hard-bounce' }] },
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(refused.statusCode).toBe(401);
    }
    expect(await t.ctx.outbox.isSuppressed('someone@example.test')).toBe(false);
  });
});
