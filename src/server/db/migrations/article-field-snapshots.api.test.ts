import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.js';
import { unmigratedDatabase } from '../../../test-support/unmigrated-database.js';
import { testDatabases } from '../../../test-support/test-app.js';
import { EMPTY_ARTICLE_FIELDS, readArticleFields } from '../../../contract/article-fields.js';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const BEFORE = '2026_12_02_1150_comment_count_seen';

describe.each(testDatabases())('the move of pending edits and revisions to snapshots on %s', (kind) => {
  // A field declared after this migration reads as empty in these rows.
  it('reads every revision and pending edit back exactly as it was saved, title, text, categories and place', async () => {
    const { handle, drop } = await unmigratedDatabase(kind);
    const { db } = handle;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const [user] = await sql<{ id: number }>`insert into users (username, username_key, password_hash, created_at, updated_at)
        values ('old', 'old', null, 1, 1) returning id`.execute(db).then((r) => r.rows);
      const [channel] = await sql<{ id: number }>`insert into channels (user_id, name, slug, description, created_at, updated_at)
        values (${user!.id}, 'Old', 'old', 'd', 1, 1) returning id`.execute(db).then((r) => r.rows);
      const [article] = await sql<{ id: number }>`insert into articles (user_id, channel_id, title, slug, content, plain_text, created_at, last_edited)
        values (${user!.id}, ${channel!.id}, 'Live', 'live', '<p>live</p>', 'live', 1, 1) returning id`.execute(db).then((r) => r.rows);
      const [other] = await sql<{ id: number }>`insert into articles (user_id, channel_id, title, slug, content, plain_text, created_at, last_edited)
        values (${user!.id}, ${channel!.id}, 'Other', 'other', '<p>other</p>', 'other', 1, 1) returning id`.execute(db).then((r) => r.rows);
      const id = article!.id;

      const revisions = [
        { number: 1, title: 'Vote on Monday', content: '<p>The “vote” &amp; <em>the</em> count.</p>', categories: [3, 1], place: null },
        { number: 2, title: "Vote on Tuesday, O'Brien says", content: '<p>Moved.</p>', categories: [], place: { name: 'Zürich, Switzerland', lat: 47.3769, lng: 8.5417 } },
        { number: 3, title: 'Redacted one', content: null, categories: [2], place: { name: 'Somewhere', lat: null, lng: null } },
      ];
      for (const r of revisions) {
        const packed = r.content === null ? null : deflateRawSync(Buffer.from(r.content, 'utf8'), { level: 9 });
        await sql`insert into article_revisions (article_id, number, editor_id, title, content, categories, location_name, location_lat, location_lng, published, created_at)
          values (${id}, ${r.number}, ${user!.id}, ${r.title}, ${packed}, ${JSON.stringify(r.categories)}, ${r.place?.name ?? null}, ${r.place?.lat ?? null}, ${r.place?.lng ?? null}, 1, ${r.number})`.execute(db);
      }
      const pending = [
        { article: id, title: 'Pending "title"', content: '<p>Typed <strong>since</strong> the save.</p>', categories: [5, 4, 6], place: { name: 'Lagos', lat: 6.5244, lng: 3.3792 } },
        { article: other!.id, title: '', content: '', categories: [], place: null },
      ];
      for (const p of pending) {
        await sql`insert into article_pending_edits (article_id, title, content, categories, location_name, location_lat, location_lng, saved_at)
          values (${p.article}, ${p.title}, ${p.content}, ${JSON.stringify(p.categories)}, ${p.place?.name ?? null}, ${p.place?.lat ?? null}, ${p.place?.lng ?? null}, 7)`.execute(db);
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const revisionRows = await db.selectFrom('article_revisions').select(['number', 'fields', 'content']).where('article_id', '=', id).orderBy('number').execute();
      expect(
        revisionRows.map((row) => ({ number: row.number, ...readArticleFields(JSON.parse(row.fields)), content: row.content === null ? null : inflateRawSync(row.content).toString('utf8') })),
      ).toEqual(revisions.map((r) => ({ ...EMPTY_ARTICLE_FIELDS, number: r.number, title: r.title, content: r.content, categoryIds: r.categories, location: r.place })));

      const pendingRows = await db.selectFrom('article_pending_edits').select(['article_id', 'fields', 'saved_at']).orderBy('article_id').execute();
      expect(pendingRows.map((row) => ({ article: row.article_id, savedAt: Number(row.saved_at), ...readArticleFields(JSON.parse(row.fields)) }))).toEqual(
        pending.map((p) => ({ ...EMPTY_ARTICLE_FIELDS, article: p.article, savedAt: 7, title: p.title, content: p.content, categoryIds: p.categories, location: p.place })),
      );
    } finally {
      await handle.close();
      await drop();
    }
  });
});
