import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestIssuer, TEST_CLIENT, type TestIssuer } from '../../../test-support/oidc-issuer.js';
import { suspendedMessage } from '../../../contract/moderation-rules.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { OIDC_MESSAGES, usernameBaseFrom, usernameCandidate } from './oidc.service.js';

const TEMPORARY_COOKIES = ['broadsheet_oidc_state', 'broadsheet_oidc_nonce', 'broadsheet_oidc_verifier'];

// One issuer for the whole file, on a port chosen now so that the apps' configuration can name it.
const issuerPort = await freePort();
const issuerUrl = `http://127.0.0.1:${issuerPort}`;
const googleEnv = { GOOGLE_CLIENT_ID: TEST_CLIENT.clientId, GOOGLE_CLIENT_SECRET: TEST_CLIENT.clientSecret, OIDC_ISSUER: issuerUrl };
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer({ port: issuerPort });
});
afterAll(async () => {
  await issuer?.stop();
});

function setCookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** The cookies a response sets (name → value), leaving out the ones it clears. */
function cookiesSetBy(response: LightMyRequestResponse): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of setCookieLines(response)) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const value = pair.slice(eq + 1);
    if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) cookies[pair.slice(0, eq)] = value;
  }
  return cookies;
}

const clearedBy = (response: LightMyRequestResponse) =>
  setCookieLines(response)
    .filter((line) => /expires=Thu, 01 Jan 1970/i.test(line))
    .map((line) => line.slice(0, line.indexOf('=')));

const cookieHeader = (cookies: Record<string, string | undefined>) =>
  Object.entries(cookies)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const errorLocation = (message: string) => `/auth-callback?${new URLSearchParams({ error: message })}`;

let accountCounter = 0;
/** A new account at the issuer; its id is the `sub` the app sees. */
function newAccount(claims: { email?: string; name?: string }): string {
  const id = `google-sub-${process.pid}-${++accountCounter}`;
  issuer.setAccount(id, claims);
  return id;
}

/** GET /api/auth/google as a browser: answers where it was sent and the temporary cookies. */
async function beginSignIn(t: TestApp, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers });
  expect(response.statusCode).toBe(302);
  return { response, location: new URL(String(response.headers.location)), cookies: cookiesSetBy(response) };
}

/** Plays our callback with the given URL (as the issuer sent it) and cookies. */
function callback(t: TestApp, url: URL, cookies: Record<string, string | undefined>) {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie: cookieHeader(cookies) } });
}

/** The whole flow: our redirect, login and consent at the issuer, our callback. */
async function signInWithGoogle(t: TestApp, accountId: string, browserCookies: Record<string, string> = {}) {
  const started = await beginSignIn(t, { cookie: cookieHeader(browserCookies) });
  const returned = await issuer.authorize(started.location.href, accountId);
  const response = await callback(t, returned, { ...browserCookies, ...started.cookies });
  const session = cookiesSetBy(response).broadsheet_session;
  const client = new TestClient(() => t.app);
  client.cookie = session ? `broadsheet_session=${session}` : undefined;
  return { response, client, returned, started };
}

async function identityRows(t: TestApp, subject: string) {
  return t.database.db.selectFrom('user_identities').selectAll().where('subject', '=', subject).execute();
}

