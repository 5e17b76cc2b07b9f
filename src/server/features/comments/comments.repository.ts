import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { CommentsTable, DB } from '../../db/schema.js';
import type { Database, Dialect } from '../../db/database.js';
import { recordArticleChanges } from '../analytics/analytics.repository.js';
import { countThread } from './comment-counts.js';
import { queueReplyNotice } from '../email/outbox.repository.js';
import { utcDay } from '../../lib/time.js';

// Other features that change what readers see of a thread (moderation) count through it too.
export { countThread };

/** A comment with its author's name. */
export type CommentRow = Pick<Selectable<CommentsTable>, 'id' | 'article_id' | 'user_id' | 'parent_id' | 'content' | 'deleted' | 'created_at' | 'edited_at' | 'status'> & {
  username: string;
  /** An imported comment's name on the old site (docs/decisions/046-import-and-export.md); null for our readers' own. */
  imported_author_name?: string | null;
  /** A reply from the fediverse: its author's actor, display name and profile (null for the site's own readers). */
  remote_actor_uri?: string | null;
  remote_name?: string | null;
  remote_url?: string | null;
};

export type InsertCommentResult =
  /** replyNoticeQueued: a reply whose email to the replied-to author was queued with it. */
  | { ok: true; row: CommentRow; replyNoticeQueued: boolean }
  | { ok: false; reason: 'parentMissing' | 'parentOtherArticle' | 'articleGone' | 'duplicate' };

/** The article or parent vanished under us (deleted concurrently): a foreign key refused the row. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Named with aliases: the ORDER BY of a UNION (the thread pages) may name only output aliases on SQLite. */
const COMMENT_COLUMNS = [
  'comments.id as id',
  'comments.article_id as article_id',
  'comments.user_id as user_id',
  'comments.parent_id as parent_id',
  'comments.content as content',
  'comments.deleted as deleted',
  'comments.created_at as created_at',
  'comments.edited_at as edited_at',
  'comments.status as status',
  'users.username as username',
  'comments.imported_author_name as imported_author_name',
  'users.remote_actor_uri as remote_actor_uri',
  'users.remote_name as remote_name',
  'users.remote_url as remote_url',
] as const;

/**
 * A held comment exists only for its author (docs/product.md#moderation): every read of a thread keeps
 * the others' out. `viewerId` 0 is nobody (ids start at 1).
 */
function visibleTo(viewerId: number) {
  return (eb: ExpressionBuilder<DB, 'comments'>) => eb.or([eb('comments.status', '!=', 'pending'), eb('comments.user_id', '=', viewerId)]);
}

