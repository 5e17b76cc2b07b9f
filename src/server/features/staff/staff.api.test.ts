import { EMPTY_ARTICLE_FIELDS } from '../../../contract/article-fields.js';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../contract/staff.js';
import { confirmAddress, useSmtpSender } from '../../../test-support/email.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

/**
 * A channel's staff (owner, editors, writers) by invitation, the channels one is staff of, the
 * channel log, and editors as moderators: every allowed and refused action, on both databases.
 */
type Person = { client: TestClient; id: number; username: string };
const DAY = 24 * 60 * 60_000;
let mailN = 0;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
const address = (name: string) => `${name}.${process.pid}.${++mailN}@mail.test`;

async function newsroom(t: TestApp) {
  const owner = await signedInClient(t, 'owner');
  const created = await owner.client.post('/api/channels', { name: `Desk ${owner.username}`, description: 'Local news' });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, channelId: created.json().id as number };
}

const invite = (by: TestClient, channelId: number, username: string, role: string = 'writer') => by.post(`/api/channels/${channelId}/staff`, { username, role });

/** A new person who was invited with `role` and accepted. */
async function staffer(t: TestApp, owner: Person, channelId: number, role: 'editor' | 'writer', prefix: string = role): Promise<Person> {
  const person = await signedInClient(t, prefix);
  const invited = await invite(owner.client, channelId, person.username, role);
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await person.client.post(`/api/invitations/${invited.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(204);
  return person;
}

/** A published article of the channel, written through the articles repository (the workflow's routes are not this suite's). */
async function publishedArticle(t: TestApp, userId: number, channelId: number, title: string): Promise<number> {
  return t.ctx.db.transaction().execute(async (trx) => {
    const id = await t.ctx.articlesRepository.insert(trx, {
      userId,
      channelId,
      slug: title.toLowerCase().replace(/\W+/g, '-'),
      fields: { ...EMPTY_ARTICLE_FIELDS, title, content: '<p>The agenda is long.</p>' },
      plainText: 'The agenda is long.',
      published: true,
      now: Date.now(),
    });
    await trx.updateTable('articles').set({ status: 'published', first_published_at: Date.now() }).where('id', '=', id).execute();
    return id;
  });
}

async function adminClient(t: TestApp): Promise<Person> {
  const admin = await signedInClient(t, 'admin');
  await t.ctx.users.setAdmin(admin.username, true);
  return admin;
}

describe.each(testDatabases())('channel staff and invitations on %s', (kind) => {
  const t = useTestApp(kind);
  const mailbox = useSmtpSender(t);

  it('lets the owner invite by username; the invitee sees the invitation, accepts it and is listed after the owner', async () => {
    const { owner, channelId } = await newsroom(t);
    const writer = await signedInClient(t, 'writer');
    const invited = await invite(owner.client, channelId, writer.username.toUpperCase(), 'writer');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({ id: expect.any(Number), user: { id: writer.id, username: writer.username }, role: 'writer', status: 'pending' });

    const mine = await writer.client.get('/api/invitations');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json()).toEqual([
      { id: invited.json().id, channel: { id: channelId, name: `Desk ${owner.username}` }, role: 'writer', invitedBy: { id: owner.id, username: owner.username }, createdAt: expect.any(String) },
    ]);
    expect((await owner.client.get('/api/invitations')).json()).toEqual([]);
    // Pending: listed as such, and no power yet.
    expect((await owner.client.get(`/api/channels/${channelId}/staff`)).json().map((m: { status: string }) => m.status)).toEqual(['active', 'pending']);
    expect((await writer.client.get(`/api/channels/${channelId}/staff`)).statusCode).toBe(404);

    expect((await writer.client.post(`/api/invitations/${invited.json().id}/accept`)).statusCode).toBe(204);
    expect((await writer.client.get('/api/invitations')).json()).toEqual([]);
    const staff = await writer.client.get(`/api/channels/${channelId}/staff`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual([
      { user: { id: owner.id, username: owner.username }, role: 'owner', since: expect.any(String), status: 'active' },
      { user: { id: writer.id, username: writer.username }, role: 'writer', since: expect.any(String), status: 'active' },
    ]);
    // Accepting twice is not possible.
    expect((await writer.client.post(`/api/invitations/${invited.json().id}/accept`)).statusCode).toBe(404);
  });

  it('lists the owner first, then members in the order they joined, then pending invitations', async () => {
    const { owner, channelId } = await newsroom(t);
    const editor = await staffer(t, owner, channelId, 'editor');
    const writer = await staffer(t, owner, channelId, 'writer');
    const invitee = await signedInClient(t, 'invitee');
    await invite(owner.client, channelId, invitee.username, 'editor');
    const list = (await editor.client.get(`/api/channels/${channelId}/staff`)).json() as { user: { id: number }; role: string; status: string }[];
    expect(list.map((m) => [m.user.id, m.role, m.status])).toEqual([
      [owner.id, 'owner', 'active'],
      [editor.id, 'editor', 'active'],
      [writer.id, 'writer', 'active'],
      [invitee.id, 'editor', 'pending'],
    ]);
  });

  it('refuses invitations from staff (403), outsiders and admins (404), and to unknown people (404)', async () => {
    const { owner, channelId } = await newsroom(t);
    const editor = await staffer(t, owner, channelId, 'editor');
    const writer = await staffer(t, owner, channelId, 'writer');
    const outsider = await signedInClient(t, 'outsider');
    const admin = await adminClient(t);
    const target = await signedInClient(t, 'target');
    for (const staff of [editor, writer]) {
      const refused = await invite(staff.client, channelId, target.username);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: STAFF_MESSAGES.ownerOnly });
    }
    for (const stranger of [outsider, admin]) expect((await invite(stranger.client, channelId, target.username)).statusCode).toBe(404);
    const unknown = await invite(owner.client, channelId, 'nobody_by_that_name');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: STAFF_MESSAGES.userNotFound });
    expect((await invite(owner.client, 2_000_000_000, target.username)).statusCode).toBe(404);
    expect((await new TestClient(() => t.app).post(`/api/channels/${channelId}/staff`, { username: target.username, role: 'writer' })).statusCode).toBe(401);
    expect((await target.client.get('/api/invitations')).json()).toEqual([]);
  });

  it('refuses a bad role and the owner (400), someone already staff or already invited (409)', async () => {
    const { owner, channelId } = await newsroom(t);
    const writer = await staffer(t, owner, channelId, 'writer');
    const invitee = await signedInClient(t, 'invitee');
    for (const role of ['owner', 'admin', '', 3]) {
      const bad = await invite(owner.client, channelId, invitee.username, role as string);
      expect(bad.statusCode).toBe(400);
    }
    expect((await invite(owner.client, channelId, invitee.username, 'owner')).json()).toEqual({ error: STAFF_MESSAGES.badRole });
    const self = await invite(owner.client, channelId, owner.username, 'editor');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: STAFF_MESSAGES.cannotInviteOwner });
    const again = await invite(owner.client, channelId, writer.username, 'editor');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: STAFF_MESSAGES.alreadyStaff });
    expect((await invite(owner.client, channelId, invitee.username)).statusCode).toBe(201);
    const twice = await invite(owner.client, channelId, invitee.username, 'editor');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: STAFF_MESSAGES.alreadyInvited });
  });

  it('refuses a 51st member or invitation (409), counting pending invitations', async () => {
    const { owner, channelId } = await newsroom(t);
    const at = Date.now();
    // 49 members and one invitation, written directly: registering fifty people would only be slow.
    for (let i = 0; i < 50; i++) {
      const name = `crowd_${process.pid}_${channelId}_${i}`;
      const row = await t.ctx.db
        .insertInto('users')
        .values({ username: name, username_key: name, password_hash: null, description: null, created_at: at, updated_at: at, email: null, email_key: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (i < 49) await t.ctx.db.insertInto('channel_staff').values({ channel_id: channelId, user_id: row.id, role: 'writer', created_at: at }).execute();
      else expect((await invite(owner.client, channelId, name)).statusCode).toBe(201);
    }
    const late = await signedInClient(t, 'late');
    const full = await invite(owner.client, channelId, late.username);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: STAFF_MESSAGES.staffFull });
    // Cancelling the pending invitation makes room.
    const pendingId = (await owner.client.get(`/api/channels/${channelId}/staff`)).json().find((m: { status: string }) => m.status === 'pending').user.id;
    expect((await owner.client.delete(`/api/channels/${channelId}/staff/${pendingId}`)).statusCode).toBe(204);
    expect((await invite(owner.client, channelId, late.username)).statusCode).toBe(201);
  });

  it('lets only the invitee accept or decline (404 to anyone else); a declined invitee may be invited again', async () => {
    const { owner, channelId } = await newsroom(t);
    const invitee = await signedInClient(t, 'invitee');
    const other = await signedInClient(t, 'other');
    const admin = await adminClient(t);
    const id = (await invite(owner.client, channelId, invitee.username, 'editor')).json().id as number;
    for (const client of [other.client, owner.client, admin.client]) {
      for (const decision of ['accept', 'decline']) {
        const refused = await client.post(`/api/invitations/${id}/${decision}`);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ error: STAFF_MESSAGES.invitationNotFound });
      }
    }
    expect((await new TestClient(() => t.app).post(`/api/invitations/${id}/accept`)).statusCode).toBe(401);
    expect((await invitee.client.post('/api/invitations/2000000000/accept')).statusCode).toBe(404);

    expect((await invitee.client.post(`/api/invitations/${id}/decline`)).statusCode).toBe(204);
    expect((await invitee.client.post(`/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect((await invitee.client.get('/api/invitations')).json()).toEqual([]);
    expect((await owner.client.get(`/api/channels/${channelId}/staff`)).json()).toHaveLength(1);
    expect((await invitee.client.get(`/api/channels/${channelId}/staff`)).statusCode).toBe(404);

    const again = await invite(owner.client, channelId, invitee.username, 'writer');
    expect(again.statusCode).toBe(201);
    expect((await invitee.client.post(`/api/invitations/${again.json().id}/accept`)).statusCode).toBe(204);
    expect((await invitee.client.get('/api/user/staff-channels')).json()).toEqual([expect.objectContaining({ id: channelId, role: 'writer' })]);
  });

  it('neither lists nor accepts an expired invitation, and lets a new one be sent', async () => {
    const { owner, channelId } = await newsroom(t);
    const invitee = await signedInClient(t, 'invitee');
    const first = await invite(owner.client, channelId, invitee.username);
    const sent = (await t.ctx.db.selectFrom('staff_invitations').select(['created_at', 'expires_at']).where('id', '=', first.json().id).executeTakeFirstOrThrow());
    expect(Number(sent.expires_at) - Number(sent.created_at)).toBe(30 * DAY);
    // Thirty days pass.
    await t.ctx.db.updateTable('staff_invitations').set({ expires_at: Date.now() - 1000 }).where('id', '=', first.json().id).execute();
    expect((await invitee.client.get('/api/invitations')).json()).toEqual([]);
    expect((await owner.client.get(`/api/channels/${channelId}/staff`)).json()).toHaveLength(1);
    expect((await invitee.client.post(`/api/invitations/${first.json().id}/accept`)).statusCode).toBe(404);
    expect((await invitee.client.get(`/api/channels/${channelId}/staff`)).statusCode).toBe(404);

    const second = await invite(owner.client, channelId, invitee.username, 'editor');
    expect(second.statusCode).toBe(201);
    expect((await invitee.client.get('/api/invitations')).json()).toEqual([expect.objectContaining({ id: second.json().id, role: 'editor' })]);
  });

  it('lets the owner cancel an invitation with DELETE: it can no longer be accepted', async () => {
    const { owner, channelId } = await newsroom(t);
    const invitee = await signedInClient(t, 'invitee');
    const id = (await invite(owner.client, channelId, invitee.username)).json().id;
    expect((await owner.client.delete(`/api/channels/${channelId}/staff/${invitee.id}`)).statusCode).toBe(204);
    expect((await invitee.client.get('/api/invitations')).json()).toEqual([]);
    expect((await invitee.client.post(`/api/invitations/${id}/accept`)).statusCode).toBe(404);
    const gone = await owner.client.delete(`/api/channels/${channelId}/staff/${invitee.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: STAFF_MESSAGES.notStaff });
    expect((await owner.client.delete(`/api/channels/${channelId}/staff/${owner.id}`)).statusCode).toBe(404);
  });

  it('lets the owner change a member’s role, and refuses it to anyone else', async () => {
    const { owner, channelId } = await newsroom(t);
    const writer = await staffer(t, owner, channelId, 'writer');
    const editor = await staffer(t, owner, channelId, 'editor');
    const outsider = await signedInClient(t, 'outsider');
    const changed = await owner.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, { role: 'editor' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ user: { id: writer.id, username: writer.username }, role: 'editor', since: expect.any(String), status: 'active' });
    expect((await writer.client.get('/api/user/staff-channels')).json()).toEqual([expect.objectContaining({ id: channelId, role: 'editor' })]);

    expect((await editor.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, { role: 'writer' })).statusCode).toBe(403);
    expect((await outsider.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, { role: 'writer' })).statusCode).toBe(404);
    expect((await owner.client.patch(`/api/channels/${channelId}/staff/${outsider.id}`, { role: 'writer' })).json()).toEqual({ error: STAFF_MESSAGES.notStaff });
    expect((await owner.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await owner.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, {})).statusCode).toBe(400);
  });

  it('lets a member leave and the owner remove one; staff cannot remove each other', async () => {
    const { owner, channelId } = await newsroom(t);
    const writer = await staffer(t, owner, channelId, 'writer');
    const editor = await staffer(t, owner, channelId, 'editor');
    const other = await staffer(t, owner, channelId, 'writer', 'other');
    const outsider = await signedInClient(t, 'outsider');

    expect((await writer.client.delete(`/api/channels/${channelId}/staff/${other.id}`)).statusCode).toBe(403);
    expect((await editor.client.delete(`/api/channels/${channelId}/staff/${other.id}`)).statusCode).toBe(403);
    expect((await outsider.client.delete(`/api/channels/${channelId}/staff/${other.id}`)).statusCode).toBe(404);
    expect((await writer.client.delete(`/api/channels/${channelId}/staff/${owner.id}`)).statusCode).toBe(403);

    expect((await writer.client.delete(`/api/channels/${channelId}/staff/${writer.id}`)).statusCode).toBe(204);
    expect((await writer.client.get('/api/user/staff-channels')).json()).toEqual([]);
    expect((await writer.client.get(`/api/channels/${channelId}/staff`)).statusCode).toBe(404);

    expect((await owner.client.delete(`/api/channels/${channelId}/staff/${other.id}`)).statusCode).toBe(204);
    const left = (await owner.client.get(`/api/channels/${channelId}/staff`)).json().map((m: { user: { id: number } }) => m.user.id);
    expect(left).toEqual([owner.id, editor.id]);
  });

  it('answers staff channels by name with the role, and keeps /api/user/channels to owned channels', async () => {
    const first = await newsroom(t);
    const second = await newsroom(t);
    await t.ctx.db.updateTable('channels').set({ name: 'Aardvark Weekly' }).where('id', '=', second.channelId).execute();
    const person = await signedInClient(t, 'person');
    const ownId = (await person.client.post('/api/channels', { name: `Own ${person.username}`, description: 'Mine' })).json().id;
    for (const [desk, role] of [[first, 'editor'], [second, 'writer']] as const) {
      const id = (await invite(desk.owner.client, desk.channelId, person.username, role)).json().id;
      await person.client.post(`/api/invitations/${id}/accept`);
    }
    const staffChannels = await person.client.get('/api/user/staff-channels');
    expect(staffChannels.statusCode).toBe(200);
    expect(staffChannels.json().map((c: { id: number; role: string }) => [c.id, c.role])).toEqual([
      [second.channelId, 'writer'],
      [first.channelId, 'editor'],
    ]);
    expect(staffChannels.json()[1]).toMatchObject({ name: `Desk ${first.owner.username}`, owner: { id: first.owner.id, username: first.owner.username }, userId: first.owner.id });
    expect((await person.client.get('/api/user/channels')).json().map((c: { id: number }) => c.id)).toEqual([ownId]);
    expect((await first.owner.client.get('/api/user/staff-channels')).json()).toEqual([]);
    expect((await new TestClient(() => t.app).get('/api/user/staff-channels')).statusCode).toBe(401);
  });

  it('lets the owner, editors and admins read the log (writers 403, others 404), newest first with moderation lines', async () => {
    const { owner, channelId } = await newsroom(t);
    const editor = await staffer(t, owner, channelId, 'editor');
    const writer = await staffer(t, owner, channelId, 'writer');
    const admin = await adminClient(t);
    const outsider = await signedInClient(t, 'outsider');
    await owner.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, { role: 'editor' });
    await owner.client.patch(`/api/channels/${channelId}/staff/${writer.id}`, { role: 'writer' });
    const troll = await signedInClient(t, 'troll');
    // The log's two sources are ordered by time: let the clock move around the moderation line.
    await pause();
    expect((await editor.client.post(`/api/channels/${channelId}/bans`, { username: troll.username, reason: 'Abuse' })).statusCode).toBe(201);
    await pause();
    const decliner = await signedInClient(t, 'decliner');
    const declined = (await invite(owner.client, channelId, decliner.username, 'editor')).json().id;
    await decliner.client.post(`/api/invitations/${declined}/decline`);

    const denied = await writer.client.get(`/api/channels/${channelId}/log`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: STAFF_MESSAGES.editorsOnly });
    expect((await outsider.client.get(`/api/channels/${channelId}/log`)).statusCode).toBe(404);
    expect((await new TestClient(() => t.app).get(`/api/channels/${channelId}/log`)).statusCode).toBe(401);
    expect((await admin.client.get(`/api/channels/${channelId}/staff`)).statusCode).toBe(200);
    expect((await outsider.client.get(`/api/channels/${channelId}/staff`)).statusCode).toBe(404);

    const log = await editor.client.get(`/api/channels/${channelId}/log`);
    expect(log.statusCode).toBe(200);
    const actions = log.json().items.map((i: { action: string }) => i.action);
    expect(actions).toEqual([
      'invitation_declined',
      'invited',
      'moderation_ban',
      'role_changed',
      'role_changed',
      'invitation_accepted',
      'invited',
      'invitation_accepted',
      'invited',
    ]);
    const items = log.json().items;
    expect(items[2]).toEqual({ at: expect.any(String), actor: { id: editor.id, username: editor.username }, action: 'moderation_ban', target: { type: 'user', id: troll.id, username: troll.username }, detail: 'Abuse' });
    expect(items[3]).toMatchObject({ actor: { id: owner.id }, target: { type: 'user', id: writer.id, username: writer.username }, detail: 'writer' });
    expect(items[1]).toMatchObject({ actor: { id: owner.id }, target: { id: decliner.id }, detail: 'editor' });
    expect(log.json().nextCursor).toBeNull();
    expect((await admin.client.get(`/api/channels/${channelId}/log`)).json().items).toHaveLength(items.length);

    // Pages of two walk the same lines, none twice.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { action: string; at: string }[]; nextCursor: string | null } = (
        await owner.client.get(`/api/channels/${channelId}/log?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items.map((i) => i.action));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(actions);
  });

  it('records leaving, removal and cancelled invitations in the log', async () => {
    const { owner, channelId } = await newsroom(t);
    const leaver = await staffer(t, owner, channelId, 'writer');
    const removed = await staffer(t, owner, channelId, 'writer');
    const cancelled = await signedInClient(t, 'cancelled');
    await invite(owner.client, channelId, cancelled.username);
    await leaver.client.delete(`/api/channels/${channelId}/staff/${leaver.id}`);
    await owner.client.delete(`/api/channels/${channelId}/staff/${removed.id}`);
    await owner.client.delete(`/api/channels/${channelId}/staff/${cancelled.id}`);
    const items = (await owner.client.get(`/api/channels/${channelId}/log?limit=3`)).json().items;
    expect(items.map((i: { action: string; actor: { id: number }; target: { id: number } }) => [i.action, i.actor.id, i.target.id])).toEqual([
      ['invitation_cancelled', owner.id, cancelled.id],
      ['removed', owner.id, removed.id],
      ['left', leaver.id, leaver.id],
    ]);
  });

  it('makes editors moderators of the channel (a reported comment hidden) and not writers, until they leave', async () => {
    const { owner, channelId } = await newsroom(t);
    const editor = await staffer(t, owner, channelId, 'editor');
    const writer = await staffer(t, owner, channelId, 'writer');
    const articleId = await publishedArticle(t, owner.id, channelId, 'Council meets');
    const reader = await signedInClient(t, 'reader');
    const comment = async (text: string) => {
      const id = (await reader.client.post(`/api/articles/${articleId}/comments`, { content: text })).json().id as number;
      await (await signedInClient(t, 'reporter')).client.post('/api/reports', { targetType: 'comment', targetId: id, reason: 'harassment' });
      return id;
    };
    const first = await comment('You are all fools');
    const hide = (client: TestClient, id: number) => client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: id, action: 'hide' });

    expect((await writer.client.get(`/api/moderation/reports?channelId=${channelId}`)).statusCode).toBe(403);
    expect((await hide(writer.client, first)).statusCode).toBe(403);
    expect((await writer.client.get('/api/moderation/counts')).json().channels).toEqual([]);
    expect((await editor.client.get('/api/moderation/counts')).json().channels).toEqual([{ channelId, reports: 1, held: 0 }]);
    expect((await editor.client.get(`/api/moderation/reports?channelId=${channelId}`)).statusCode).toBe(200);
    expect((await hide(editor.client, first)).statusCode).toBe(200);
    expect((await t.ctx.db.selectFrom('comments').select('status').where('id', '=', first).executeTakeFirstOrThrow()).status).toBe('hidden');
    expect((await owner.client.get(`/api/channels/${channelId}/log?limit=1`)).json().items[0]).toMatchObject({ action: 'moderation_hide', actor: { id: editor.id }, target: { type: 'comment', id: first } });
    // The owner alone sets the channel's rules.
    expect((await editor.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'closed', blockedWords: [] })).statusCode).toBe(403);

    // Demoted, then gone: no stale answer lets them moderate.
    const second = await comment('Still rude');
    await owner.client.patch(`/api/channels/${channelId}/staff/${editor.id}`, { role: 'writer' });
    expect((await hide(editor.client, second)).statusCode).toBe(403);
    await owner.client.patch(`/api/channels/${channelId}/staff/${editor.id}`, { role: 'editor' });
    await editor.client.delete(`/api/channels/${channelId}/staff/${editor.id}`);
    expect((await hide(editor.client, second)).statusCode).toBe(403);
    expect((await editor.client.get('/api/moderation/counts')).json().channels).toEqual([]);
  });

  it('does not hold an editor’s comment where first comments wait, and holds a writer’s', async () => {
    const { owner, channelId } = await newsroom(t);
    const editor = await staffer(t, owner, channelId, 'editor');
    const writer = await staffer(t, owner, channelId, 'writer');
    const articleId = await publishedArticle(t, owner.id, channelId, 'Held');
    expect((await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] })).statusCode).toBe(200);
    expect((await editor.client.post(`/api/articles/${articleId}/comments`, { content: 'Editor here' })).json().status).toBe('published');
    expect((await writer.client.post(`/api/articles/${articleId}/comments`, { content: 'Writer here' })).json().status).toBe('pending');
  });

  it('emails the invitation to a confirmed address only, with a link to the profile', async () => {
    const { owner, channelId } = await newsroom(t);
    const invitee = await signedInClient(t, 'invitee');
    const email = address('invitee');
    await confirmAddress(invitee.client, email, mailbox.deliver);
    expect((await invite(owner.client, channelId, invitee.username, 'editor')).statusCode).toBe(201);
    const received = (await mailbox.deliver(email)).filter((m) => /invited you/.test(m.subject));
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe(`${owner.username} invited you to write for Desk ${owner.username} as editor`);
    expect(received[0]!.text).toContain('Accept or decline');
    expect(received[0]!.text).toContain('http://localhost:3000/profile');

    const unconfirmed = await signedInClient(t, 'unconfirmed');
    const before = mailbox.smtp.received.length;
    expect((await invite(owner.client, channelId, unconfirmed.username)).statusCode).toBe(201);
    await mailbox.sender.drain();
    expect(mailbox.smtp.received.slice(before).filter((m) => /invited you/.test(m.subject))).toEqual([]);
    const row = await t.ctx.db.selectFrom('email_outbox').select(['status', 'last_error']).where('kind', '=', 'staff').where('user_id', '=', unconfirmed.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'skipped', last_error: 'no confirmed address' });

    // Cancelled before it went: nothing to accept, so nothing is sent.
    const second = await signedInClient(t, 'second');
    const secondEmail = address('second');
    await confirmAddress(second.client, secondEmail, mailbox.deliver);
    await invite(owner.client, channelId, second.username);
    await owner.client.delete(`/api/channels/${channelId}/staff/${second.id}`);
    expect((await mailbox.deliver(secondEmail)).filter((m) => /invited you/.test(m.subject))).toEqual([]);
  });

  it('answers bad input with 400, never 500', async () => {
    const { owner, channelId } = await newsroom(t);
    const writer = await staffer(t, owner, channelId, 'writer');
    for (const url of [
      '/api/channels/abc/staff',
      '/api/channels/99999999999999/staff',
      '/api/channels/-1/staff',
      `/api/channels/${channelId}/log?limit=0`,
      `/api/channels/${channelId}/log?limit=abc`,
      `/api/channels/${channelId}/log?cursor=not-a-cursor`,
      `/api/channels/${channelId}/log?cursor=${Buffer.from('[1.5,2,3]').toString('base64url')}`,
      `/api/channels/${channelId}/log?cursor=${Buffer.from('[null,2,3]').toString('base64url')}`,
      '/api/channels/1.5/log',
    ]) {
      expect((await owner.client.get(url)).statusCode, url).toBe(400);
    }
    for (const [method, url] of [
      ['PATCH', `/api/channels/${channelId}/staff/abc`],
      ['PATCH', `/api/channels/${channelId}/staff/99999999999`],
      ['DELETE', `/api/channels/abc/staff/${writer.id}`],
      ['DELETE', `/api/channels/${channelId}/staff/0`],
      ['POST', '/api/invitations/abc/accept'],
      ['POST', '/api/invitations/99999999999/decline'],
    ] as const) {
      expect((await owner.client.request({ method, url, payload: { role: 'writer' } })).statusCode, `${method} ${url}`).toBe(400);
    }
    for (const payload of ['{"username": ', '[]', 'null', '{"username": "x"}', '{"role": "writer"}', JSON.stringify({ username: 'x'.repeat(65), role: 'writer' })]) {
      const response = await owner.client.request({ method: 'POST', url: `/api/channels/${channelId}/staff`, payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, payload).toBe(400);
    }
    const badJson = await owner.client.request({ method: 'PATCH', url: `/api/channels/${channelId}/staff/${writer.id}`, payload: '{"role":', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
  });
});
