import { describe, expect, it } from 'vitest';
import { AUTOSAVE_MESSAGES, NEW_DRAFT_LIMITS } from '../../../contract/articles.js';
import { signedInClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function desk(t: TestApp, prefix: string) {
  const author = await signedInClient(t, prefix);
  const channel = (await author.client.post('/api/channels', { name: `Desk ${author.id}`, description: 'News' })).json() as { id: number };
  return { ...author, channelId: channel.id };
}

describe.each(testDatabases())('new drafts by autosave on %s', (kind) => {
  const t = useTestApp(kind);

  it(`starts at most ${NEW_DRAFT_LIMITS.perWindow} new drafts per person in ${NEW_DRAFT_LIMITS.windowMinutes} minutes, then answers 429 saying so`, async () => {
    const writer = await desk(t, 'prolific');
    for (let i = 0; i < NEW_DRAFT_LIMITS.perWindow; i++) {
      const created = await writer.client.post('/api/articles/autosave', { channelId: writer.channelId, title: `Draft ${i}` });
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await writer.client.post('/api/articles/autosave', { channelId: writer.channelId, title: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: AUTOSAVE_MESSAGES.tooManyNewDrafts });
    const drafts = await t.ctx.db.selectFrom('articles').select('id').where('user_id', '=', writer.id).execute();
    expect(drafts).toHaveLength(NEW_DRAFT_LIMITS.perWindow);

    // Another person's budget is their own.
    const other = await desk(t, 'other');
    expect((await other.client.post('/api/articles/autosave', { channelId: other.channelId, title: 'Mine' })).statusCode).toBe(201);
  });

  it(`keeps at most ${NEW_DRAFT_LIMITS.openMax} open drafts per person, then answers 429 saying so`, async () => {
    const writer = await desk(t, 'hoarder');
    const now = Date.now();
    const rows = Array.from({ length: NEW_DRAFT_LIMITS.openMax - 1 }, (_, i) => ({
      user_id: writer.id,
      channel_id: writer.channelId,
      title: `Old draft ${i}`,
      slug: `old-draft-${i}`,
      content: '<p>Notes</p>',
      plain_text: 'Notes',
      published: 0,
      location_name: null,
      location_lat: null,
      location_lng: null,
      created_at: now,
      last_edited: now,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.ctx.db.insertInto('articles').values(rows.slice(i, i + 100)).execute();

    expect((await writer.client.post('/api/articles/autosave', { channelId: writer.channelId, title: 'The last one' })).statusCode).toBe(201);
    const refused = await writer.client.post('/api/articles/autosave', { channelId: writer.channelId, title: 'Past the bound' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: AUTOSAVE_MESSAGES.tooManyOpenDrafts });
  });
});
