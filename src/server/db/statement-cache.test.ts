import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('the SQLite statement cache', () => {
  let plain: SqliteDatabase.Database;
  let db: Kysely<Record<string, never>>;

  beforeEach(() => {
    plain = new SqliteDatabase(':memory:');
    db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(plain) }) });
    plain.exec(`create table notes (id integer primary key, title text, body blob, score real);
      insert into notes (title, body, score) values ('first', x'00ff', 1.5), (null, null, null), ('it''s "quoted"', x'', -2)`);
  });
  afterEach(() => plain.close());

  /** What better-sqlite3 answers itself, without the cache. */
  const direct = (text: string) => plain.prepare(text).all();
  const cached = async (text: string) => (await sql.raw(text).execute(db)).rows;

  it('answers the same rows as better-sqlite3, whatever the column names and values', async () => {
    for (const text of [
      'select * from notes order by id',
      `select id as "a b", title as "naïve ""name""", score as "1", body as "constructor" from notes`,
      // A repeated name keeps its last value, as better-sqlite3 does.
      'select id as x, title as x from notes',
      'select count(*) as n, max(score) from notes',
      'select * from notes where id = -1',
    ]) {
      expect(await cached(text), text).toEqual(direct(text));
      // The second run comes from the cache.
      expect(await cached(text), text).toEqual(direct(text));
    }
  });

  it('keeps a column named __proto__ an own property, as better-sqlite3 does', async () => {
    const text = 'select id, title as "__proto__" from notes where id = 1';
    expect(await cached(text)).toEqual(direct(text));
    expect(Object.getPrototypeOf((await cached(text))[0])).toBe(Object.prototype);
  });

  it('sees a column added after a statement was cached (through Kysely or a script)', async () => {
    const text = 'select * from notes where id = 1';
    expect(Object.keys((await cached(text))[0] as object)).toEqual(['id', 'title', 'body', 'score']);
    await db.schema.alterTable('notes').addColumn('place', 'text', (column) => column.defaultTo('Lyon')).execute();
    expect((await cached(text))[0]).toMatchObject({ id: 1, place: 'Lyon' });
    plain.exec(`alter table notes add column lang text default 'fr'`);
    await sql.raw(`alter table notes add column ignored text`).execute(db);
    expect((await cached(text))[0]).toMatchObject({ place: 'Lyon', lang: 'fr', ignored: null });
  });

  it('runs writes, with their counts and RETURNING rows', async () => {
    const inserted = await sql.raw(`insert into notes (title) values ('new') returning id, title`).execute(db);
    expect(inserted.rows).toEqual([{ id: 4, title: 'new' }]);
    const updated = await sql.raw(`update notes set score = 0 where score is null`).execute(db);
    expect(updated.numAffectedRows).toBe(2n);
  });
});