describe.each(testDatabases())('Google sign-in on %s', (kind) => {
  const t = useTestApp(kind, googleEnv);

  it('says Google sign-in is available', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('sends the browser to the issuer with PKCE (S256), state, nonce, forced account selection and offline access', async () => {
    const { response, location, cookies } = await beginSignIn(t);
    expect(`${location.origin}${location.pathname}`).toBe(`${issuerUrl}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: TEST_CLIENT.clientId,
      redirect_uri: 'http://localhost:3000/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'select_account',
      access_type: 'offline',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.state).toBe(cookies.broadsheet_oidc_state);
    expect(params.nonce).toBe(cookies.broadsheet_oidc_nonce);
    expect(cookies.broadsheet_oidc_verifier).toMatch(/^[\w-]{43,128}$/);
    expect(params.code_challenge).not.toBe(cookies.broadsheet_oidc_verifier);

    const lines = setCookieLines(response);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).toMatch(/Path=\/api\/auth\/google(;|$)/);
      expect(line).toMatch(/Max-Age=600/);
      expect(line).not.toMatch(/Secure/i);
    }
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('comes back to the page the sign-in started from, and only to a page of this site', async () => {
    for (const [next, location] of [
      ['/articles/budget-vote-5?x=1', `/auth-callback?${new URLSearchParams({ next: '/articles/budget-vote-5?x=1' })}`],
      ['//evil.example/path', '/auth-callback'],
      ['/\\evil.example', '/auth-callback'],
      ['https://evil.example/', '/auth-callback'],
      ['/.//evil.example/x', '/auth-callback'],
      ['/..//evil.example/x', '/auth-callback'],
      ['/%2e//evil.example/x', '/auth-callback'],
    ] as const) {
      const withNext = await t.app.inject({ method: 'GET', url: `/api/auth/google?${new URLSearchParams({ next })}` });
      expect(withNext.statusCode, next).toBe(302);
      const cookies = cookiesSetBy(withNext);
      // Only a page of this site is remembered for the way back.
      expect(cookies.broadsheet_oidc_next && decodeURIComponent(cookies.broadsheet_oidc_next), next).toBe(location === '/auth-callback' ? undefined : next);
      const returned = await issuer.authorize(String(withNext.headers.location), newAccount({ email: `returning-${process.pid}@example.com` }));
      const response = await callback(t, returned, cookies);
      expect(response.headers.location, next).toBe(location);
      expect(clearedBy(response)).toContain('broadsheet_oidc_next');
    }
  });

  it('creates a new user without a password, links the identity and signs them in', async () => {
    const subject = newAccount({ email: 'Margaret.Hamilton@example.com', name: 'Margaret Hamilton' });
    const { response, client } = await signInWithGoogle(t, subject);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth-callback');
    expect(clearedBy(response)).toEqual(expect.arrayContaining(TEMPORARY_COOKIES));
    const sessionLine = setCookieLines(response).find((line) => line.startsWith('broadsheet_session='));
    expect(sessionLine).toMatch(/HttpOnly/i);
    expect(sessionLine).toMatch(/SameSite=Lax/i);
    expect(sessionLine).toMatch(/Path=\/(;|$)/);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'Margaret.Hamilton', hasPassword: false, isAdmin: false });

    const user = await t.ctx.users.findById(me.json().id);
    expect(user?.password_hash).toBeNull();
    const identities = await identityRows(t, subject);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({
      user_id: me.json().id,
      issuer: issuerUrl,
      subject,
      email: 'Margaret.Hamilton@example.com',
      name: 'Margaret Hamilton',
    });
  });

  it('recognises a returning user by issuer and subject, and keeps their email and name current', async () => {
    const subject = newAccount({ email: 'katherine@example.com', name: 'Katherine Johnson' });
    const first = await signInWithGoogle(t, subject);
    const firstUser = (await first.client.get('/api/user')).json();
    const usersBefore = await t.ctx.users.count();

    issuer.setAccount(subject, { email: 'kj@example.org', name: 'Katherine G. Johnson' });
    const second = await signInWithGoogle(t, subject);
    expect(second.response.headers.location).toBe('/auth-callback');
    const secondUser = (await second.client.get('/api/user')).json();

    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser.username).toBe('katherine');
    expect(await t.ctx.users.count()).toBe(usersBefore);
    const identities = await identityRows(t, subject);
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ email: 'kj@example.org', name: 'Katherine G. Johnson' });
    // Two sign-ins, two independent sessions.
    expect(second.client.cookie).not.toBe(first.client.cookie);
    expect((await first.client.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a suspended account with the suspension’s words, and starts no session', async () => {
    const subject = newAccount({ email: 'suspended-reader@example.com', name: 'Suspended Reader' });
    const first = await signInWithGoogle(t, subject);
    const user = (await first.client.get('/api/user')).json();
    const admin = await signedInClient(t, 'admin');
    await t.ctx.users.setAdmin(admin.username, true);
    const suspended = await admin.client.post(`/api/admin/users/${user.id}/suspend`, { reason: 'Abuse', days: 3 });
    expect(suspended.statusCode).toBe(200);
    expect((await first.client.get('/api/user')).statusCode).toBe(401);

    const again = await signInWithGoogle(t, subject);
    expect(again.response.headers.location).toBe(errorLocation(suspendedMessage(suspended.json().suspension.until)));
    expect(again.client.cookie).toBeUndefined();
  });

  it('never merges a Google identity into a password user whose username matches the email', async () => {
    const password = new TestClient(() => t.app);
    const registered = await password.post('/api/register', { username: 'Hopper', password: 'nanoseconds' });
    expect(registered.statusCode).toBe(201);

    const subject = newAccount({ email: 'hopper@example.com', name: 'Grace Hopper' });
    const { response, client } = await signInWithGoogle(t, subject);
    expect(response.headers.location).toBe('/auth-callback');
    const google = (await client.get('/api/user')).json();

    expect(google.id).not.toBe(registered.json().id);
    expect(google.username.toLowerCase()).not.toBe('hopper');
    expect(google.username).toBe('hopper2');
    expect(google.hasPassword).toBe(false);

    // The password account is untouched: same name, same password, no identity.
    const login = await new TestClient(() => t.app).post('/api/login', { username: 'Hopper', password: 'nanoseconds' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: registered.json().id, hasPassword: true });
    const linked = await t.database.db.selectFrom('user_identities').select('id').where('user_id', '=', registered.json().id).execute();
    expect(linked).toHaveLength(0);

    // A third account with the same local part gets the next free name.
    const third = await signInWithGoogle(t, newAccount({ email: 'HOPPER@example.net' }));
    expect((await third.client.get('/api/user')).json().username).toBe('HOPPER3');
  });

  it('derives a valid username from the name when there is no email, and pads short ones', async () => {
    const fromName = await signInWithGoogle(t, newAccount({ name: 'José Ñúñez' }));
    expect((await fromName.client.get('/api/user')).json().username).toBe('Jose_Nunez');

    const short = await signInWithGoogle(t, newAccount({ email: 'x@example.com' }));
    expect((await short.client.get('/api/user')).json().username).toBe('x_user');

    const long = await signInWithGoogle(t, newAccount({ email: `${'a'.repeat(40)}+news@example.com` }));
    const username = (await long.client.get('/api/user')).json().username;
    expect(username).toBe('a'.repeat(32));
  });

  it('creates one user when the same person finishes two first sign-ins at once', async () => {
    const subject = newAccount({ email: 'concurrent@example.com' });
    const attempts = await Promise.all([beginSignIn(t), beginSignIn(t)]);
    const returned = await Promise.all(attempts.map((attempt) => issuer.authorize(attempt.location.href, subject)));
    const responses = await Promise.all(attempts.map((attempt, i) => callback(t, returned[i]!, attempt.cookies)));
    expect(responses.map((r) => r.headers.location)).toEqual(['/auth-callback', '/auth-callback']);
    const identities = await identityRows(t, subject);
    expect(identities).toHaveLength(1);
    const ids = await Promise.all(
      responses.map(async (response) => {
        const client = new TestClient(() => t.app);
        client.cookie = `broadsheet_session=${cookiesSetBy(response).broadsheet_session}`;
        return (await client.get('/api/user')).json().id;
      }),
    );
    expect(ids).toEqual([identities[0]!.user_id, identities[0]!.user_id]);
  });

  it('revokes the session the browser already had, like a password sign-in', async () => {
    const before = new TestClient(() => t.app);
    await before.post('/api/register', { username: 'switcher', password: 'switch-me' });
    const oldCookie = before.cookie!;
    const oldToken = oldCookie.split('=')[1]!;

    const { response, client } = await signInWithGoogle(t, newAccount({ email: 'switcher@example.com' }), {
      broadsheet_session: oldToken,
    });
    expect(response.headers.location).toBe('/auth-callback');
    expect(client.cookie).not.toBe(oldCookie);
    expect((await client.get('/api/user')).json().username).toBe('switcher2');
    expect((await before.get('/api/user')).statusCode).toBe(401);
  });

  describe('refuses', () => {
    async function expectRefused(response: LightMyRequestResponse, message: string) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(errorLocation(message));
      expect(cookiesSetBy(response).broadsheet_session).toBeUndefined();
      expect(clearedBy(response)).toEqual(expect.arrayContaining(TEMPORARY_COOKIES));
    }

    it('a callback whose state does not match the cookie', async () => {
      const subject = newAccount({ email: 'mallory@example.com' });
      const started = await beginSignIn(t);
      const returned = await issuer.authorize(started.location.href, subject);
      returned.searchParams.set('state', 'forged-state-value');
      await expectRefused(await callback(t, returned, started.cookies), OIDC_MESSAGES.expired);

      // Nor is a cookie from another attempt any good.
      const other = await beginSignIn(t);
      const mixed = await issuer.authorize(other.location.href, subject);
      await expectRefused(await callback(t, mixed, started.cookies), OIDC_MESSAGES.expired);
      expect(await identityRows(t, subject)).toHaveLength(0);
    });

    it('a callback without the temporary cookies (another browser, or more than 10 minutes later)', async () => {
      const subject = newAccount({ email: 'late@example.com' });
      const started = await beginSignIn(t);
      const returned = await issuer.authorize(started.location.href, subject);
      await expectRefused(await callback(t, returned, {}), OIDC_MESSAGES.expired);
      const { broadsheet_oidc_verifier: _verifier, ...withoutVerifier } = started.cookies;
      await expectRefused(await callback(t, returned, withoutVerifier), OIDC_MESSAGES.expired);
      expect(await identityRows(t, subject)).toHaveLength(0);
    });

    it('an ID token whose nonce does not match the nonce cookie', async () => {
      const subject = newAccount({ email: 'nonce@example.com' });
      const started = await beginSignIn(t);
      const returned = await issuer.authorize(started.location.href, subject);
      const tampered = { ...started.cookies, broadsheet_oidc_nonce: 'a-nonce-the-issuer-never-saw' };
      await expectRefused(await callback(t, returned, tampered), OIDC_MESSAGES.unverified);
      expect(await identityRows(t, subject)).toHaveLength(0);
    });

    it('a PKCE verifier that does not match the challenge', async () => {
      const subject = newAccount({ email: 'pkce@example.com' });
      const started = await beginSignIn(t);
      const returned = await issuer.authorize(started.location.href, subject);
      const tampered = { ...started.cookies, broadsheet_oidc_verifier: 'x'.repeat(43) };
      await expectRefused(await callback(t, returned, tampered), OIDC_MESSAGES.rejected);
      expect(await identityRows(t, subject)).toHaveLength(0);
    });

    it('a replayed authorization code', async () => {
      const subject = newAccount({ email: 'replay@example.com' });
      const { response, returned, started } = await signInWithGoogle(t, subject);
      expect(response.headers.location).toBe('/auth-callback');
      const sessionsBefore = await t.database.db.selectFrom('sessions').select('id').execute();

      // An attacker who captured the callback URL and the cookies tries it again.
      await expectRefused(await callback(t, returned, started.cookies), OIDC_MESSAGES.rejected);
      expect(await t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
    });

    it('a sign-in the person cancelled at the provider', async () => {
      const started = await beginSignIn(t);
      const returned = await issuer.authorize(started.location.href, { deny: true });
      expect(returned.searchParams.get('error')).toBe('access_denied');
      await expectRefused(await callback(t, returned, started.cookies), OIDC_MESSAGES.cancelled);
    });

    it('a provider error, without echoing the text someone put in the link', async () => {
      const url = new URL('http://localhost:3000/api/auth/google/callback?error=server_error&error_description=Call+0800+now');
      const response = await callback(t, url, {});
      await expectRefused(response, OIDC_MESSAGES.providerError);
      expect(String(response.headers.location)).not.toContain('0800');
    });

    it('malformed callbacks without a 500', async () => {
      const queries = [
        () => '',
        () => '?code=',
        () => '?code=abc&state=',
        () => '?state=%ZZ',
        (state: string) => `?code=not-a-real-code&state=${state}`,
        (state: string) => `?code=a&code=b&state=${state}`,
        (state: string) => `?state=${state}`,
        (state: string) => `?code=${'x'.repeat(5000)}&state=${state}&iss=https%3A%2F%2Fevil.example`,
      ];
      for (const makeQuery of queries) {
        const started = await beginSignIn(t);
        const query = makeQuery(started.cookies.broadsheet_oidc_state!);
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/auth/google/callback${query}`,
          headers: { cookie: cookieHeader(started.cookies) },
        });
        expect(response.statusCode, query).toBe(302);
        expect(String(response.headers.location), query).toMatch(/^\/auth-callback\?error=/);
      }
    });
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/auth/google']?.get).toBeDefined();
    expect(document.paths['/api/auth/google/callback']?.get).toBeDefined();
  });
});

