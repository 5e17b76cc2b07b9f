import { describe, expect, it } from 'vitest';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { channelWithArticle } from '../../../test-support/moderation-fixtures.js';

describe.each(testDatabases())("an article tells its reader of their ban in its channel, on %s", (kind) => {
  const t = useTestApp(kind);

  it('carries the ban and its end to the banned reader alone, for good as null, and nothing once it is lifted', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    const other = await signedInClient(t, 'other');
    const read = async (client: TestClient) => (await client.get(`/api/articles/${article.id}`)).json().viewerBan as unknown;
    expect(await read(reader.client)).toBeNull();

    const ban = await owner.client.post(`/api/channels/${channelId}/bans`, { username: reader.username, days: 3 });
    expect(ban.statusCode).toBe(201);
    expect(await read(reader.client)).toEqual({ until: ban.json().until });
    expect(await read(other.client)).toBeNull();
    expect(await read(new TestClient(() => t.app))).toBeNull();

    expect((await owner.client.delete(`/api/channels/${channelId}/bans/${reader.id}`)).statusCode).toBe(204);
    expect(await read(reader.client)).toBeNull();
    expect((await owner.client.post(`/api/channels/${channelId}/bans`, { username: reader.username })).statusCode).toBe(201);
    expect(await read(reader.client)).toEqual({ until: null });
  });
});
