import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/admin.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

let counter = 0;
/** A name unique within the run, so a search finds only what one test made. */
const unique = (word: string) => `${word} ${process.pid}x${++counter}`;

async function newChannel(client: TestClient, name: string) {
  const response = await client.post('/api/channels', { name, description: `About ${name}` });
  if (response.statusCode !== 201) throw new Error(`channel create failed ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; name: string };
}

async function newArticle(client: TestClient, channelId: number, title: string, published = true) {
  const response = await client.post('/api/articles', { title, content: '<p>Body text</p>', channelId, published });
  if (response.statusCode !== 201) throw new Error(`article create failed ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; title: string };
}

async function postComment(client: TestClient, articleId: number) {
  const response = await client.post(`/api/articles/${articleId}/comments`, { content: 'A comment' });
  if (response.statusCode !== 201) throw new Error(`comment failed ${response.statusCode} ${response.body}`);
}

async function adminClient(t: TestApp) {
  const admin = await signedInClient(t, 'admin');
  await t.ctx.users.setAdmin(admin.username, true);
  return admin;
}

/** What the public API shows for an article and a channel. */
async function publicArticle(t: TestApp, id: number) {
  return (await new TestClient(() => t.app).get(`/api/articles/${id}`)).json() as { viewCount: number; likes: number; dislikes: number };
}
async function publicSubscribers(t: TestApp, id: number): Promise<number> {
  return (await new TestClient(() => t.app).get(`/api/channels/${id}`)).json().subscriberCount;
}

