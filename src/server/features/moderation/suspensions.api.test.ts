import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES, suspendedMessage } from '../../../contract/moderation.js';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { adminClient, channelWithArticle } from '../../../test-support/moderation-fixtures.js';

const login = (t: TestApp, username: string) => new TestClient(() => t.app).post('/api/login', { username, password: 'correct-horse' });

describe.each(testDatabases())('account suspensions on %s', (kind) => {
  const t = useTestApp(kind);

  it('ends a suspended user’s sessions at once and refuses their password sign-in (403) until an admin lifts it; their articles stay readable', async () => {
    const { owner, article } = await channelWithArticle(t);
    const admin = await adminClient(t);
    const secondBrowser = new TestClient(() => t.app);
    expect((await secondBrowser.post('/api/login', { username: owner.username, password: 'correct-horse' })).statusCode).toBe(200);

    const suspended = await admin.client.post(`/api/admin/users/${owner.id}/suspend`, { reason: 'Spam campaign' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ id: owner.id, suspension: { reason: 'Spam campaign', until: null, by: { id: admin.id, username: admin.username } } });
    for (const client of [owner.client, secondBrowser]) expect((await client.get('/api/user')).statusCode).toBe(401);
    const refused = await login(t, owner.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: suspendedMessage(null) });
    expect(refused.headers['set-cookie'] ?? '').not.toContain('broadsheet_session=');
    expect((await new TestClient(() => t.app).get(`/api/articles/${article.id}`)).statusCode).toBe(200);

    const listed = (await admin.client.get('/api/admin/users?suspended=true')).json().items as { id: number }[];
    expect(listed.map((u) => u.id)).toContain(owner.id);
    expect((await admin.client.get(`/api/admin/users?q=${owner.username}`)).json().items).toEqual([expect.objectContaining({ id: owner.id, suspension: expect.objectContaining({ reason: 'Spam campaign' }) })]);

    const lifted = await admin.client.post(`/api/admin/users/${owner.id}/unsuspend`);
    expect(lifted.json()).toMatchObject({ id: owner.id, suspension: null });
    expect((await login(t, owner.username)).statusCode).toBe(200);
    expect((await admin.client.get('/api/admin/users?suspended=true')).json().items.map((u: { id: number }) => u.id)).not.toContain(owner.id);
    const log = (await admin.client.get('/api/moderation/log')).json().items;
    expect(log.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['unsuspend', 'suspend']);
  });

  it('tells the end date of a suspension with days, and lets the user in once it has passed', async () => {
    const reader = await signedInClient(t, 'reader');
    const admin = await adminClient(t);
    const suspended = (await admin.client.post(`/api/admin/users/${reader.id}/suspend`, { reason: 'Cooling off', days: 2 })).json();
    expect(Date.parse(suspended.suspension.until) - Date.now()).toBeGreaterThan(2 * 24 * 60 * 60_000 - 60_000);
    const refused = await login(t, reader.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: suspendedMessage(suspended.suspension.until) });
    expect(refused.json().error).toContain(suspended.suspension.until.slice(0, 10));

    // Two days pass: nothing needs to run for the suspension to end.
    await t.ctx.db.updateTable('users').set({ suspended_until: Date.now() - 1000 }).where('id', '=', reader.id).execute();
    expect((await login(t, reader.username)).statusCode).toBe(200);
    expect((await admin.client.get(`/api/admin/users?q=${reader.username}`)).json().items[0].suspension).toBeNull();
  });

  it('is for admins only, never on oneself (400) nor on another admin (403)', async () => {
    const reader = await signedInClient(t, 'reader');
    const other = await signedInClient(t, 'other');
    const admin = await adminClient(t);
    const otherAdmin = await adminClient(t);

    for (const response of [
      await reader.client.post(`/api/admin/users/${other.id}/suspend`, { reason: 'No' }),
      await reader.client.post(`/api/admin/users/${other.id}/unsuspend`),
      await reader.client.get('/api/admin/users'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Forbidden: Admin access required' });
    }
    expect((await new TestClient(() => t.app).get('/api/admin/users')).statusCode).toBe(401);
    const self = await admin.client.post(`/api/admin/users/${admin.id}/suspend`, { reason: 'Oops' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: MODERATION_MESSAGES.cannotSuspendSelf });
    const onAdmin = await admin.client.post(`/api/admin/users/${otherAdmin.id}/suspend`, { reason: 'Rivalry' });
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json()).toEqual({ error: MODERATION_MESSAGES.cannotSuspendAdmin });
    expect((await admin.client.post('/api/admin/users/2000000000/suspend', { reason: 'Ghost' })).statusCode).toBe(404);
    for (const body of [{}, { reason: '' }, { reason: 'x', days: 0 }, { reason: 'x', days: 400 }]) {
      expect((await admin.client.post(`/api/admin/users/${other.id}/suspend`, body)).statusCode).toBe(400);
    }
    expect((await admin.client.get('/api/admin/users?suspended=maybe')).statusCode).toBe(400);
  });

  it('pages through the accounts, newest first', async () => {
    const admin = await adminClient(t);
    const first = (await admin.client.get('/api/admin/users?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    const second = (await admin.client.get(`/api/admin/users?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
  });
});

describe.each(testDatabases())('a suspended user and the sign-in form on %s', (kind) => {
  const t = useTestApp(kind, {}, { webRoot: builtWebRoot() });

  it('renders the form again with the suspension’s words, and starts no session', async () => {
    const reader = await signedInClient(t, 'reader');
    const admin = await adminClient(t);
    await admin.client.post(`/api/admin/users/${reader.id}/suspend`, { reason: 'Abuse' });
    const browser = new TestClient(() => t.app);
    const answer = await browser.request({
      method: 'POST',
      url: '/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ intent: 'login', username: reader.username, password: 'correct-horse' }).toString(),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain(MODERATION_MESSAGES.suspended);
    expect(browser.cookie).toBeUndefined();
  });
});
