import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

describe.each(testDatabases())('user profiles on %s', (kind) => {
  const t = useTestApp(kind);

  it('shows a profile to anyone, without private fields', async () => {
    const { id, username } = await signedInClient(t);
    const response = await new TestClient(() => t.app).get(`/api/users/${id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id, username, description: null });
    expect(Date.parse(body.created_at)).toBeGreaterThan(0);
    expect(body.createdAt).toBe(body.created_at);
    expect(JSON.stringify(body)).not.toMatch(/password|hash|admin/i);
  });

  it('lets a user edit their own bio, up to 300 characters', async () => {
    const { client, id } = await signedInClient(t);
    const bio = 'Reporter covering science and the sea. '.padEnd(300, '~');
    const saved = await client.patch(`/api/users/${id}`, { description: bio });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().description).toBe(bio);
    expect((await client.get('/api/user')).json().description).toBe(bio);

    const tooLong = await client.patch(`/api/users/${id}`, { description: bio + '!' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('Description must be at most 300 characters');
    expect((await client.get(`/api/users/${id}`)).json().description).toBe(bio);
  });

  it('stores a blank bio as none', async () => {
    const { client, id } = await signedInClient(t);
    expect((await client.patch(`/api/users/${id}`, { description: '   ' })).json().description).toBeNull();
  });

  it("refuses to edit someone else's bio, and signed-out edits", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const forbidden = await other.client.patch(`/api/users/${owner.id}`, { description: 'hijacked' });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await new TestClient(() => t.app).patch(`/api/users/${owner.id}`, { description: 'hijacked' });
    expect(anonymous.statusCode).toBe(401);
    expect((await other.client.get(`/api/users/${owner.id}`)).json().description).toBeNull();
  });

  // Any other segment is a username (authors.api.test.ts).
  it.each(['0', '00', '99999999999'])('answers 400 for the id %s', async (id) => {
    const response = await new TestClient(() => t.app).get(`/api/users/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^id /);
  });

  it('answers 404 for a user that does not exist', async () => {
    const response = await new TestClient(() => t.app).get('/api/users/987654');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'User not found' });
  });
});
