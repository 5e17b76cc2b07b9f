import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { CorrectionKind } from '../../../contract/corrections.js';
import { parseJson, type jsonHelpers } from '../../db/json-helpers.js';
import { readArticleFields, type ArticleFields } from '../../../contract/article-fields.js';
import { liveArticleFields } from './article-columns.js';
import type { DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Deflated HTML: a 20 KB article keeps about a quarter of its size, so a long record stays small. */
export function packContent(html: string): Buffer {
  return deflateRawSync(Buffer.from(html, 'utf8'), { level: 9 });
}

export function unpackContent(content: Buffer | Uint8Array | null): string | null {
  return content === null ? null : inflateRawSync(content).toString('utf8');
}

/**
 * What a read of an article shows of its public record, as two columns of that read's one
 * statement: `corrections` (JSON: kind, text, created_at, number; oldest first), `updated_at`
 * (the last public revision's time, null when never published) and `public_revisions` (how many).
 */
export function publicRecordColumns(eb: ExpressionBuilder<DB, 'articles'>, json: ReturnType<typeof jsonHelpers>) {
  return [
    json
      .jsonArrayFrom(
        eb
          .selectFrom('article_revisions')
          .select(['article_revisions.correction_kind as kind', 'article_revisions.correction_text as text', 'article_revisions.created_at', 'article_revisions.number'])
          .whereRef('article_revisions.article_id', '=', 'articles.id')
          .where('article_revisions.published', '=', 1)
          .where('article_revisions.correction_kind', 'is not', null)
          .orderBy('article_revisions.number'),
      )
      .as('corrections'),
    eb
      .selectFrom('article_revisions')
      .select((r) => r.fn.max('article_revisions.created_at').as('updated_at'))
      .whereRef('article_revisions.article_id', '=', 'articles.id')
      .where('article_revisions.published', '=', 1)
      .as('updated_at'),
    eb
      .selectFrom('article_revisions')
      .select((r) => r.fn.countAll<number>().as('public_revisions'))
      .whereRef('article_revisions.article_id', '=', 'articles.id')
      .where('article_revisions.published', '=', 1)
      .as('public_revisions'),
  ] as const;
}

export interface RevisionRow {
  number: number;
  created_at: number | string;
  editor_id: number | null;
  editor_username: string | null;
  /** The revision's fields but its text (JSON); readRevisionFields reads them. */
  fields: string;
  published: number;
  correction_kind: CorrectionKind | null;
  correction_text: string | null;
  redaction_reason: string | null;
  redacted_at: number | string | null;
}

export interface RevisionContentRow extends RevisionRow {
  content: Buffer | null;
}

/** A revision's fields as saved; its text is read apart (unpackContent), as a list does not need it. */
export function readRevisionFields(row: { fields: string }): Omit<ArticleFields, 'content'> {
  const { content: _content, ...fields } = readArticleFields(parseJson<unknown>(row.fields, {}));
  return fields;
}

/**
 * Records the article as it now stands (after the save, in the save's transaction) as its next
 * revision: every field of an edit, the text deflated apart (redaction removes just it). Answers
 * the revision's number.
 */
export async function recordRevision(
  trx: Transaction<DB>,
  revision: { articleId: number; editorId: number; correction?: { kind: CorrectionKind; text: string } | null; now: number },
): Promise<number> {
  const article = await trx
    .selectFrom('articles')
    .select((eb) => [
      'published',
      eb
        .selectFrom('article_revisions')
        .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
        .where('article_revisions.article_id', '=', revision.articleId)
        .as('next_number'),
    ])
    .where('id', '=', revision.articleId)
    .executeTakeFirstOrThrow();
  const { content, ...fields } = await liveArticleFields(trx, revision.articleId);
  const number = Number(article.next_number ?? 1);
  await trx
    .insertInto('article_revisions')
    .values({
      article_id: revision.articleId,
      number,
      editor_id: revision.editorId,
      fields: JSON.stringify(fields),
      content: packContent(content),
      published: article.published,
      correction_kind: revision.correction?.kind ?? null,
      correction_text: revision.correction?.text ?? null,
      redaction_reason: null,
      redacted_at: null,
      created_at: revision.now,
    })
    .execute();
  return number;
}

export function createRevisionsRepository(db: Kysely<DB>) {
  function listSelect(executor: Executor) {
    return executor
      .selectFrom('article_revisions as r')
      .leftJoin('users as editor', 'editor.id', 'r.editor_id')
      .select([
        'r.number',
        'r.created_at',
        'r.editor_id',
        'editor.username as editor_username',
        'r.fields',
        'r.published',
        'r.correction_kind',
        'r.correction_text',
        'r.redaction_reason',
        'r.redacted_at',
      ]);
  }

  return {
    /** A page of an article's revisions, newest first, before `before` (a number); only public ones unless `all`. */
    page(articleId: number, options: { all: boolean; before?: number; limit: number }): Promise<RevisionRow[]> {
      let query = listSelect(db).where('r.article_id', '=', articleId);
      if (!options.all) query = query.where('r.published', '=', 1);
      if (options.before !== undefined) query = query.where('r.number', '<', options.before);
      return query.orderBy('r.number', 'desc').limit(options.limit).execute() as Promise<RevisionRow[]>;
    },

    one(articleId: number, number: number): Promise<RevisionContentRow | undefined> {
      return listSelect(db)
        .select(['r.content'])
        .where('r.article_id', '=', articleId)
        .where('r.number', '=', number)
        .executeTakeFirst() as Promise<RevisionContentRow | undefined>;
    },

    /** The revision before `number` the caller may see (only public ones unless `all`). */
    async previousNumber(articleId: number, number: number, all: boolean): Promise<number | undefined> {
      let query = db.selectFrom('article_revisions').select('number').where('article_id', '=', articleId).where('number', '<', number);
      if (!all) query = query.where('published', '=', 1);
      const row = await query.orderBy('number', 'desc').limit(1).executeTakeFirst();
      return row?.number;
    },

    /** What a restore writes back: the revision's fields (readRevisionFields) and whether it was published. */
    async restorable(articleId: number, number: number) {
      return db
        .selectFrom('article_revisions')
        .select(['fields', 'content', 'published'])
        .where('article_id', '=', articleId)
        .where('number', '=', number)
        .executeTakeFirst();
    },

    /** Removes a revision's content for good, keeping why; the caller logs who did it. */
    async redact(trx: Transaction<DB>, articleId: number, number: number, reason: string, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('article_revisions')
        .set({ content: null, redaction_reason: reason, redacted_at: now })
        .where('article_id', '=', articleId)
        .where('number', '=', number)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type RevisionsRepository = ReturnType<typeof createRevisionsRepository>;
