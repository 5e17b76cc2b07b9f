import { sql, type Kysely } from 'kysely';

/**
 * Unique article slugs, and the slugs articles used to have, so old URLs keep working
 * (docs/product.md#addresses). `article_slugs` holds every slug an article has had, its current one
 * included; its primary key makes slugs unique. Existing duplicates keep the slug on their oldest
 * article and the others get the next free `{slug}-{n}`, never another article's canonical segment
 * (`{slug}-{id}`). Imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('article_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('article_slugs_article_idx').on('article_slugs').columns(['article_id', 'slug']).execute();

  // The oldest article holding a slug keeps it.
  await sql`insert into article_slugs (slug, article_id) select slug, min(id) from articles group by slug`.execute(db);

  // The others, one at a time (few in a real database).
  const rest = await sql<{ id: number; slug: string }>`select id, slug from articles a
    where not exists (select 1 from article_slugs s where s.article_id = a.id) order by id`.execute(db);
  for (const row of rest.rows) {
    const slug = await freeSlug(db, row.slug, row.id);
    await sql`update articles set slug = ${slug} where id = ${row.id}`.execute(db);
    await sql`insert into article_slugs (slug, article_id) values (${slug}, ${row.id})`.execute(db);
  }

  // An article whose canonical segment is another article's whole slug would resolve to that one
  // (a bare slug is tried first): it gets a new slug, keeping the old one.
  const shadowed = await sql<{ id: number; slug: string }>`select a.id, a.slug from articles a
    join article_slugs s on s.slug = a.slug || '-' || cast(a.id as text) and s.article_id <> a.id order by a.id`.execute(db);
  for (const row of shadowed.rows) {
    const slug = await freeSlug(db, row.slug, row.id);
    await sql`update articles set slug = ${slug} where id = ${row.id}`.execute(db);
    await sql`insert into article_slugs (slug, article_id) values (${slug}, ${row.id})`.execute(db);
  }
}

async function taken(db: Kysely<any>, slug: string, articleId: number): Promise<boolean> {
  const exists = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows.length > 0;
  if (await exists(sql`select 1 as n from article_slugs where slug = ${slug} and article_id <> ${articleId}`)) return true;
  const suffixed = /^(.+)-(\d{1,10})$/.exec(slug);
  if (suffixed && Number(suffixed[2]) !== articleId) {
    if (await exists(sql`select 1 as n from article_slugs where slug = ${suffixed[1]} and article_id = ${Number(suffixed[2])}`)) return true;
  }
  return exists(sql`select 1 as n from article_slugs where slug = ${`${slug}-${articleId}`} and article_id <> ${articleId}`);
}

async function freeSlug(db: Kysely<any>, base: string, articleId: number): Promise<string> {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 80 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!(await taken(db, candidate, articleId))) return candidate;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_slugs').ifExists().execute();
}
