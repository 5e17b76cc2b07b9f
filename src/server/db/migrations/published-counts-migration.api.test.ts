import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.js';
import { unmigratedDatabase } from '../../../test-support/unmigrated-database.js';
import { testDatabases } from '../../../test-support/test-app.js';

const BEFORE = '2026_12_03_1000_fediverse_replies';

describe.each(testDatabases())('the kept counts of published articles on an existing site on %s', (kind) => {
  it('starts from the articles the site already has: drafts left out, per channel, category, place and author', async () => {
    const { handle, drop } = await unmigratedDatabase(kind);
    const { db } = handle;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const [user] = await sql<{ id: number }>`insert into users (username, username_key, password_hash, created_at, updated_at)
        values ('old', 'old', null, 1, 1) returning id`.execute(db).then((r) => r.rows);
      const [channel] = await sql<{ id: number }>`insert into channels (user_id, name, slug, description, created_at, updated_at)
        values (${user!.id}, 'Old', 'old', 'd', 1, 1) returning id`.execute(db).then((r) => r.rows);
      await sql`insert into categories (id, name) values (1, 'News'), (2, 'Sport')`.execute(db);
      const article = async (title: string, published: number, place: string | null, lastEdited: number, categories: number[]) => {
        const [row] = await sql<{ id: number }>`insert into articles (user_id, channel_id, title, slug, content, plain_text, published, location_name, created_at, last_edited)
          values (${user!.id}, ${channel!.id}, ${title}, ${title.toLowerCase()}, '<p>x</p>', 'x', ${published}, ${place}, 1, ${lastEdited}) returning id`.execute(db).then((r) => r.rows);
        for (const [position, category] of categories.entries()) await sql`insert into article_categories (article_id, category_id, position) values (${row!.id}, ${category}, ${position})`.execute(db);
      };
      await article('One', 1, 'Oslo', 100, [1, 2]);
      await article('Two', 1, 'Oslo', 300, [1]);
      await article('Draft', 0, 'Bergen', 900, [2]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const categories = await db.selectFrom('published_category_counts').select(['category_id', 'article_count']).orderBy('category_id').execute();
      expect(categories).toEqual([
        { category_id: 1, article_count: 2 },
        { category_id: 2, article_count: 1 },
      ]);
      expect(await db.selectFrom('published_location_counts').select(['location_name', 'article_count']).execute()).toEqual([{ location_name: 'Oslo', article_count: 2 }]);
      const totals = await db.selectFrom('published_category_totals').select(['category_id', 'article_count']).orderBy('category_id').execute();
      expect(totals.map((row) => ({ ...row, article_count: Number(row.article_count) }))).toEqual(categories);
      expect(await db.selectFrom('published_location_totals').select(['location_name', 'article_count']).execute()).toEqual([{ location_name: 'Oslo', article_count: 2 }]);
      const authors = await db.selectFrom('published_author_counts').select(['channel_id', 'user_id', 'article_count', 'changed_at']).execute();
      expect(authors.map((a) => ({ ...a, changed_at: Number(a.changed_at) }))).toEqual([{ channel_id: channel!.id, user_id: user!.id, article_count: 2, changed_at: 300 }]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
