import { sql, type Kysely, type Transaction } from 'kysely';
import { parseJson } from '../../db/json-helpers.js';
import type { DB } from '../../db/schema.js';
import { readArticleFields, type ArticleFields } from '../../../contract/article-fields.js';
import { liveArticleFields } from './article-columns.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Drafts on the server (docs/decisions/040-drafts-on-the-server.md): the article's save clock
 * (`articles.saved_at`) and a published article's pending edit. Nothing here is read by a public
 * answer: feeds, search, RSS, the sitemap and the article itself read `articles` alone.
 */

/** A save that conflicts: the article was saved after the version it was made from. */
export interface SaveRefused {
  refused: true;
  /** The newer save's time (epoch ms), or undefined when the article is gone. */
  savedAt: number | undefined;
}

/**
 * Takes the article's next save time, in the save's transaction: `at`, or just after the last save
 * when the clock has not moved past it (two saves in one millisecond stay ordered). With `base`,
 * only when no save happened after `base`: one conditional UPDATE, so of two saves made from the
 * same version exactly one wins, on both databases.
 */
export async function claimSave(trx: Transaction<DB>, articleId: number, base: number | undefined, at: number): Promise<number | SaveRefused> {
  let update = trx
    .updateTable('articles')
    .set({ saved_at: sql<number>`case when saved_at >= ${at} then saved_at + 1 else ${at} end` })
    .where('id', '=', articleId);
  if (base !== undefined) update = update.where('saved_at', '<=', base);
  const row = await update.returning('saved_at').executeTakeFirst();
  if (row) return Number(row.saved_at);
  const current = await trx.selectFrom('articles').select('saved_at').where('id', '=', articleId).executeTakeFirst();
  return { refused: true, savedAt: current ? Number(current.saved_at) : undefined };
}

/** A pending edit holds the writer's whole version: every field of an edit. */
export type PendingEditValues = ArticleFields;

export interface PendingEditRow extends PendingEditValues {
  savedAt: number;
}

/** The writer's side of an article: its save time and, when there is one, its pending edit. */
export async function writerState(db: Executor, articleId: number): Promise<{ savedAt: number; pending: PendingEditRow | null } | undefined> {
  const row = await db
    .selectFrom('articles')
    .leftJoin('article_pending_edits as p', 'p.article_id', 'articles.id')
    .select(['articles.saved_at', 'p.fields', 'p.saved_at as pending_saved_at'])
    .where('articles.id', '=', articleId)
    .executeTakeFirst();
  if (!row) return undefined;
  const pending =
    row.pending_saved_at === null || row.fields === null
      ? null
      : { ...readArticleFields(parseJson<unknown>(row.fields, {})), savedAt: Number(row.pending_saved_at) };
  return { savedAt: Number(row.saved_at), pending };
}

/**
 * Merges an autosave's changed fields into the article's pending edit, which starts as a copy of
 * the live article: the row always holds the writer's whole version.
 */
export async function mergePendingEdit(
  trx: Transaction<DB>,
  articleId: number,
  changes: Partial<PendingEditValues>,
  savedAt: number,
): Promise<void> {
  const pending = (await writerState(trx, articleId))?.pending;
  const base: PendingEditValues = pending ? readArticleFields(pending) : await liveArticleFields(trx, articleId);
  const next = { ...base, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as PendingEditValues;
  const values = { fields: JSON.stringify(next), saved_at: savedAt };
  await trx
    .insertInto('article_pending_edits')
    .values({ article_id: articleId, ...values })
    .onConflict((oc) => oc.column('article_id').doUpdateSet(values))
    .execute();
}

/** Drops a pending edit (applied by Save, or discarded); answers whether there was one. */
export async function dropPendingEdit(trx: Transaction<DB>, articleId: number): Promise<boolean> {
  const result = await trx.deleteFrom('article_pending_edits').where('article_id', '=', articleId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
