import { describe, expect, it } from 'vitest';
import { UserExportSchema } from '../../../contract/users.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';

describe.each(testDatabases())('a person downloading their own data on %s', (kind) => {
  const t = useTestApp(kind);

  it('holds their profile, comments, reactions, subscriptions and channels, and nothing of anyone else', async () => {
    const writer = await signedInClient(t, 'writer');
    const channel = (await writer.client.post('/api/channels', { name: 'Harbour Notes', description: 'Boats and tides' })).json();
    const article = (await writer.client.post('/api/articles', { title: 'The tide tables', content: '<p>High water at six.</p>', channelId: channel.id })).json();

    const reader = await signedInClient(t, 'reader');
    const own = (await reader.client.post('/api/channels', { name: 'Reader Desk', description: 'Mine' })).json();
    expect((await reader.client.post(`/api/channels/${channel.id}/subscribe`)).statusCode).toBe(200);
    expect((await reader.client.post(`/api/articles/${article.id}/reactions`, { isLike: true })).statusCode).toBeLessThan(300);
    const comment = (await reader.client.post(`/api/articles/${article.id}/comments`, { content: 'Six sharp, thanks.', parent_id: null })).json();
    // Another person's comment on the same article stays out of it.
    await writer.client.post(`/api/articles/${article.id}/comments`, { content: 'The writer replies', parent_id: null });

    const response = await reader.client.get('/api/user/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="broadsheet-${reader.username}-export.json"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = UserExportSchema.parse(response.json());
    expect(data.profile).toMatchObject({ id: reader.id, username: reader.username, email: null, emailConfirmed: false });
    expect(data.comments).toEqual([
      expect.objectContaining({ id: comment.id, text: 'Six sharp, thanks.', status: 'published', article: { id: article.id, title: 'The tide tables', url: expect.stringContaining(`${article.id}`) } }),
    ]);
    expect(data.reactions).toEqual([expect.objectContaining({ reaction: 'like', article: expect.objectContaining({ id: article.id }) })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ channel: { id: channel.id, name: 'Harbour Notes' }, imported: false })]);
    expect(data.channels).toEqual([expect.objectContaining({ id: own.id, name: 'Reader Desk', description: 'Mine' })]);
    expect(data.staff).toEqual([]);
    const text = response.body;
    expect(text).not.toContain('The writer replies');
    expect(text).not.toContain(writer.username);
    expect(text).not.toMatch(/password|hash|session|token/i);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await new TestClient(() => t.app).get('/api/user/export');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBeTruthy();
  });
});
