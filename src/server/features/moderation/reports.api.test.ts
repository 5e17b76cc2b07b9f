import { describe, expect, it } from 'vitest';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '../../../contract/moderation.js';
import { signedInClient, TestClient, testDatabases, useTestApp } from '../../../test-support/test-app.js';
import { adminClient, channelWithArticle, publishedComment } from '../../../test-support/moderation-fixtures.js';

describe.each(testDatabases())('reports and their queue on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('groups two readers’ reports of a comment for the channel’s owner, with counts per reason, and refuses a repeat', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const writer = await signedInClient(t, 'writer');
    const commentId = await publishedComment(writer.client, article.id, 'Buy cheap watches at my shop');
    const [first, second] = [await signedInClient(t, 'first'), await signedInClient(t, 'second')];

    const filed = await first.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam', text: 'An advert' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toMatchObject({ targetType: 'comment', targetId: commentId, reason: 'spam', text: 'An advert' });
    expect((await second.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'harassment' })).statusCode).toBe(201);
    const repeat = await first.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'other' });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ error: MODERATION_MESSAGES.alreadyReported });

    const queue = await owner.client.get(`/api/moderation/reports?channelId=${channelId}`);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0]).toMatchObject({
      targetType: 'comment',
      targetId: commentId,
      excerpt: 'Buy cheap watches at my shop',
      channelId,
      url: `/articles/${article.slug}-${article.id}#comment-${commentId}`,
      author: { id: writer.id, username: writer.username },
      hidden: false,
      count: 2,
      reasons: { spam: 1, harassment: 1, misinformation: 0, other: 0 },
      notes: ['An advert'],
    });
    expect(queue.json().items[0].reportIds).toHaveLength(2);
    expect(queue.json().nextCursor).toBeNull();
  });

  it('refuses reports of one’s own content (400) and of what the reporter cannot see (404)', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    const own = await publishedComment(reader.client, article.id, 'My own words');
    const report = (client: TestClient, targetType: string, targetId: number) => client.post('/api/reports', { targetType, targetId, reason: 'spam' });

    for (const [targetType, targetId] of [['comment', own], ['user', reader.id]] as const) {
      const refused = await report(reader.client, targetType, targetId);
      expect(refused.statusCode, targetType).toBe(400);
      expect(refused.json()).toEqual({ error: MODERATION_MESSAGES.ownContent });
    }
    expect((await report(owner.client, 'article', article.id)).json()).toEqual({ error: MODERATION_MESSAGES.ownContent });

    const draft = await owner.client.post('/api/articles', { title: 'Not yet', content: '<p>Draft</p>', channelId, status: 'draft' });
    const onDraft = await owner.client.post(`/api/articles/${draft.json().id}/comments`, { content: 'A note on my draft' });
    expect(onDraft.statusCode).toBe(201);
    await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] });
    const held = await signedInClient(t, 'held');
    const heldComment = await held.client.post(`/api/articles/${article.id}/comments`, { content: 'Waiting for approval' });
    expect(heldComment.json().status).toBe('pending');

    for (const [targetType, targetId] of [
      ['comment', 2_000_000_000],
      ['article', draft.json().id],
      ['comment', onDraft.json().id],
      ['comment', heldComment.json().id],
      ['user', 2_000_000_000],
    ] as const) {
      expect((await report(reader.client, targetType, targetId)).statusCode, `${targetType} ${targetId}`).toBe(404);
    }
    expect((await report(anonymous(), 'article', article.id)).statusCode).toBe(401);
    expect((await reader.client.post('/api/reports', { targetType: 'page', targetId: 1, reason: 'spam' })).statusCode).toBe(400);
    expect((await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'rude' })).statusCode).toBe(400);
    const long = await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'other', text: 'x'.repeat(MODERATION_LIMITS.reportTextMax + 1) });
    expect(long.statusCode).toBe(400);
  });

  it('lets a reader file 30 reports an hour, then answers 429', async () => {
    const { article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'busy');
    const at = Date.now() - 60_000;
    await t.ctx.db
      .insertInto('reports')
      .values(Array.from({ length: MODERATION_LIMITS.reportsPerHour }, (_, i) => ({ reporter_id: reader.id, target_type: 'user' as const, target_id: 1_000_000 + i, reason: 'spam' as const, text: null, created_at: at, resolved_at: null, resolution: null })))
      .execute();
    const refused = await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'spam' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MODERATION_MESSAGES.tooManyReports });
    // An hour later the budget is back.
    await t.ctx.db.updateTable('reports').set({ created_at: at - 60 * 60_000 }).where('reporter_id', '=', reader.id).execute();
    expect((await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'spam' })).statusCode).toBe(201);
  });

  it('keeps a channel’s queue, held comments and log from strangers (403), and the whole site’s from all but admins', async () => {
    const { owner, channelId } = await channelWithArticle(t);
    const { channelId: otherChannel } = await channelWithArticle(t);
    const stranger = await signedInClient(t, 'stranger');
    for (const path of ['/api/moderation/reports', '/api/moderation/held', '/api/moderation/log']) {
      for (const client of [stranger.client, owner.client]) {
        const refused = await client.get(`${path}?channelId=${otherChannel}`);
        expect(refused.statusCode, path).toBe(403);
        expect(refused.json()).toEqual({ error: MODERATION_MESSAGES.notModerator });
        expect((await client.get(path)).statusCode, path).toBe(403);
      }
      expect((await owner.client.get(`${path}?channelId=${channelId}`)).statusCode, path).toBe(200);
      expect((await anonymous().get(`${path}?channelId=${channelId}`)).statusCode, path).toBe(401);
      const admin = await adminClient(t);
      expect((await admin.client.get(path)).statusCode, path).toBe(200);
      expect((await admin.client.get(`${path}?channelId=${otherChannel}`)).statusCode, path).toBe(200);
    }
  });

  it('hides a comment: everyone else reads the notice (the cached anonymous answer too), its author and moderators the text, and its replies stay', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const writer = await signedInClient(t, 'rude');
    const commentId = await publishedComment(writer.client, article.id, 'A nasty remark');
    const replier = await signedInClient(t, 'replier');
    await publishedComment(replier.client, article.id, 'Please be kind', commentId);
    const reporter = await signedInClient(t, 'reporter');
    await reporter.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'harassment' });

    const hidden = await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'hide', reason: 'Personal attack' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ resolved: 1, action: 'hide' });

    const threadsOf = async (client: TestClient) => (await client.get(`/api/articles/${article.id}/comment-threads`)).json().items[0];
    for (const client of [anonymous(), reporter.client]) {
      expect(await threadsOf(client)).toMatchObject({ content: MODERATION_MESSAGES.hiddenText, status: 'hidden', replies: [{ content: 'Please be kind' }] });
    }
    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json()[0]).toMatchObject({ content: MODERATION_MESSAGES.hiddenText, status: 'hidden' });
    for (const client of [writer.client, owner.client, (await adminClient(t)).client]) {
      expect(await threadsOf(client)).toMatchObject({ content: 'A nasty remark', status: 'hidden' });
    }
    expect((await owner.client.get(`/api/moderation/reports?channelId=${channelId}`)).json().items).toEqual([]);

    // Unhide needs no open report.
    const unhidden = await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'unhide' });
    expect(unhidden.json()).toEqual({ resolved: 0, action: 'unhide' });
    expect(await threadsOf(anonymous())).toMatchObject({ content: 'A nasty remark', status: 'published' });
  });

  it('refuses resolutions that do not fit: no open report (404), hide on an article (400), remove on a comment (400), a stranger (403)', async () => {
    const { owner, article } = await channelWithArticle(t);
    const writer = await signedInClient(t, 'w');
    const commentId = await publishedComment(writer.client, article.id, 'Fine words');
    const resolve = (client: TestClient, body: object) => client.post('/api/moderation/reports/resolve', body);

    const none = await resolve(owner.client, { targetType: 'comment', targetId: commentId, action: 'dismiss' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: MODERATION_MESSAGES.noOpenReports });
    const reader = await signedInClient(t, 'r');
    await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'misinformation' });
    await reader.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam' });

    const hideArticle = await resolve(owner.client, { targetType: 'article', targetId: article.id, action: 'hide' });
    expect(hideArticle.statusCode).toBe(400);
    expect(hideArticle.json()).toEqual({ error: MODERATION_MESSAGES.hideCommentsOnly });
    const removeComment = await resolve(owner.client, { targetType: 'comment', targetId: commentId, action: 'remove' });
    expect(removeComment.statusCode).toBe(400);
    expect(removeComment.json()).toEqual({ error: MODERATION_MESSAGES.removeArticlesOnly });
    const stranger = await resolve(reader.client, { targetType: 'comment', targetId: commentId, action: 'hide' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: MODERATION_MESSAGES.notModerator });
    expect((await resolve(owner.client, { targetType: 'comment', targetId: commentId, action: 'delete' })).statusCode).toBe(400);

    const dismissed = await resolve(owner.client, { targetType: 'comment', targetId: commentId, action: 'dismiss' });
    expect(dismissed.json()).toEqual({ resolved: 1, action: 'dismiss' });
    // Dismissed: the comment reads as before and a new report may be filed.
    expect((await anonymous().get(`/api/articles/${article.id}/comments`)).json()[0]).toMatchObject({ content: 'Fine words', status: 'published' });
    expect((await reader.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam' })).statusCode).toBe(201);
  });

  it('removes an article to drafts with a note its author reads; it leaves the feed, and only an admin publishes it again when an admin removed it', async () => {
    const { owner, channelId, article } = await channelWithArticle(t, 'A misleading headline');
    const reader = await signedInClient(t, 'reader');
    await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'misinformation' });
    const admin = await adminClient(t);
    const revisionsBefore = (await t.ctx.db.selectFrom('article_revisions').select('number').where('article_id', '=', article.id).execute()).length;

    const removed = await admin.client.post('/api/moderation/reports/resolve', { targetType: 'article', targetId: article.id, action: 'remove', reason: 'The figures are invented.' });
    expect(removed.json()).toEqual({ resolved: 1, action: 'remove' });
    expect((await anonymous().get(`/api/articles/${article.id}`)).statusCode).toBe(404);
    const feed = (await anonymous().get(`/api/articles?channels=${channelId}`)).json();
    expect(feed.items.map((a: { id: number }) => a.id)).not.toContain(article.id);
    const asAuthor = (await owner.client.get(`/api/articles/${article.id}`)).json();
    expect(asAuthor).toMatchObject({ status: 'draft', moderationNote: 'The figures are invented.' });
    const revisions = await t.ctx.db.selectFrom('article_revisions').select(['number', 'published']).where('article_id', '=', article.id).orderBy('number').execute();
    expect(revisions).toHaveLength(revisionsBefore + 1);
    expect(revisions.at(-1)!.published).toBe(0);

    const byAuthor = await owner.client.post(`/api/articles/${article.id}/toggle-status`);
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toEqual({ error: MODERATION_MESSAGES.republishModerated });
    expect((await reader.client.post(`/api/articles/${article.id}/toggle-status`)).statusCode).toBe(404);
    const byAdmin = await admin.client.post(`/api/articles/${article.id}/toggle-status`);
    expect(byAdmin.json()).toMatchObject({ published: true });
    expect((await owner.client.get(`/api/articles/${article.id}`)).json().moderationNote).toBeNull();
    expect((await anonymous().get(`/api/articles/${article.id}`)).statusCode).toBe(200);
  });

  it('lets the owner publish again what the owner removed, with the default note when no reason was given', async () => {
    const { owner, article } = await channelWithArticle(t);
    const reader = await signedInClient(t, 'reader');
    await reader.client.post('/api/reports', { targetType: 'article', targetId: article.id, reason: 'other' });
    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'article', targetId: article.id, action: 'remove' });
    expect((await owner.client.get(`/api/articles/${article.id}`)).json().moderationNote).toBe(MODERATION_MESSAGES.defaultRemovalNote);
    expect((await owner.client.post(`/api/articles/${article.id}/toggle-status`)).json()).toMatchObject({ published: true });
  });

  it('sends profile reports to admins only; remove empties the bio, hide is refused', async () => {
    const { owner } = await channelWithArticle(t);
    const spammer = await signedInClient(t, 'spammer');
    await spammer.client.patch(`/api/users/${spammer.id}`, { description: 'Visit my casino' });
    const reader = await signedInClient(t, 'reader');
    expect((await reader.client.post('/api/reports', { targetType: 'user', targetId: spammer.id, reason: 'spam' })).statusCode).toBe(201);
    const admin = await adminClient(t);

    const queue = (await admin.client.get('/api/moderation/reports')).json().items;
    expect(queue.find((g: { targetType: string; targetId: number }) => g.targetType === 'user' && g.targetId === spammer.id)).toMatchObject({
      channelId: null,
      excerpt: 'Visit my casino',
      url: `/users/${spammer.username}`,
    });
    expect((await owner.client.post('/api/moderation/reports/resolve', { targetType: 'user', targetId: spammer.id, action: 'remove' })).statusCode).toBe(403);
    const hide = await admin.client.post('/api/moderation/reports/resolve', { targetType: 'user', targetId: spammer.id, action: 'hide' });
    expect(hide.statusCode).toBe(400);
    expect((await admin.client.post('/api/moderation/reports/resolve', { targetType: 'user', targetId: spammer.id, action: 'remove' })).statusCode).toBe(200);
    expect((await anonymous().get(`/api/users/${spammer.id}`)).json().description).toBeNull();
  });

  it('records every action in the log, newest first, for the channel’s moderators and for admins', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const writer = await signedInClient(t, 'writer');
    const commentId = await publishedComment(writer.client, article.id, 'Something to hide');
    const reader = await signedInClient(t, 'reader');
    await reader.client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'harassment' });
    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'hide', reason: 'Rude' });
    await owner.client.post(`/api/channels/${channelId}/bans`, { username: writer.username, reason: 'Repeatedly rude' });

    const log = (await owner.client.get(`/api/moderation/log?channelId=${channelId}&limit=1`)).json();
    expect(log.items).toEqual([
      expect.objectContaining({ action: 'ban', actor: { id: owner.id, username: owner.username }, target: { type: 'user', id: writer.id, label: writer.username }, channelId, reason: 'Repeatedly rude' }),
    ]);
    const next = (await owner.client.get(`/api/moderation/log?channelId=${channelId}&cursor=${log.nextCursor}`)).json();
    expect(next.items).toEqual([expect.objectContaining({ action: 'hide', target: { type: 'comment', id: commentId, label: 'Something to hide' }, reason: 'Rude' })]);
    const admin = await adminClient(t);
    const all = (await admin.client.get('/api/moderation/log?limit=100')).json().items as { action: string; channelId: number }[];
    expect(all.filter((entry) => entry.channelId === channelId).map((entry) => entry.action)).toEqual(['ban', 'hide']);
    expect((await owner.client.get('/api/moderation/log?cursor=!!')).statusCode).toBe(403);
    expect((await admin.client.get('/api/moderation/log?cursor=!!')).statusCode).toBe(400);
  });

  it('counts open reports and held comments beside each channel its owner moderates', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    expect((await owner.client.get('/api/moderation/counts')).json()).toEqual({ channels: [], admin: null });
    const writer = await signedInClient(t, 'writer');
    const commentId = await publishedComment(writer.client, article.id, 'Reported words');
    for (const name of ['a', 'b']) await (await signedInClient(t, name)).client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam' });
    await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] });
    await (await signedInClient(t, 'newcomer')).client.post(`/api/articles/${article.id}/comments`, { content: 'First time here' });

    expect((await owner.client.get('/api/moderation/counts')).json()).toEqual({ channels: [{ channelId, reports: 2, held: 1 }], admin: null });
    const admin = (await (await adminClient(t)).client.get('/api/moderation/counts')).json();
    expect(admin.admin.reports).toBeGreaterThanOrEqual(2);
    expect(admin.admin.held).toBeGreaterThanOrEqual(1);
    expect((await anonymous().get('/api/moderation/counts')).statusCode).toBe(401);
  });

  it('documents every moderation route in the OpenAPI document, with its body', async () => {
    const doc = (await anonymous().get('/api/openapi.json')).json();
    const routes: [string, string][] = [
      ['/api/reports', 'post'],
      ['/api/moderation/reports', 'get'],
      ['/api/moderation/reports/resolve', 'post'],
      ['/api/moderation/held', 'get'],
      ['/api/moderation/held/{id}', 'post'],
      ['/api/moderation/log', 'get'],
      ['/api/moderation/counts', 'get'],
      ['/api/channels/{id}/moderation', 'put'],
      ['/api/channels/{id}/bans', 'post'],
      ['/api/channels/{id}/bans/{userId}', 'delete'],
      ['/api/admin/users', 'get'],
      ['/api/admin/users/{id}/suspend', 'post'],
      ['/api/admin/users/{id}/unsuspend', 'post'],
    ];
    for (const [path, method] of routes) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    for (const path of ['/api/reports', '/api/moderation/reports/resolve', '/api/channels/{id}/bans', '/api/admin/users/{id}/suspend']) {
      expect(doc.paths[path].post.requestBody, path).toBeTruthy();
    }
  });

  it('lets a held comment’s author delete it without touching the count', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    await owner.client.put(`/api/channels/${channelId}/moderation`, { commentPolicy: 'hold_first', blockedWords: [] });
    const newcomer = await signedInClient(t, 'newcomer');
    const held = (await newcomer.client.post(`/api/articles/${article.id}/comments`, { content: 'Never mind' })).json();
    const stranger = await signedInClient(t, 'stranger');
    expect((await stranger.client.delete(`/api/comments/${held.id}`)).statusCode).toBe(404);
    expect((await stranger.client.patch(`/api/comments/${held.id}`, { content: 'Mine now' })).statusCode).toBe(404);
    expect((await newcomer.client.delete(`/api/comments/${held.id}`)).statusCode).toBe(204);
    expect((await anonymous().get(`/api/articles/${article.id}`)).json().commentCount).toBe(0);
    expect(await t.ctx.commentsRepository.recount(article.id)).toBe(0);
    expect((await owner.client.get(`/api/moderation/held?channelId=${channelId}`)).json().items).toEqual([]);
  });

  it('pages through the queue by the latest report, newest first', async () => {
    const { owner, channelId, article } = await channelWithArticle(t);
    const writer = await signedInClient(t, 'writer');
    const reader = await signedInClient(t, 'reader');
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const id = await publishedComment(writer.client, article.id, `Comment ${n}`);
      ids.push(id);
      await reader.client.post('/api/reports', { targetType: 'comment', targetId: id, reason: 'spam' });
      await t.ctx.db.updateTable('report_targets').set({ latest_at: 1_000_000 + n }).where('target_id', '=', id).where('target_type', '=', 'comment').execute();
    }
    const first = (await owner.client.get(`/api/moderation/reports?channelId=${channelId}&limit=2`)).json();
    expect(first.items.map((g: { targetId: number }) => g.targetId)).toEqual([ids[2], ids[1]]);
    const second = (await owner.client.get(`/api/moderation/reports?channelId=${channelId}&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((g: { targetId: number }) => g.targetId)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });
});

describe.each(testDatabases())('a hidden comment in the cached answers on %s', (kind) => {
  const t = useTestApp(kind, { MICRO_CACHE_MS: '60000' });

  it('shows the notice to the next anonymous reader, and the text again once unhidden', async () => {
    const { owner, article } = await channelWithArticle(t);
    const writer = await signedInClient(t, 'writer');
    const commentId = await publishedComment(writer.client, article.id, 'Cached words');
    await (await signedInClient(t, 'reader')).client.post('/api/reports', { targetType: 'comment', targetId: commentId, reason: 'spam' });
    const anonymous = new TestClient(() => t.app);
    const url = `/api/articles/${article.id}/comment-threads`;
    await anonymous.get(url);
    expect((await anonymous.get(url)).headers['x-cache']).toBe('hit');

    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'hide' });
    expect((await anonymous.get(url)).json().items[0]).toMatchObject({ content: MODERATION_MESSAGES.hiddenText, status: 'hidden' });
    await owner.client.post('/api/moderation/reports/resolve', { targetType: 'comment', targetId: commentId, action: 'unhide' });
    expect((await anonymous.get(url)).json().items[0]).toMatchObject({ content: 'Cached words', status: 'published' });
  });
});
