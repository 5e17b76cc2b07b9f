import { describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES, AUTOSAVE_MESSAGES } from '../../../contract/articles.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function desk(t: TestApp, prefix = 'writer') {
  const author = await signedInClient(t, prefix);
  const channel = (await author.client.post('/api/channels', { name: `Desk ${author.id}`, description: 'News' })).json() as { id: number };
  return { ...author, channelId: channel.id };
}

async function publish(client: TestClient, channelId: number, fields: Record<string, unknown> = {}) {
  const response = await client.post('/api/articles', { title: 'Harbour wall repaired', content: '<p>The harbour wall is whole again.</p>', channelId, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string; savedAt: string };
}

/** Every cache tag a write drops while `work` runs. */
async function tagsDroppedBy(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const dropped: string[] = [];
  const stop = t.ctx.invalidation.subscribe((tags) => dropped.push(...tags));
  try {
    await work();
  } finally {
    stop?.();
  }
  return dropped;
}

const revisionCount = async (client: TestClient, id: number) => ((await client.get(`/api/articles/${id}/revisions`)).json() as { items: unknown[] }).items.length;

describe.each(testDatabases())('drafts on the server on %s', (kind) => {
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });
  const anonymous = () => new TestClient(() => t.app);

  it("creates a new article as a private draft on its first autosave, and keeps the text typed before any title", async () => {
    const writer = await desk(t);
    let created: { id: number; slug: string; savedAt: string } | undefined;
    const dropped = await tagsDroppedBy(t, async () => {
      const response = await writer.client.post('/api/articles/autosave', { channelId: writer.channelId, content: '<p>Half a sentence about the</p>' });
      expect(response.statusCode, response.body).toBe(201);
      created = response.json();
    });
    expect(dropped).toEqual([]);
    expect(created).toEqual({ id: expect.any(Number), slug: 'untitled', savedAt: expect.any(String) });
    const draft = (await writer.client.get(`/api/articles/${created!.id}`)).json();
    expect(draft).toMatchObject({ status: 'draft', title: '', content: '<p>Half a sentence about the</p>', savedAt: created!.savedAt, pendingEdit: null });
    expect((await anonymous().get(`/api/articles/${created!.id}`)).statusCode).toBe(404);
    expect(await revisionCount(writer.client, created!.id)).toBe(0);

    // The title arrives later; clearing it again keeps the text and the address.
    const titled = await writer.client.put(`/api/articles/${created!.id}/autosave`, { baseSavedAt: created!.savedAt, title: 'Ferry timetable changes' });
    expect(titled.statusCode, titled.body).toBe(200);
    const cleared = await writer.client.put(`/api/articles/${created!.id}/autosave`, { baseSavedAt: titled.json().savedAt, title: '   ' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = (await writer.client.get(`/api/articles/${created!.id}`)).json();
    expect(after).toMatchObject({ title: '', slug: 'ferry-timetable-changes', content: '<p>Half a sentence about the</p>', savedAt: cleared.json().savedAt });
    expect(await revisionCount(writer.client, created!.id)).toBe(0);

    // Publishing needs what a Save needs.
    const refused = await writer.client.post(`/api/articles/${created!.id}/toggle-status`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: AUTOSAVE_MESSAGES.publishNeedsTitle });
    expect((await writer.client.get(`/api/articles/${created!.id}`)).json().status).toBe('draft');
  });

  it("keeps a published article's autosave private: readers, feeds, search, RSS and cached pages do not change, and no cache is dropped", async () => {
    const writer = await desk(t);
    const article = await publish(writer.client, writer.channelId);
    const page = `/articles/${article.slug}-${article.id}`;
    await anonymous().get(`/api/articles/${article.id}`);
    await anonymous().get(`/api/articles?scope=all&channels=${writer.channelId}`);

    const dropped = await tagsDroppedBy(t, async () => {
      const saved = await writer.client.put(`/api/articles/${article.id}/autosave`, {
        baseSavedAt: article.savedAt,
        title: 'Embargoed rewrite',
        content: '<p>Quarantined wording nobody may read yet.</p>',
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expect(dropped).toEqual([]);

    const read = await anonymous().get(`/api/articles/${article.id}`);
    expect(read.headers['x-cache']).toBe('hit');
    expect(read.json()).toMatchObject({ title: 'Harbour wall repaired', content: '<p>The harbour wall is whole again.</p>', savedAt: null, pendingEdit: null });
    const reader = await signedInClient(t, 'reader');
    expect((await reader.client.get(`/api/articles/${article.id}`)).json()).toMatchObject({ title: 'Harbour wall repaired', savedAt: null, pendingEdit: null });
    const feed = (await anonymous().get(`/api/articles?scope=all&channels=${writer.channelId}`)).json();
    expect(feed.items.map((a: { title: string }) => a.title)).toEqual(['Harbour wall repaired']);
    expect((await anonymous().get(`/api/articles?scope=all&q=Quarantined`)).json().items).toEqual([]);
    const rss = (await anonymous().get(`/channels/${writer.channelId}/rss.xml`)).body;
    expect(rss).toContain('Harbour wall repaired');
    expect(rss).not.toMatch(/Embargoed|Quarantined/);
    expect((await anonymous().get(page)).body).not.toMatch(/Embargoed|Quarantined/);

    // Its writer gets the pending edit beside the live text.
    const own = (await writer.client.get(`/api/articles/${article.id}`)).json();
    expect(own).toMatchObject({
      title: 'Harbour wall repaired',
      pendingEdit: { title: 'Embargoed rewrite', content: '<p>Quarantined wording nobody may read yet.</p>', categories: [], location_name: null },
    });
    expect(own.pendingEdit.savedAt).toBe(own.savedAt);
    expect(await revisionCount(writer.client, article.id)).toBe(1);
  });

  it('applies the pending edit with Save as one revision of the public record, and clears it', async () => {
    const writer = await desk(t);
    const article = await publish(writer.client, writer.channelId);
    let base = article.savedAt;
    for (const content of ['<p>The wall</p>', '<p>The wall is</p>', '<p>The wall is whole, says the council.</p>']) {
      const saved = await writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: base, content });
      expect(saved.statusCode, saved.body).toBe(200);
      base = saved.json().savedAt;
    }
    expect(await revisionCount(writer.client, article.id)).toBe(1);

    const pending = (await writer.client.get(`/api/articles/${article.id}`)).json().pendingEdit;
    const dropped = await tagsDroppedBy(t, async () => {
      const saved = await writer.client.patch(`/api/articles/${article.id}`, { title: pending.title, content: pending.content, baseSavedAt: base });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ content: '<p>The wall is whole, says the council.</p>', pendingEdit: null });
      expect(Date.parse(saved.json().savedAt)).toBeGreaterThan(Date.parse(base));
    });
    expect(dropped).toContain(`article-${article.id}`);
    expect(await revisionCount(writer.client, article.id)).toBe(2);
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().content).toBe('<p>The wall is whole, says the council.</p>');
  });

  it("answers 409 with the newer save's time to an autosave or an edit made from an older version, and keeps the newer text", async () => {
    const writer = await desk(t);
    const article = await publish(writer.client, writer.channelId, { status: 'draft' });
    const first = await writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: article.savedAt, content: '<p>Typed in the first tab</p>' });
    expect(first.statusCode).toBe(200);
    const newer = first.json().savedAt;

    const second = await writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: article.savedAt, content: '<p>Typed in the second tab</p>' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: AUTOSAVE_MESSAGES.conflict, savedAt: newer });
    const edit = await writer.client.patch(`/api/articles/${article.id}`, { content: '<p>Saved from the second tab</p>', baseSavedAt: article.savedAt });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ error: AUTOSAVE_MESSAGES.conflict, savedAt: newer });
    expect((await writer.client.get(`/api/articles/${article.id}`)).json()).toMatchObject({ content: '<p>Typed in the first tab</p>', savedAt: newer });

    // Two saves made from the same version at the same moment: exactly one wins.
    const both = await Promise.all(
      ['<p>Left</p>', '<p>Right</p>'].map((content) => writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: newer, content })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    // A plain edit without baseSavedAt still saves, and moves the clock on.
    const plain = await writer.client.patch(`/api/articles/${article.id}`, { content: '<p>Overwritten on purpose</p>' });
    expect(plain.statusCode).toBe(200);
    const late = await writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: newer, content: '<p>Late</p>' });
    expect(late.statusCode).toBe(409);
  });

  it('discards a pending edit and keeps the live text; a save made before the discard is a conflict', async () => {
    const writer = await desk(t);
    const article = await publish(writer.client, writer.channelId);
    const saved = await writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: article.savedAt, title: 'A rewrite I regret' });
    const dropped = await tagsDroppedBy(t, async () => {
      const discarded = await writer.client.delete(`/api/articles/${article.id}/autosave`);
      expect(discarded.statusCode).toBe(200);
      expect(Date.parse(discarded.json().savedAt)).toBeGreaterThan(Date.parse(saved.json().savedAt));
    });
    expect(dropped).toEqual([]);
    expect((await writer.client.get(`/api/articles/${article.id}`)).json()).toMatchObject({ title: 'Harbour wall repaired', pendingEdit: null });
    const stale = await writer.client.put(`/api/articles/${article.id}/autosave`, { baseSavedAt: saved.json().savedAt, title: 'Again' });
    expect(stale.statusCode).toBe(409);
  });

  it("refuses another user's autosave as the article's other routes do, and bad input with a readable message, changing nothing", async () => {
    const writer = await desk(t);
    const other = await desk(t, 'other');
    const published = await publish(writer.client, writer.channelId);
    const draft = await publish(writer.client, writer.channelId, { status: 'draft', title: 'Quiet draft' });
    const body = { baseSavedAt: '2100-01-01T00:00:00.000Z', title: 'Hijacked' };

    expect((await other.client.put(`/api/articles/${draft.id}/autosave`, body)).statusCode).toBe(404);
    const foreign = await other.client.put(`/api/articles/${published.id}/autosave`, body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: ARTICLE_MESSAGES.notOwner });
    expect((await other.client.delete(`/api/articles/${published.id}/autosave`)).statusCode).toBe(403);
    expect((await anonymous().put(`/api/articles/${published.id}/autosave`, body)).statusCode).toBe(401);
    expect((await other.client.post('/api/articles/autosave', { channelId: writer.channelId, title: 'Mine now' })).statusCode).toBe(403);
    expect((await anonymous().post('/api/articles/autosave', { channelId: writer.channelId, title: 'x' })).json()).toEqual({ error: ARTICLE_MESSAGES.signInToCreate });

    const noBase = await writer.client.put(`/api/articles/${draft.id}/autosave`, { title: 'No base' });
    expect(noBase.statusCode).toBe(400);
    expect(noBase.json().error).toMatch(/baseSavedAt/);
    const long = await writer.client.put(`/api/articles/${draft.id}/autosave`, { ...body, title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/at most 200 characters/);
    expect((await writer.client.put(`/api/articles/${draft.id}/autosave`, { ...body, categoryIds: [999_999] })).json()).toEqual({ error: ARTICLE_MESSAGES.unknownCategory });
    expect((await writer.client.put(`/api/articles/${draft.id}/autosave`, { ...body, baseSavedAt: 'yesterday' })).statusCode).toBe(400);

    expect((await writer.client.get(`/api/articles/${draft.id}`)).json()).toMatchObject({ title: 'Quiet draft', pendingEdit: null });
    expect((await writer.client.get(`/api/articles/${published.id}`)).json()).toMatchObject({ title: 'Harbour wall repaired', pendingEdit: null });
  });
});
