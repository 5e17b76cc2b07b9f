import { describe, expect, it } from 'vitest';
import { TestClient, testDatabases, useTestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('malformed requests on %s', (kind) => {
  const t = useTestApp(kind);
  const client = () => new TestClient(() => t.app);

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await client().request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await client().request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });

  it('answers a body of the wrong type with 415', async () => {
    const response = await client().request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/content type/i);
  });

  it('answers a huge body with 413', async () => {
    const response = await client().post('/api/register', { username: 'big', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Request body is too large' });
  });

  it.each([null, [], 'text', 42, { username: null, password: null }, { username: ['a'], password: {} }])(
    'answers the body %j with 400',
    async (payload) => {
      const response = await client().request({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBeTruthy();
    },
  );

  it('answers unknown API routes with a JSON 404', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/articles/1/nope'], ['DELETE', '/api/user']] as const) {
      const response = await client().request({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('reports health with the database reachable', async () => {
    const response = await client().get('/api/health');
    expect(response.statusCode).toBe(200);
    // The app under test never listens, so its gazetteer is not warmed: place search reports 'loading'.
    expect(response.json()).toEqual({ status: 'ok', database: 'up', dialect: kind, redis: 'off', version: '1.0.0', node: process.version, placeSearch: 'loading' });
    // The project runs on Node 24 LTS (or 22.22 and later), whatever Node the machine has.
    expect(response.json().node).toMatch(/^v(2[4-9]|22\.(2[2-9]|[3-9]\d))\./);
  });

  it('sends security headers: a CSP without inline or eval script, no sniffing, no framing', async () => {
    const response = await client().get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('documents every API route in the OpenAPI document', async () => {
    const response = await client().get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths);
    for (const path of ['/api/register', '/api/login', '/api/logout', '/api/user', '/api/is-admin', '/api/users/{id}', '/api/categories', '/api/locations', '/api/health']) {
      expect(documented).toContain(path);
    }
    expect(doc.paths['/api/register'].post.requestBody).toBeTruthy();
    const docs = await client().get('/api/docs/');
    expect(docs.statusCode).toBe(200);
  });
});
