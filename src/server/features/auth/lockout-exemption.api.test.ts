import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../http/session.js';
import { testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { DEVICE_COOKIE } from './device-cookies.js';

let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

const cookieOf = (response: { headers: Record<string, unknown> }, cookie: string) =>
  ([response.headers['set-cookie']].flat().filter(Boolean) as string[])
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${cookie}=`) && pair.length > cookie.length + 1);

/**
 * The device cookie exempts its browser from the account-wide sign-in limit (login-throttle.ts).
 * It is signed with the account's password hash, so a password change retires every device cookie
 * issued before; the browser that made the change (or followed the reset link) gets a new one, or
 * its owner would be the one locked out by the next guessing botnet. The change also rotates that
 * browser's session token: a copy of the old cookie taken before the change stops working.
 */
describe.each(testDatabases())('the lockout exemption after a password change on %s', (kind) => {
  // Four guesses a minute per account and address; twenty per account from browsers it never used.
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '4' });
  let address = 0;
  const from = () => `10.38.${Math.floor(++address / 250)}.${address % 250}`;
  const inject = (method: 'GET' | 'POST', url: string, cookies: (string | undefined)[], payload?: object) =>
    t.app.inject({ method, url, remoteAddress: from(), headers: { cookie: cookies.filter(Boolean).join('; ') }, payload });

  /** Fifty wrong guesses from five addresses: every browser without a device cookie of the account now waits. */
  let botnets = 0;
  async function botnet(username: string) {
    const net = ++botnets;
    for (let i = 0; i < 50; i++) {
      await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: `10.39.${net}.${i % 5}`, payload: { username, password: `guess-${i}` } });
    }
    expect((await inject('POST', '/api/login', [], { username, password: 'not-the-password' })).statusCode).toBe(429);
  }

  it('reissues the device cookie and rotates the session when the password is changed', async () => {
    const username = name('changer');
    const registered = await inject('POST', '/api/register', [], { username, password: 'correct-horse' });
    const oldSession = cookieOf(registered, SESSION_COOKIE)!;
    const oldDevice = cookieOf(registered, DEVICE_COOKIE)!;

    const changed = await inject('POST', '/api/user/password', [oldSession, oldDevice], { currentPassword: 'correct-horse', newPassword: 'battery-staple-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    const newSession = cookieOf(changed, SESSION_COOKIE);
    const newDevice = cookieOf(changed, DEVICE_COOKIE);
    expect(newSession).toBeDefined();
    expect(newSession).not.toBe(oldSession);
    expect(newDevice).toBeDefined();
    expect(String([changed.headers['set-cookie']].flat())).toMatch(new RegExp(`${DEVICE_COOKIE}=[^;]+;.*HttpOnly`, 'i'));
    // The old session token is retired, the new one works.
    expect((await inject('GET', '/api/user', [oldSession])).statusCode).toBe(401);
    expect((await inject('GET', '/api/user', [newSession])).json()).toMatchObject({ username });

    await botnet(username);
    // The owner's browser, holding the new device cookie, still signs in; the old cookie exempts no one.
    expect((await inject('POST', '/api/login', [newDevice], { username, password: 'battery-staple-9' })).statusCode).toBe(200);
    expect((await inject('POST', '/api/login', [oldDevice], { username, password: 'battery-staple-9' })).statusCode).toBe(429);
  });

  it('reissues the device cookie when the password is reset from an emailed link', async () => {
    const username = name('resetter');
    const registered = await inject('POST', '/api/register', [], { username, password: 'correct-horse' });
    const oldDevice = cookieOf(registered, DEVICE_COOKIE)!;
    const userId = registered.json().id as number;
    const { token } = await t.ctx.emailTokens.issue({ userId, purpose: 'reset', email: `${username}@example.test`, ttlMs: 30 * 60_000, now: Date.now() });

    const reset = await inject('POST', '/api/auth/reset-password', [oldDevice], { token, password: 'battery-staple-9' });
    expect(reset.statusCode, reset.body).toBe(200);
    const newDevice = cookieOf(reset, DEVICE_COOKIE);
    expect(newDevice).toBeDefined();
    expect(newDevice).not.toBe(oldDevice);

    await botnet(username);
    expect((await inject('POST', '/api/login', [newDevice], { username, password: 'battery-staple-9' })).statusCode).toBe(200);
  });
});
