import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../contract/staff.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

type Person = Awaited<ReturnType<typeof signedInClient>>;

/** A channel with its owner, an editor and a writer (staff rows written directly: the staff routes are another feature's). */
async function newsroom(t: TestApp) {
  const owner = await signedInClient(t, 'owner');
  const editor = await signedInClient(t, 'editor');
  const writer = await signedInClient(t, 'writer');
  const channelId = (await owner.client.post('/api/channels', { name: `Desk ${owner.id}`, description: 'A newsroom' })).json().id as number;
  for (const [person, role] of [[editor, 'editor'], [writer, 'writer']] as const) {
    await t.ctx.db.insertInto('channel_staff').values({ channel_id: channelId, user_id: person.id, role, created_at: Date.now() }).execute();
  }
  return { owner, editor, writer, channelId };
}

async function submitted(writer: Person, channelId: number): Promise<number> {
  const created = await writer.client.post('/api/articles', { title: 'Council story', content: '<p>The council met.</p>', channelId, status: 'draft' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  expect((await writer.client.post(`/api/articles/${id}/submit`)).json()).toMatchObject({ status: 'in_review' });
  return id;
}

async function log(t: TestApp, articleId: number) {
  const rows = await t.ctx.db.selectFrom('channel_events').select(['action', 'actor_id']).where('target_type', '=', 'article').where('target_id', '=', articleId).orderBy('id').execute();
  return rows.map((r) => r.action);
}

describe.each(testDatabases())('the review’s locks on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('returns an article in review to draft when its writer autosaves new text, and the approval then answers 409', async () => {
    const { owner, writer, channelId } = await newsroom(t);
    const id = await submitted(writer, channelId);

    const baseSavedAt = (await writer.client.get(`/api/articles/${id}`)).json().savedAt as string;
    const saved = await writer.client.put(`/api/articles/${id}/autosave`, { baseSavedAt, content: '<p>Text nobody reviewed.</p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await writer.client.get(`/api/articles/${id}`)).json()).toMatchObject({ status: 'draft' });
    expect(await log(t, id)).toEqual(['submitted', 'returned_to_draft']);
    const entry = (await owner.client.get(`/api/channels/${channelId}/log`)).json().items[0];
    expect(entry).toMatchObject({ action: 'returned_to_draft', actor: { id: writer.id }, target: { type: 'article', id } });

    const approval = await owner.client.post(`/api/articles/${id}/review`, { decision: 'approve' });
    expect(approval.statusCode).toBe(409);
    expect(approval.json()).toEqual({ error: STAFF_MESSAGES.notInReview });
    expect((await anonymous().get(`/api/articles/${id}`)).statusCode).toBe(404);
  });

  it('returns an article in review to draft on a PATCH too; submitted again, it is approved', async () => {
    const { editor, writer, channelId } = await newsroom(t);
    const id = await submitted(writer, channelId);
    const patched = await writer.client.patch(`/api/articles/${id}`, { content: '<p>A later thought.</p>' });
    expect(patched.json()).toMatchObject({ status: 'draft' });
    expect((await editor.client.post(`/api/articles/${id}/review`, { decision: 'approve' })).statusCode).toBe(409);

    expect((await writer.client.post(`/api/articles/${id}/submit`)).json()).toMatchObject({ status: 'in_review' });
    expect((await editor.client.post(`/api/articles/${id}/review`, { decision: 'approve' })).json()).toMatchObject({ status: 'published', content: '<p>A later thought.</p>' });
    expect(await log(t, id)).toEqual(['submitted', 'returned_to_draft', 'submitted', 'approved', 'published']);
  });
});
