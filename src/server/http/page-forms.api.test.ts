import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/auth.js';
import { COMMENT_MESSAGES } from '../../contract/comment-rules.js';
import { builtWebRoot, signedInClient, TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

/**
 * The forms a page posts as plain forms (sign-in, registration, comments): before the app has
 * started, or with JavaScript off. They reach the page's route action in the server render, with
 * the API's rules; nothing typed travels in an address.
 */

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
// Page forms are limited per client address (AUTH_RATE_LIMIT a minute): each test posts from its own.
let lastAddress = 0;
const nextAddress = () => `198.51.100.${++lastAddress}`;
const textOf = (html: string) => html.slice(html.indexOf('<div id="root">')).replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(testDatabases())('forms posted to pages on %s', (kind) => {
  const t = useTestApp(kind, { AUTH_RATE_LIMIT: '6' }, { webRoot: builtWebRoot() });

  async function publish() {
    const author = await signedInClient(t, 'writer');
    const channel = (await author.client.post('/api/channels', { name: `Form Desk ${author.id}`, description: 'Forms' })).json();
    const article = (await author.client.post('/api/articles', { title: 'Pier reopens', content: '<p>The pier is open again.</p>', channelId: channel.id })).json();
    return `/articles/${article.slug}-${article.id}`;
  }

  it('signs in with the sign-in form: a session cookie and a 303 to the page asked for, nothing in the address', async () => {
    const remoteAddress = nextAddress();
    const { username } = await signedInClient(t, 'former');
    const browser = new TestClient(() => t.app);
    const answer = await browser.request({
      method: 'POST',
      remoteAddress,
      url: '/auth?next=%2Fprofile',
      headers: FORM,
      payload: form({ intent: 'login', username, password: 'correct-horse' }),
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/profile');
    expect(answer.headers.location).not.toContain('correct-horse');
    expect(browser.cookie).toBeDefined();
    const profile = await browser.get('/profile');
    expect(profile.statusCode).toBe(200);
    expect(textOf(profile.body)).toContain(username);
  });

  it('renders the form again with the refusal’s words when sign-in is refused, keeping the username only', async () => {
    const remoteAddress = nextAddress();
    const { username } = await signedInClient(t, 'refused');
    const browser = new TestClient(() => t.app);
    const answer = await browser.request({ method: 'POST', remoteAddress, url: '/auth', headers: FORM, payload: form({ intent: 'login', username, password: 'wrong-guess' }) });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(textOf(answer.body)).toContain(AUTH_MESSAGES.invalidCredentials);
    expect(answer.body).toContain(`value="${username}"`);
    expect(answer.body).not.toContain('wrong-guess');
    expect(browser.cookie).toBeUndefined();

    const empty = await browser.request({ method: 'POST', remoteAddress, url: '/auth', headers: FORM, payload: form({ intent: 'login', username: '', password: '' }) });
    expect(empty.statusCode).toBe(400);
    expect(textOf(empty.body)).toContain('Please fill in all fields');
  });

  it('registers with the registration form and never sends an open redirect elsewhere', async () => {
    const remoteAddress = nextAddress();
    const browser = new TestClient(() => t.app);
    const username = `newcomer_${process.pid}`;
    const answer = await browser.request({
      method: 'POST',
      remoteAddress,
      url: '/auth?next=%2F%2Fevil.example',
      headers: FORM,
      payload: form({ intent: 'register', username, password: 'long-enough' }),
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect((await browser.get('/api/user')).json()).toMatchObject({ username });
  });

  it('sends the reader home after signing in when next only looks like a path here: /.//, /..//, /%2e// and the like', async () => {
    const { username } = await signedInClient(t, 'dotted');
    for (const next of ['/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x', '/x/%2E%2E//evil.example', '/./\\evil.example']) {
      for (const intent of ['login', 'register'] as const) {
        const browser = new TestClient(() => t.app);
        const answer = await browser.request({
          method: 'POST',
          remoteAddress: nextAddress(),
          url: `/auth?${new URLSearchParams({ next })}`,
          headers: FORM,
          payload: form({ intent, username: intent === 'login' ? username : `dot_${++lastAddress}_${process.pid}`, password: 'correct-horse' }),
        });
        expect(answer.statusCode, `${intent} ${next}`).toBe(303);
        expect(answer.headers.location, `${intent} ${next}`).toBe('/');
      }
    }
  });

  it('posts a comment with the comment form and sends the reader back to the comments', async () => {
    const remoteAddress = nextAddress();
    const articlePath = await publish();
    const reader = await signedInClient(t, 'commenter');
    const answer = await reader.client.request({ method: 'POST', remoteAddress, url: articlePath, headers: FORM, payload: form({ content: '  Lovely news for the town.  ' }) });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${articlePath}#comments`);
    const page = await reader.client.get(articlePath);
    expect(textOf(page.body)).toContain('Lovely news for the town.');

    const empty = await reader.client.request({ method: 'POST', remoteAddress, url: articlePath, headers: FORM, payload: form({ content: '   ' }) });
    expect(empty.statusCode).toBe(400);
    expect(textOf(empty.body)).toContain(COMMENT_MESSAGES.empty);

    const anonymous = new TestClient(() => t.app);
    const refused = await anonymous.request({ method: 'POST', remoteAddress, url: articlePath, headers: FORM, payload: form({ content: 'Who am I?' }) });
    expect(refused.statusCode).toBe(401);
    expect(textOf(refused.body)).toContain(COMMENT_MESSAGES.signIn);
  });

  it('refuses what a page form never sends: another type, a large body, another site, too many tries', async () => {
    const browser = new TestClient(() => t.app);
    const remoteAddress = nextAddress();
    const json = await browser.request({ method: 'POST', remoteAddress, url: '/auth', payload: { username: 'a', password: 'b' } });
    expect(json.statusCode).toBe(415);
    // An unknown API path is no page: 404 before its body is read, however large, and not counted as a form.
    for (let i = 0; i < 8; i++) {
      const api = await browser.request({ method: 'POST', remoteAddress, url: '/api/no-such-route', headers: FORM, payload: 'x='.padEnd(10_000, 'y') });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ error: 'Not found' });
    }
    const large = await browser.request({ method: 'POST', remoteAddress, url: '/auth', headers: FORM, payload: form({ intent: 'login', username: 'x', password: 'y'.repeat(5000) }) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toHaveProperty('error');
    const foreign = await browser.request({
      method: 'POST',
      remoteAddress,
      url: '/auth',
      headers: { ...FORM, origin: 'https://evil.example' },
      payload: form({ intent: 'login', username: 'x', password: 'y' }),
    });
    expect(foreign.statusCode).toBe(403);

    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const attempt = await browser.request({
        method: 'POST',
        url: '/auth',
        headers: FORM,
        remoteAddress: '203.0.113.9',
        payload: form({ intent: 'login', username: 'nobody_here', password: 'nothing-at-all' }),
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
