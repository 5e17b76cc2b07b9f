import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/**
 * Article slugs (docs/product.md#addresses). `article_slugs` holds every slug an article has had, its
 * current one included, so slugs are unique and an old URL keeps resolving after a title change.
 * A deleted article's slugs move to `retired_article_slugs` and stay there: its addresses are never
 * given to another article (they answer 410 Gone). A slug is free for an article when no other
 * article, live or deleted, has (or had) it, it is not another article's canonical segment
 * (`{slug}-{id}`, any of its slugs), and the article's own canonical segment with it is not another
 * article's whole slug (a whole slug is resolved first, so it would win).
 */

type Executor = Kysely<DB> | Transaction<DB>;

/** The longest slug (slugify's limit); a suffix shortens the base to fit. */
const MAX_SLUG = 80;

/** An article segment: a slug, `{slug}-{id}` or an id; one or more lower-case words of letters and digits joined by '-'. */
export const ARTICLE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const SUFFIXED = /^(.+)-(\d{1,10})$/;
/** Article ids are 32-bit integers in both databases. */
const MAX_ID = 2_147_483_647;

async function slugFree(db: Executor, candidate: string, articleId: number): Promise<boolean> {
  const holder = await db.selectFrom('article_slugs').select('article_id').where('slug', '=', candidate).executeTakeFirst();
  if (holder && holder.article_id !== articleId) return false;
  if (await isRetired(db, candidate)) return false;
  const suffixed = SUFFIXED.exec(candidate);
  if (suffixed && Number(suffixed[2]) !== articleId && Number(suffixed[2]) <= MAX_ID) {
    const canonicalOfOther = await db
      .selectFrom('article_slugs')
      .select('article_id')
      .where('slug', '=', suffixed[1]!)
      .where('article_id', '=', Number(suffixed[2]))
      .executeTakeFirst();
    if (canonicalOfOther) return false;
    // A deleted article's canonical segment too: "Mayor resigns 46" never takes `mayor-resigns-46`.
    if (await isRetired(db, suffixed[1]!, Number(suffixed[2]))) return false;
  }
  const shadowing = await db
    .selectFrom('article_slugs')
    .select('article_id')
    .where('slug', '=', `${candidate}-${articleId}`)
    .where('article_id', '<>', articleId)
    .executeTakeFirst();
  return !shadowing && !(await isRetired(db, `${candidate}-${articleId}`));
}

/** Whether a deleted article had this slug (and, when given, that id). */
async function isRetired(db: Executor, slug: string, articleId?: number): Promise<boolean> {
  let query = db.selectFrom('retired_article_slugs').select('slug').where('slug', '=', slug);
  if (articleId !== undefined) query = query.where('article_id', '=', articleId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Keeps a deleted article's slugs out of use for good. Runs in the deleting transaction, before the
 * article's row goes (its `article_slugs` rows go with it).
 */
export async function retireArticleSlugs(trx: Transaction<DB>, articleId: number, now: number): Promise<void> {
  await trx
    .insertInto('retired_article_slugs')
    .columns(['slug', 'article_id', 'retired_at'])
    .expression((eb) => eb.selectFrom('article_slugs').select(['slug', 'article_id', eb.val(now).as('retired_at')]).where('article_id', '=', articleId))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

/**
 * Whether an URL segment named an article that was deleted, in resolveSegment's order: all digits →
 * a deleted id; a deleted article's whole slug; `{slug}-{id}` of a deleted article.
 */
export async function isRetiredSegment(db: Executor, segment: string): Promise<boolean> {
  if (/^\d{1,10}$/.test(segment)) {
    const id = Number(segment);
    if (id > MAX_ID) return false;
    return (await db.selectFrom('retired_article_slugs').select('slug').where('article_id', '=', id).executeTakeFirst()) !== undefined;
  }
  if (!ARTICLE_SEGMENT.test(segment)) return false;
  if (await isRetired(db, segment)) return true;
  const suffixed = SUFFIXED.exec(segment);
  return suffixed !== null && Number(suffixed[2]) <= MAX_ID && (await isRetired(db, suffixed[1]!, Number(suffixed[2])));
}

/**
 * Gives the article a free slug made from `base` (base, base-2, base-3…), records it, and answers
 * it. Runs inside the transaction that writes the article; on PostgreSQL an advisory lock makes
 * concurrent assignments take turns (SQLite has one writer anyway).
 */
export async function assignSlug(trx: Transaction<DB>, dialect: Dialect, base: string, articleId: number, current?: string): Promise<string> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(150015)`.execute(trx);
  // An edit that keeps the title's words keeps the slug it has (e.g. `budget-vote-2`).
  if (current !== undefined && (current === base || new RegExp(`^${base}-\\d+$`).test(current)) && (await slugFree(trx, current, articleId))) {
    return current;
  }
  // Slugs other articles hold in the base-n series, in one query (a common title has many).
  const held = new Set(
    (
      await trx
        .selectFrom('article_slugs')
        .select('slug')
        .where('article_id', '<>', articleId)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .union(trx.selectFrom('retired_article_slugs').select('slug').where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])))
        .execute()
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; held.has(slug) || !(await slugFree(trx, slug, articleId)); n++) {
    const suffix = `-${n}`;
    slug = `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
  }
  await trx
    .insertInto('article_slugs')
    .values({ slug, article_id: articleId })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  return slug;
}

export interface ResolvedSegment {
  id: number;
  /** The article's current slug. */
  slug: string;
  published: number;
  user_id: number;
}

/**
 * The article an URL segment names, in the order of docs/product.md#addresses: all digits → the id; an
 * article whose slug (current or former) is the whole segment; a trailing `-{id}` whose article
 * has (or had) the slug before it; otherwise undefined.
 */
export async function resolveSegment(db: Executor, segment: string): Promise<ResolvedSegment | undefined> {
  const columns = ['articles.id', 'articles.slug', 'articles.published', 'articles.user_id'] as const;
  if (/^\d{1,10}$/.test(segment)) {
    if (Number(segment) > MAX_ID) return undefined;
    return db.selectFrom('articles').select(columns).where('articles.id', '=', Number(segment)).executeTakeFirst();
  }
  if (!ARTICLE_SEGMENT.test(segment)) return undefined;
  const bySlug = (slug: string) =>
    db.selectFrom('article_slugs').innerJoin('articles', 'articles.id', 'article_slugs.article_id').select(columns).where('article_slugs.slug', '=', slug);
  const whole = await bySlug(segment).executeTakeFirst();
  if (whole) return whole;
  const suffixed = SUFFIXED.exec(segment);
  if (!suffixed || Number(suffixed[2]) > MAX_ID) return undefined;
  return bySlug(suffixed[1]!).where('article_slugs.article_id', '=', Number(suffixed[2])).executeTakeFirst();
}
