import { describe, expect, it } from 'vitest';
import { STAFF_LIMITS, STAFF_MESSAGES } from '../../../contract/staff.js';
import { confirmAddress, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

/**
 * An invitation is an email to someone who asked for none, with a subject the inviter chose (the
 * channel's name): one person hears from one channel at most a few times an hour, however often
 * the owner invites, cancels and invites again.
 */
let mailN = 0;
const address = (name: string) => `${name}.${process.pid}.${++mailN}@mail.test`;

async function newsroom(t: TestApp) {
  const owner = await signedInClient(t, 'owner');
  const created = await owner.client.post('/api/channels', { name: `Desk ${owner.username}`, description: 'Local news' });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, channelId: created.json().id as number };
}

const invite = (by: TestClient, channelId: number, username: string) => by.post(`/api/channels/${channelId}/staff`, { username, role: 'writer' });
const cancel = (by: TestClient, channelId: number, userId: number) => by.delete(`/api/channels/${channelId}/staff/${userId}`);

describe.each(testDatabases())('invitation emails on %s', (kind) => {
  const t = useTestApp(kind);
  const mailbox = useSmtpSender(t);

  it('sends one person at most 3 invitations from one channel an hour: invite, cancel and invite again counts, then 429 with an error', async () => {
    expect(STAFF_LIMITS.invitationEmailsPerHour).toBe(3);
    const { owner, channelId } = await newsroom(t);
    const stranger = await signedInClient(t, 'stranger');
    const email = address('stranger');
    await confirmAddress(stranger.client, email, mailbox.deliver);
    const invitations = async () => (await mailbox.deliver(email)).filter((m) => /invited you/.test(m.subject));

    for (let round = 1; round <= STAFF_LIMITS.invitationEmailsPerHour; round++) {
      const invited = await invite(owner.client, channelId, stranger.username);
      expect(invited.statusCode, `round ${round}`).toBe(201);
      expect(await invitations()).toHaveLength(round);
      expect((await cancel(owner.client, channelId, stranger.id)).statusCode).toBe(204);
    }
    const refused = await invite(owner.client, channelId, stranger.username);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: STAFF_MESSAGES.tooManyInvitations });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await invitations()).toHaveLength(STAFF_LIMITS.invitationEmailsPerHour);
    // Refused means not invited: nothing waits for them, nor in the channel's list.
    expect((await stranger.client.get('/api/invitations')).json()).toEqual([]);
    const staff = (await owner.client.get(`/api/channels/${channelId}/staff`)).json() as { user: { id: number } }[];
    expect(staff.map((member) => member.user.id)).not.toContain(stranger.id);

    // Another person from the same channel, and the same person from another channel, are still invited.
    const other = await signedInClient(t, 'other');
    expect((await invite(owner.client, channelId, other.username)).statusCode).toBe(201);
    const elsewhere = await newsroom(t);
    expect((await invite(elsewhere.owner.client, elsewhere.channelId, stranger.username)).statusCode).toBe(201);
  });

  it('does not count an invitation that was refused for another reason', async () => {
    const { owner, channelId } = await newsroom(t);
    const invitee = await signedInClient(t, 'invitee');
    expect((await invite(owner.client, channelId, invitee.username)).statusCode).toBe(201);
    for (let i = 0; i < STAFF_LIMITS.invitationEmailsPerHour + 1; i++) {
      expect((await invite(owner.client, channelId, invitee.username)).statusCode).toBe(409);
    }
    expect((await cancel(owner.client, channelId, invitee.id)).statusCode).toBe(204);
    expect((await invite(owner.client, channelId, invitee.username)).statusCode).toBe(201);
  });
});
