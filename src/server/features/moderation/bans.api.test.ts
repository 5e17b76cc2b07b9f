import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '../../../contract/moderation.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { adminClient, channelWithArticle, postComment, publishedComment, type Person } from '../../../test-support/moderation-fixtures.js';

/** A new person invited to the channel's staff as an editor, who accepted. */
async function editorOf(t: TestApp, owner: Person, channelId: number, prefix: string): Promise<Person> {
  const person = await signedInClient(t, prefix);
  const invited = await owner.client.post(`/api/channels/${channelId}/staff`, { username: person.username, role: 'editor' });
  expect(invited.statusCode, invited.body).toBe(201);
  expect((await person.client.post(`/api/invitations/${invited.json().id}/accept`)).statusCode).toBe(204);
  return person;
}

describe.each(testDatabases())('channel bans on %s', (kind) => {
  const t = useTestApp(kind);

  it('refuses a banned reader’s comments, replies, edits and reactions in the channel (403), and leaves what they wrote', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const { article: elsewhere } = await channelWithArticle(t, 'Another channel');
    const troll = await signedInClient(t, 'troll');
    const earlier = await publishedComment(troll.client, article.id, 'Written before the ban');

    const banned = await owner.client.post(`/api/channels/${channelId}/bans`, { username: troll.username, reason: 'Abuse' });
    expect(banned.statusCode).toBe(201);
    expect(banned.json()).toMatchObject({ user: { id: troll.id, username: troll.username }, reason: 'Abuse', until: null, by: { id: owner.id, username: owner.username } });

    for (const response of [
      await postComment(troll.client, article.id, 'Let me in'),
      await postComment(troll.client, article.id, 'A reply', earlier),
      await troll.client.patch(`/api/comments/${earlier}`, { content: 'Changed words' }),
      await troll.client.post(`/api/articles/${article.id}/reactions`, { isLike: false }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: MODERATION_MESSAGES.banned });
    }
    expect((await new TestClient(() => t.app).get(`/api/articles/${article.id}/comments`)).json()[0]).toMatchObject({ id: earlier, content: 'Written before the ban' });
    // Other channels are not theirs to close.
    await publishedComment(troll.client, elsewhere.id, 'Still welcome here');
    expect((await troll.client.post(`/api/articles/${elsewhere.id}/reactions`, { isLike: true })).statusCode).toBe(200);

    expect((await owner.client.get(`/api/channels/${channelId}/bans`)).json()).toEqual([expect.objectContaining({ user: { id: troll.id, username: troll.username } })]);
    const lifted = await owner.client.delete(`/api/channels/${channelId}/bans/${troll.id}`);
    expect(lifted.statusCode).toBe(204);
    await publishedComment(troll.client, article.id, 'Back again');
    expect((await owner.client.delete(`/api/channels/${channelId}/bans/${troll.id}`)).statusCode).toBe(404);
  });

  it('refuses bans that cannot be: unknown user (404), the owner, oneself or an admin (400), a repeat (409), a stranger (403)', async () => {
    const { owner, channelId } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    const admin = await adminClient(t);
    const ban = (client: TestClient, body: object) => client.post(`/api/channels/${channelId}/bans`, body);

    expect((await ban(owner.client, { username: 'nobody_by_that_name' })).statusCode).toBe(404);
    expect((await ban(owner.client, { username: owner.username })).json()).toEqual({ error: MODERATION_MESSAGES.cannotBanSelf });
    expect((await ban(admin.client, { username: owner.username })).json()).toEqual({ error: MODERATION_MESSAGES.cannotBanOwner });
    const onAdmin = await ban(owner.client, { username: admin.username });
    expect(onAdmin.statusCode).toBe(400);
    expect(onAdmin.json()).toEqual({ error: MODERATION_MESSAGES.cannotBanAdmin });
    const byStranger = await ban(reader.client, { username: owner.username });
    expect(byStranger.statusCode).toBe(403);
    expect((await reader.client.get(`/api/channels/${channelId}/bans`)).statusCode).toBe(403);
    expect((await reader.client.delete(`/api/channels/${channelId}/bans/${owner.id}`)).statusCode).toBe(403);
    for (const days of [0, 366, 1.5, 'week']) expect((await ban(owner.client, { username: reader.username, days })).statusCode).toBe(400);

    expect((await ban(owner.client, { username: reader.username.toUpperCase(), days: 7 })).statusCode).toBe(201);
    const repeat = await ban(admin.client, { username: reader.username });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ error: MODERATION_MESSAGES.alreadyBanned });
    expect((await owner.client.post('/api/channels/2000000000/bans', { username: reader.username })).statusCode).toBe(404);
  });

  it('lets nobody lift a ban on themselves (403), while editors, the owner and admins lift other people’s', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const editor = await editorOf(t, owner, channelId, 'editor');
    const otherEditor = await editorOf(t, owner, channelId, 'second');
    const reader = await signedInClient(t, 'reader');
    const admin = await adminClient(t);
    const ban = (username: string) => owner.client.post(`/api/channels/${channelId}/bans`, { username, reason: 'Cooling off' });
    const lift = (by: TestClient, userId: number) => by.delete(`/api/channels/${channelId}/bans/${userId}`);
    expect((await ban(editor.username)).statusCode).toBe(201);

    const own = await lift(editor.client, editor.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: MODERATION_MESSAGES.cannotUnbanSelf });
    expect((await postComment(editor.client, article.id, 'Still banned?')).statusCode).toBe(403);
    expect((await owner.client.get(`/api/channels/${channelId}/bans`)).json()).toEqual([expect.objectContaining({ user: { id: editor.id, username: editor.username } })]);

    // A banned reader is refused the same way, and a moderator lifts other people's bans.
    expect((await ban(reader.username)).statusCode).toBe(201);
    expect((await lift(reader.client, reader.id)).json()).toEqual({ error: MODERATION_MESSAGES.cannotUnbanSelf });
    expect((await lift(editor.client, reader.id)).statusCode).toBe(204);
    expect((await lift(otherEditor.client, editor.id)).statusCode).toBe(204);
    await publishedComment(editor.client, article.id, 'Back at the desk');
    expect((await ban(reader.username)).statusCode).toBe(201);
    expect((await lift(admin.client, reader.id)).statusCode).toBe(204);
    expect((await ban(reader.username)).statusCode).toBe(201);
    expect((await lift(owner.client, reader.id)).statusCode).toBe(204);
    expect((await owner.client.get(`/api/channels/${channelId}/bans`)).json()).toEqual([]);
  });

  it('ends a ban with days by itself: it no longer applies and is not listed', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    const ban = await owner.client.post(`/api/channels/${channelId}/bans`, { username: reader.username, days: 3 });
    const until = Date.parse(ban.json().until);
    expect(until - Date.now()).toBeGreaterThan(3 * 24 * 60 * 60_000 - 60_000);
    expect((await postComment(reader.client, article.id, 'Banned for now')).statusCode).toBe(403);

    // Three days pass (the stored end moves into the past; the bus tells every instance).
    await t.ctx.db.updateTable('channel_bans').set({ until_at: Date.now() - 1000 }).where('channel_id', '=', channelId).execute();
    t.ctx.invalidation.receive([`channel-moderation-${channelId}`]);
    await publishedComment(reader.client, article.id, 'Free to speak again');
    expect((await owner.client.get(`/api/channels/${channelId}/bans`)).json()).toEqual([]);
    // An ended ban is no obstacle to a new one.
    expect((await owner.client.post(`/api/channels/${channelId}/bans`, { username: reader.username })).statusCode).toBe(201);
  });
});
