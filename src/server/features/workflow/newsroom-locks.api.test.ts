import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../contract/staff.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { newsroom } from '../../../test-support/newsroom-fixtures.js';

type Person = Awaited<ReturnType<typeof signedInClient>>;

async function submitted(writer: Person, channelId: number): Promise<number> {
  const created = await writer.client.post('/api/articles', { title: 'Council story', content: '<p>The council met.</p>', channelId, status: 'draft' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  expect((await writer.client.post(`/api/articles/${id}/submit`)).json()).toMatchObject({ status: 'in_review' });
  return id;
}

function multipart(fileName: string, body: Buffer) {
  const boundary = `----broadsheet-locks-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A cover image of one's own upload, as the editor's PUT sends it. */
async function cover(person: Person) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const response = await person.client.request({ method: 'POST', url: '/api/uploads', ...multipart('cover.png', png) });
  expect(response.statusCode, response.body).toBe(201);
  return { images: [{ image_url: response.json().url as string, caption: 'The hall', alt: 'The council hall', cover: true }] };
}

async function log(t: TestApp, articleId: number) {
  const rows = await t.ctx.db.selectFrom('channel_events').select(['action', 'actor_id']).where('target_type', '=', 'article').where('target_id', '=', articleId).orderBy('id').execute();
  return rows.map((r) => r.action);
}

describe.each(testDatabases())('the newsroom’s locks on %s', (kind) => {
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

  it('lets a writer change their images only while they may change the text; the owner may change them as the text', async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const id = await submitted(writer, channelId);
    const images = (await writer.client.put(`/api/articles/${id}/images`, await cover(writer))).statusCode;
    expect(images).toBe(200);

    // Approved (published): the text is locked for the writer, and so are the images.
    expect((await editor.client.post(`/api/articles/${id}/review`, { decision: 'approve' })).statusCode).toBe(200);
    const afterApproval = await writer.client.put(`/api/articles/${id}/images`, await cover(writer));
    expect(afterApproval.statusCode).toBe(403);
    expect(afterApproval.json()).toEqual({ error: STAFF_MESSAGES.publishedLocked });
    expect((await writer.client.post(`/api/articles/${id}/images`, (await cover(writer)).images)).statusCode).toBe(403);
    // The channel's owner edits any article's text, and its images.
    const byOwner = await owner.client.put(`/api/articles/${id}/images`, await cover(owner));
    expect(byOwner.statusCode, byOwner.body).toBe(200);

    // Scheduled: locked too.
    const later = await submitted(writer, channelId);
    await t.ctx.db.updateTable('articles').set({ publish_at: Date.now() + 3_600_000 }).where('id', '=', later).execute();
    expect((await editor.client.post(`/api/articles/${later}/review`, { decision: 'approve' })).json()).toMatchObject({ status: 'scheduled' });
    expect((await writer.client.put(`/api/articles/${later}/images`, await cover(writer))).statusCode).toBe(403);

    // Off the staff: their own draft is no longer theirs to see (404), nor its images to change.
    const draft = await submitted(writer, channelId);
    const upload = await cover(writer);
    await t.ctx.db.deleteFrom('channel_staff').where('user_id', '=', writer.id).execute();
    expect((await writer.client.put(`/api/articles/${draft}/images`, upload)).statusCode).toBe(404);
    expect((await writer.client.put(`/api/articles/${id}/images`, upload)).statusCode).toBe(403);
  });

  it('keeps the private record from a writer taken off the staff: revisions, a revision and its diff answer 404 as the article does', async () => {
    const { owner, writer, channelId } = await newsroom(t);
    const id = await submitted(writer, channelId);
    // The owner takes it over privately: a revision nobody outside the newsroom reads.
    expect((await owner.client.patch(`/api/articles/${id}`, { content: '<p>The owner’s later text.</p>' })).statusCode).toBe(200);
    const numbers = ((await writer.client.get(`/api/articles/${id}/revisions`)).json().items as { number: number }[]).map((r) => r.number);
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    const latest = Math.max(...numbers);
    expect((await writer.client.get(`/api/articles/${id}/revisions/${latest}`)).json().content).toBe('<p>The owner’s later text.</p>');

    await t.ctx.db.deleteFrom('channel_staff').where('user_id', '=', writer.id).execute();
    for (const path of [`/api/articles/${id}`, `/api/articles/${id}/revisions`, `/api/articles/${id}/revisions/${latest}`, `/api/articles/${id}/revisions/${latest}/diff`]) {
      expect((await writer.client.get(path)).statusCode, path).toBe(404);
    }
    expect((await owner.client.get(`/api/articles/${id}/revisions/${latest}/diff`)).statusCode).toBe(200);
  });

  it('gives a published article’s private pending edit to those who may save it, not to its writer', async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const id = await submitted(writer, channelId);
    expect((await editor.client.post(`/api/articles/${id}/review`, { decision: 'approve' })).json()).toMatchObject({ status: 'published' });
    const baseSavedAt = (await owner.client.get(`/api/articles/${id}`)).json().savedAt as string;
    expect((await owner.client.put(`/api/articles/${id}/autosave`, { baseSavedAt, content: '<p>The owner’s unfinished rewrite.</p>' })).statusCode).toBe(200);

    expect((await owner.client.get(`/api/articles/${id}`)).json().pendingEdit).toMatchObject({ content: '<p>The owner’s unfinished rewrite.</p>' });
    const asWriter = (await writer.client.get(`/api/articles/${id}`)).json();
    expect(asWriter.content).toBe('<p>The council met.</p>');
    expect(asWriter.pendingEdit ?? null).toBeNull();
    expect(JSON.stringify(asWriter)).not.toContain('unfinished rewrite');
  });

  it('publishes or moves to drafts with the save itself, as one revision; a writer may do neither', async () => {
    const { owner, writer, channelId } = await newsroom(t);
    const created = await owner.client.post('/api/articles', { title: 'Bridge closed', content: '<p>Monday.</p>', channelId, status: 'draft' });
    const id = created.json().id as number;
    const published = await owner.client.patch(`/api/articles/${id}`, { content: '<p>Monday; buses instead.</p>', published: true });
    expect(published.json()).toMatchObject({ status: 'published', published: true, content: '<p>Monday; buses instead.</p>' });
    const record = async () => ((await owner.client.get(`/api/articles/${id}/revisions`)).json().items as { published: boolean }[]).map((r) => r.published);
    expect(await record()).toEqual([true, false]);
    expect((await owner.client.patch(`/api/articles/${id}`, { title: 'Bridge shut', published: false })).json()).toMatchObject({ status: 'draft', title: 'Bridge shut' });
    expect(await record()).toEqual([false, true, false]);
    expect(await log(t, id)).toEqual(['published', 'unpublished']);

    const own = await submitted(writer, channelId);
    expect((await writer.client.patch(`/api/articles/${own}`, { published: true })).json()).toEqual({ error: STAFF_MESSAGES.writerCannotPublish });
  });
});
