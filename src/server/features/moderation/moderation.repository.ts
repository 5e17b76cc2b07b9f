import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { ReportReason, ReportTarget } from '../../../contract/moderation.js';
import type { Database, Dialect } from '../../db/database.js';
import type { DB, ModerationLogTable } from '../../db/schema.js';
import { keysetAfter } from '../../db/keyset.js';
import { likePattern } from '../../lib/cursor.js';
import { countThread } from '../comments/comments.repository.js';
import { recordRevision } from '../revisions/revisions.repository.js';
import { movePublishedCounts, publishedShare } from '../articles/published-counts.repository.js';
import { channelRole } from '../staff/staff.repository.js';
import { queueModerationDigest, queueModerationNotice, queueReplyNotice, type ModerationNotice } from '../email/outbox.repository.js';

type Executor = Database | Transaction<DB>;

export interface CommentTargetRow {
  id: number;
  user_id: number;
  username: string;
  content: string;
  status: 'published' | 'pending' | 'hidden';
  held_cause: 'hold_first' | 'blocked_word' | null;
  deleted: number;
  parent_id: number | null;
  created_at: number;
  article_id: number;
  article_slug: string;
  article_title: string;
  article_published: number;
  article_user_id: number;
  channel_id: number;
}

export interface ArticleTargetRow {
  id: number;
  user_id: number;
  username: string;
  title: string;
  slug: string;
  published: number;
  channel_id: number;
  removed_by: 'admin' | 'owner' | null;
}

export interface UserTargetRow {
  id: number;
  username: string;
  description: string | null;
  is_admin: number;
}

export type LogEntryInput = Omit<ModerationLogTable, 'id'>;

export interface SuspensionRow {
  id: number;
  username: string;
  is_admin: number;
  created_at: number;
  suspended_at: number | null;
  suspended_until: number | null;
  suspension_reason: string | null;
  suspended_by: number | null;
  by_username: string | null;
}

/** The reasons' counter columns of report_targets. */
const REASON_COLUMNS = { spam: 'spam', harassment: 'harassment', misinformation: 'misinformation', other: 'other' } as const satisfies Record<ReportReason, string>;

