import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/auth.js';
import { TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/** Sessions rotate, die at logout and on a password change; brute force is slowed. Sign-in timing: sign-in-timing.perf.test.ts. */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

const sessionCookie = (response: { headers: Record<string, unknown> }) =>
  ([response.headers['set-cookie']].flat().filter(Boolean) as string[]).find((line) => line.startsWith('broadsheet_session='));

describe.each(testDatabases())('sessions on %s', (kind) => {
  const t = useTestApp(kind);
  const client = () => new TestClient(() => t.app);

  it('sets the session token HttpOnly and SameSite, and rotates it at every sign-in', async () => {
    const username = name('rot');
    const browser = client();
    const registered = await browser.post('/api/register', { username, password: 'correct-horse' });
    const line = sessionCookie(registered)!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    const first = browser.cookie;

    const login = await browser.post('/api/login', { username, password: 'correct-horse' });
    expect(login.statusCode).toBe(200);
    expect(browser.cookie).toBeDefined();
    expect(browser.cookie).not.toBe(first);
    // The session the browser had before signing in again is gone (no fixation).
    const stale = client();
    stale.cookie = first;
    expect((await stale.get('/api/user')).statusCode).toBe(401);
    expect((await browser.get('/api/user')).json().username).toBe(username);
  });

  it('revokes the session at logout, even for a copy of the cookie', async () => {
    const username = name('out');
    const browser = client();
    await browser.post('/api/register', { username, password: 'correct-horse' });
    const copy = client();
    copy.cookie = browser.cookie;
    expect((await copy.get('/api/user')).statusCode).toBe(200);
    expect((await browser.post('/api/logout')).statusCode).toBe(200);
    expect(browser.cookie).toBeUndefined();
    expect((await copy.get('/api/user')).statusCode).toBe(401);
  });

  it('signs out every other session on a password change, keeping this one', async () => {
    const username = name('pw');
    const laptop = client();
    await laptop.post('/api/register', { username, password: 'correct-horse' });
    const phone = client();
    expect((await phone.post('/api/login', { username, password: 'correct-horse' })).statusCode).toBe(200);
    const changed = await laptop.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'battery-staple' });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
    expect((await client().post('/api/login', { username, password: 'correct-horse' })).statusCode).toBe(401);
    expect((await client().post('/api/login', { username, password: 'battery-staple' })).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('brute force against one account on %s', (kind) => {
  // Four attempts per minute per client (address) and per account and address; twenty per account
  // from all untrusted clients together (ACCOUNT_WIDE_FACTOR), which a device cookie is exempt from.
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '4' });

  it('slows guesses per account even when every guess comes from a different client', async () => {
    const username = name('vic');
    await new TestClient(() => t.app).post('/api/register', { username, password: 'correct-horse' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      // A fresh remote address for each guess: the per-client limit alone would never trigger.
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.9.${i}.1`,
        payload: { username: username.toUpperCase(), password: `guess-${i}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
    // Even the right password waits out the window on a browser the account never used, so a lucky
    // guess can't be told apart (a browser with the account's device cookie is not held: see the hardening suite)...
    const right = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.99.1', payload: { username, password: 'correct-horse' } });
    expect(right.statusCode).toBe(429);
    // ...while other accounts are not affected.
    const other = name('oth');
    await new TestClient(() => t.app).post('/api/register', { username: other, password: 'correct-horse' });
    const fine = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.98.1', payload: { username: other, password: 'correct-horse' } });
    expect(fine.statusCode).toBe(200);
  });

  it('treats unknown names like real ones, and a success clears the count', async () => {
    const ghost = name('ghost');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: `10.8.${i}.1`, payload: { username: ghost, password: 'x' } })).statusCode);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429]);

    const username = name('ok');
    await new TestClient(() => t.app).post('/api/register', { username, password: 'correct-horse' });
    const attempt = (password: string, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: `10.7.${i}.1`, payload: { username, password } }).then((r) => r.statusCode);
    expect([await attempt('a', 1), await attempt('b', 2), await attempt('c', 3)]).toEqual([401, 401, 401]);
    expect(await attempt('correct-horse', 4)).toBe(200);
    expect([await attempt('d', 5), await attempt('e', 6), await attempt('f', 7)]).toEqual([401, 401, 401]);
  });

  it('still limits one client guessing across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.6.0.1', payload: { username: name('spray'), password: 'x' } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
