import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

describe.each(testDatabases())('accounts and sessions on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('registers, signs in with a session cookie, and answers the current user', async () => {
    const client = anonymous();
    const registered = await client.post('/api/register', { username: 'Ada_Lovelace', password: 'analytical' });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ success: true, username: 'Ada_Lovelace', isAdmin: false, hasPassword: true });

    const setCookie = String(registered.headers['set-cookie']);
    expect(setCookie).toMatch(/broadsheet_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'Ada_Lovelace', description: null });
    expect(me.json()).not.toHaveProperty('sessionId');
  });

  it('stores only a digest of the session token, never the token', async () => {
    const { client } = await signedInClient(t);
    const token = client.cookie!.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('answers 401 to GET /api/user when signed out', async () => {
    const response = await anonymous().get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'You must be logged in' });
  });

  it('refuses a username that differs only in case', async () => {
    await anonymous().post('/api/register', { username: 'Grace', password: 'cobol-rules' });
    const again = await anonymous().post('/api/register', { username: 'gRACE', password: 'another-one' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: AUTH_MESSAGES.usernameTaken });
  });

  it('keeps one user when the same name is registered concurrently', async () => {
    const attempts = await Promise.all(
      ['Race', 'race', 'RACE', 'rAcE'].map((username) => anonymous().post('/api/register', { username, password: 'secret-1' })),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it.each([
    [{ username: 'ab', password: 'long-enough' }, 'Username must be at least 3 characters'],
    [{ username: 'abc', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'has space', password: 'long-enough' }, 'Username may contain only letters, digits, _ . and -'],
    [{ username: 'a'.repeat(33), password: 'long-enough' }, 'Username must be at most 32 characters'],
    [{ username: 'abc', password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
    [{ username: 123, password: 'long-enough' }, 'Username must be text'],
    [{ password: 'long-enough' }, 'Please fill in all fields'],
    [{ username: '  ', password: 'long-enough' }, 'Please fill in all fields'],
    [{ username: 'abc', password: '' }, 'Please fill in all fields'],
  ])('refuses bad registration input %j with a message naming the field', async (payload, message) => {
    const response = await anonymous().post('/api/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it.each([{}, { username: 'alan' }, { password: 'enigma-1' }, { username: ' ', password: 'enigma-1' }, { username: 'alan', password: '' }])(
    "answers sign-in with %j 'Please fill in all fields' (docs/product.md#sign-in)",
    async (payload) => {
      const response = await anonymous().post('/api/login', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Please fill in all fields' });
    },
  );

  it('answers wrong password and unknown user with the same 401 message', async () => {
    await anonymous().post('/api/register', { username: 'alan', password: 'enigma-1' });
    const wrongPassword = await anonymous().post('/api/login', { username: 'alan', password: 'enigma-2' });
    const unknownUser = await anonymous().post('/api/login', { username: 'nobody-here', password: 'enigma-1' });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: AUTH_MESSAGES.invalidCredentials });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('signs in ignoring the case of the username, rotating the session', async () => {
    const { client, username } = await signedInClient(t, 'Rotate');
    const before = client.cookie;
    const login = await client.post('/api/login', { username: username.toUpperCase(), password: 'correct-horse' });
    expect(login.statusCode).toBe(200);
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(before);

    const stale = new TestClient(() => t.app);
    stale.cookie = before;
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it('revokes the session on logout, server-side', async () => {
    const { client } = await signedInClient(t);
    const cookie = client.cookie;
    const logout = await client.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    expect(client.cookie).toBeUndefined();

    const replay = new TestClient(() => t.app);
    replay.cookie = cookie;
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('logs out harmlessly when already signed out', async () => {
    expect((await anonymous().post('/api/logout')).statusCode).toBe(200);
  });

  it('ignores a forged or malformed session cookie', async () => {
    const client = anonymous();
    for (const cookie of ['broadsheet_session=abc', `broadsheet_session=${'A'.repeat(43)}`, 'broadsheet_session=%00%ff']) {
      client.cookie = cookie;
      expect((await client.get('/api/user')).statusCode).toBe(401);
    }
  });

  it('tells whether the user is an admin', async () => {
    expect((await anonymous().get('/api/is-admin')).json()).toEqual({ isAdmin: false });
    const { client, username } = await signedInClient(t);
    expect((await client.get('/api/is-admin')).json()).toEqual({ isAdmin: false });
    await t.ctx.users.setAdmin(username, true);
    expect((await client.get('/api/is-admin')).json()).toEqual({ isAdmin: true });
  });

  it('refuses a cross-origin write and accepts same-origin ones', async () => {
    const evil = await anonymous().request({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'mallory', password: 'trudy-in-the-middle' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ error: 'Cross-origin request refused' });
    expect(await t.ctx.users.findByUsername('mallory')).toBeUndefined();

    const own = await anonymous().request({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://localhost:3000' },
      payload: { username: 'trudy', password: 'trudy-in-the-middle' },
    });
    expect(own.statusCode).toBe(201);
  });
});

describe.each(testDatabases())('sign-in rate limit on %s', (kind) => {
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '3' });

  it('answers 429 with a clear message after too many attempts from one client', async () => {
    const client = new TestClient(() => t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.post('/api/login', { username: 'someone', password: 'guess-' + i })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await client.post('/api/login', { username: 'someone', password: 'guess' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
  });
});
