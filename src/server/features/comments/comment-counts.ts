import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { utcDay } from '../../lib/time.js';
import { recordArticleChanges } from '../analytics/analytics.repository.js';

/**
 * An article's comment_count counts what its readers see: comments that are not deleted and not
 * held, outside a held thread. When a top-level comment starts or stops waiting for a moderator,
 * its thread's shown replies leave or rejoin the count with it, each on the day it was written (as
 * the per-day figures count a comment post).
 */
export async function countThread(
  trx: Transaction<DB>,
  comment: { id: number; articleId: number; parentId: number | null; createdAt: number },
  sign: 1 | -1,
): Promise<void> {
  if (comment.parentId !== null) {
    // A reply under a waiting comment is out of sight either way: the comment's approval counts it.
    const parent = await trx.selectFrom('comments').select('status').where('id', '=', comment.parentId).executeTakeFirst();
    if (parent?.status === 'pending') return;
  }
  const replies =
    comment.parentId === null
      ? await trx.selectFrom('comments').select('created_at').where('parent_id', '=', comment.id).where('deleted', '=', 0).where('status', '!=', 'pending').execute()
      : [];
  const days = [comment.createdAt, ...replies.map((reply) => Number(reply.created_at))];
  const article = await trx
    .updateTable('articles')
    .set({ comment_count: sql`comment_count + ${sign * days.length}` })
    .where('id', '=', comment.articleId)
    .returning('channel_id')
    .executeTakeFirst();
  if (!article) return;
  await recordArticleChanges(trx, { id: comment.articleId, channelId: article.channel_id }, days.map((at) => ({ day: utcDay(at), delta: { comments: sign } })));
}
