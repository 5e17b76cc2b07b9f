import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '../../../contract/auth.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

let googleCounter = 0;

/** A user who signed up with Google (no password), and a browser signed in as them. */
async function googleUser(t: TestApp) {
  const n = ++googleCounter;
  const user = await t.ctx.oidcAccounts.findOrCreateUser({
    issuer: 'https://accounts.google.com',
    subject: `password-test-${process.pid}-${n}`,
    email: `google.person${n}@example.com`,
    name: 'Google Person',
  });
  const { token } = await t.ctx.sessions.start(user.id);
  const client = new TestClient(() => t.app);
  client.cookie = `broadsheet_session=${token}`;
  return { client, user };
}

const login = (t: TestApp, username: string, password: string) =>
  new TestClient(() => t.app).post('/api/login', { username, password });

describe.each(testDatabases())('setting and changing a password on %s', (kind) => {
  const t = useTestApp(kind);

  it('lets a Google-only user set a first password without a current one, then log in with it', async () => {
    const { client, user } = await googleUser(t);
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id, hasPassword: false });

    const set = await client.post('/api/user/password', { newPassword: 'first-password' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true });

    expect((await client.get('/api/user')).json()).toMatchObject({ hasPassword: true });
    const stored = await t.ctx.users.findById(user.id);
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.password_hash).not.toContain('first-password');

    const signedIn = await login(t, user.username, 'first-password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: user.id, hasPassword: true });
  });

  it('asks for the current password once one is set', async () => {
    const { client, user } = await googleUser(t);
    await client.post('/api/user/password', { newPassword: 'first-password' });

    const again = await client.post('/api/user/password', { newPassword: 'second-password' });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: PASSWORD_MESSAGES.currentPasswordIncorrect });
    expect((await login(t, user.username, 'second-password')).statusCode).toBe(401);
  });

  it('requires the right current password from a password user', async () => {
    const { client, username } = await signedInClient(t, 'changer');

    for (const body of [
      { newPassword: 'brand-new-one' },
      { currentPassword: '', newPassword: 'brand-new-one' },
      { currentPassword: 'wrong-horse', newPassword: 'brand-new-one' },
    ]) {
      const refused = await client.post('/api/user/password', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(401);
      expect(refused.json()).toEqual({ error: PASSWORD_MESSAGES.currentPasswordIncorrect });
    }
    // Refusals changed nothing and did not sign this browser out.
    expect((await login(t, username, 'correct-horse')).statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const changed = await client.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'brand-new-one' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true });
    expect((await login(t, username, 'brand-new-one')).statusCode).toBe(200);
    const old = await login(t, username, 'correct-horse');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: AUTH_MESSAGES.invalidCredentials });
  });

  it('signs out every other session of the user, keeping this one', async () => {
    const { client, username } = await signedInClient(t, 'multi');
    const laptop = new TestClient(() => t.app);
    expect((await laptop.post('/api/login', { username, password: 'correct-horse' })).statusCode).toBe(200);
    const phone = new TestClient(() => t.app);
    expect((await phone.post('/api/login', { username, password: 'correct-horse' })).statusCode).toBe(200);
    const { client: stranger } = await signedInClient(t, 'stranger');

    const changed = await client.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'rotated-secret' });
    expect(changed.statusCode).toBe(200);

    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    // Nobody else's session is touched.
    expect((await stranger.get('/api/user')).statusCode).toBe(200);
  });

  it('signs out the other sessions of a Google user who sets a first password too', async () => {
    const { client, user } = await googleUser(t);
    const other = new TestClient(() => t.app);
    other.cookie = `broadsheet_session=${(await t.ctx.sessions.start(user.id)).token}`;
    expect((await other.get('/api/user')).statusCode).toBe(200);

    expect((await client.post('/api/user/password', { newPassword: 'first-password' })).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(() => t.app).post('/api/user/password', { newPassword: 'whatever-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: AUTH_MESSAGES.notSignedIn });
  });

  it.each([
    [{ newPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ newPassword: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
    [{}, 'Password is required'],
    [{ newPassword: 123456 }, 'Password must be text'],
    [{ currentPassword: 42, newPassword: 'long-enough' }, 'Current password must be text'],
  ])('refuses bad input %j with 400 and a message naming the problem', async (body, message) => {
    const { client, username } = await signedInClient(t, 'badinput');
    const response = await client.post('/api/user/password', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    expect((await login(t, username, 'correct-horse')).statusCode).toBe(200);
  });

  it('refuses a cross-origin request', async () => {
    const { client } = await signedInClient(t, 'origin');
    const response = await client.request({
      method: 'POST',
      url: '/api/user/password',
      headers: { origin: 'https://evil.example' },
      payload: { currentPassword: 'correct-horse', newPassword: 'stolen-password' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/user/password']?.post?.requestBody).toBeDefined();
  });
});

describe.each(testDatabases())('password change rate limit on %s', (kind) => {
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '3' });

  it('answers 429 after too many attempts, like login', async () => {
    const { client } = await signedInClient(t, 'limited');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/api/user/password', { currentPassword: `guess-${i}`, newPassword: 'new-secret' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
