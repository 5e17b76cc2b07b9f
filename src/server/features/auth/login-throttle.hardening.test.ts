import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth.js';
import { DEVICE_COOKIE } from './device-cookies.js';
import { testDatabases, useTestApp } from '../../../test-support/test-app.js';

/** Guessing a password is slowed per account and address, per device and per account, without locking the owner out (device cookies). */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

const cookieValue = (response: { headers: Record<string, unknown> }, cookie: string) =>
  ([response.headers['set-cookie']].flat().filter(Boolean) as string[])
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${cookie}=`));

describe.each(testDatabases())('sign-in guesses slowed without locking the owner out, on %s', (kind) => {
  // Four guesses a minute per account and address, twenty per account from browsers it never used.
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '4' });
  const login = (username: string, password: string, address: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, headers: cookie ? { cookie } : {}, payload: { username, password } });
  // Each account registered from its own address: registrations count against the per-address limit too.
  let registrations = 0;
  const register = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: `10.15.0.${++registrations}`, payload: { username, password: 'correct-horse' } });

  it('keeps the owner signing in from another address while one address guesses', async () => {
    const username = name('owner');
    expect((await register(username)).statusCode).toBe(201);
    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) guesses.push((await login(username, `guess-${i}`, '10.16.0.66')).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
    // The attacker's address waits; the owner, anywhere else, does not (the probe got 429 here).
    const owner = await login(username, 'correct-horse', '10.16.0.1');
    expect(owner.statusCode).toBe(200);
    expect((await login(username, 'correct-horse', '10.16.0.66')).json()).toEqual({ error: AUTH_MESSAGES.tooManyAttempts });
  });

  it('lets a browser the account signed in on through a guessing botnet, and keeps the device cookie after logout', async () => {
    const username = name('device');
    const registered = await register(username);
    const device = cookieValue(registered, DEVICE_COOKIE)!;
    expect(device).toBeDefined();
    expect([registered.headers['set-cookie']].flat().join('\n')).toMatch(new RegExp(`${DEVICE_COOKIE}=[^;]+;.*HttpOnly`, 'i'));
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: cookieValue(registered, 'broadsheet_session')! } });
    expect(logout.statusCode).toBe(200);
    expect(cookieValue(logout, DEVICE_COOKIE)).toBeUndefined();

    // Twenty-two addresses, one guess each: the account-wide limit for unknown browsers is reached.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await login(username, `guess-${i}`, `10.17.${i}.1`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // A browser that never signed in waits, even with the right password...
    expect((await login(username, 'correct-horse', '10.17.99.1')).statusCode).toBe(429);
    // ...a made-up or another account's device cookie changes nothing...
    const other = name('other');
    const otherDevice = cookieValue(await register(other), DEVICE_COOKIE)!;
    expect((await login(username, 'correct-horse', '10.17.99.2', otherDevice)).statusCode).toBe(429);
    expect((await login(username, 'correct-horse', '10.17.99.3', `${DEVICE_COOKIE}=${'a'.repeat(22)}.${'b'.repeat(43)}`)).statusCode).toBe(429);
    // ...and the owner's own browser signs in, at home or on the road, and gets a fresh device cookie.
    const home = await login(username, 'correct-horse', '10.17.99.4', device);
    expect(home.statusCode).toBe(200);
    expect(cookieValue(home, DEVICE_COOKIE)).toBeDefined();
  });

  it('slows guesses made with a stolen device cookie like those from one address', async () => {
    const username = name('stolen');
    const device = cookieValue(await register(username), DEVICE_COOKIE)!;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(username, `guess-${i}`, `10.18.${i}.1`, device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