describe.each(testDatabases())('Google sign-in with the issuer unreachable on %s', (kind) => {
  let port: number;
  let lateIssuer: TestIssuer | undefined;
  const env: Record<string, string> = {};
  // The port is reserved before the app's configuration is read, in the app's beforeAll below.
  beforeAll(async () => {
    port = await freePort();
    Object.assign(env, { ...googleEnv, OIDC_ISSUER: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await lateIssuer?.stop();
  });
  const t = useTestApp(kind, env);

  it('redirects with a readable error, does not remember the failure, then caches the discovery', async () => {
    const down = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(down.statusCode).toBe(302);
    expect(down.headers.location).toBe(errorLocation(OIDC_MESSAGES.unavailable));
    expect(setCookieLines(down)).toHaveLength(0);

    // The issuer comes up: the next attempt discovers it (the failure was not cached).
    lateIssuer = await startTestIssuer({ port });
    const subject = `late-${kind}`;
    lateIssuer.setAccount(subject, { email: 'late.riser@example.com' });
    const started = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(String(started.headers.location)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth\\?`));
    const returned = await lateIssuer.authorize(String(started.headers.location), subject);

    // It goes down again: starting still works from the cached discovery, the code exchange cannot.
    await lateIssuer.stop();
    lateIssuer = undefined;
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(String(again.headers.location)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth\\?`));

    const response = await callback(t, returned, cookiesSetBy(started));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(errorLocation(OIDC_MESSAGES.unavailable));
    expect(cookiesSetBy(response).broadsheet_session).toBeUndefined();
  });
});

describe.each(testDatabases())('Google sign-in on an https site on %s', (kind) => {
  const t = useTestApp(kind, { ...googleEnv, PUBLIC_URL: 'https://news.example.com' });

  it('marks the temporary cookies Secure and uses the public URL for the redirect URI', async () => {
    const { response, location } = await beginSignIn(t);
    expect(location.searchParams.get('redirect_uri')).toBe('https://news.example.com/api/auth/google/callback');
    for (const line of setCookieLines(response)) expect(line).toMatch(/; Secure/i);
  });
});

describe.each(testDatabases())('Google sign-in not configured on %s', (kind) => {
  const t = useTestApp(kind);

  it('says so at the providers endpoint and at the start route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: false });
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ error: 'Google sign-in is not configured' });
  });

  it('sends a stray callback to /auth-callback with the same message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=abc&state=def' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(errorLocation(OIDC_MESSAGES.notConfigured));
  });
});

