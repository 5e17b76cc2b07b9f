import { sql, type Kysely } from 'kysely';

/**
 * A pending edit and a revision keep what an edit carries as one snapshot (`fields`, JSON) instead
 * of a column per field, so a field the editor gains is kept by autosave, the record and restore
 * without a column in each of them. Every row is carried over as it was: title, categories (ids in
 * order) and place; a pending edit's text too (a revision's text stays in its deflated `content`,
 * which redaction empties). The old columns go. Frozen: imports no application code.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function snapshot(pg: boolean, withContent: boolean) {
  if (pg) {
    const place = sql`case when location_name is null then null else json_build_object('name', location_name, 'lat', location_lat, 'lng', location_lng) end`;
    return withContent
      ? sql`json_build_object('title', title, 'content', content, 'categoryIds', categories::json, 'location', ${place})::text`
      : sql`json_build_object('title', title, 'categoryIds', categories::json, 'location', ${place})::text`;
  }
  const place = sql`case when location_name is null then null else json_object('name', location_name, 'lat', location_lat, 'lng', location_lng) end`;
  return withContent
    ? sql`json_object('title', title, 'content', content, 'categoryIds', json(categories), 'location', ${place})`
    : sql`json_object('title', title, 'categoryIds', json(categories), 'location', ${place})`;
}

const OLD_COLUMNS = ['title', 'categories', 'location_name', 'location_lat', 'location_lng'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('article_pending_edits').addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await sql`update article_pending_edits set fields = ${snapshot(pg, true)}`.execute(db);
  for (const column of [...OLD_COLUMNS, 'content']) await db.schema.alterTable('article_pending_edits').dropColumn(column).execute();

  await db.schema.alterTable('article_revisions').addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await sql`update article_revisions set fields = ${snapshot(pg, false)}`.execute(db);
  for (const column of OLD_COLUMNS) await db.schema.alterTable('article_revisions').dropColumn(column).execute();
}

/** Back to a column per field, from the snapshots (a field added since is not kept). */
export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const real = pg ? 'double precision' : 'real';
  const get = (key: string) => (pg ? sql.raw(`(fields::json->>'${key}')`) : sql.raw(`json_extract(fields, '$.${key}')`));
  const getPlace = (key: string) => (pg ? sql.raw(`(fields::json->'location'->>'${key}')`) : sql.raw(`json_extract(fields, '$.location.${key}')`));
  for (const table of ['article_pending_edits', 'article_revisions']) {
    await db.schema.alterTable(table).addColumn('title', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable(table).addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable(table).addColumn('location_name', 'text').execute();
    await db.schema.alterTable(table).addColumn('location_lat', real).execute();
    await db.schema.alterTable(table).addColumn('location_lng', real).execute();
    const categories = pg ? sql.raw(`coalesce((fields::json->'categoryIds')::text, '[]')`) : sql.raw(`coalesce(json_extract(fields, '$.categoryIds'), '[]')`);
    const number = (e: ReturnType<typeof sql.raw>) => (pg ? sql`(${e})::double precision` : e);
    await sql`update ${sql.table(table)} set title = coalesce(${get('title')}, ''), categories = ${categories},
      location_name = ${getPlace('name')}, location_lat = ${number(getPlace('lat'))}, location_lng = ${number(getPlace('lng'))}`.execute(db);
  }
  await db.schema.alterTable('article_pending_edits').addColumn('content', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update article_pending_edits set content = coalesce(${get('content')}, '')`.execute(db);
  for (const table of ['article_pending_edits', 'article_revisions']) await db.schema.alterTable(table).dropColumn('fields').execute();
}
