import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import { createFreshPostgresDatabase } from '../../../test-support/postgres.js';
import { signedInClient, TestClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';

async function desk(t: TestApp) {
  const author = await signedInClient(t, 'slugger');
  const channel = (await author.client.post('/api/channels', { name: 'Slug Desk', description: 'Where titles become URLs' })).json();
  const write = async (title: string, extra: Record<string, unknown> = {}) => {
    const response = await author.client.post('/api/articles', { title, content: `<p>${title}</p>`, channelId: channel.id, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; slug: string; title: string };
  };
  return { author, channel, write };
}

describe.each(testDatabases())('articles addressed by slug on %s', (kind) => {
  const t = useTestApp(kind);
  const anonymous = () => new TestClient(() => t.app);

  it('gives a second "Budget vote" its own slug, never another article\'s canonical segment', async () => {
    const { write } = await desk(t);
    const first = await write('Budget vote');
    const second = await write('Budget vote');
    expect(first.slug).toBe('budget-vote');
    expect(second.slug).toMatch(/^budget-vote-\d+$/);
    expect(second.slug).not.toBe(`${first.slug}-${first.id}`);
    // A title that spells out the first one's canonical segment does not take it over.
    const lookalike = await write(`Budget vote ${first.id}`);
    expect(lookalike.slug).not.toBe(`budget-vote-${first.id}`);
    expect((await anonymous().get(`/api/articles/budget-vote-${first.id}`)).json().id).toBe(first.id);
    expect((await anonymous().get(`/api/articles/${lookalike.slug}`)).json().id).toBe(lookalike.id);
    const third = await write('Budget vote');
    expect(new Set([first.slug, second.slug, lookalike.slug, third.slug]).size).toBe(4);
  });

  it('answers the same article by id, bare slug and {slug}-{id} on every article route (as in /api/articles/{slug}/view)', async () => {
    const { write } = await desk(t);
    const article = await write('Harbour council meets');
    const reader = await signedInClient(t, 'reader');
    for (const segment of [String(article.id), article.slug, `${article.slug}-${article.id}`, article.slug.toUpperCase()]) {
      const read = await anonymous().get(`/api/articles/${segment}`);
      expect(read.statusCode, segment).toBe(200);
      expect(read.json().id).toBe(article.id);
    }
    const view = await anonymous().post(`/api/articles/${article.slug}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ view_count: 1, counted: true });
    const like = await reader.client.post(`/api/articles/${article.slug}/reactions`, { isLike: true });
    expect(like.json()).toEqual({ like_count: 1, dislike_count: 0, user_reaction: true });
    expect((await reader.client.post(`/api/articles/${article.slug}/comments`, { content: 'By slug', parent_id: null })).statusCode).toBe(201);
    expect((await anonymous().get(`/api/articles/${article.slug}/comments`)).json()[0].content).toBe('By slug');
    expect((await anonymous().get(`/api/articles/${article.id}`)).json()).toMatchObject({ likes: 1, commentCount: 1, viewCount: 1 });
  });

  it('keeps old slugs working after the title changes, on the API and for pages (resolveArticleSegment)', async () => {
    const { author, write } = await desk(t);
    const article = await write('Draft budget leaks');
    const edited = await author.client.patch(`/api/articles/${article.slug}`, { title: 'Final budget published' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().slug).toBe('final-budget-published');
    for (const segment of ['draft-budget-leaks', `draft-budget-leaks-${article.id}`, 'final-budget-published', `final-budget-published-${article.id}`]) {
      expect((await anonymous().get(`/api/articles/${segment}`)).json().title, segment).toBe('Final budget published');
    }
    const canonical = `final-budget-published-${article.id}`;
    expect(await t.ctx.articles.resolveArticleSegment(canonical)).toMatchObject({ article: { id: article.id }, canonicalSegment: canonical, canonical: true });
    expect(await t.ctx.articles.resolveArticleSegment(`draft-budget-leaks-${article.id}`)).toMatchObject({ canonicalSegment: canonical, canonical: false });
    expect(await t.ctx.articles.resolveArticleSegment(String(article.id))).toMatchObject({ canonicalSegment: canonical, canonical: false });
    // The old slug stays this article's: a new article with the old title gets another one.
    const again = await write('Draft budget leaks');
    expect(again.slug).not.toBe('draft-budget-leaks');
    expect((await anonymous().get('/api/articles/draft-budget-leaks')).json().id).toBe(article.id);
    // An edit that keeps the words keeps the slug.
    expect((await author.client.patch(`/api/articles/${again.id}`, { title: 'Draft Budget Leaks!' })).json().slug).toBe(again.slug);
  });

  it('does not resolve a draft for anyone but its author, and refuses what cannot be a segment', async () => {
    const { author, write } = await desk(t);
    const draft = await write('Secret plans', { status: 'draft' });
    expect((await anonymous().get(`/api/articles/${draft.slug}`)).statusCode).toBe(404);
    expect((await author.client.get(`/api/articles/${draft.slug}`)).statusCode).toBe(200);
    expect(await t.ctx.articles.resolveArticleSegment(String(draft.id))).toBeUndefined();
    const me = (await author.client.get('/api/user')).json();
    expect(await t.ctx.articles.resolveArticleSegment(String(draft.id), { id: me.id, username: me.username, isAdmin: false, sessionId: '' } as never)).toBeDefined();
    const missing = await anonymous().get('/api/articles/no-such-story');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBeTruthy();
    expect((await anonymous().get('/api/articles/99999999999')).statusCode).toBe(404);
    expect((await anonymous().get('/api/articles/no-such-story-99999999999')).statusCode).toBe(404);
    expect((await anonymous().get('/api/articles/bad_segment')).statusCode).toBe(400);
    expect((await anonymous().get('/api/articles/-leading')).statusCode).toBe(400);
  });
});

describe.each(testDatabases())('the slug migration on %s', (kind) => {
  it('keeps the oldest article\'s slug and gives the others the next free one, registered for resolution', async () => {
    let handle: DatabaseHandle;
    let drop = async () => {};
    if (kind === 'sqlite') handle = createDatabase({ kind: 'sqlite', file: ':memory:' });
    else {
      const fresh = await createFreshPostgresDatabase();
      handle = createDatabase({ kind: 'postgres', url: fresh.url });
      drop = fresh.drop;
    }
    const { db } = handle;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026_11_21_1200_initial_schema')).error).toBeUndefined();
      const [user] = await sql<{ id: number }>`insert into users (username, username_key, password_hash, created_at, updated_at)
        values ('old', 'old', null, 1, 1) returning id`.execute(db).then((r) => r.rows);
      const [channel] = await sql<{ id: number }>`insert into channels (user_id, name, slug, description, created_at, updated_at)
        values (${user!.id}, 'Old', 'old', 'd', 1, 1) returning id`.execute(db).then((r) => r.rows);
      const ids: number[] = [];
      for (const slug of ['same', 'same', 'same', 'other']) {
        const [row] = await sql<{ id: number }>`insert into articles (user_id, channel_id, title, slug, content, plain_text, created_at, last_edited)
          values (${user!.id}, ${channel!.id}, 'T', ${slug}, '<p>x</p>', 'x', 1, 1) returning id`.execute(db).then((r) => r.rows);
        ids.push(row!.id);
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const slugs = await sql<{ id: number; slug: string }>`select id, slug from articles order by id`.execute(db).then((r) => r.rows);
      expect(slugs.map((r) => r.slug)[0]).toBe('same');
      expect(new Set(slugs.map((r) => r.slug)).size).toBe(4);
      for (const row of slugs) expect(row.slug).not.toBe(`same-${ids[0]}`);
      const registered = await sql<{ slug: string; article_id: number }>`select slug, article_id from article_slugs order by article_id`.execute(db).then((r) => r.rows);
      expect(registered.map((r) => [r.article_id, r.slug])).toEqual(slugs.map((r) => [r.id, r.slug]));
    } finally {
      await handle.close();
      await drop();
    }
  });
});
