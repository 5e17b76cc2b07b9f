import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '../../../contract/moderation.js';
import { signedInClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import { adminClient, type Person } from '../../../test-support/moderation-fixtures.js';
import { newsroom } from '../../../test-support/newsroom-fixtures.js';

const future = () => new Date(Date.now() + 3_600_000).toISOString();

/** A published article of `author`'s (published by `publisher` when the author may not). */
async function published(author: Person, channelId: number, publisher: Person = author): Promise<number> {
  const created = await author.client.post('/api/articles', { title: 'Council story', content: '<p>The council met.</p>', channelId, status: 'draft' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  expect((await publisher.client.post(`/api/articles/${id}/toggle-status`)).json()).toMatchObject({ published: true });
  return id;
}

/** A reader reports the article and `moderator` removes it. */
async function remove(t: TestApp, moderator: Person, articleId: number) {
  const reader = await signedInClient(t, 'reader');
  expect((await reader.client.post('/api/reports', { targetType: 'article', targetId: articleId, reason: 'misinformation' })).statusCode).toBe(201);
  const removed = await moderator.client.post('/api/moderation/reports/resolve', { targetType: 'article', targetId: articleId, action: 'remove', reason: 'Invented figures' });
  expect(removed.statusCode, removed.body).toBe(200);
}

/** Put in review directly, as an article already waiting there when it was removed would be. */
async function putInReview(t: TestApp, articleId: number) {
  await t.ctx.db.updateTable('articles').set({ status: 'in_review' }).where('id', '=', articleId).execute();
}

async function state(t: TestApp, articleId: number) {
  return t.ctx.db.selectFrom('articles').select(['published', 'status', 'removed_by', 'moderation_note']).where('id', '=', articleId).executeTakeFirstOrThrow();
}

describe.each(testDatabases())('a moderator’s removal on %s', (kind) => {
  const t = useTestApp(kind, { SCHEDULER_INTERVAL_MS: '10000' });

  it('keeps an article an admin removed down: its owner can neither schedule, submit, approve nor toggle it; an admin can', async () => {
    const { owner, channelId } = await newsroom(t);
    const admin = await adminClient(t);
    const id = await published(owner, channelId);
    await remove(t, admin, id);

    const refused = [
      await owner.client.patch(`/api/articles/${id}`, { publishAt: future() }),
      await owner.client.post(`/api/articles/${id}/submit`),
      await owner.client.post(`/api/articles/${id}/toggle-status`),
    ];
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ error: MODERATION_MESSAGES.republishModerated });
    }
    await putInReview(t, id);
    const approval = await owner.client.post(`/api/articles/${id}/review`, { decision: 'approve' });
    expect(approval.statusCode).toBe(403);
    expect(await state(t, id)).toMatchObject({ published: 0, status: 'in_review', removed_by: 'admin', moderation_note: 'Invented figures' });

    expect((await admin.client.post(`/api/articles/${id}/toggle-status`)).json()).toMatchObject({ published: true });
    expect(await state(t, id)).toMatchObject({ published: 1, removed_by: null, moderation_note: null });
  });

  it('keeps a writer’s article the owner removed down for the writer and the editors; the owner approves it', async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const id = await published(writer, channelId, owner);
    await remove(t, owner, id);

    const submitted = await writer.client.post(`/api/articles/${id}/submit`);
    expect(submitted.statusCode).toBe(403);
    expect(submitted.json()).toEqual({ error: MODERATION_MESSAGES.republishModerated });
    await putInReview(t, id);
    const byEditor = await editor.client.post(`/api/articles/${id}/review`, { decision: 'approve' });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json()).toEqual({ error: MODERATION_MESSAGES.republishModerated });
    expect((await editor.client.patch(`/api/articles/${id}`, { publishAt: future() })).statusCode).toBe(403);
    expect((await state(t, id)).published).toBe(0);

    const byOwner = await owner.client.post(`/api/articles/${id}/review`, { decision: 'approve' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await state(t, id)).toMatchObject({ published: 1, removed_by: null });
  });

  it('refuses an editor toggling back their own article the owner removed', async () => {
    const { owner, editor, channelId } = await newsroom(t);
    const id = await published(editor, channelId);
    await remove(t, owner, id);
    const toggled = await editor.client.post(`/api/articles/${id}/toggle-status`);
    expect(toggled.statusCode).toBe(403);
    expect(toggled.json()).toEqual({ error: MODERATION_MESSAGES.republishModerated });
    expect((await state(t, id)).published).toBe(0);
    expect((await owner.client.post(`/api/articles/${id}/toggle-status`)).json()).toMatchObject({ published: true });
  });

  it('never lets the scheduler publish a removed article; one its owner may and does schedule goes out on time', async () => {
    const { owner, channelId } = await newsroom(t);
    const admin = await adminClient(t);
    const id = await published(owner, channelId);
    await remove(t, admin, id);
    // Scheduled before the rule held (or in a race with the removal): its time comes, it stays down.
    await t.ctx.db.updateTable('articles').set({ status: 'scheduled', publish_at: Date.now() - 1000 }).where('id', '=', id).execute();
    expect(await t.ctx.scheduler.run()).toBe(0);
    expect(await state(t, id)).toMatchObject({ published: 0, removed_by: 'admin', moderation_note: 'Invented figures' });

    const own = await published(owner, channelId);
    await remove(t, owner, own);
    const scheduled = await owner.client.patch(`/api/articles/${own}`, { publishAt: future() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await t.ctx.db.updateTable('articles').set({ publish_at: Date.now() - 1000 }).where('id', '=', own).execute();
    expect(await t.ctx.scheduler.run()).toBe(1);
    expect(await state(t, own)).toMatchObject({ published: 1, removed_by: null });
    expect((await state(t, id)).published).toBe(0);
  });

  it('shows a removed article with its reason to admins and the channel’s owner; others on the staff read it without, readers not at all', async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const admin = await adminClient(t);
    const id = await published(writer, channelId, owner);
    await remove(t, admin, id);

    for (const person of [admin, owner, writer]) {
      const read = await person.client.get(`/api/articles/${id}`);
      expect(read.statusCode, person.username).toBe(200);
      expect(read.json()).toMatchObject({ id, status: 'draft', moderationNote: 'Invented figures' });
    }
    expect((await editor.client.get(`/api/articles/${id}`)).json().moderationNote).toBeNull();
    const reader = await signedInClient(t, 'passerby');
    expect((await reader.client.get(`/api/articles/${id}`)).statusCode).toBe(404);
    // A draft nobody removed stays the newsroom's own.
    const draft = await owner.client.post('/api/articles', { title: 'Not yet', content: '<p>Soon.</p>', channelId, status: 'draft' });
    expect((await admin.client.get(`/api/articles/${draft.json().id}`)).statusCode).toBe(404);
  });
});
