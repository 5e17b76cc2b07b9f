import { describe, expect, it } from 'vitest';
import { CORRECTION_MESSAGES, correctionDate } from '../../../contract/corrections.js';
import { REVISION_MESSAGES } from '../../../contract/revisions.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function desk(t: TestApp, prefix = 'writer') {
  const author = await signedInClient(t, prefix);
  const channel = (await author.client.post('/api/channels', { name: `Desk ${author.id}`, description: 'News' })).json() as { id: number };
  return { ...author, channelId: channel.id };
}

async function write(client: TestClient, channelId: number, fields: Record<string, unknown> = {}) {
  const response = await client.post('/api/articles', { title: 'Vote date set', content: '<p>The vote is on Monday.</p>', channelId, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string };
}

async function adminClient(t: TestApp) {
  const admin = await signedInClient(t, 'admin');
  await t.ctx.users.setAdmin(admin.username, true);
  return admin;
}

const numbers = (body: { items: { number: number }[] }) => body.items.map((i) => i.number);

describe.each(testDatabases())('the public record of an article on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('records every save, newest first, with its editor, title, state and correction', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId);
    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The vote is on Tuesday.</p>', correction: { kind: 'correction', text: 'An earlier version gave the wrong day.' } });
    await author.client.post(`/api/articles/${article.id}/toggle-status`);

    const all = (await author.client.get(`/api/articles/${article.id}/revisions`)).json();
    expect(numbers(all)).toEqual([3, 2, 1]);
    expect(all.items[1]).toEqual({
      number: 2,
      createdAt: expect.any(String),
      editor: { id: author.id, username: author.username },
      title: 'Vote date set',
      published: true,
      correction: { kind: 'correction', text: 'An earlier version gave the wrong day.' },
      redaction: null,
    });
    expect(all.items[0]).toMatchObject({ number: 3, published: false, correction: null });
    expect(all.nextCursor).toBeNull();

    const second = (await author.client.get(`/api/articles/${article.slug}-${article.id}/revisions/2`)).json();
    expect(second).toMatchObject({ number: 2, content: '<p>The vote is on Tuesday.</p>', categories: [], location: null });
  });

  it('shows the public record to anyone, and the saves before publication only to the author and admins', async () => {
    const author = await desk(t);
    const reader = await signedInClient(t, 'reader');
    const admin = await adminClient(t);
    const article = await write(author.client, author.channelId, { status: 'draft' });
    await author.client.patch(`/api/articles/${article.id}`, { title: 'Vote date set for Monday' });

    // Never published: no public record, 404 as the draft itself.
    for (const client of [anonymous(), reader.client]) {
      expect((await client.get(`/api/articles/${article.id}/revisions`)).statusCode).toBe(404);
      expect((await client.get(`/api/articles/${article.id}/revisions/1`)).statusCode).toBe(404);
      expect((await client.get(`/api/articles/${article.id}/revisions/2/diff`)).statusCode).toBe(404);
    }
    expect(numbers((await author.client.get(`/api/articles/${article.id}/revisions`)).json())).toEqual([2, 1]);
    expect(numbers((await admin.client.get(`/api/articles/${article.id}/revisions`)).json())).toEqual([2, 1]);

    await author.client.post(`/api/articles/${article.id}/toggle-status`);
    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The vote is on Monday at noon.</p>' });
    for (const client of [anonymous(), reader.client]) {
      expect(numbers((await client.get(`/api/articles/${article.id}/revisions`)).json())).toEqual([4, 3]);
      expect((await client.get(`/api/articles/${article.id}/revisions/2`)).statusCode).toBe(404);
      expect((await client.get(`/api/articles/${article.id}/revisions/2`)).json()).toEqual({ error: REVISION_MESSAGES.notFound });
      // The default diff is against the previous revision the reader may see.
      expect((await client.get(`/api/articles/${article.id}/revisions/3/diff`)).json()).toMatchObject({ from: 0, to: 3 });
      expect((await client.get(`/api/articles/${article.id}/revisions/4/diff?against=2`)).statusCode).toBe(404);
    }
    expect((await author.client.get(`/api/articles/${article.id}/revisions/3/diff`)).json()).toMatchObject({ from: 2, to: 3 });
    expect(numbers((await admin.client.get(`/api/articles/${article.id}/revisions`)).json())).toEqual([4, 3, 2, 1]);

    // Moved back to drafts: the record goes with the article, as it does for everyone else.
    await author.client.post(`/api/articles/${article.id}/toggle-status`);
    expect((await anonymous().get(`/api/articles/${article.id}/revisions`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/articles/${article.id}/revisions/99`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown article or revision and 400 for a malformed number or cursor', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId);
    expect((await anonymous().get('/api/articles/999999/revisions')).statusCode).toBe(404);
    expect((await anonymous().get(`/api/articles/${article.id}/revisions/7`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/articles/${article.id}/revisions/7/diff`)).statusCode).toBe(404);
    expect((await anonymous().get(`/api/articles/${article.id}/revisions/1/diff?against=7`)).statusCode).toBe(404);
    for (const url of [
      `/api/articles/${article.id}/revisions/0`,
      `/api/articles/${article.id}/revisions/x`,
      `/api/articles/${article.id}/revisions/99999999999`,
      `/api/articles/${article.id}/revisions?cursor=nonsense`,
      `/api/articles/${article.id}/revisions/1/diff?against=-1`,
    ]) {
      expect((await anonymous().get(url)).statusCode, url).toBe(400);
    }
  });

  it('pages a long record fifty at a time', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId);
    for (let i = 0; i < 54; i += 1) await author.client.patch(`/api/articles/${article.id}`, { content: `<p>Draft ${i}</p>` });
    const first = (await anonymous().get(`/api/articles/${article.id}/revisions`)).json();
    expect(first.items).toHaveLength(50);
    expect(first.items[0].number).toBe(55);
    const second = (await anonymous().get(`/api/articles/${article.id}/revisions?cursor=${first.nextCursor}`)).json();
    expect(numbers(second)).toEqual([5, 4, 3, 2, 1]);
    expect(second.nextCursor).toBeNull();
  });

  it('diffs word by word, keeps escaped markup escaped and leaves nothing that could run', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId, { title: 'Vote', content: '<p>The vote is on Monday &lt;script&gt;</p>' });
    await author.client.patch(`/api/articles/${article.id}`, { title: 'Vote moved', content: '<p>The vote is on <strong>Tuesday</strong> &lt;script&gt;</p>' });
    const diff = (await anonymous().get(`/api/articles/${article.id}/revisions/2/diff`)).json();
    expect(diff).toEqual({
      from: 1,
      to: 2,
      title: { before: 'Vote', after: 'Vote moved' },
      changes: [],
      html: '<p>The vote is on <del>Monday</del><strong><ins>Tuesday</ins></strong> &lt;script&gt;</p>',
    });
    // Asked the other way round, the older is still "before".
    expect((await anonymous().get(`/api/articles/${article.id}/revisions/1/diff?against=2`)).json()).toMatchObject({ from: 1, to: 2 });
  });

  it('answers the diff of two very different 200 KB revisions, bounded', async () => {
    const author = await desk(t);
    const words = (seed: number) => Array.from({ length: 2800 }, (_, i) => `<p>w${(i * seed) % 9973} x${i % 7}</p>`).join('');
    const article = await write(author.client, author.channelId, { content: words(3).slice(0, 190_000) });
    await author.client.patch(`/api/articles/${article.id}`, { content: words(7).slice(0, 190_000) });
    const response = await anonymous().get(`/api/articles/${article.id}/revisions/2/diff`);
    expect(response.statusCode).toBe(200);
    expect(response.json().html).toContain('<ins>');
  });

  it('lets the owner and admins restore a version as a new revision, and no one else', async () => {
    const author = await desk(t);
    const reader = await signedInClient(t, 'reader');
    const admin = await adminClient(t);
    const article = await write(author.client, author.channelId, { title: 'First title', content: '<p>First text.</p>' });
    await author.client.patch(`/api/articles/${article.id}`, { title: 'Second title', content: '<p>Second text.</p>' });

    expect((await anonymous().post(`/api/articles/${article.id}/revisions/1/restore`)).statusCode).toBe(401);
    const refused = await reader.client.post(`/api/articles/${article.id}/revisions/1/restore`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: REVISION_MESSAGES.restoreForbidden });

    const restored = await author.client.post(`/api/articles/${article.id}/revisions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'First title', content: '<p>First text.</p>' });
    const record = (await anonymous().get(`/api/articles/${article.id}/revisions`)).json();
    expect(record.items[0]).toMatchObject({ number: 3, title: 'First title', editor: { id: author.id } });

    const byAdmin = await admin.client.post(`/api/articles/${article.id}/revisions/2/restore`);
    expect(byAdmin.json()).toMatchObject({ title: 'Second title' });
    expect((await author.client.post(`/api/articles/${article.id}/revisions/9/restore`)).statusCode).toBe(404);
  });

  it('keeps corrections with their edit and lists them on the article, with the record’s last change', async () => {
    const author = await desk(t);
    const draft = await write(author.client, author.channelId, { status: 'draft' });
    const onDraft = await author.client.patch(`/api/articles/${draft.id}`, { content: '<p>x y</p>', correction: { kind: 'update', text: 'New figures.' } });
    expect(onDraft.statusCode).toBe(400);
    expect(onDraft.json()).toEqual({ error: CORRECTION_MESSAGES.correctionNeedsPublication });
    expect((await author.client.get(`/api/articles/${draft.id}`)).json()).toMatchObject({ corrections: [], updatedAt: null, publicRevisions: 0 });

    const article = await write(author.client, author.channelId);
    for (const correction of [{ kind: 'note', text: 'x' }, { kind: 'correction', text: '   ' }, { kind: 'correction', text: 'x'.repeat(1001) }, { kind: 'correction' }]) {
      expect((await author.client.patch(`/api/articles/${article.id}`, { correction })).statusCode).toBe(400);
    }
    const first = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect(first.corrections).toEqual([]);
    expect(first.updatedAt).toEqual(expect.any(String));
    // Only the publication so far: the page offers no history yet.
    expect(first.publicRevisions).toBe(1);

    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The vote is on Tuesday.</p>', correction: { kind: 'correction', text: 'An earlier version gave the wrong day.' } });
    await author.client.patch(`/api/articles/${article.id}`, { title: 'Vote date set again' });
    await author.client.patch(`/api/articles/${article.id}`, { correction: { kind: 'clarification', text: 'The vote is in the <b>hall</b>.' } });
    const read = (await anonymous().get(`/api/articles/${article.id}`)).json();
    expect(read.corrections).toEqual([
      { kind: 'correction', text: 'An earlier version gave the wrong day.', createdAt: expect.any(String), revision: 2 },
      { kind: 'clarification', text: 'The vote is in the <b>hall</b>.', createdAt: expect.any(String), revision: 4 },
    ]);
    const record = (await anonymous().get(`/api/articles/${article.id}/revisions`)).json();
    expect(read.updatedAt).toBe(record.items[0].createdAt);
    expect(read.publicRevisions).toBe(4);
    expect(record.items).toHaveLength(4);
  });

  it('lets an admin redact a revision with a reason, logged, and no one else', async () => {
    const author = await desk(t);
    const admin = await adminClient(t);
    const article = await write(author.client, author.channelId, { content: '<p>A libel.</p>' });
    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>Fixed.</p>' });
    const url = `/api/admin/articles/${article.id}/revisions/1/redact`;

    expect((await anonymous().post(url, { reason: 'Court order' })).statusCode).toBe(401);
    expect((await author.client.post(url, { reason: 'Court order' })).statusCode).toBe(403);
    expect((await admin.client.post(url, { reason: '  ' })).statusCode).toBe(400);
    expect((await admin.client.post(`/api/admin/articles/${article.id}/revisions/9/redact`, { reason: 'x' })).statusCode).toBe(404);

    const redacted = await admin.client.post(url, { reason: 'Court order' });
    expect(redacted.statusCode).toBe(200);
    expect(redacted.json().redaction).toEqual({ reason: 'Court order', redactedAt: expect.any(String) });
    const one = (await anonymous().get(`/api/articles/${article.id}/revisions/1`)).json();
    expect(one).toMatchObject({ content: '', redaction: { reason: 'Court order' } });
    expect((await anonymous().get(`/api/articles/${article.id}/revisions/2/diff`)).json().html).not.toContain('libel');
    expect((await author.client.post(`/api/articles/${article.id}/revisions/1/restore`)).statusCode).toBe(404);

    const audit = await t.database.db.selectFrom('admin_audit').select(['admin_user_id', 'changes']).where('entity_id', '=', article.id).execute();
    expect(audit).toEqual([{ admin_user_id: admin.id, changes: JSON.stringify({ revision: { number: 1, redacted: 'Court order' } }) }]);
  });

  it('deletes the record with the article', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId);
    await author.client.patch(`/api/articles/${article.id}`, { title: 'Again' });
    expect((await author.client.delete(`/api/articles/${article.id}`)).statusCode).toBe(204);
    const left = await t.database.db.selectFrom('article_revisions').select('number').where('article_id', '=', article.id).execute();
    expect(left).toEqual([]);
  });
});

describe.each(testDatabases())('corrections in the RSS feed on %s', (kind) => {
  const t = useTestApp(kind);

  it('adds each correction to the item’s description and dates its last change', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId);
    const before = (await new TestClient(() => t.app).get(`/channels/${author.channelId}/rss.xml`)).body;
    expect(before).toContain('<atom:updated>');
    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The vote is on Tuesday.</p>', correction: { kind: 'correction', text: 'An earlier version gave the wrong day & time.' } });
    const feed = (await new TestClient(() => t.app).get(`/channels/${author.channelId}/rss.xml`)).body;
    const record = (await new TestClient(() => t.app).get(`/api/articles/${article.id}/revisions`)).json();
    const day = correctionDate(record.items[0].createdAt);
    expect(feed).toContain(`The vote is on Tuesday.\n\nCorrection, ${day}: An earlier version gave the wrong day & time.]]></description>`);
    expect(/<atom:updated>([^<]+)<\/atom:updated>/.exec(feed)![1]).toBe(record.items[0].createdAt);
  });
});

describe.each(testDatabases())('the record for anonymous readers, cached, on %s', (kind) => {
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });

  /** Reads a URL twice anonymously: the second answer comes from the cache. */
  async function warm(url: string) {
    const anonymous = new TestClient(() => t.app);
    await anonymous.get(url);
    const again = await anonymous.get(url);
    expect(again.headers['x-cache'], url).toBe('hit');
    return again;
  }

  it('is shared, and dropped by an edit, a restore, a redaction and a deletion', async () => {
    const author = await desk(t);
    const admin = await adminClient(t);
    const article = await write(author.client, author.channelId);
    const list = `/api/articles/${article.slug}-${article.id}/revisions`;
    const one = `/api/articles/${article.id}/revisions/1`;
    const anonymous = new TestClient(() => t.app);

    await warm(list);
    await author.client.patch(`/api/articles/${article.id}`, { content: '<p>Second.</p>' });
    expect(numbers((await anonymous.get(list)).json())).toEqual([2, 1]);

    await warm(list);
    await warm(`/api/articles/${article.id}/revisions/2/diff`);
    await author.client.post(`/api/articles/${article.id}/revisions/1/restore`);
    expect(numbers((await anonymous.get(list)).json())).toEqual([3, 2, 1]);

    await warm(one);
    await admin.client.post(`/api/admin/articles/${article.id}/revisions/1/redact`, { reason: 'Court order' });
    expect((await anonymous.get(one)).json().redaction).toMatchObject({ reason: 'Court order' });

    await warm(list);
    await author.client.delete(`/api/articles/${article.id}`);
    expect((await anonymous.get(list)).statusCode).toBe(404);
  });
});

describe.each(testDatabases())('the cost of keeping the record on %s', (kind) => {
  const statements: string[] = [];
  const t = useTestApp(kind, {}, { onQuery: (text) => void statements.push(text) });

  it('is one INSERT per saved edit', async () => {
    const author = await desk(t);
    const article = await write(author.client, author.channelId);
    statements.length = 0;
    const edited = await author.client.patch(`/api/articles/${article.id}`, { content: '<p>The vote is on Tuesday.</p>' });
    expect(edited.statusCode).toBe(200);
    const inserts = statements.filter((text) => /^\s*insert\b/i.test(text));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toMatch(/article_revisions/);
  });
});