describe('usernames for new Google users', () => {
  it.each([
    [{ email: 'ada.lovelace@example.com', name: 'Ada' }, 'ada.lovelace'],
    [{ email: 'o\'brien+news@example.com', name: null }, 'obriennews'],
    [{ email: null, name: 'Émile Zola' }, 'Emile_Zola'],
    [{ email: '..@example.com', name: '  Li  ' }, 'Li_user'],
    [{ email: '20261129@example.com', name: null }, '20261129_user'],
    [{ email: '李@example.com', name: '王' }, 'user'],
    [{ email: null, name: null }, 'user'],
    [{ email: `${'b'.repeat(31)}.-x@example.com`, name: null }, `${'b'.repeat(31)}`],
  ])('%j becomes %s', (identity, expected) => {
    const base = usernameBaseFrom(identity);
    expect(base).toBe(expected);
    expect(base).toMatch(/^[A-Za-z0-9_.-]{3,32}$/);
  });

  it('adds a numeric suffix on collision and stays within 32 characters', () => {
    expect(usernameCandidate('grace', 0)).toBe('grace');
    expect(usernameCandidate('grace', 1)).toBe('grace2');
    expect(usernameCandidate('a'.repeat(32), 1)).toBe(`${'a'.repeat(31)}2`);
    for (let attempt = 0; attempt < 60; attempt++) {
      expect(usernameCandidate('z'.repeat(32), attempt)).toMatch(/^[A-Za-z0-9_.-]{3,32}$/);
    }
  });
});