export function createCommentsRepository(db: Database, dialect: Dialect) {
  const pg = dialect === 'postgres';

  /** Comments with their author's name; inside a transaction, pass it. */
  function selectComments(executor: Database = db) {
    return executor.selectFrom('comments').innerJoin('users', 'users.id', 'comments.user_id').select(COMMENT_COLUMNS);
  }

  /**
   * threadsOfArticle on SQLite, which has no LATERAL: two plain statements rather than one union.
   * The page's top-level comments come from their own index in reading order (no sort), each with
   * whether it has a reply at all (one probe of the parent index); only threads that do are asked
   * for their first replies. The union did it in one statement through five temporary b-trees
   * (the CTE, two IN lists, a list per thread, the final sort), which cost about three times as
   * much as these two for an article page with a few comments and no replies.
   */
  async function sqliteThreadsOfArticle(articleId: number, from: { createdAt: number; id: number }, limit: number, repliesPerThread: number, viewerId: number): Promise<CommentRow[]> {
    const threads = (await db
      .selectFrom('comments')
      // Threads first (a seek in the index of top-level comments at the cursor), then each one's author.
      .crossJoin('users')
      .whereRef('users.id', '=', 'comments.user_id')
      .select(COMMENT_COLUMNS)
      .select((eb) => eb.exists(eb.selectFrom('comments as reply').select('reply.id').whereRef('reply.parent_id', '=', 'comments.id')).as('has_replies'))
      .where('comments.article_id', '=', articleId)
      .where('comments.parent_id', 'is', null)
      .where((eb) => eb(eb.refTuple('comments.created_at', 'comments.id'), '>', eb.tuple(from.createdAt, from.id)))
      .where(visibleTo(viewerId))
      .orderBy('comments.created_at')
      .orderBy('comments.id')
      .limit(limit)
      .execute()) as (CommentRow & { has_replies: number })[];
    const rows: CommentRow[] = threads.map(({ has_replies: _hasReplies, ...row }) => row);
    const answered = threads.filter((thread) => thread.has_replies === 1).map((thread) => thread.id);
    if (answered.length === 0) return rows;
    // The threads' ids as one JSON array, so the statement keeps one text whatever their number.
    const replies = await db
      .selectFrom(sql<{ value: number }>`json_each(${JSON.stringify(answered)})`.as('thread'))
      .crossJoin('comments')
      .crossJoin('users')
      .whereRef('users.id', '=', 'comments.user_id')
      .select(COMMENT_COLUMNS)
      .where('comments.id', 'in', (sub) =>
        sub
          .selectFrom('comments as first_replies')
          .select('first_replies.id')
          .where('first_replies.parent_id', '=', sql.ref<number>('thread.value'))
          .where((eb) => eb.or([eb('first_replies.status', '!=', 'pending'), eb('first_replies.user_id', '=', viewerId)]))
          .orderBy('first_replies.created_at')
          .orderBy('first_replies.id')
          .limit(repliesPerThread),
      )
      .execute();
    // The union's order: every row by time, then id.
    return [...rows, ...replies].sort((a, b) => Number(a.created_at) - Number(b.created_at) || a.id - b.id);
  }

  return {
    /** Every comment of an article, oldest first, with its author: one statement for the whole thread. */
    async ofArticle(articleId: number, viewerId = 0): Promise<CommentRow[]> {
      return selectComments().where('comments.article_id', '=', articleId).where(visibleTo(viewerId)).orderBy('comments.created_at').orderBy('comments.id').execute();
    },

    /**
     * A page of an article's threads: up to `limit` top-level comments after `after` (created_at,
     * then id, oldest first), each with its first `repliesPerThread` replies, oldest first, in one
     * statement of constant shape (a deleted reply is removed outright, see remove(), so every
     * reply row is shown and the first replies are read from the index alone). The top-level comments come from their own
     * index (top-level comments only), each thread's first replies from the parent index in reading
     * order, so the cost follows the page, not the discussion nor the longest thread.
     */
    async threadsOfArticle(articleId: number, after: { createdAt: number; id: number } | null, limit: number, repliesPerThread: number, viewerId = 0): Promise<CommentRow[]> {
      const from = after ?? { createdAt: -1, id: 0 };
      if (!pg) return sqliteThreadsOfArticle(articleId, from, limit, repliesPerThread, viewerId);
      return db
          .with('page_threads', (qb) =>
            qb
              .selectFrom('comments')
              .select('id')
              .where('article_id', '=', articleId)
              .where('parent_id', 'is', null)
              .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('user_id', '=', viewerId)]))
              // A row value, so the index is sought at the cursor instead of walked to it.
              .where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(from.createdAt, from.id)))
              .orderBy('created_at')
              .orderBy('id')
              .limit(limit),
          )
          .selectFrom('comments')
          .innerJoin('users', 'users.id', 'comments.user_id')
          .select(COMMENT_COLUMNS)
          .where('comments.id', 'in', (eb) => eb.selectFrom('page_threads').select('page_threads.id'))
          .unionAll((eb) =>
            // Each thread's first replies, a LIMIT per thread through LATERAL.
            eb
              .selectFrom('page_threads')
              .crossJoinLateral((lateral) =>
                lateral
                  .selectFrom('comments')
                  .innerJoin('users', 'users.id', 'comments.user_id')
                  .select(COMMENT_COLUMNS)
                  .whereRef('comments.parent_id', '=', 'page_threads.id')
                  .where(visibleTo(viewerId))
                  .orderBy('comments.created_at')
                  .orderBy('comments.id')
                  .limit(repliesPerThread)
                  .as('reply'),
              )
              .selectAll('reply'),
          )
          .orderBy('created_at')
          .orderBy('id')
          .execute();
    },

    /** Up to `limit` replies of a top-level comment after `after`, oldest first. */
    async repliesOf(parentId: number, after: { createdAt: number; id: number } | null, limit: number, viewerId = 0): Promise<CommentRow[]> {
      const from = after ?? { createdAt: -1, id: 0 };
      return db
        .selectFrom('comments')
        // Replies first (a seek in the parent index at the cursor), then each one's author.
        .crossJoin('users')
        .whereRef('users.id', '=', 'comments.user_id')
        .select(COMMENT_COLUMNS)
        .where('comments.parent_id', '=', parentId)
        .where((eb) => eb(eb.refTuple('comments.created_at', 'comments.id'), '>', eb.tuple(from.createdAt, from.id)))
        .where(visibleTo(viewerId))
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .limit(limit)
        .execute();
    },

    findById(id: number): Promise<CommentRow | undefined> {
      return selectComments().where('comments.id', '=', id).executeTakeFirst();
    },

    /**
     * Adds a comment and counts it in the same transaction, with a reply's email to the author of
     * the comment replied to. A reply to a reply attaches to the top-level comment (two levels,
     * docs/product.md#data). On PostgreSQL the parent rows are
     * share-locked, so a concurrent delete cannot remove them between the check and the insert
     * (SQLite runs one writer at a time).
     */
    async insert(values: {
      articleId: number;
      userId: number;
      parentId: number | null;
      content: string;
      now: number;
      /** Refuse the same text by the same author on the same article and parent written since then. */
      duplicateSince: number;
      /**
       * Held for a moderator ('pending'): not counted, and a reply's notice waits for the approval
       * (the moderation feature counts and notifies then).
       */
      held?: 'hold_first' | 'blocked_word' | null;
      /** A reply from the fediverse: the id of the Note it is made from (one comment per Note). */
      remoteNoteUri?: string | null;
    }): Promise<InsertCommentResult> {
      try {
        return await db.transaction().execute(async (trx): Promise<InsertCommentResult> => {
          // One comment insert per author at a time on PostgreSQL, so two requests from one double
          // click cannot both pass the duplicate check below (SQLite runs one writer at a time).
          if (pg) await trx.selectFrom('users').select('id').where('id', '=', values.userId).forUpdate().executeTakeFirst();
          let parentId: number | null = null;
          // An imported comment is no account's: a reply to it notifies nobody.
          let repliedToImported = false;
          // Under its author's own held comment a reply waits too: readers see neither until both are approved.
          let heldThread: 'hold_first' | 'blocked_word' | null = null;
          // Someone else's held comment is as missing as any other.
          const unseen = (row: { status: string; user_id: number }) => row.status === 'pending' && row.user_id !== values.userId;
          if (values.parentId !== null) {
            const parent = await trx
              .selectFrom('comments')
              .select(['id', 'article_id', 'parent_id', 'deleted', 'status', 'user_id', 'held_cause', 'imported_author_name'])
              .where('id', '=', values.parentId)
              .$if(pg, (q) => q.forShare())
              .executeTakeFirst();
            if (!parent || parent.deleted === 1 || unseen(parent)) return { ok: false, reason: 'parentMissing' };
            if (parent.article_id !== values.articleId) return { ok: false, reason: 'parentOtherArticle' };
            parentId = parent.parent_id ?? parent.id;
            repliedToImported = parent.imported_author_name !== null;
            let top: { status: 'published' | 'pending' | 'hidden'; user_id: number; held_cause: 'hold_first' | 'blocked_word' | null } | undefined = parent;
            if (parent.parent_id !== null) {
              top = await trx
                .selectFrom('comments')
                .select(['id', 'status', 'user_id', 'held_cause'])
                .where('id', '=', parent.parent_id)
                .$if(pg, (q) => q.forShare())
                .executeTakeFirst();
              if (!top || unseen(top)) return { ok: false, reason: 'parentMissing' };
            }
            if (top.status === 'pending') heldThread = top.held_cause ?? 'hold_first';
          }
          const held = values.held ?? heldThread;
          const duplicate = await trx
            .selectFrom('comments')
            .select('id')
            .where('article_id', '=', values.articleId)
            .where('user_id', '=', values.userId)
            .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
            .where('content', '=', values.content)
            .where('deleted', '=', 0)
            .where('created_at', '>=', values.duplicateSince)
            .limit(1)
            .executeTakeFirst();
          if (duplicate) return { ok: false, reason: 'duplicate' };
          const { id } = await trx
            .insertInto('comments')
            .values({
              article_id: values.articleId,
              user_id: values.userId,
              parent_id: parentId,
              content: values.content,
              created_at: values.now,
              remote_note_uri: values.remoteNoteUri ?? null,
              ...(held ? { status: 'pending' as const, held_cause: held } : {}),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (held) {
            const row = await selectComments(trx).where('comments.id', '=', id).executeTakeFirstOrThrow();
            return { ok: true, row, replyNoticeQueued: false };
          }
          const article = await trx
            .updateTable('articles')
            .set({ comment_count: sql`comment_count + 1` })
            .where('id', '=', values.articleId)
            .returning('channel_id')
            .executeTakeFirstOrThrow();
          // The article's and channel's per-day figures (analytics).
          await recordArticleChanges(trx, { id: values.articleId, channelId: article.channel_id }, [{ day: utcDay(values.now), delta: { comments: 1 } }]);
          // The replied-to author's email, in the outbox with the reply (one per thread an hour).
          const replyNoticeQueued =
            values.parentId !== null && parentId !== null && !repliedToImported
              ? await queueReplyNotice(trx, { threadId: parentId, repliedToId: values.parentId, authorId: values.userId, articleId: values.articleId, now: values.now })
              : false;
          const row = await selectComments(trx).where('comments.id', '=', id).executeTakeFirstOrThrow();
          return { ok: true, row, replyNoticeQueued };
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) return { ok: false, reason: 'articleGone' };
        throw error;
      }
    },

    /**
     * Removes a comment and uncounts it, in one transaction. A comment that still has replies keeps
     * its place, emptied and marked deleted; any other is removed, and a deleted top-level comment
     * left without replies goes with its last one. The article's comment_count counts the comments
     * that are not deleted, which is exactly what the list shows as comments.
     * Answers false when there was nothing (left) to delete.
     */
    async remove(id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('comments')
          .select(['id', 'article_id', 'parent_id', 'created_at', 'status'])
          .where('id', '=', id)
          .where('deleted', '=', 0)
          .$if(pg, (q) => q.forUpdate())
          .executeTakeFirst();
        if (!row) return false;

        const reply = await trx.selectFrom('comments').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
        if (reply) {
          const result = await trx
            .updateTable('comments')
            .set({ deleted: 1, content: '' })
            .where('id', '=', id)
            .where('deleted', '=', 0)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return false;
          if (row.status === 'pending') {
            // Its replies were out of sight while it waited; emptied, it no longer hides them.
            await trx.updateTable('comments').set({ status: 'published', held_cause: null }).where('id', '=', id).execute();
            await countThread(trx, { id, articleId: row.article_id, parentId: row.parent_id, createdAt: Number(row.created_at) }, 1);
            row.status = 'published';
          }
        } else {
          const result = await trx.deleteFrom('comments').where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
          if (Number(result.numDeletedRows) === 0) return false;
          if (row.parent_id !== null) {
            // A deleted top-level comment stays only while it has replies to hold together.
            const parent = await trx
              .selectFrom('comments')
              .select(['id', 'deleted'])
              .where('id', '=', row.parent_id)
              .$if(pg, (q) => q.forUpdate())
              .executeTakeFirst();
            if (parent?.deleted === 1) {
              await trx
                .deleteFrom('comments')
                .where('id', '=', parent.id)
                .where((eb) => eb.not(eb.exists(eb.selectFrom('comments as reply').select('reply.id').where('reply.parent_id', '=', parent.id))))
                .execute();
            }
          }
        }
        // A held comment was never counted.
        if (row.status === 'pending') return true;
        const article = await trx
          .updateTable('articles')
          .set({ comment_count: sql`comment_count - 1` })
          .where('id', '=', row.article_id)
          .returning('channel_id')
          .executeTakeFirst();
        if (article) {
          // A comment counts on the day it was written, so deleting it lowers that day.
          const day = utcDay(Number(row.created_at));
          await recordArticleChanges(trx, { id: row.article_id, channelId: article.channel_id }, [{ day, delta: { comments: -1 } }]);
        }
        return true;
      });
    },

    /**
     * Its author's new text, only while the comment is theirs, not deleted and younger than
     * `editableSince` allows (checked in the statement, so a late edit cannot slip in between a
     * check and the write). With `held`, a published comment goes to the moderators' queue as a new
     * comment would, and leaves the count (its thread's replies with it) in the same transaction.
     * Answers the comment as it now reads, or undefined when nothing changed.
     */
    async updateContent(values: {
      id: number;
      userId: number;
      content: string;
      editableSince: number;
      now: number;
      held?: 'hold_first' | 'blocked_word' | null;
    }): Promise<CommentRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .updateTable('comments')
          .set({ content: values.content, edited_at: values.now })
          .where('id', '=', values.id)
          .where('user_id', '=', values.userId)
          .where('deleted', '=', 0)
          .where('created_at', '>', values.editableSince)
          .returning(['article_id', 'parent_id', 'created_at', 'status'])
          .executeTakeFirst();
        if (!before) return undefined;
        // A held comment stays held and a hidden one hidden: only a shown comment starts to wait.
        if (values.held && before.status === 'published') {
          await trx.updateTable('comments').set({ status: 'pending', held_cause: values.held }).where('id', '=', values.id).execute();
          await countThread(trx, { id: values.id, articleId: before.article_id, parentId: before.parent_id, createdAt: Number(before.created_at) }, -1);
        }
        return selectComments(trx).where('comments.id', '=', values.id).executeTakeFirst();
      });
    },

    /** Comments readers see, counted from the rows (tests compare the counter with it). */
    async recount(articleId: number): Promise<number> {
      const row = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('article_id', '=', articleId)
        .where('deleted', '=', 0)
        .where('status', '!=', 'pending')
        // A reply under a held comment is as unseen as the comment.
        .where((eb) => eb.or([eb('parent_id', 'is', null), eb.not(eb.exists(eb.selectFrom('comments as parent').select('parent.id').whereRef('parent.id', '=', 'comments.parent_id').where('parent.status', '=', 'pending')))]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
