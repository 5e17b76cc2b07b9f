import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/auth.js';
import { MEDIA_MESSAGES } from '../../contract/media.js';
import { ConfigError, loadConfig } from '../config.js';
import { COMMON_PASSWORD_MESSAGE } from '../features/auth/common-passwords.js';
import { DEVICE_COOKIE } from '../features/auth/device-cookies.js';
import { createSessionsRepository } from '../features/auth/sessions.repository.js';
import { createSessionsService } from '../features/auth/sessions.service.js';
import { ANONYMOUS_VIEWS_PER_ADDRESS } from '../features/articles/view-address-cap.js';
import { openTestDatabase, signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/**
 * Issue 16, "Hardening, round 2": findings 2, 3, 4, 6, 7 and 8, each as the attack the probe used.
 * (Finding 1 is in http/slow-clients.hardening.test.ts, finding 5 in
 * features/media/image-turns.hardening.test.ts, the restart in e2e/reliability/supervisor.hardening.test.ts.)
 */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

const cookieValue = (response: { headers: Record<string, unknown> }, cookie: string) =>
  ([response.headers['set-cookie']].flat().filter(Boolean) as string[])
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${cookie}=`));

describe.each(testDatabases())('finding 2: sign-in guesses slowed without locking the owner out, on %s', (kind) => {
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

describe('finding 3: TRUST_PROXY as a hop count or a list of proxies', () => {
  it('reads a hop count or an address list, and refuses true and nonsense with a clear message', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would let clients choose their own address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33, banana' })).toThrow(/TRUST_PROXY: not a hop count or a list of addresses\/CIDR ranges: 10.0.0.0\/33, banana/);
  });

  describe('one proxy in front (TRUST_PROXY=1)', () => {
    const t = useTestApp('sqlite', { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '4' });
    const attempt = (forwardedFor: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: name('nobody'), password: 'x' } })
        .then((r) => r.statusCode);

    it('takes the right-most address: rotating the left-most one does not escape the sign-in limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await attempt(`198.51.100.${i}, 203.0.113.5`));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // Another client behind the same proxy is another client.
      expect(await attempt('203.0.113.6')).toBe(401);
    });
  });

  describe('a list of proxies (TRUST_PROXY=10.0.0.0/8)', () => {
    const t = useTestApp('sqlite', { TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT: '4' });
    const attempt = (forwardedFor: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: name('nobody'), password: 'x' } })
        .then((r) => r.statusCode);

    it('takes the right-most address that is not a trusted proxy', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await attempt(`spoofed-${i}, 198.51.100.7, 10.1.2.3`));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect(await attempt('198.51.100.8, 10.1.2.3')).toBe(401);
    });
  });
});

describe.each(testDatabases())('finding 4: anonymous views per address on %s', (kind) => {
  const t = useTestApp(kind);

  it('counts at most 20 anonymous views per address per article a day, whatever the user agent', async () => {
    const author = await signedInClient(t);
    const channel = (await author.client.post('/api/channels', { name: name('Views'), description: 'Views' })).json();
    const article = (await author.client.post('/api/articles', { title: 'Viewed', content: '<p>Read me</p>', channelId: channel.id })).json();
    const view = (address: string, agent: string) =>
      t.app.inject({ method: 'POST', url: `/api/articles/${article.id}/view`, remoteAddress: address, headers: { 'user-agent': agent } }).then((r) => r.json());

    const counted: boolean[] = [];
    // The probe's attack: one address, a new user agent every time (it reached 300 in a minute).
    for (let i = 0; i < 60; i++) counted.push((await view('203.0.113.9', `Mozilla/5.0 (probe ${i})`)).counted);
    expect(counted.filter(Boolean)).toHaveLength(ANONYMOUS_VIEWS_PER_ADDRESS);
    expect(counted.slice(0, 20).every(Boolean)).toBe(true);
    // An IPv6 client counts per /64, so rotating within its own prefix does not help either.
    for (let i = 0; i < 30; i++) counted.push((await view(`2001:db8:1:2::${i.toString(16)}`, `agent ${i}`)).counted);
    expect(counted.filter(Boolean)).toHaveLength(2 * ANONYMOUS_VIEWS_PER_ADDRESS);
    // Other addresses and signed-in readers still count.
    expect((await view('203.0.113.10', 'Mozilla/5.0 (probe 0)')).counted).toBe(true);
    const reader = await signedInClient(t);
    const signedIn = await reader.client.request({ method: 'POST', url: `/api/articles/${article.id}/view`, remoteAddress: '203.0.113.9' });
    expect(signedIn.json()).toMatchObject({ counted: true, view_count: 2 * ANONYMOUS_VIEWS_PER_ADDRESS + 2 });
    // The counter equals its recount: a refused view leaves no row behind.
    const rows = await t.database.db.selectFrom('article_views').select((eb) => eb.fn.countAll<number>().as('n')).where('article_id', '=', article.id).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(2 * ANONYMOUS_VIEWS_PER_ADDRESS + 2);
    // No raw address is stored.
    const tallies = await t.database.db.selectFrom('article_view_addresses').select('address_key').execute();
    expect(tallies.every((row) => !row.address_key.includes('203.0.113') && !row.address_key.includes('2001:db8'))).toBe(true);
  });
});

describe('finding 6: demo accounts only on a local site unless asked', () => {
  it('seeds by default when PUBLIC_URL is unset or local, not when it is public', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).seedDemo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('finding 7: common passwords', () => {
  const t = useTestApp('sqlite');

  it('refuses the most common passwords at registration and on a change, keeping the 6-character minimum', async () => {
    const register = (password: string) => new TestClient(() => t.app).post('/api/register', { username: name('pw'), password });
    for (const password of ['123456', 'password', '      ', 'Password', 'qwerty123', 'iloveyou', 'zzzzzzzzzz']) {
      const response = await register(password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toEqual({ error: COMMON_PASSWORD_MESSAGE });
    }
    expect((await register('12345')).json()).toEqual({ error: 'Password must be at least 6 characters' });
    expect((await register('correct-horse')).statusCode).toBe(201);

    const { client } = await signedInClient(t);
    const change = await client.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'letmein1' });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ error: COMMON_PASSWORD_MESSAGE });
    expect((await client.post('/api/user/password', { currentPassword: 'correct-horse', newPassword: 'lantern-harbour' })).statusCode).toBe(200);
  });
});

describe('finding 8: the smaller ones', () => {
  describe('on a public site', () => {
    const t = useTestApp('sqlite', { PUBLIC_URL: 'https://news.example.com' });

    it('answers a malformed percent-encoded path with {error} alone', async () => {
      for (const url of ['/api/articles/%E0%A4%A', '/api/channels/%', '/%c0']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ error: 'Malformed URL' });
      }
    });

    it('refuses a write whose Origin is not PUBLIC_URL, even when it matches the Host the client sent', async () => {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'http://evil.example', host: 'evil.example' },
        payload: { username: name('forged'), password: 'correct-horse' },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual({ error: 'Cross-origin request refused' });
      const own = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'https://news.example.com', host: 'evil.example' },
        payload: { username: name('own'), password: 'correct-horse' },
      });
      expect(own.statusCode).toBe(201);
    });

    it('refuses an upload with two files instead of keeping the first', async () => {
      const { client, id } = await signedInClient(t);
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
      const boundary = '----broadsheet-two-files';
      const part = (fileName: string) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from('\r\n')]);
      const payload = Buffer.concat([part('a.png'), part('b.png'), Buffer.from(`--${boundary}--\r\n`)]);
      const response = await client.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://news.example.com' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: MEDIA_MESSAGES.tooManyFiles });
      const stored = await t.database.db.selectFrom('uploads').select('id').where('user_id', '=', id).execute();
      expect(stored).toHaveLength(0);
    });
  });

  describe('on a laptop (PUBLIC_URL unset)', () => {
    const t = useTestApp('sqlite', { PUBLIC_URL: '' });

    it('still accepts the request’s own host, so 127.0.0.1:3000 works beside the localhost default', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
        payload: { username: name('laptop'), password: 'correct-horse' },
      });
      expect(response.statusCode).toBe(201);
    });
  });

  it.each(testDatabases())('ends a session 180 days after sign-in however often it is used (%s)', async (kind) => {
    const { database, drop } = await openTestDatabase(kind);
    try {
      const day = 24 * 60 * 60 * 1000;
      let now = Date.UTC(2026, 0, 1);
      const users = await database.db
        .insertInto('users')
        .values({ username: 'daily', username_key: 'daily', password_hash: null, description: null, is_admin: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sessions = createSessionsService(createSessionsRepository(database.db), () => now);
      const { token } = await sessions.start(users.id);
      // Used every other day: the sliding 30-day expiry alone would keep it forever.
      for (now += 2 * day; now < Date.UTC(2026, 0, 1) + 180 * day; now += 2 * day) {
        expect(await sessions.resolve(token), new Date(now).toISOString()).not.toBeNull();
      }
      now = Date.UTC(2026, 0, 1) + 180 * day + 1;
      expect(await sessions.resolve(token)).toBeNull();
    } finally {
      await drop();
    }
  });
});