function auditRows(t: TestApp, entityType: 'article' | 'channel', entityId: number) {
  return t.database.db
    .selectFrom('admin_audit')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

/** A real like, as the reactions feature records one: the row and the counter in one transaction. */
async function realLike(t: TestApp, userId: number, articleId: number) {
  await t.database.db.transaction().execute(async (trx) => {
    await trx.insertInto('reactions').values({ user_id: userId, article_id: articleId, is_like: 1, created_at: Date.now() }).execute();
    await trx.updateTable('articles').set({ like_count: sql`like_count + 1` }).where('id', '=', articleId).execute();
  });
}

describe.each(testDatabases())('admin dashboard API on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('refuses every route to anonymous visitors (401) and ordinary users (403), changing nothing', async () => {
    const owner = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Guarded'));
    const article = await newArticle(owner.client, channel.id, unique('Guarded story'));
    const ordinary = await signedInClient(t);

    const attempts = (client: TestClient) => [
      client.get('/api/admin-articles'),
      client.patch(`/api/admin-articles/${article.id}`, { view_count: 999, like_count: 5, dislike_count: 1 }),
      client.get('/api/admin-channels'),
      client.patch(`/api/admin-channels/${channel.id}`, { subscriber_count: 999 }),
      // Malformed requests are refused for the role first: nothing is learned about the input rules.
      client.patch('/api/admin-articles/not-a-number', { view_count: 'lots' }),
      client.get('/api/admin-channels?limit=0&cursor=%%%'),
    ];
    for (const response of await Promise.all(attempts(anonymous()))) {
      expect(response.statusCode).toBe(401);
    }
    for (const response of await Promise.all(attempts(ordinary.client))) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Forbidden: Admin access required' });
    }
    expect(await publicArticle(t, article.id)).toMatchObject({ viewCount: 0, likes: 0, dislikes: 0 });
    expect(await publicSubscribers(t, channel.id)).toBe(0);
    expect(await auditRows(t, 'article', article.id)).toEqual([]);
    expect(await auditRows(t, 'channel', channel.id)).toEqual([]);

    // A revoked admin is refused on the next request.
    const former = await adminClient(t);
    expect((await former.client.get('/api/admin-channels')).statusCode).toBe(200);
    await t.ctx.users.setAdmin(former.username, false);
    expect((await former.client.get('/api/admin-channels')).statusCode).toBe(403);
  });

  it('lists every article newest first, drafts included, with displayed and real counts, searchable by title', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Listing desk'));
    const tag = unique('Zebra');
    const first = await newArticle(owner.client, channel.id, `${tag} first`);
    const draft = await newArticle(owner.client, channel.id, `${tag} DRAFT`, false);
    // The category column shows the first category's path (docs/product.md#admin).
    expect((await owner.client.patch(`/api/articles/${first.id}`, { category: 'Sports' })).statusCode).toBe(200);
    await postComment(owner.client, first.id);
    await newArticle(owner.client, channel.id, unique('Unrelated'));
    await admin.client.patch(`/api/admin-articles/${first.id}`, { view_count: 40 });

    const response = await admin.client.get(`/api/admin-articles?q=${encodeURIComponent(tag.toLowerCase())}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((a: { id: number }) => a.id)).toEqual([draft.id, first.id]);
    expect(page.items[0]).toMatchObject({ title: `${tag} DRAFT`, published: false, category: null, commentCount: 0, channel: { id: channel.id, name: channel.name } });
    expect(page.items[1]).toMatchObject({
      id: first.id,
      title: `${tag} first`,
      slug: expect.any(String),
      published: true,
      category: 'Sports',
      userId: owner.id,
      commentCount: 1,
      channel: { id: channel.id, name: channel.name },
      view_count: 40,
      like_count: 0,
      dislike_count: 0,
      real_view_count: 0,
      real_like_count: 0,
      real_dislike_count: 0,
    });
    expect(page.items[1].createdAt).toBe(page.items[1].created_at);
    expect(Number.isNaN(Date.parse(page.items[1].createdAt))).toBe(false);

    // A search that matches nothing, and one with LIKE wildcards taken literally.
    expect((await admin.client.get('/api/admin-articles?q=nothing-like-this-title')).json()).toEqual({ items: [], nextCursor: null });
    expect((await admin.client.get('/api/admin-articles?q=%25')).json().items).toEqual([]);
  });

  it('pages through articles and channels with a cursor, every row exactly once', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const tag = unique('Pager');
    const channelIds: number[] = [];
    for (let i = 0; i < 5; i++) channelIds.push((await newChannel(owner.client, `${tag} channel ${i}`)).id);
    const articleIds: number[] = [];
    for (let i = 0; i < 5; i++) articleIds.push((await newArticle(owner.client, channelIds[0]!, `${tag} story ${i}`)).id);

    for (const [path, expected] of [
      ['/api/admin-articles', articleIds],
      ['/api/admin-channels', channelIds],
    ] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `${path}?q=${encodeURIComponent(tag)}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await admin.client.get(url);
        expect(response.statusCode).toBe(200);
        const page = response.json();
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((item: { id: number }) => item.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual([...expected].reverse());
    }

    expect((await admin.client.get('/api/admin-articles?cursor=garbage')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin-channels?limit=0')).json().error).toBe('limit must be at least 1');
    expect((await admin.client.get('/api/admin-channels?limit=101')).statusCode).toBe(400);
  });

  it('sets article totals, clamps negatives to 0, refuses what is not a whole number, and 404s a missing article', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Counts desk'));
    const article = await newArticle(owner.client, channel.id, unique('Counted story'));

    const saved = await admin.client.patch(`/api/admin-articles/${article.id}`, { view_count: 1234, like_count: 56, dislike_count: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: article.id, title: article.title, view_count: 1234, like_count: 56, dislike_count: 7 });
    expect(await publicArticle(t, article.id)).toMatchObject({ viewCount: 1234, likes: 56, dislikes: 7 });

    // Only the fields sent change; a negative is stored as 0.
    const clamped = await admin.client.patch(`/api/admin-articles/${article.id}`, { like_count: -20 });
    expect(clamped.json()).toEqual({ id: article.id, title: article.title, view_count: 1234, like_count: 0, dislike_count: 7 });
    expect(await publicArticle(t, article.id)).toMatchObject({ viewCount: 1234, likes: 0, dislikes: 7 });

    // Text follows the product's input rule (docs/product.md#admin): empty or non-numeric counts as 0.
    const typed: [Record<string, unknown>, Record<string, number>][] = [
      [{ view_count: '12' }, { view_count: 12 }],
      [{ view_count: 'abc' }, { view_count: 0 }],
      [{ view_count: '  ' }, { view_count: 0 }],
      [{ dislike_count: null }, { dislike_count: 0 }],
      [{ view_count: '-5', dislike_count: '7' }, { view_count: 0, dislike_count: 7 }],
      [{ view_count: 1234 }, { view_count: 1234 }],
    ];
    for (const [body, expected] of typed) {
      const response = await admin.client.patch(`/api/admin-articles/${article.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json(), JSON.stringify(body)).toMatchObject(expected);
    }

    const refusals: [unknown, string][] = [
      [{ view_count: true }, 'view_count must be a number'],
      [{ like_count: 1.5 }, 'like_count must be a whole number'],
      [{ view_count: 1e12 }, 'view_count must be at most 1000000000'],
      [{}, `body ${ADMIN_MESSAGES.nothingToUpdate}`],
    ];
    for (const [body, message] of refusals) {
      const response = await admin.client.patch(`/api/admin-articles/${article.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const notJson = await admin.client.request({
      method: 'PATCH',
      url: `/api/admin-articles/${article.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"view_count": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await publicArticle(t, article.id)).toMatchObject({ viewCount: 1234, likes: 0, dislikes: 7 });

    const missing = await admin.client.patch('/api/admin-articles/999999', { view_count: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Article not found' });
    expect((await admin.client.patch('/api/admin-articles/abc', { view_count: 1 })).statusCode).toBe(400);
  });

  it('keeps counting real likes after an admin sets the like total', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const reader = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Likes desk'));
    const article = await newArticle(owner.client, channel.id, unique('Liked story'));

    await realLike(t, owner.id, article.id);
    const saved = await admin.client.patch(`/api/admin-articles/${article.id}`, { like_count: 10 });
    expect(saved.json().like_count).toBe(10);
    await realLike(t, reader.id, article.id);
    expect((await publicArticle(t, article.id)).likes).toBe(11);

    const listed = (await admin.client.get(`/api/admin-articles?q=${encodeURIComponent(article.title)}`)).json().items[0];
    expect(listed).toMatchObject({ like_count: 11, real_like_count: 2 });

    // A total below the real count cannot hide real likes: the boost never goes below 0.
    const lower = await admin.client.patch(`/api/admin-articles/${article.id}`, { like_count: 1 });
    expect(lower.json().like_count).toBe(2);
    expect((await publicArticle(t, article.id)).likes).toBe(2);
  });

  it('after an admin sets a channel to 100, a real subscriber makes it 101', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const reader = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Boosted channel'));

    const saved = await admin.client.patch(`/api/admin-channels/${channel.id}`, { subscriber_count: 100 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: channel.id, name: channel.name, subscriber_count: 100, admin_subscriber_count: 100 });
    expect(await publicSubscribers(t, channel.id)).toBe(100);

    expect((await reader.client.post(`/api/channels/${channel.id}/subscribe`)).statusCode).toBe(200);
    expect(await publicSubscribers(t, channel.id)).toBe(101);

    const listed = (await admin.client.get(`/api/admin-channels?q=${encodeURIComponent(channel.name)}`)).json();
    expect(listed.items).toEqual([
      {
        id: channel.id,
        name: channel.name,
        slug: expect.any(String),
        description: `About ${channel.name}`,
        category: null,
        userId: owner.id,
        createdAt: expect.any(String),
        created_at: expect.any(String),
        real_subscriber_count: 1,
        subscriber_count: 101,
        admin_subscriber_count: 100,
      },
    ]);

    // Setting the total again accounts for the real subscriber; unsubscribing takes one off.
    const reset = await admin.client.patch(`/api/admin-channels/${channel.id}`, { subscriber_count: 50 });
    expect(reset.json()).toEqual({ id: channel.id, name: channel.name, subscriber_count: 50, admin_subscriber_count: 49 });
    await reader.client.delete(`/api/channels/${channel.id}/subscribe`);
    expect(await publicSubscribers(t, channel.id)).toBe(49);

    const clamped = await admin.client.patch(`/api/admin-channels/${channel.id}`, { subscriber_count: -5 });
    expect(clamped.json()).toEqual({ id: channel.id, name: channel.name, subscriber_count: 0, admin_subscriber_count: 0 });

    // Typed text follows the product's input rule: empty or non-numeric counts as 0.
    for (const body of [{ subscriber_count: 'many' }, { subscriber_count: '' }]) {
      const response = await admin.client.patch(`/api/admin-channels/${channel.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json().subscriber_count).toBe(0);
    }
    for (const body of [{ subscriber_count: 2.5 }, {}, { subscriber_count: false }]) {
      const response = await admin.client.patch(`/api/admin-channels/${channel.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatch(/^subscriber_count /);
    }
    const missing = await admin.client.patch('/api/admin-channels/999999', { subscriber_count: 3 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Channel not found' });
  });

  it('loses no real subscription when admin edits and subscriptions race', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Racing channel'));
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedInClient(t)));
    await Promise.all([
      ...readers.map((r) => r.client.post(`/api/channels/${channel.id}/subscribe`)),
      admin.client.patch(`/api/admin-channels/${channel.id}`, { subscriber_count: 500 }),
    ]);
    const row = await t.database.db
      .selectFrom('channels')
      .select(['subscriber_count', 'subscriber_boost'])
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(row.subscriber_count).toBe(8);
    // Whatever the order, the total is 500 plus the subscriptions that landed after the edit.
    const [audit] = await auditRows(t, 'channel', channel.id);
    const realAtEdit = 500 - row.subscriber_boost;
    expect(realAtEdit).toBeGreaterThanOrEqual(0);
    expect(realAtEdit).toBeLessThanOrEqual(8);
    expect(JSON.parse(audit!.changes)).toEqual({ subscriber_count: { old: realAtEdit, new: 500 } });
    expect(await publicSubscribers(t, channel.id)).toBe(500 + 8 - realAtEdit);
  });

  it('records every change in the audit table: who, when, what, old and new values', async () => {
    const admin = await adminClient(t);
    const owner = await signedInClient(t);
    const channel = await newChannel(owner.client, unique('Audited channel'));
    const article = await newArticle(owner.client, channel.id, unique('Audited story'));
    const before = Date.now();

    await admin.client.patch(`/api/admin-articles/${article.id}`, { view_count: 300, dislike_count: 4 });
    await admin.client.patch(`/api/admin-articles/${article.id}`, { view_count: 250 });
    await admin.client.patch(`/api/admin-channels/${channel.id}`, { subscriber_count: 75 });
    // Refused requests leave no trace.
    await admin.client.patch(`/api/admin-articles/${article.id}`, { view_count: 2.5 });

    const articleAudit = await auditRows(t, 'article', article.id);
    expect(articleAudit).toHaveLength(2);
    expect(articleAudit.map((row) => JSON.parse(row.changes))).toEqual([
      { view_count: { old: 0, new: 300 }, dislike_count: { old: 0, new: 4 } },
      { view_count: { old: 300, new: 250 } },
    ]);
    for (const row of articleAudit) {
      expect(row.admin_user_id).toBe(admin.id);
      expect(Number(row.created_at)).toBeGreaterThanOrEqual(before);
      expect(Number(row.created_at)).toBeLessThanOrEqual(Date.now());
    }
    const channelAudit = await auditRows(t, 'channel', channel.id);
    expect(channelAudit).toHaveLength(1);
    expect(channelAudit[0]).toMatchObject({ admin_user_id: admin.id, entity_type: 'channel', entity_id: channel.id });
    expect(JSON.parse(channelAudit[0]!.changes)).toEqual({ subscriber_count: { old: 0, new: 75 } });
  });

  it('documents the admin routes in the OpenAPI description', async () => {
    const spec = (await anonymous().get('/api/openapi.json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/admin-articles', '/api/admin-articles/{id}', '/api/admin-channels', '/api/admin-channels/{id}']),
    );
    expect(spec.paths['/api/admin-articles/{id}'].patch.responses).toHaveProperty('403');
  });
});
