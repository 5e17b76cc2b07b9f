import { describe, it } from 'vitest';
import { body, categoryIds, expectOneShapeOnEveryDatabase, person, useEveryDatabase } from '../../../test-support/answer-shapes.js';
import { TestClient, type TestApp } from '../../../test-support/test-app.js';

/**
 * The whole shape of every article answer and list item, held to snapshots that are the same on
 * SQLite and PostgreSQL (src/test-support/answer-shapes.ts): a field dropped from an answer, added to
 * it, or answered differently by one database fails here. Every value is fixed (titles, text,
 * categories, places, names); ids and times are matched by whose they are and by their form.
 */

/** A channel with its owner, an editor, a writer and a reader, all named after `prefix`. */
async function desk(t: TestApp, prefix: string) {
  const owner = await person(t, `${prefix}_owner`);
  const editor = await person(t, `${prefix}_editor`);
  const writer = await person(t, `${prefix}_writer`);
  const reader = await person(t, `${prefix}_reader`);
  const name = `${prefix} desk`;
  const channelId = body(await owner.client.post('/api/channels', { name, description: `News from the ${prefix} desk` }), 201).id as number;
  // Inviting and accepting is the staff suites' subject: the rows are written directly.
  for (const [staff, role] of [[editor, 'editor'], [writer, 'writer']] as const) {
    await t.ctx.db.insertInto('channel_staff').values({ channel_id: channelId, user_id: staff.id, role, created_at: Date.now() }).execute();
  }
  const categories = await categoryIds(t);
  const ids = {
    user: { owner: owner.id, editor: editor.id, writer: writer.id, reader: reader.id },
    channel: { [name]: channelId },
    category: categories,
    article: {} as Record<string, number>,
  };
  return { owner, editor, writer, reader, channelId, categories, ids };
}

const HARBOUR = {
  title: 'Harbour wall repaired',
  content: '<h2>The works</h2><p>The harbour wall is whole again after <strong>six weeks</strong> of repairs.</p>',
  location_name: 'Whitby',
  location_lat: 54.4858,
  location_lng: -0.6206,
};

