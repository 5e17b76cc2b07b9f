import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { DB, EmailOutboxTable } from '../../db/schema.js';

export type OutboxKind = EmailOutboxTable['kind'];

/** What the sender reads of a queued message. */
export type OutboxRow = Pick<
  Selectable<EmailOutboxTable>,
  'id' | 'kind' | 'dedupe_key' | 'user_id' | 'article_id' | 'channel_id' | 'to_address' | 'payload' | 'attempts' | 'created_at' | 'thread_id'
>;

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * A new outbox row: what a message is and whom it is for, due at `dueAt` (default: at once), with
 * the sender's bookkeeping columns (claim, error, sent time) empty.
 */
function outboxRow(row: {
  kind: OutboxKind;
  dedupeKey: string;
  now: number;
  dueAt?: number;
  userId?: number | null;
  articleId?: number | null;
  channelId?: number | null;
  threadId?: number | null;
  toAddress?: string | null;
  payload?: unknown;
}): Insertable<EmailOutboxTable> {
  return {
    kind: row.kind,
    dedupe_key: row.dedupeKey,
    user_id: row.userId ?? null,
    article_id: row.articleId ?? null,
    channel_id: row.channelId ?? null,
    ...(row.threadId === undefined ? {} : { thread_id: row.threadId }),
    to_address: row.toAddress ?? null,
    payload: row.payload === undefined ? null : JSON.stringify(row.payload),
    next_attempt_at: row.dueAt ?? row.now,
    claimed_by: null,
    claimed_until: null,
    last_error: null,
    created_at: row.now,
    sent_at: null,
  };
}

/** A suppression recorded from a spam complaint (the webhook's 'complaint' events), not a bounce. */
export const isComplaint = (reason: string) => reason.startsWith('complaint');

/** The lower-cased address: the key of users.email_key and email_suppressions. */
export const emailKey = (address: string) => address.trim().toLowerCase();

/**
 * Queues the new-article emails of an article that has just been published. Called INSIDE the
 * publishing transaction (articles.repository.ts), so the article and its queued notice commit
 * together or not at all. It writes one row whatever the number of subscribers: the sender later
 * fans it out into one row per subscriber (fanOutPublish), so publishing stays fast. A second
 * publish of the same article (draft, published, draft, published) queues nothing new once the
 * first was fanned out; per-subscriber rows are unique per article, so no one is emailed twice.
 */
export async function queueArticlePublished(trx: Executor, input: { articleId: number; channelId: number; now: number }): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values(outboxRow({ kind: 'publish', dedupeKey: `publish:${input.articleId}`, articleId: input.articleId, channelId: input.channelId, now: input.now }))
    // Published again after being taken back before its fan-out: queue it again.
    .onConflict((oc) =>
      oc
        .column('dedupe_key')
        .doUpdateSet({ status: 'pending', next_attempt_at: input.now, created_at: input.now })
        .where('email_outbox.status', '=', 'skipped'),
    )
    .execute();
}

/**
 * A correction was added to an article: every reader its publication was emailed to gets a short
 * message about it, one row each (unique per article, revision and reader). Called INSIDE the
 * edit's transaction, as one INSERT: the correction and its emails commit together. Readers are
 * taken from the article emails that went out, so no one hears of a text they were never sent.
 */
export async function queueArticleCorrected(trx: Executor, input: { articleId: number; channelId: number; revision: number; now: number }): Promise<void> {
  await sql`
    insert into email_outbox (kind, dedupe_key, user_id, article_id, channel_id, to_address, payload, status, attempts, next_attempt_at, created_at)
    select 'correction', ${`correction:${input.articleId}:${input.revision}:`} || cast(sent.user_id as text), sent.user_id, sent.article_id, sent.channel_id,
           sent.to_address, ${JSON.stringify({ revision: input.revision })}, 'pending', 0, ${input.now}, ${input.now}
    from email_outbox sent
    where sent.kind = 'article' and sent.channel_id = ${input.channelId} and sent.article_id = ${input.articleId} and sent.status = 'sent'
    on conflict (dedupe_key) do nothing`.execute(trx);
}

/** What a moderation email tells its reader (the outbox row's payload). */
export type ModerationNotice =
  | { type: 'comment-hidden'; commentId: number; articleId: number; excerpt: string }
  | { type: 'article-removed'; articleId: number; title: string; note: string }
  /** New reports or held comments wait in the owner's channels (counted when the email is written). */
  | { type: 'queue' };

