import { describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '../../../contract/articles.js';
import { STAFF_MESSAGES } from '../../../contract/staff.js';
import { buildApp, createContext } from '../../app.js';
import { signedInClient, testConfig, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

type Client = Awaited<ReturnType<typeof signedInClient>>;

const HOUR = 3_600_000;
const future = (ms = HOUR) => new Date(Date.now() + ms).toISOString();

/** A channel with an owner, an editor and a writer (staff rows written directly: the staff routes are another feature's). */
async function newsroom(t: TestApp) {
  const owner = await signedInClient(t, 'owner');
  const editor = await signedInClient(t, 'editor');
  const writer = await signedInClient(t, 'writer');
  const outsider = await signedInClient(t, 'outsider');
  const created = await owner.client.post('/api/channels', { name: `Desk ${owner.id}`, description: 'A newsroom' });
  expect(created.statusCode).toBe(201);
  const channelId = created.json().id as number;
  await addStaff(t, channelId, editor.id, 'editor');
  await addStaff(t, channelId, writer.id, 'writer');
  return { owner, editor, writer, outsider, channelId };
}

async function addStaff(t: TestApp, channelId: number, userId: number, role: 'editor' | 'writer') {
  await t.ctx.db.insertInto('channel_staff').values({ channel_id: channelId, user_id: userId, role, created_at: Date.now() }).execute();
}

async function file(client: Client, channelId: number, fields: Record<string, unknown> = {}) {
  const response = await client.client.post('/api/articles', { title: 'Council story', content: '<p>The council met.</p>', channelId, ...fields });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; slug: string; status: string; published: boolean; publishAt: string | null; createdAt: string; reviewNote: string | null };
}

async function logActions(t: TestApp, channelId: number, articleId: number) {
  const rows = await t.ctx.db
    .selectFrom('channel_events')
    .select(['action', 'detail'])
    .where('channel_id', '=', channelId)
    .where('target_id', '=', articleId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** Moves a scheduled article's time into the past, as if its minute had come. */
async function makeDue(t: TestApp, articleId: number, msAgo = 1000) {
  await t.ctx.db.updateTable('articles').set({ publish_at: Date.now() - msAgo }).where('id', '=', articleId).execute();
}

async function confirmEmail(t: TestApp, user: Client) {
  const email = `${user.username}@example.com`;
  await t.ctx.db.updateTable('users').set({ email, email_key: email.toLowerCase() }).where('id', '=', user.id).execute();
}

describe.each(testDatabases())('the newsroom on %s', (kind) => {
  // A long period: these tests drive the scheduler themselves (its start-up pass still runs).
  const t = useTestApp(kind, { SCHEDULER_INTERVAL_MS: '10000' });
  const anonymous = () => new TestClient(() => t.app);

  it('lets a writer file drafts only, and refuses their publishing or scheduling', async () => {
    const { writer, channelId } = await newsroom(t);
    const draft = await file(writer, channelId);
    expect(draft).toMatchObject({ status: 'draft', published: false, publishAt: null, reviewNote: null });

    for (const fields of [{ published: true }, { status: 'published' }, { publishAt: future() }]) {
      const refused = await writer.client.post('/api/articles', { title: 'Scoop', content: '<p>Text</p>', channelId, ...fields });
      expect(refused.statusCode, JSON.stringify(fields)).toBe(403);
      expect(refused.json()).toEqual({ error: STAFF_MESSAGES.writerCannotPublish });
    }
    const toggle = await writer.client.post(`/api/articles/${draft.id}/toggle-status`);
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json()).toEqual({ error: STAFF_MESSAGES.writerCannotPublish });
    const schedule = await writer.client.patch(`/api/articles/${draft.id}`, { publishAt: future() });
    expect(schedule.statusCode).toBe(403);
    expect((await writer.client.get(`/api/articles/${draft.id}`)).json().status).toBe('draft');
  });

  it("keeps a writer to their own articles, and off them once published or scheduled", async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const other = await signedInClient(t, 'writer2');
    await addStaff(t, channelId, other.id, 'writer');
    const theirs = await file(other, channelId);

    // Staff read the channel's unpublished articles, but a writer changes only their own.
    expect((await writer.client.get(`/api/articles/${theirs.id}`)).statusCode).toBe(200);
    const edit = await writer.client.patch(`/api/articles/${theirs.id}`, { title: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ error: STAFF_MESSAGES.notYourArticle });
    expect((await writer.client.delete(`/api/articles/${theirs.id}`)).statusCode).toBe(403);
    expect((await writer.client.put(`/api/articles/${theirs.id}/autosave`, { title: 'Mine now', baseSavedAt: new Date().toISOString() })).statusCode).toBe(403);
    expect((await writer.client.post(`/api/articles/${theirs.id}/submit`)).json()).toEqual({ error: STAFF_MESSAGES.onlyAuthorSubmits });

    const own = await file(writer, channelId);
    expect((await writer.client.patch(`/api/articles/${own.id}`, { title: 'Revised' })).statusCode).toBe(200);
    expect((await writer.client.post(`/api/articles/${own.id}/submit`)).json().status).toBe('in_review');
    expect((await writer.client.patch(`/api/articles/${own.id}`, { title: 'Revised in review' })).statusCode).toBe(200);

    // Published by an editor: locked for the writer, open to the editor and the owner.
    expect((await editor.client.post(`/api/articles/${own.id}/toggle-status`)).json()).toEqual({ published: true, status: 'published' });
    const locked = await writer.client.patch(`/api/articles/${own.id}`, { title: 'After publication' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ error: STAFF_MESSAGES.publishedLocked });
    expect((await writer.client.delete(`/api/articles/${own.id}`)).statusCode).toBe(403);
    expect((await editor.client.patch(`/api/articles/${own.id}`, { title: 'Edited by the desk' })).statusCode).toBe(200);
    expect((await owner.client.patch(`/api/articles/${own.id}`, { title: 'Edited by the owner' })).statusCode).toBe(200);

    // Scheduled: locked for the writer too.
    const next = await file(writer, channelId);
    expect((await editor.client.patch(`/api/articles/${next.id}`, { publishAt: future() })).json().status).toBe('scheduled');
    expect((await writer.client.patch(`/api/articles/${next.id}`, { title: 'Sneaky' })).json()).toEqual({ error: STAFF_MESSAGES.publishedLocked });

    // Editors delete any article of the channel.
    expect((await editor.client.delete(`/api/articles/${theirs.id}`)).statusCode).toBe(204);
    expect(await logActions(t, channelId, theirs.id)).toEqual(['deleted']);
  });

  it('lets editors and the owner create, publish, schedule and delete any article of the channel', async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const byEditor = await file(editor, channelId);
    expect(byEditor).toMatchObject({ status: 'published', published: true });
    const scheduled = await file(editor, channelId, { publishAt: future() });
    expect(scheduled.status).toBe('scheduled');
    const draft = await file(writer, channelId);
    expect((await owner.client.post(`/api/articles/${draft.id}/toggle-status`)).json()).toEqual({ published: true, status: 'published' });
    expect((await owner.client.post(`/api/articles/${draft.id}/toggle-status`)).json()).toEqual({ published: false, status: 'draft' });
    expect((await owner.client.delete(`/api/articles/${byEditor.id}`)).statusCode).toBe(204);
    expect(await logActions(t, channelId, draft.id)).toEqual(['published', 'unpublished']);
  });

  it('hides the channel’s unpublished articles from outsiders and from a removed writer, their own included', async () => {
    const { writer, outsider, channelId } = await newsroom(t);
    const own = await file(writer, channelId);
    const notFound = { error: ARTICLE_MESSAGES.notFound };
    expect((await outsider.client.get(`/api/articles/${own.id}`)).statusCode).toBe(404);
    expect((await outsider.client.patch(`/api/articles/${own.id}`, { title: 'x' })).json()).toEqual(notFound);
    expect((await outsider.client.post(`/api/articles/${own.id}/toggle-status`)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/articles/${own.id}/submit`)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/articles/${own.id}/review`, { decision: 'approve' })).statusCode).toBe(404);
    expect((await outsider.client.get(`/api/channels/${channelId}/article-rows?status=drafts`)).statusCode).toBe(403);
    const refusedCreate = await outsider.client.post('/api/articles', { title: 't', content: '<p>c</p>', channelId });
    expect(refusedCreate.json()).toEqual({ error: ARTICLE_MESSAGES.channelNotOwned });

    await t.ctx.db.deleteFrom('channel_staff').where('user_id', '=', writer.id).where('channel_id', '=', channelId).execute();
    expect((await writer.client.get(`/api/articles/${own.id}`)).statusCode).toBe(404);
    expect((await writer.client.patch(`/api/articles/${own.id}`, { title: 'Still mine?' })).statusCode).toBe(404);
    expect((await writer.client.delete(`/api/articles/${own.id}`)).statusCode).toBe(404);
    expect((await writer.client.get(`/api/channels/${channelId}/queue`)).statusCode).toBe(404);
    // The article stays, with the channel.
    expect(await t.ctx.db.selectFrom('articles').select('id').where('id', '=', own.id).executeTakeFirst()).toBeDefined();
  });

  it('submits for review, and reviews: request changes with a note, approve to publish', async () => {
    const { owner, editor, writer, outsider, channelId } = await newsroom(t);
    await Promise.all([confirmEmail(t, owner), confirmEmail(t, editor), confirmEmail(t, writer)]);
    const draft = await file(writer, channelId);

    expect((await writer.client.post(`/api/articles/${draft.id}/review`, { decision: 'approve' })).statusCode).toBe(403);
    const notInReview = await editor.client.post(`/api/articles/${draft.id}/review`, { decision: 'approve' });
    expect(notInReview.statusCode).toBe(409);
    expect(notInReview.json()).toEqual({ error: STAFF_MESSAGES.notInReview });

    const submitted = await writer.client.post(`/api/articles/${draft.id}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().status).toBe('in_review');
    const again = await writer.client.post(`/api/articles/${draft.id}/submit`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: STAFF_MESSAGES.notSubmittable });
    // The owner and the editor are told, by email through the outbox.
    const submittedMail = await t.ctx.db.selectFrom('email_outbox').select('user_id').where('kind', '=', 'review').where('article_id', '=', draft.id).execute();
    expect(submittedMail.map((r) => r.user_id).sort()).toEqual([owner.id, editor.id].sort());

    expect((await writer.client.post(`/api/articles/${draft.id}/review`, { decision: 'approve' })).json()).toEqual({ error: STAFF_MESSAGES.editorsOnly });
    const noNote = await editor.client.post(`/api/articles/${draft.id}/review`, { decision: 'request_changes' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toEqual({ error: STAFF_MESSAGES.noteRequired });
    expect((await editor.client.post(`/api/articles/${draft.id}/review`, { decision: 'maybe' })).statusCode).toBe(400);

    const changes = await editor.client.post(`/api/articles/${draft.id}/review`, { decision: 'request_changes', note: 'Name your source.' });
    expect(changes.json()).toMatchObject({ status: 'draft', reviewNote: 'Name your source.' });
    // The author and the staff read the note; nobody else does (and outsiders cannot read the draft at all).
    expect((await writer.client.get(`/api/articles/${draft.id}`)).json().reviewNote).toBe('Name your source.');
    expect((await owner.client.get(`/api/articles/${draft.id}`)).json().reviewNote).toBe('Name your source.');
    expect((await outsider.client.get(`/api/articles/${draft.id}`)).statusCode).toBe(404);
    const toAuthor = await t.ctx.db.selectFrom('email_outbox').select(['user_id', 'payload']).where('kind', '=', 'review').where('user_id', '=', writer.id).execute();
    expect(toAuthor).toHaveLength(1);
    expect(JSON.parse(toAuthor[0]!.payload!)).toMatchObject({ type: 'changes_requested', note: 'Name your source.' });

    // Revised and submitted again: the note is done with; approval publishes it now.
    await writer.client.patch(`/api/articles/${draft.id}`, { content: '<p>The council met, said the clerk.</p>' });
    expect((await writer.client.post(`/api/articles/${draft.id}/submit`)).json()).toMatchObject({ status: 'in_review', reviewNote: null });
    const before = Date.now();
    const approved = await owner.client.post(`/api/articles/${draft.id}/review`, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'published', published: true, reviewNote: null });
    // Its first publication is its Published date.
    expect(Date.parse(approved.json().createdAt)).toBeGreaterThanOrEqual(before);
    expect((await anonymous().get(`/api/articles/${draft.id}`)).statusCode).toBe(200);
    expect(await logActions(t, channelId, draft.id)).toEqual(['submitted', 'changes_requested', 'submitted', 'approved', 'published']);
    const publishRows = await t.ctx.db.selectFrom('email_outbox').select('id').where('kind', '=', 'publish').where('article_id', '=', draft.id).execute();
    expect(publishRows).toHaveLength(1);
  });

  it('approving an article that has a future publishAt schedules it', async () => {
    const { editor, writer, channelId } = await newsroom(t);
    const draft = await file(writer, channelId);
    await writer.client.post(`/api/articles/${draft.id}/submit`);
    const at = future(2 * HOUR);
    await t.ctx.db.updateTable('articles').set({ publish_at: Date.parse(at) }).where('id', '=', draft.id).execute();
    const approved = await editor.client.post(`/api/articles/${draft.id}/review`, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'scheduled', published: false, publishAt: at });
  });

  it('publishes now an article in review or scheduled when an editor toggles it', async () => {
    const { editor, writer, channelId } = await newsroom(t);
    const inReview = await file(writer, channelId);
    await writer.client.post(`/api/articles/${inReview.id}/submit`);
    expect((await editor.client.post(`/api/articles/${inReview.id}/toggle-status`)).json()).toEqual({ published: true, status: 'published' });
    const scheduled = await file(editor, channelId, { publishAt: future() });
    expect((await editor.client.post(`/api/articles/${scheduled.id}/toggle-status`)).json()).toEqual({ published: true, status: 'published' });
    const read = (await anonymous().get(`/api/articles/${scheduled.id}`)).json();
    expect(read).toMatchObject({ status: 'published', publishAt: null });
  });

  it('dates a first publication at that moment; a later one keeps the date', async () => {
    const { owner, channelId } = await newsroom(t);
    const draft = await file(owner, channelId, { published: false });
    await t.ctx.db.updateTable('articles').set({ created_at: Date.now() - 10 * HOUR }).where('id', '=', draft.id).execute();
    const before = Date.now();
    await owner.client.post(`/api/articles/${draft.id}/toggle-status`);
    const first = (await owner.client.get(`/api/articles/${draft.id}`)).json().createdAt as string;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before);
    await owner.client.post(`/api/articles/${draft.id}/toggle-status`);
    await owner.client.post(`/api/articles/${draft.id}/toggle-status`);
    expect((await owner.client.get(`/api/articles/${draft.id}`)).json().createdAt).toBe(first);
  });

  it('validates publishAt: future, at most a year ahead, never on a published article; null unschedules', async () => {
    const { owner, channelId } = await newsroom(t);
    const past = await owner.client.post('/api/articles', { title: 't', content: '<p>c</p>', channelId, publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: STAFF_MESSAGES.publishAtPast });
    const far = await owner.client.post('/api/articles', { title: 't', content: '<p>c</p>', channelId, publishAt: future(366 * 24 * HOUR) });
    expect(far.json()).toEqual({ error: STAFF_MESSAGES.publishAtTooFar });
    expect((await owner.client.post('/api/articles', { title: 't', content: '<p>c</p>', channelId, publishAt: 'tomorrow' })).statusCode).toBe(400);

    // A time wins over published: false in the same request.
    const at = future();
    const scheduled = await file(owner, channelId, { published: false, publishAt: at });
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: at, published: false });
    const later = future(3 * HOUR);
    expect((await owner.client.patch(`/api/articles/${scheduled.id}`, { publishAt: later })).json()).toMatchObject({ status: 'scheduled', publishAt: later });
    expect((await owner.client.patch(`/api/articles/${scheduled.id}`, { publishAt: null })).json()).toMatchObject({ status: 'draft', publishAt: null });
    expect(await logActions(t, channelId, scheduled.id)).toEqual(['scheduled', 'scheduled', 'unscheduled']);

    const published = await file(owner, channelId);
    const onPublished = await owner.client.patch(`/api/articles/${published.id}`, { publishAt: future() });
    expect(onPublished.statusCode).toBe(400);
    expect(onPublished.json()).toEqual({ error: STAFF_MESSAGES.publishAtPublished });
  });

  it('keeps a scheduled article invisible like a draft until its time, then publishes it once, dated at its time', async () => {
    const { owner, editor, channelId } = await newsroom(t);
    const word = `zebrafinch${kind}${Date.now()}`;
    const scheduled = await file(editor, channelId, { title: `Embargoed ${word}`, content: `<p>Embargoed ${word} text</p>`, publishAt: future() });
    const countOf = async () => (await anonymous().get(`/api/channels/${channelId}`)).json().articleCount as number;

    expect((await anonymous().get(`/api/articles/${scheduled.id}`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/articles/${scheduled.slug}-${scheduled.id}`)).statusCode).toBe(404);
    const feedIds = ((await anonymous().get(`/api/articles?channels=${channelId}`)).json().items as { id: number }[]).map((a) => a.id);
    expect(feedIds).not.toContain(scheduled.id);
    expect((await anonymous().get(`/api/articles?q=${word}`)).json().items).toEqual([]);
    expect((await anonymous().get(`/channels/${channelId}/rss.xml`)).body).not.toContain(word);
    expect((await anonymous().get('/rss.xml')).body).not.toContain(word);
    const authorPage = await anonymous().get(`/api/users/${editor.id}/articles`);
    expect(authorPage.statusCode).toBe(200);
    expect(authorPage.body).not.toContain(word);
    const articlePath = `/articles/${scheduled.slug}-${scheduled.id}`;
    expect((await anonymous().get('/sitemap.xml')).body).not.toContain(articlePath);
    expect(await countOf()).toBe(0);
    // Staff see it in the Drafts tab with its status and time, and in the queue.
    const drafts = (await owner.client.get(`/api/channels/${channelId}/article-rows?status=drafts`)).json();
    expect(drafts.items).toEqual([expect.objectContaining({ id: scheduled.id, status: 'scheduled', publishAt: scheduled.publishAt, author: { id: editor.id, username: editor.username } })]);

    // Its time comes: one pass of the scheduler publishes it, and a second finds nothing.
    await makeDue(t, scheduled.id, 5000);
    const dueAt = (await t.ctx.db.selectFrom('articles').select('publish_at').where('id', '=', scheduled.id).executeTakeFirstOrThrow()).publish_at;
    await t.ctx.scheduler.run();
    expect(await t.ctx.scheduler.run()).toBe(0);
    const published = (await anonymous().get(`/api/articles/${scheduled.id}`)).json();
    expect(published).toMatchObject({ status: 'published', published: true, publishAt: null });
    expect(published.createdAt).toBe(new Date(Number(dueAt)).toISOString());
    expect((await anonymous().get(`/api/articles?q=${word}`)).json().items.map((a: { id: number }) => a.id)).toEqual([scheduled.id]);
    expect((await anonymous().get(`/channels/${channelId}/rss.xml`)).body).toContain(word);
    expect((await anonymous().get(`/api/users/${editor.id}/articles`)).body).toContain(word);
    expect((await anonymous().get('/sitemap.xml')).body).toContain(articlePath);
    expect(await countOf()).toBe(1);
    const publishRows = await t.ctx.db.selectFrom('email_outbox').select('id').where('kind', '=', 'publish').where('article_id', '=', scheduled.id).execute();
    expect(publishRows).toHaveLength(1);
    expect(await logActions(t, channelId, scheduled.id)).toEqual(['scheduled', 'published_on_schedule']);
    const actor = await t.ctx.db.selectFrom('channel_events').select('actor_id').where('target_id', '=', scheduled.id).where('action', '=', 'published_on_schedule').executeTakeFirstOrThrow();
    expect(actor.actor_id).toBe(editor.id);
  });

  it('holds a scheduled article of a suspended author until the suspension ends', async () => {
    const { owner, channelId } = await newsroom(t);
    const scheduled = await file(owner, channelId, { publishAt: future() });
    await makeDue(t, scheduled.id);
    await t.ctx.db.updateTable('users').set({ suspended_at: Date.now(), suspended_until: null }).where('id', '=', owner.id).execute();
    await t.ctx.scheduler.run();
    expect((await t.ctx.db.selectFrom('articles').select('status').where('id', '=', scheduled.id).executeTakeFirstOrThrow()).status).toBe('scheduled');
    await t.ctx.db.updateTable('users').set({ suspended_at: null }).where('id', '=', owner.id).execute();
    await t.ctx.scheduler.run();
    expect((await t.ctx.db.selectFrom('articles').select('status').where('id', '=', scheduled.id).executeTakeFirstOrThrow()).status).toBe('published');
  });

  it('publishes at start-up an article whose time passed while the server was down', async () => {
    const { editor, channelId } = await newsroom(t);
    const scheduled = await file(editor, channelId, { publishAt: future() });
    await makeDue(t, scheduled.id, 60_000);
    // A fresh app on the same database: its start-up pass catches up.
    const config = testConfig({ SCHEDULER_INTERVAL_MS: '10000' });
    const fresh = await buildApp(config, { database: t.database, context: createContext(config, t.database), logger: false });
    try {
      await fresh.ready();
      let status = '';
      for (let i = 0; i < 100 && status !== 'published'; i++) {
        status = (await t.ctx.db.selectFrom('articles').select('status').where('id', '=', scheduled.id).executeTakeFirstOrThrow()).status;
        if (status !== 'published') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe('published');
    } finally {
      await fresh.close();
    }
  });

  it('answers the queue to the owner and all staff: scheduled by time, then in review', async () => {
    const { owner, editor, writer, outsider, channelId } = await newsroom(t);
    const inReview = await file(writer, channelId, { title: 'For review' });
    await writer.client.post(`/api/articles/${inReview.id}/submit`);
    const later = await file(editor, channelId, { title: 'Later', publishAt: future(2 * HOUR) });
    const sooner = await file(editor, channelId, { title: 'Sooner', publishAt: future(HOUR) });
    await file(writer, channelId, { title: 'Plain draft' });

    for (const who of [owner, editor, writer]) {
      const queue = await who.client.get(`/api/channels/${channelId}/queue`);
      expect(queue.statusCode).toBe(200);
      expect(queue.json().map((q: { id: number }) => q.id)).toEqual([sooner.id, later.id, inReview.id]);
    }
    const item = (await owner.client.get(`/api/channels/${channelId}/queue`)).json()[2];
    expect(item).toMatchObject({ status: 'in_review', author: { id: writer.id, username: writer.username }, publishAt: null, reviewNote: null });
    expect((await outsider.client.get(`/api/channels/${channelId}/queue`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/channels/${channelId}/queue`)).statusCode).toBe(401);
    expect((await owner.client.get('/api/channels/999999/queue')).statusCode).toBe(404);
  });

  it("lists drafts, in-review and scheduled articles on the channel's Drafts tab for all staff", async () => {
    const { owner, editor, writer, channelId } = await newsroom(t);
    const draft = await file(writer, channelId);
    const inReview = await file(writer, channelId);
    await writer.client.post(`/api/articles/${inReview.id}/submit`);
    const scheduled = await file(editor, channelId, { publishAt: future() });
    const published = await file(owner, channelId);
    for (const who of [owner, editor, writer]) {
      const rows = (await who.client.get(`/api/channels/${channelId}/article-rows?status=drafts`)).json();
      expect(rows.total).toBe(3);
      expect(Object.fromEntries(rows.items.map((r: { id: number; status: string }) => [r.id, r.status]))).toEqual({
        [draft.id]: 'draft',
        [inReview.id]: 'in_review',
        [scheduled.id]: 'scheduled',
      });
    }
    const publishedRows = (await anonymous().get(`/api/channels/${channelId}/article-rows`)).json();
    expect(publishedRows.items).toEqual([expect.objectContaining({ id: published.id, status: 'published', publishAt: null, author: { id: owner.id, username: owner.username } })]);
  });
});