export function createModerationRepository(db: Database, dialect: Dialect) {
  const pg = dialect === 'postgres';

  function commentTargets(executor: Executor = db) {
    return executor
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .innerJoin('articles', 'articles.id', 'comments.article_id')
      .select([
        'comments.id',
        'comments.user_id',
        'users.username',
        'comments.content',
        'comments.status',
        'comments.held_cause',
        'comments.deleted',
        'comments.parent_id',
        'comments.created_at',
        'comments.article_id',
        'articles.slug as article_slug',
        'articles.title as article_title',
        'articles.published as article_published',
        'articles.user_id as article_user_id',
        'articles.channel_id',
      ]);
  }

  /** Accounts with their suspension and who gave it. */
  function usersWithSuspension() {
    return db
      .selectFrom('users')
      .leftJoin('users as by', 'by.id', 'users.suspended_by')
      .select([
        'users.id',
        'users.username',
        'users.is_admin',
        'users.created_at',
        'users.suspended_at',
        'users.suspended_until',
        'users.suspension_reason',
        'users.suspended_by',
        'by.username as by_username',
      ]);
  }

  function articleTargets(executor: Executor = db) {
    return executor
      .selectFrom('articles')
      .innerJoin('users', 'users.id', 'articles.user_id')
      .select(['articles.id', 'articles.user_id', 'users.username', 'articles.title', 'articles.slug', 'articles.published', 'articles.channel_id', 'articles.removed_by']);
  }

  return {
    async channelOwner(channelId: number): Promise<number | undefined> {
      return (await db.selectFrom('channels').select('user_id').where('id', '=', channelId).executeTakeFirst())?.user_id;
    },

    async channelName(channelId: number): Promise<string | undefined> {
      return (await db.selectFrom('channels').select('name').where('id', '=', channelId).executeTakeFirst())?.name;
    },

    /** The channels a user moderates besides admins' powers: those they own and those they are an editor of (whose queues they work). */
    async ownedChannels(userId: number): Promise<number[]> {
      const [owned, edited] = await Promise.all([
        db.selectFrom('channels').select('id').where('user_id', '=', userId).execute(),
        db.selectFrom('channel_staff').select('channel_id as id').where('user_id', '=', userId).where('role', '=', 'editor').execute(),
      ]);
      return [...owned, ...edited].map((row) => row.id);
    },

    /** Who the user is in the channel (owner, editor, writer or null), asked fresh each time: staff changes are seen at once. */
    channelRole: (userId: number, channelId: number) => channelRole(db, userId, channelId),

    comment: (id: number): Promise<CommentTargetRow | undefined> => commentTargets().where('comments.id', '=', id).executeTakeFirst() as Promise<CommentTargetRow | undefined>,
    article: (id: number): Promise<ArticleTargetRow | undefined> => articleTargets().where('articles.id', '=', id).executeTakeFirst() as Promise<ArticleTargetRow | undefined>,
    user: (id: number): Promise<UserTargetRow | undefined> =>
      db.selectFrom('users').select(['id', 'username', 'description', 'is_admin']).where('id', '=', id).executeTakeFirst(),
    /** A reader of the site by name, or (`remote`) an account on the fediverse by its handle. */
    userByName: (username: string, remote = false): Promise<UserTargetRow | undefined> =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'description', 'is_admin'])
        .where('username_key', '=', username.toLowerCase())
        .where('remote_actor_uri', remote ? 'is not' : 'is', null)
        .executeTakeFirst(),

    async commentsByIds(ids: number[]): Promise<CommentTargetRow[]> {
      if (ids.length === 0) return [];
      return (await commentTargets().where('comments.id', 'in', ids).execute()) as CommentTargetRow[];
    },
    async articlesByIds(ids: number[]): Promise<ArticleTargetRow[]> {
      if (ids.length === 0) return [];
      return (await articleTargets().where('articles.id', 'in', ids).execute()) as ArticleTargetRow[];
    },
    async usersByIds(ids: number[]): Promise<UserTargetRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('users').select(['id', 'username', 'description', 'is_admin']).where('id', 'in', ids).execute();
    },

    // ---- Channel settings, commenters and bans ----

    async settings(channelId: number): Promise<{ comment_policy: 'open' | 'hold_first' | 'closed'; blocked_words: string } | undefined> {
      return db.selectFrom('channel_moderation').select(['comment_policy', 'blocked_words']).where('channel_id', '=', channelId).executeTakeFirst();
    },

    async saveSettings(trx: Executor, channelId: number, policy: 'open' | 'hold_first' | 'closed', words: string[], now: number): Promise<void> {
      await trx
        .insertInto('channel_moderation')
        .values({ channel_id: channelId, comment_policy: policy, blocked_words: JSON.stringify(words), updated_at: now })
        .onConflict((oc) => oc.column('channel_id').doUpdateSet({ comment_policy: policy, blocked_words: JSON.stringify(words), updated_at: now }))
        .execute();
    },

    /** Whether a moderator let the user through in the channel (before `before`, when given). */
    async isApprovedCommenter(channelId: number, userId: number, before?: number): Promise<boolean> {
      const row = await db
        .selectFrom('channel_commenters')
        .select('user_id')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .$if(before !== undefined, (q) => q.where('created_at', '<', before!))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The bans in force (permanent, or ending after `now`), newest first, with who gave them. */
    async activeBans(channelId: number, now: number) {
      return db
        .selectFrom('channel_bans')
        .innerJoin('users', 'users.id', 'channel_bans.user_id')
        .leftJoin('users as by', 'by.id', 'channel_bans.by_user_id')
        .select(['channel_bans.user_id', 'users.username', 'channel_bans.reason', 'channel_bans.until_at', 'channel_bans.created_at', 'channel_bans.by_user_id', 'by.username as by_username'])
        .where('channel_bans.channel_id', '=', channelId)
        .where((eb) => eb.or([eb('channel_bans.until_at', 'is', null), eb('channel_bans.until_at', '>', now)]))
        .orderBy('channel_bans.created_at', 'desc')
        .execute();
    },

    async ban(trx: Executor, ban: { channelId: number; userId: number; reason: string | null; until: number | null; by: number; now: number }): Promise<boolean> {
      // An ended ban leaves its row behind: a new one takes its place.
      await trx
        .deleteFrom('channel_bans')
        .where('channel_id', '=', ban.channelId)
        .where('user_id', '=', ban.userId)
        .where('until_at', 'is not', null)
        .where('until_at', '<=', ban.now)
        .execute();
      const result = await trx
        .insertInto('channel_bans')
        .values({ channel_id: ban.channelId, user_id: ban.userId, reason: ban.reason, until_at: ban.until, by_user_id: ban.by, created_at: ban.now })
        .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async unban(trx: Executor, channelId: number, userId: number, now: number): Promise<boolean> {
      const result = await trx
        .deleteFrom('channel_bans')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('until_at', 'is', null), eb('until_at', '>', now)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // ---- Reports ----

    async reportsSince(reporterId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reporter_id', '=', reporterId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The targets among these the reporter has an open report on (the open-report index answers it). */
    async openReportsBy(reporterId: number, targetType: ReportTarget, targetIds: readonly number[]): Promise<number[]> {
      if (targetIds.length === 0) return [];
      const rows = await db
        .selectFrom('reports')
        .select('target_id')
        .where('reporter_id', '=', reporterId)
        .where('target_type', '=', targetType)
        .where('target_id', 'in', [...targetIds])
        .where('resolved_at', 'is', null)
        .execute();
      return rows.map((row) => row.target_id);
    },

    async hasOpenReport(reporterId: number, targetType: ReportTarget, targetId: number): Promise<boolean> {
      const row = await db
        .selectFrom('reports')
        .select('id')
        .where('reporter_id', '=', reporterId)
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Files a report and counts it on its target's queue row in one transaction. Answers undefined
     * when the reporter already has an open report on the target (the unique index decides, so two
     * requests at once cannot both pass).
     */
    async insertReport(report: {
      reporterId: number;
      targetType: ReportTarget;
      targetId: number;
      channelId: number | null;
      reason: ReportReason;
      text: string | null;
      now: number;
    }): Promise<{ id: number; created_at: number; digestQueued: boolean } | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('reports')
            .values({
              reporter_id: report.reporterId,
              target_type: report.targetType,
              target_id: report.targetId,
              reason: report.reason,
              text: report.text,
              created_at: report.now,
              resolved_at: null,
              resolution: null,
            })
            .returning(['id', 'created_at'])
            .executeTakeFirstOrThrow();
          const column = REASON_COLUMNS[report.reason];
          await trx
            .insertInto('report_targets')
            .values({
              target_type: report.targetType,
              target_id: report.targetId,
              channel_id: report.channelId,
              open_count: 1,
              [column]: 1,
              latest_at: report.now,
            })
            .onConflict((oc) =>
              oc.columns(['target_type', 'target_id']).doUpdateSet({
                open_count: sql`report_targets.open_count + 1`,
                [column]: sql`report_targets.${sql.ref(column)} + 1`,
                latest_at: sql`excluded.latest_at`,
              }),
            )
            .execute();
          // The channel's owner hears of new reports, at most once an hour, with the report.
          const digestQueued = report.channelId !== null ? await queueModerationDigest(trx, { channelId: report.channelId, now: report.now }) : false;
          return { id: inserted.id, created_at: Number(inserted.created_at), digestQueued };
        });
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
        throw error;
      }
    },

    /**
     * A page of the queue: targets with open reports, the most recently reported first, for one
     * channel or (channelId undefined) the whole site. Reads the counters' rows through their index.
     */
    async queuePage(channelId: number | undefined, after: { value: number; id: number } | undefined, limit: number) {
      let query = db
        .selectFrom('report_targets')
        .select(['id', 'target_type', 'target_id', 'channel_id', 'open_count', 'spam', 'harassment', 'misinformation', 'other', 'latest_at']);
      if (channelId !== undefined) query = query.where('channel_id', '=', channelId);
      if (after) {
        const [from, past] = keysetAfter(sql.ref('latest_at'), 'id', 'desc', after);
        query = query.where(from).where(past);
      }
      return query.orderBy('latest_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** The open reports of some targets of one type, newest first. */
    async openReportsOf(targetType: ReportTarget, targetIds: number[]) {
      if (targetIds.length === 0) return [];
      return db
        .selectFrom('reports')
        .select(['id', 'target_id', 'text', 'created_at'])
        .where('target_type', '=', targetType)
        .where('target_id', 'in', targetIds)
        .where('resolved_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
    },

    async openCount(targetType: ReportTarget, targetId: number): Promise<number> {
      const row = await db
        .selectFrom('report_targets')
        .select('open_count')
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
      return row?.open_count ?? 0;
    },

    /** Closes a target's open reports and takes it off the queue; answers how many were closed. */
    async resolveReports(trx: Transaction<DB>, targetType: ReportTarget, targetId: number, resolution: string, now: number): Promise<number> {
      const result = await trx
        .updateTable('reports')
        .set({ resolved_at: now, resolution })
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      await trx.deleteFrom('report_targets').where('target_type', '=', targetType).where('target_id', '=', targetId).execute();
      return Number(result.numUpdatedRows);
    },

    /** Queue rows whose target no longer exists (deleted since it was reported). */
    async forgetTargets(targets: { id: number }[]): Promise<void> {
      if (targets.length === 0) return;
      await db.deleteFrom('report_targets').where('id', 'in', targets.map((t) => t.id)).execute();
    },

    /** Open reports per channel among `channelIds` (or in all, with the profiles' for admins). */
    async openReportCounts(channelIds: number[] | 'all') {
      if (channelIds !== 'all' && channelIds.length === 0) return [];
      let query = db
        .selectFrom('report_targets')
        .select((eb) => ['channel_id', eb.fn.sum<number>('open_count').as('n')])
        .groupBy('channel_id');
      if (channelIds !== 'all') query = query.where('channel_id', 'in', channelIds);
      return query.execute();
    },

    async heldCounts(channelIds: number[] | 'all') {
      if (channelIds !== 'all' && channelIds.length === 0) return [];
      let query = db
        .selectFrom('comments')
        .innerJoin('articles', 'articles.id', 'comments.article_id')
        .select((eb) => ['articles.channel_id', eb.fn.countAll<number>().as('n')])
        .where('comments.status', '=', 'pending')
        .groupBy('articles.channel_id');
      if (channelIds !== 'all') query = query.where('articles.channel_id', 'in', channelIds);
      return query.execute();
    },

    // ---- Comments and articles ----

    async setCommentStatus(trx: Transaction<DB>, commentId: number, from: 'published' | 'hidden', to: 'published' | 'hidden'): Promise<boolean> {
      const result = await trx.updateTable('comments').set({ status: to }).where('id', '=', commentId).where('status', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Held comments, oldest first, of one channel or (undefined) every channel. */
    async heldPage(channelId: number | undefined, after: { value: number; id: number } | undefined, limit: number): Promise<CommentTargetRow[]> {
      let query = commentTargets().where('comments.status', '=', 'pending');
      if (channelId !== undefined) query = query.where('articles.channel_id', '=', channelId);
      if (after) query = query.where((eb) => eb(eb.refTuple('comments.created_at', 'comments.id'), '>', eb.tuple(after.value, after.id)));
      return (await query.orderBy('comments.created_at').orderBy('comments.id').limit(limit).execute()) as CommentTargetRow[];
    },

    /**
     * Publishes a held comment: counted from now on (on the day it was written, as a comment post
     * counts), its author let through in the channel from now on, and a reply's notice queued.
     * Answers whether a notice was queued, or undefined when the comment was no longer held.
     */
    async approve(trx: Transaction<DB>, comment: CommentTargetRow, now: number): Promise<{ replyNoticeQueued: boolean } | undefined> {
      const result = await trx.updateTable('comments').set({ status: 'published', held_cause: null }).where('id', '=', comment.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      // Its thread's shown replies come back into view with it.
      await countThread(trx, { id: comment.id, articleId: comment.article_id, parentId: comment.parent_id, createdAt: Number(comment.created_at) }, 1);
      await trx
        .insertInto('channel_commenters')
        .values({ channel_id: comment.channel_id, user_id: comment.user_id, created_at: now })
        .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
        .execute();
      const replyNoticeQueued =
        comment.parent_id !== null
          ? await queueReplyNotice(trx, { threadId: comment.parent_id, repliedToId: comment.parent_id, authorId: comment.user_id, articleId: comment.article_id, now })
          : false;
      return { replyNoticeQueued };
    },

    /** Deletes a held comment (never counted, so nothing to uncount). */
    async reject(trx: Transaction<DB>, commentId: number): Promise<boolean> {
      const result = await trx.deleteFrom('comments').where('id', '=', commentId).where('status', '=', 'pending').executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Moves a published article to drafts with the moderator's note, uncounted from its channel, and
     * records the change in its public record as unpublishing does.
     */
    async removeArticle(trx: Transaction<DB>, article: { id: number; channelId: number; note: string; removedBy: 'admin' | 'owner'; actorId: number; now: number }): Promise<void> {
      const before = await trx.selectFrom('articles').select('published').where('id', '=', article.id).$if(pg, (q) => q.forUpdate()).executeTakeFirst();
      if (!before) return;
      const share = await publishedShare(trx, dialect, article.id);
      await trx.updateTable('articles').set({ published: 0, status: 'draft', publish_at: null, moderation_note: article.note, removed_by: article.removedBy }).where('id', '=', article.id).execute();
      if (before.published === 1) {
        await trx.updateTable('channels').set({ article_count: sql`article_count - 1` }).where('id', '=', article.channelId).execute();
        await movePublishedCounts(trx, share, null, article.now);
        await recordRevision(trx, { articleId: article.id, editorId: article.actorId, now: article.now });
      }
    },

    /** The author of hidden or removed content hears of it, in the moderation's transaction. */
    notifyAuthor: (trx: Transaction<DB>, input: { userId: number; key: string; notice: ModerationNotice; now: number }) => queueModerationNotice(trx, input),

    /** A comment was held: the channel's owner hears of it (at most once an hour). */
    queueDigest: (channelId: number, now: number) => queueModerationDigest(db, { channelId, now }),

    async clearBio(trx: Transaction<DB>, userId: number, now: number): Promise<void> {
      await trx.updateTable('users').set({ description: null, updated_at: now }).where('id', '=', userId).execute();
    },

    // ---- Suspensions ----

    async suspend(trx: Transaction<DB>, s: { userId: number; reason: string; until: number | null; by: number; now: number }): Promise<void> {
      await trx
        .updateTable('users')
        .set({ suspended_at: s.now, suspended_until: s.until, suspension_reason: s.reason, suspended_by: s.by })
        .where('id', '=', s.userId)
        .execute();
      // Signed out everywhere at once.
      await trx.deleteFrom('sessions').where('user_id', '=', s.userId).execute();
    },

    async unsuspend(trx: Transaction<DB>, userId: number): Promise<void> {
      await trx.updateTable('users').set({ suspended_at: null, suspended_until: null, suspension_reason: null, suspended_by: null }).where('id', '=', userId).execute();
    },

    /** Accounts by id, newest first, after a keyset cursor; `suspended` keeps the suspensions in force at `now`. */
    async users(filter: { q?: string; suspended?: boolean; now: number; after?: { value: number; id: number }; limit: number }): Promise<SuspensionRow[]> {
      let query = usersWithSuspension();
      const inForce = (eb: ExpressionBuilder<DB & { by: DB['users'] }, 'users' | 'by'>) =>
        eb.and([eb('users.suspended_at', 'is not', null), eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '>', filter.now)])]);
      if (filter.suspended === true) query = query.where(inForce);
      if (filter.suspended === false) query = query.where((eb) => eb.not(inForce(eb)));
      if (filter.q) query = query.where('users.username_key', 'like', sql<string>`${likePattern(filter.q)} escape '\\'`);
      if (filter.after) query = query.where('users.id', '<', filter.after.id);
      return (await query.orderBy('users.id', 'desc').limit(filter.limit).execute()) as SuspensionRow[];
    },

    async userWithSuspension(id: number): Promise<SuspensionRow | undefined> {
      return (await usersWithSuspension().where('users.id', '=', id).executeTakeFirst()) as SuspensionRow | undefined;
    },

    // ---- The log ----

    async log(trx: Executor, entry: LogEntryInput): Promise<void> {
      await trx.insertInto('moderation_log').values(entry).execute();
    },

    async logPage(channelId: number | undefined, afterId: number | undefined, limit: number) {
      let query = db
        .selectFrom('moderation_log')
        .leftJoin('users', 'users.id', 'moderation_log.actor_id')
        .select([
          'moderation_log.id',
          'moderation_log.actor_id',
          'users.username as actor_username',
          'moderation_log.action',
          'moderation_log.target_type',
          'moderation_log.target_id',
          'moderation_log.target_label',
          'moderation_log.channel_id',
          'moderation_log.reason',
          'moderation_log.created_at',
        ]);
      if (channelId !== undefined) query = query.where('moderation_log.channel_id', '=', channelId);
      if (afterId !== undefined) query = query.where('moderation_log.id', '<', afterId);
      return query.orderBy('moderation_log.id', 'desc').limit(limit).execute();
    },

    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> => db.transaction().execute(work),
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