/** What a review email tells its reader (the outbox row's payload). */
export type ReviewNotice =
  /** To the channel's owner and editors: a writer submitted an article. */
  | { type: 'submitted'; articleId: number; channelId: number; title: string; writer: string }
  /** To the author: an editor approved it, or asked for changes (with the note). */
  | { type: 'approved' | 'changes_requested'; articleId: number; title: string; note: string | null };

/**
 * A review email for each of `userIds` (INSIDE the submission's or review's transaction: both
 * commit or neither). The sender sends it only to a confirmed, unsuppressed address; `key` makes
 * each row unique per event and reader.
 */
export async function queueReviewNotices(trx: Executor, input: { userIds: number[]; key: string; notice: ReviewNotice; now: number }): Promise<void> {
  if (input.userIds.length === 0) return;
  await trx
    .insertInto('email_outbox')
    .values(
      input.userIds.map((userId) =>
        outboxRow({ kind: 'review', dedupeKey: `review:${input.key}:${userId}`, userId, articleId: input.notice.articleId, payload: input.notice, now: input.now }),
      ),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** What a newsroom email tells its reader (the outbox row's payload): an invitation to a channel's staff. */
export type StaffNotice = { type: 'invitation'; invitationId: number; channelId: number; channelName: string; inviter: string; role: 'editor' | 'writer' };

/**
 * Someone was invited to a channel's staff: they hear of it by email (at a confirmed address, not
 * suppressed: the sender checks). Called INSIDE the invitation's transaction, so the invitation and
 * its email commit together; `key` makes the row unique per invitation.
 */
export async function queueStaffNotice(trx: Executor, input: { userId: number; key: string; notice: StaffNotice; now: number }): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values(outboxRow({ kind: 'staff', dedupeKey: `staff:${input.key}`, userId: input.userId, channelId: input.notice.channelId, payload: input.notice, now: input.now }))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** An owner hears of new reports and held comments at most once in this time. */
export const MODERATION_DIGEST_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A moderator hid someone's comment or removed their article: its author hears of it by email (at
 * a confirmed address: the sender checks). Called INSIDE the moderation's transaction, so the
 * action and its email commit together; `key` makes the row unique per action.
 */
export async function queueModerationNotice(trx: Executor, input: { userId: number; key: string; notice: ModerationNotice; now: number }): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values(outboxRow({ kind: 'moderation', dedupeKey: `moderation:${input.key}`, userId: input.userId, payload: input.notice, now: input.now }))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * New reports or held comments arrived in a channel: its owner hears of it, at most once an hour,
 * as reply notices are batched. While one waits to go nothing is queued (it will count these too);
 * otherwise one is due at once, or an hour after the last one went. Answers whether one was queued.
 */
export async function queueModerationDigest(trx: Executor, input: { channelId: number; now: number }): Promise<boolean> {
  const owner = await trx.selectFrom('channels').innerJoin('users', 'users.id', 'channels.user_id').select(['users.id', 'users.email']).where('channels.id', '=', input.channelId).executeTakeFirst();
  if (!owner?.email) return false;
  const earlier = await trx
    .selectFrom('email_outbox')
    .select((eb) => [
      eb.fn.countAll<number>().as('queued'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
      eb.fn.max('sent_at').as('last_sent'),
    ])
    .where('kind', '=', 'moderation')
    .where('user_id', '=', owner.id)
    .where('dedupe_key', 'like', 'moderation:queue:%')
    .executeTakeFirstOrThrow();
  if (Number(earlier.pending ?? 0) > 0) return false;
  const lastSent = earlier.last_sent === null ? null : Number(earlier.last_sent);
  const due = lastSent === null ? input.now : Math.max(input.now, lastSent + MODERATION_DIGEST_INTERVAL_MS);
  const result = await trx
    .insertInto('email_outbox')
    .values(
      outboxRow({
        kind: 'moderation',
        dedupeKey: `moderation:queue:${owner.id}:${Number(earlier.queued)}`,
        userId: owner.id,
        channelId: input.channelId,
        payload: { type: 'queue' } satisfies ModerationNotice,
        now: input.now,
        dueAt: due,
      }),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What waits in an owner's moderation queues, per channel (the digest's lines). */
export async function moderationWaiting(db: Executor, ownerId: number): Promise<{ channelId: number; name: string; reports: number; held: number }[]> {
  const channels = await db.selectFrom('channels').select(['id', 'name']).where('user_id', '=', ownerId).orderBy('name').execute();
  if (channels.length === 0) return [];
  const ids = channels.map((c) => c.id);
  const [reports, held] = await Promise.all([
    db.selectFrom('report_targets').select((eb) => ['channel_id', eb.fn.sum<number>('open_count').as('n')]).where('channel_id', 'in', ids).groupBy('channel_id').execute(),
    db
      .selectFrom('comments')
      .innerJoin('articles', 'articles.id', 'comments.article_id')
      .select((eb) => ['articles.channel_id', eb.fn.countAll<number>().as('n')])
      .where('comments.status', '=', 'pending')
      .where('articles.channel_id', 'in', ids)
      .groupBy('articles.channel_id')
      .execute(),
  ]);
  return channels
    .map((c) => ({
      channelId: c.id,
      name: c.name,
      reports: Number(reports.find((r) => r.channel_id === c.id)?.n ?? 0),
      held: Number(held.find((h) => h.channel_id === c.id)?.n ?? 0),
    }))
    .filter((c) => c.reports > 0 || c.held > 0);
}

const rowColumns = ['id', 'kind', 'dedupe_key', 'user_id', 'article_id', 'channel_id', 'to_address', 'payload', 'attempts', 'created_at', 'thread_id'] as const;

/** At most one reply email per thread per reader in this time. */
export const REPLY_NOTICE_INTERVAL_MS = 60 * 60 * 1000;
/** Replies one notice quotes at most (the link leads to the rest). */
const REPLIES_PER_NOTICE = 20;

/**
 * A reply was posted to `repliedToId`: its author hears of it by email, at most once per thread an
 * hour. While a notice of that thread for that reader waits to go, nothing is queued (it will carry
 * this reply too); otherwise one is queued, due at once or an hour after the last one went. Called
 * INSIDE the transaction that saves the reply (comments.repository.ts), so the reply and its notice
 * commit together. Nothing for a reply to oneself, to a deleted comment, or to a reader without a
 * confirmed, working address or who turned reply emails off. Two replies at once compute the same
 * key, so only one notice is queued. Answers whether one was.
 */
export async function queueReplyNotice(trx: Executor, input: { threadId: number; repliedToId: number; authorId: number; articleId: number; now: number }): Promise<boolean> {
  const recipient = await trx
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.notify_replies',
      eb.exists(eb.selectFrom('email_suppressions').select('email_suppressions.email_key').whereRef('email_suppressions.email_key', '=', 'users.email_key')).as('suppressed'),
    ])
    .where('comments.id', '=', input.repliedToId)
    .where('comments.deleted', '=', 0)
    .executeTakeFirst();
  if (!recipient || recipient.id === input.authorId || !recipient.email || recipient.notify_replies !== 1 || recipient.suppressed) return false;
  const earlier = await trx
    .selectFrom('email_outbox')
    .select((eb) => [
      eb.fn.countAll<number>().as('queued'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
      eb.fn.max('sent_at').as('last_sent'),
    ])
    .where('kind', '=', 'reply')
    .where('thread_id', '=', input.threadId)
    .where('user_id', '=', recipient.id)
    .executeTakeFirstOrThrow();
  if (Number(earlier.pending ?? 0) > 0) return false;
  const lastSent = earlier.last_sent === null ? null : Number(earlier.last_sent);
  const due = lastSent === null ? input.now : Math.max(input.now, lastSent + REPLY_NOTICE_INTERVAL_MS);
  const result = await trx
    .insertInto('email_outbox')
    .values(
      outboxRow({
        kind: 'reply',
        dedupeKey: `reply:${input.threadId}:${recipient.id}:${Number(earlier.queued)}`,
        userId: recipient.id,
        articleId: input.articleId,
        threadId: input.threadId,
        // The notice carries the thread's replies from this one on.
        payload: { since: input.now - 1 },
        now: input.now,
        dueAt: due,
      }),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function createOutboxRepository(db: Database, dialect: Dialect) {
  return {
    /** Queues one message; a second row with the same key is ignored (answers false). */
    async enqueue(row: {
      kind: OutboxKind;
      dedupeKey: string;
      userId: number | null;
      toAddress: string;
      payload: unknown;
      now: number;
    }): Promise<boolean> {
      const result = await db
        .insertInto('email_outbox')
        .values(outboxRow({ kind: row.kind, dedupeKey: row.dedupeKey, userId: row.userId, toAddress: row.toAddress, payload: row.payload, now: row.now }))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Claims up to `limit` due rows for this worker until `leaseUntil`. On PostgreSQL the
     * candidates are locked with FOR UPDATE SKIP LOCKED, so two instances claiming at once take
     * different rows without waiting; SQLite has one writer at a time, so the UPDATE alone is
     * atomic. A row whose claim expired (its worker died) is due again.
     */
    async claim(workerId: string, limit: number, now: number, leaseUntil: number): Promise<OutboxRow[]> {
      const due = db
        .selectFrom('email_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      return db
        .updateTable('email_outbox')
        .set({ claimed_by: workerId, claimed_until: leaseUntil, attempts: sql`attempts + 1` })
        .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returning(rowColumns)
        .execute() as Promise<OutboxRow[]>;
    },

    /**
     * Done: the SMTP server answered 250. The link of a confirmation, approval or reset message is not kept
     * once it is sent. One small statement for one message, run the moment its 250 arrives: until
     * it commits, a crash of this process means the message goes out again (the window docs/reliability.md describes).
     * It commits durably (on PostgreSQL, with synchronous_commit as configured): not waiting for
     * the WAL flush here roughly halved the window's median on a loaded machine (docs/performance.md),
     * but a crash of PostgreSQL itself would then undo every record of the last ~0.6 s, hundreds of
     * repeats at full speed instead of at most one per SMTP connection.
     */
    async markSent(id: number, workerId: string, now: number): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set((eb) => ({
          status: 'sent',
          sent_at: now,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          payload: eb.case().when('kind', 'in', ['confirm', 'reset', 'approve']).then(sql<null>`null`).else(eb.ref('payload')).end(),
        }))
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .execute();
    },

    /**
     * Gives a claimed row back without sending it (its claim ran short): due again at once, and the
     * claim's attempt does not count.
     */
    async release(id: number, workerId: string): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set({ claimed_by: null, claimed_until: null, attempts: sql`attempts - 1` })
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .execute();
    },

    async markRetry(id: number, workerId: string, error: string, nextAttemptAt: number): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set({ claimed_by: null, claimed_until: null, last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt })
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .execute();
    },

    /** 'failed' (permanent) or 'skipped' (nothing to send any more: a draft, a left channel, a bounced address). */
    async markFinal(id: number, workerId: string, status: 'failed' | 'skipped', reason: string, now: number): Promise<void> {
      await db
        .updateTable('email_outbox')
        .set((eb) => ({
          status,
          claimed_by: null,
          claimed_until: null,
          last_error: reason.slice(0, 500),
          sent_at: now,
          payload: eb.case().when('kind', 'in', ['confirm', 'reset', 'approve']).then(sql<null>`null`).else(eb.ref('payload')).end(),
        }))
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .execute();
    },

    /**
     * Turns a claimed 'publish' row into one 'article' row per subscriber who wants each article
     * and has a confirmed, working address, and marks the 'publish' row done, in ONE transaction:
     * a crash leaves either nothing or everything. The unique key per (article, subscriber) means
     * that running it twice can never queue anyone twice.
     */
    async fanOutPublish(row: OutboxRow, workerId: string, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const article = await trx
          .selectFrom('articles')
          .select(['id', 'user_id', 'channel_id', 'published'])
          .where('id', '=', row.article_id!)
          .executeTakeFirst();
        let queued = 0;
        if (article && article.published === 1) {
          const result = await sql`
            insert into email_outbox (kind, dedupe_key, user_id, article_id, channel_id, to_address, status, attempts, next_attempt_at, created_at)
            select 'article', ${`article:${article.id}:`} || cast(users.id as text), users.id, ${article.id}, ${article.channel_id}, users.email,
                   'pending', 0, ${now}, ${now}
            from subscriptions
            join users on users.id = subscriptions.user_id
            where subscriptions.channel_id = ${article.channel_id}
              and subscriptions.notify = 'each'
              and users.email is not null
              and users.id <> ${article.user_id}
              and not exists (select 1 from email_suppressions where email_suppressions.email_key = users.email_key)
            on conflict (dedupe_key) do nothing`.execute(trx);
          queued = Number(result.numAffectedRows ?? 0);
        }
        await trx
          .updateTable('email_outbox')
          .set({
            status: article && article.published === 1 ? 'sent' : 'skipped',
            sent_at: now,
            claimed_by: null,
            claimed_until: null,
            last_error: article ? (article.published === 1 ? null : 'draft') : 'deleted',
          })
          .where('id', '=', row.id)
          .where('claimed_by', '=', workerId)
          .execute();
        return queued;
      });
    },

    /**
     * Queues today's digest, once per day across every instance: the 'digest-run' row of the day
     * is the lock (whoever inserts it queues the digests, in the same transaction). A digest goes
     * to each reader with a confirmed address and at least one 'digest' subscription that
     * published something in the window.
     */
    async queueDigests(day: number, windowStart: number, windowEnd: number, now: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const run = await trx
          .insertInto('email_outbox')
          // Written as sent: the row is the day's lock, not a message.
          .values({ ...outboxRow({ kind: 'digest-run', dedupeKey: `digest-run:${day}`, payload: { from: windowStart, to: windowEnd }, now }), status: 'sent', sent_at: now })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .executeTakeFirst();
        if (Number(run.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
        const payload = JSON.stringify({ from: windowStart, to: windowEnd });
        const result = await sql`
          insert into email_outbox (kind, dedupe_key, user_id, to_address, payload, status, attempts, next_attempt_at, created_at)
          select 'digest', ${`digest:${day}:`} || cast(users.id as text), users.id, users.email, ${payload}, 'pending', 0, ${now}, ${now}
          from users
          where users.email is not null
            and not exists (select 1 from email_suppressions where email_suppressions.email_key = users.email_key)
            and exists (
              select 1 from subscriptions
              join email_outbox published on published.kind = 'publish' and published.channel_id = subscriptions.channel_id
              where subscriptions.user_id = users.id and subscriptions.notify = 'digest'
                and published.created_at > ${windowStart} and published.created_at <= ${windowEnd})
          on conflict (dedupe_key) do nothing`.execute(trx);
        return Number(result.numAffectedRows ?? 0);
      });
    },

    /** The published articles of a reader's digest channels in the window, newest first. */
    digestArticles(userId: number, windowStart: number, windowEnd: number) {
      return db
        .selectFrom('email_outbox as published')
        .innerJoin('subscriptions', (join) =>
          join.onRef('subscriptions.channel_id', '=', 'published.channel_id').on('subscriptions.user_id', '=', userId).on('subscriptions.notify', '=', 'digest'),
        )
        .innerJoin('articles', 'articles.id', 'published.article_id')
        .select(['articles.id'])
        .where('published.kind', '=', 'publish')
        .where('published.created_at', '>', windowStart)
        .where('published.created_at', '<=', windowEnd)
        .where('articles.published', '=', 1)
        .orderBy('published.created_at', 'desc')
        .limit(50)
        .execute();
    },

    /**
     * What a reply notice says: the thread's article, and the replies in the thread since `since` by
     * anyone but the reader (oldest first, not deleted). Undefined when the thread or its published
     * article is gone.
     */
    async replyNotice(threadId: number, readerId: number, since: number, until: number) {
      const article = await db
        .selectFrom('comments')
        .innerJoin('articles', 'articles.id', 'comments.article_id')
        .select(['articles.id', 'articles.slug', 'articles.title'])
        .where('comments.id', '=', threadId)
        .where('articles.published', '=', 1)
        .executeTakeFirst();
      if (!article) return undefined;
      const replies = await db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select(['users.username as author', 'comments.content as text'])
        .where('comments.parent_id', '=', threadId)
        .where('comments.deleted', '=', 0)
        .where('comments.user_id', '!=', readerId)
        .where('comments.created_at', '>', since)
        .where('comments.created_at', '<=', until)
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .limit(REPLIES_PER_NOTICE)
        .execute();
      return { articleId: article.id, articleSlug: article.slug, articleTitle: article.title, replies };
    },

    /** Why mail to the address is stopped (a bounce's diagnostic, or 'complaint: …'), if it is. */
    async suppressionOf(address: string): Promise<{ reason: string } | undefined> {
      return db.selectFrom('email_suppressions').select('reason').where('email_key', '=', emailKey(address)).executeTakeFirst();
    },

    async isSuppressed(address: string): Promise<boolean> {
      const row = await db.selectFrom('email_suppressions').select('email_key').where('email_key', '=', emailKey(address)).executeTakeFirst();
      return row !== undefined;
    },

    /** A bounce or a permanent refusal: no more mail goes to that address. */
    async suppress(address: string, reason: string, now: number): Promise<void> {
      await db
        .insertInto('email_suppressions')
        .values({ email_key: emailKey(address), reason: reason.slice(0, 500), created_at: now })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .execute();
    },

    async unsuppress(address: string): Promise<void> {
      await db.deleteFrom('email_suppressions').where('email_key', '=', emailKey(address)).execute();
    },

    /** Rows not finished yet (tests and the bench wait on it). */
    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

const signals = new WeakMap<object, EventTarget>();
/**
 * One wake-up signal per open database, shared by every context built on it (main.ts builds the
 * app's and its own), so whatever queues a message can wake this process's sender.
 */
export function outboxSignal(database: object): EventTarget {
  let signal = signals.get(database);
  if (!signal) signals.set(database, (signal = new EventTarget()));
  return signal;
}