describe('the whole shape of article answers, the same on every database', () => {
  const apps = useEveryDatabase();
  const anonymous = (t: TestApp) => new TestClient(() => t.app);

  it("answers an article to a reader, a signed-in reader, its author and the channel's editor, each with what they may see", async () => {
    await expectOneShapeOnEveryDatabase(apps, async (t) => {
      const { owner, editor, reader, channelId, categories, ids } = await desk(t, 'page');
      const created = body(
        await owner.client.post('/api/articles', { ...HARBOUR, channelId, categoryIds: [categories['World > Europe'], categories['Politics']] }),
        201,
      );
      ids.article.harbour = created.id;
      const edited = body(
        await owner.client.patch(`/api/articles/${created.id}`, {
          content: HARBOUR.content.replace('six weeks', 'seven weeks'),
          correction: { kind: 'correction', text: 'An earlier version gave the repairs as six weeks.' },
        }),
      );
      // A pending edit: what the author typed since, kept beside the live text.
      body(await owner.client.put(`/api/articles/${created.id}/autosave`, { baseSavedAt: edited.savedAt, title: 'Harbour wall repaired at last', categoryIds: [categories['Politics']] }));
      body(await reader.client.post(`/api/articles/${created.id}/reactions`, { isLike: true }));

      const read = async (client: TestClient) => body(await client.get(`/api/articles/${created.id}`));
      return {
        ids,
        answers: { anonymous: await read(anonymous(t)), reader: await read(reader.client), author: await read(owner.client), editor: await read(editor.client) },
      };
    });
  });

  it("answers a writer's draft sent back for changes to the writer and the editor, with the editor's note", async () => {
    await expectOneShapeOnEveryDatabase(apps, async (t) => {
      const { editor, writer, channelId, categories, ids } = await desk(t, 'review');
      const draft = body(
        await writer.client.post('/api/articles', {
          title: 'Ferry timetable changes',
          content: '<p>The winter timetable starts on <em>Monday</em>.</p>',
          channelId,
          status: 'draft',
          categoryIds: [categories['Business']],
        }),
        201,
      );
      ids.article.ferry = draft.id;
      body(await writer.client.post(`/api/articles/${draft.id}/submit`));
      body(await editor.client.post(`/api/articles/${draft.id}/review`, { decision: 'request_changes', note: 'Name the two sailings that are dropped.' }));

      const read = async (client: TestClient) => body(await client.get(`/api/articles/${draft.id}`));
      return { ids, answers: { writer: await read(writer.client), editor: await read(editor.client) } };
    });
  });

  it('answers a new article and an edit of it with the whole article', async () => {
    await expectOneShapeOnEveryDatabase(apps, async (t) => {
      const { owner, channelId, categories, ids } = await desk(t, 'write');
      const created = body(
        await owner.client.post('/api/articles', {
          title: 'Lifeboat crew rescues two walkers',
          content: '<p>Two walkers cut off by the tide were brought ashore at <a href="https://example.org/tides">Sandsend</a>.</p>',
          channelId,
          categoryIds: [categories['Politics > Elections']],
          location_name: 'Sandsend',
          location_lat: 54.5014,
          location_lng: -0.6687,
        }),
        201,
      );
      ids.article.lifeboat = created.id;
      const edited = body(
        await owner.client.patch(`/api/articles/${created.id}`, {
          title: 'Lifeboat crew rescues two walkers at Sandsend',
          categoryIds: [categories['World'], categories['Business']],
          location_name: '',
          correction: { kind: 'clarification', text: 'The walkers were not injured.' },
        }),
      );
      const draft = body(await owner.client.post('/api/articles', { title: 'Pier lights switched on', content: '<p>The lights go on at dusk.</p>', channelId, status: 'draft' }), 201);
      ids.article.pier = draft.id;
      return { ids, answers: { created, edited, draft } };
    });
  });

  it("answers autosaves with their save time, and keeps a published article's autosave as its pending edit", async () => {
    await expectOneShapeOnEveryDatabase(apps, async (t) => {
      const { owner, channelId, categories, ids } = await desk(t, 'drafts');
      const newDraft = body(await owner.client.post('/api/articles/autosave', { channelId, title: 'Market hall to reopen', content: '<p>The market hall reopens in</p>' }), 201);
      ids.article.market = newDraft.id;
      const draftSave = body(
        await owner.client.put(`/api/articles/${newDraft.id}/autosave`, {
          baseSavedAt: newDraft.savedAt,
          content: '<p>The market hall reopens in <strong>May</strong>.</p>',
          categoryIds: [categories['Business']],
        }),
      );
      const draftAfter = body(await owner.client.get(`/api/articles/${newDraft.id}`));

      const published = body(await owner.client.post('/api/articles', { ...HARBOUR, title: 'Abbey steps closed for repairs', channelId }), 201);
      ids.article.abbey = published.id;
      const pendingSave = body(
        await owner.client.put(`/api/articles/${published.id}/autosave`, {
          baseSavedAt: published.savedAt,
          title: 'Abbey steps closed until June',
          content: '<p>The 199 steps are closed until <em>June</em>.</p>',
          categoryIds: [categories['Politics'], categories['World > Europe']],
          location_name: 'Whitby Abbey',
          location_lat: 54.4885,
          location_lng: -0.6077,
        }),
      );
      const withPendingEdit = body(await owner.client.get(`/api/articles/${published.id}`));
      const discarded = body(await owner.client.delete(`/api/articles/${published.id}/autosave`));
      return { ids, answers: { newDraft, draftSave, draftAfter, pendingSave, withPendingEdit, discarded } };
    });
  });

  it("lists articles whole in the feed, a channel's list and drafts, an author's page and the channel's tables", async () => {
    await expectOneShapeOnEveryDatabase(apps, async (t) => {
      const { owner, channelId, categories, ids } = await desk(t, 'lists');
      const first = body(await owner.client.post('/api/articles', { ...HARBOUR, title: 'Swing bridge opens late', channelId, categoryIds: [categories['Business']] }), 201);
      const second = body(
        await owner.client.post('/api/articles', { title: 'Harbour dredging begins', content: '<p>Dredging starts at the <em>upper harbour</em> on Monday.</p>', channelId }),
        201,
      );
      const draft = body(await owner.client.post('/api/articles', { title: 'Fish quay plans', content: '<p>Plans for the quay are out.</p>', channelId, status: 'draft' }), 201);
      Object.assign(ids.article, { bridge: first.id, dredging: second.id, quay: draft.id });
      // One comment, so its count shows in every list.
      body(await owner.client.post(`/api/articles/${first.id}/comments`, { content: 'Open again at last.' }), 201);

      const reader = anonymous(t);
      return {
        ids,
        answers: {
          feedFirstPage: body(await reader.get(`/api/articles?scope=all&channels=${channelId}&limit=1`)),
          feed: body(await reader.get(`/api/articles?scope=all&channels=${channelId}`)),
          channelArticles: body(await reader.get(`/api/channels/${channelId}/articles`)),
          channelDrafts: body(await owner.client.get(`/api/channels/${channelId}/drafts`)),
          authorPage: body(await reader.get(`/api/users/${owner.username}/articles`)),
          publishedTable: body(await reader.get(`/api/channels/${channelId}/article-rows`)),
          draftsTable: body(await owner.client.get(`/api/channels/${channelId}/article-rows?status=drafts`)),
        },
      };
    });
  });
});
