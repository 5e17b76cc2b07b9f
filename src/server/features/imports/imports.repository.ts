import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, ImportsTable } from '../../db/schema.js';
import type { ImportCounts, ImportProblem } from '../../../contract/imports.js';
import { utcDay } from '../../lib/time.js';
import { recordArticleChanges, recordSubscriptionChange } from '../analytics/analytics.repository.js';

/**
 * The import feature's own tables (jobs, what each channel took in, redirects, imported
 * subscribers), and the bulk writes an import makes into articles, comments, images and
 * subscriptions, each inside the transaction of the article or subscriber it belongs to.
 */

export type ImportRow = Omit<ImportsTable, 'id' | 'total' | 'done'> & { id: number; total: number; done: number };

export const EMPTY_COUNTS: ImportCounts = { articles: 0, drafts: 0, comments: 0, images: 0, redirects: 0, subscribers: 0, skipped: 0 };

export interface ImportProgress {
  format?: string | null;
  status?: ImportRow['status'];
  total?: number;
  done?: number;
  counts?: ImportCounts;
  problems?: ImportProblem[];
  finishedAt?: number | null;
}

export interface ImportedComment {
  sourceKey: string;
  parentKey: string | null;
  authorName: string;
  content: string;
  createdAt: number;
}

export interface ImportedImage {
  uploadId: number;
  url: string;
  width: number;
  height: number;
  variants: string;
  alt: string | null;
  cover: boolean;
  inText: boolean;
}

export function createImportsRepository(db: Database) {
  const selectJob = () =>
    db
      .selectFrom('imports')
      .select([
        'id',
        'channel_id',
        'user_id',
        'format',
        'authors',
        'site_url',
        'file_name',
        'file_path',
        'status',
        'total',
        'done',
        'counts',
        'problems',
        'claimed_by',
        'claimed_until',
        'created_at',
        'updated_at',
        'finished_at',
      ]);
  const toRow = (row: Awaited<ReturnType<ReturnType<typeof selectJob>['executeTakeFirstOrThrow']>>): ImportRow => ({
    ...row,
    id: Number(row.id),
    total: Number(row.total),
    done: Number(row.done),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
    claimed_until: row.claimed_until === null ? null : Number(row.claimed_until),
  });

  return {
    async insertJob(values: { channelId: number; userId: number; format: string | null; authors: 'accounts' | 'me'; siteUrl: string | null; fileName: string; filePath: string; now: number }): Promise<number> {
      const { id } = await db
        .insertInto('imports')
        .values({
          channel_id: values.channelId,
          user_id: values.userId,
          format: values.format,
          authors: values.authors,
          site_url: values.siteUrl,
          file_name: values.fileName,
          file_path: values.filePath,
          status: 'queued',
          counts: JSON.stringify(EMPTY_COUNTS),
          problems: '[]',
          created_at: values.now,
          updated_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async job(id: number): Promise<ImportRow | undefined> {
      const row = await selectJob().where('id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** A channel's imports, newest first, one more than `limit` to tell whether a next page exists. */
    async jobsOf(channelId: number, beforeId: number | null, limit: number): Promise<ImportRow[]> {
      const rows = await selectJob()
        .where('channel_id', '=', channelId)
        .$if(beforeId !== null, (q) => q.where('id', '<', beforeId!))
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      return rows.map(toRow);
    },

    /**
     * Takes the oldest job that waits, or one whose runner stopped renewing its claim (a crash, a
     * restart): a conditional update, so two instances never run one job.
     */
    async claimNext(runner: string, now: number, leaseMs: number): Promise<ImportRow | undefined> {
      const candidate = await db
        .selectFrom('imports')
        .select(['id', 'status', 'claimed_until'])
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', now)])]))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      const result = await db
        .updateTable('imports')
        .set({ status: 'running', claimed_by: runner, claimed_until: now + leaseMs, updated_at: now })
        .where('id', '=', candidate.id)
        .where('status', '=', candidate.status)
        .where((eb) => (candidate.claimed_until === null ? eb('claimed_until', 'is', null) : eb('claimed_until', '=', candidate.claimed_until)))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return this.job(Number(candidate.id));
    },

    /** Progress, and the claim renewed; false when another runner took the job over. */
    async progress(id: number, runner: string | null, changes: ImportProgress, now: number, leaseMs = 0): Promise<boolean> {
      const result = await db
        .updateTable('imports')
        .set({
          ...(changes.format !== undefined ? { format: changes.format } : {}),
          ...(changes.status !== undefined ? { status: changes.status } : {}),
          ...(changes.total !== undefined ? { total: changes.total } : {}),
          ...(changes.done !== undefined ? { done: changes.done } : {}),
          ...(changes.counts !== undefined ? { counts: JSON.stringify(changes.counts) } : {}),
          ...(changes.problems !== undefined ? { problems: JSON.stringify(changes.problems) } : {}),
          ...(changes.finishedAt !== undefined ? { finished_at: changes.finishedAt } : {}),
          ...(runner !== null && leaseMs > 0 ? { claimed_until: now + leaseMs } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .$if(runner !== null, (q) => q.where('claimed_by', '=', runner!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The targets a channel already holds for these sources of one kind. */
    async itemsOf(channelId: number, kind: 'article' | 'author' | 'comment', sources: string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (let i = 0; i < sources.length; i += 500) {
        const rows = await db
          .selectFrom('import_items')
          .select(['source', 'target_id'])
          .where('channel_id', '=', channelId)
          .where('kind', '=', kind)
          .where('source', 'in', sources.slice(i, i + 500))
          .execute();
        for (const row of rows) found.set(row.source, Number(row.target_id));
      }
      return found;
    },

    async recordItem(channelId: number, kind: 'author', source: string, targetId: number, importId: number): Promise<void> {
      await db
        .insertInto('import_items')
        .values({ channel_id: channelId, kind, source, target_id: targetId, import_id: importId })
        .onConflict((oc) => oc.columns(['channel_id', 'kind', 'source']).doNothing())
        .execute();
    },

    /** The channel's owner and staff: an author with one of their addresses is that person. */
    async staffOf(channelId: number): Promise<Set<number>> {
      const owner = await db.selectFrom('channels').select('user_id').where('id', '=', channelId).executeTakeFirst();
      const staff = await db.selectFrom('channel_staff').select('user_id').where('channel_id', '=', channelId).execute();
      return new Set([...(owner ? [owner.user_id] : []), ...staff.map((row) => row.user_id)]);
    },

    async userByEmailKey(emailKey: string): Promise<{ id: number; username: string } | undefined> {
      return db.selectFrom('users').select(['id', 'username']).where('email_key', '=', emailKey).executeTakeFirst();
    },

    async usernameTaken(key: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('username_key', '=', key).executeTakeFirst()) !== undefined;
    },

    /**
     * An account without a password, its address confirmed (its owner claims it with "Forgot
     * password"). Undefined when the name or the address was taken meanwhile (the caller tries the next name).
     */
    async insertPasswordlessUser(values: { username: string; email: string; now: number }): Promise<number | undefined> {
      const row = await db
        .insertInto('users')
        .values({
          username: values.username,
          username_key: values.username.toLowerCase(),
          password_hash: null,
          description: null,
          email: values.email,
          email_key: values.email.toLowerCase(),
          created_at: values.now,
          updated_at: values.now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(work),

    /** Marks an article as this channel's import of the source, in the article's transaction. */
    async recordArticle(trx: Transaction<DB>, channelId: number, source: string, articleId: number, importId: number): Promise<void> {
      await trx.insertInto('import_items').values({ channel_id: channelId, kind: 'article', source, target_id: articleId, import_id: importId }).execute();
    },

    /** The images an imported article holds, stored through the media pipeline before the transaction. */
    async insertImages(trx: Transaction<DB>, articleId: number, images: ImportedImage[]): Promise<void> {
      if (images.length === 0) return;
      await trx
        .insertInto('article_images')
        .values(
          images.map((image, position) => ({
            article_id: articleId,
            upload_id: image.uploadId,
            image_url: image.url,
            caption: null,
            position,
            width: image.width,
            height: image.height,
            variants: image.variants,
            alt: image.alt,
            cover: image.cover ? 1 : 0,
            in_text: image.inText ? 1 : 0,
          })),
        )
        .execute();
    },

    /**
     * The article's comments, oldest first, two levels (a reply to a reply hangs under its top-level
     * comment). Written under the importer's id with the old author's name beside it: no account is
     * made for them. Answers how many were written.
     */
    async insertComments(trx: Transaction<DB>, article: { id: number; channelId: number }, importerId: number, comments: ImportedComment[], channelId: number, importId: number): Promise<number> {
      const ids = new Map<string, { id: number; top: number }>();
      const days: { day: number; delta: { comments: number } }[] = [];
      for (const comment of comments) {
        const parent = comment.parentKey === null ? undefined : ids.get(comment.parentKey);
        // A reply whose parent was not imported (held, spam) would hang under nothing: left out.
        if (comment.parentKey !== null && !parent) continue;
        const { id } = await trx
          .insertInto('comments')
          .values({
            article_id: article.id,
            user_id: importerId,
            parent_id: parent ? parent.top : null,
            content: comment.content,
            created_at: comment.createdAt,
            imported_author_name: comment.authorName,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(comment.sourceKey, { id: Number(id), top: parent ? parent.top : Number(id) });
        days.push({ day: utcDay(comment.createdAt), delta: { comments: 1 } });
        await trx.insertInto('import_items').values({ channel_id: channelId, kind: 'comment', source: comment.sourceKey, target_id: Number(id), import_id: importId }).execute();
      }
      if (ids.size > 0) {
        await trx.updateTable('articles').set({ comment_count: sql`comment_count + ${ids.size}` }).where('id', '=', article.id).execute();
        await recordArticleChanges(trx, article, days);
      }
      return ids.size;
    },

    /** The paths among these that another article already answers for. */
    async takenPaths(paths: string[]): Promise<Set<string>> {
      if (paths.length === 0) return new Set();
      const rows = await db.selectFrom('redirects').select('path').where('path', 'in', paths).execute();
      return new Set(rows.map((row) => row.path));
    },

    async insertRedirects(trx: Transaction<DB>, values: { channelId: number; articleId: number; importId: number | null; paths: string[]; now: number }): Promise<number> {
      if (values.paths.length === 0) return 0;
      const result = await trx
        .insertInto('redirects')
        .values(values.paths.map((path) => ({ channel_id: values.channelId, path, article_id: values.articleId, import_id: values.importId, created_at: values.now })))
        .onConflict((oc) => oc.column('path').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async redirectFor(path: string): Promise<{ article_id: number; slug: string } | undefined> {
      return db
        .selectFrom('redirects')
        .innerJoin('articles', 'articles.id', 'redirects.article_id')
        .select(['redirects.article_id', 'articles.slug'])
        .where('redirects.path', '=', path)
        .where('articles.published', '=', 1)
        .executeTakeFirst();
    },

    async redirectsOf(channelId: number, afterId: number | null, limit: number) {
      return db
        .selectFrom('redirects')
        .innerJoin('articles', 'articles.id', 'redirects.article_id')
        .select(['redirects.id', 'redirects.path', 'redirects.article_id', 'redirects.created_at', 'articles.slug'])
        .where('redirects.channel_id', '=', channelId)
        .$if(afterId !== null, (q) => q.where('redirects.id', '>', afterId!))
        .orderBy('redirects.id')
        .limit(limit + 1)
        .execute();
    },

    async deleteRedirect(channelId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('redirects').where('id', '=', id).where('channel_id', '=', channelId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * A subscriber from the publisher's list: an active one subscribes (marked imported), a
     * suppressed one is only recorded, so nothing ever emails them. Idempotent per channel.
     * Answers whether an active subscription was made now.
     */
    async importSubscriber(values: { channelId: number; userId: number; importId: number; suppressed: boolean; now: number }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const recorded = await trx
          .insertInto('import_subscribers')
          .values({ channel_id: values.channelId, user_id: values.userId, import_id: values.importId, suppressed: values.suppressed ? 1 : 0, created_at: values.now })
          .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0 || values.suppressed) return false;
        const inserted = await trx
          .insertInto('subscriptions')
          .values({ user_id: values.userId, channel_id: values.channelId, created_at: values.now, imported: 1 })
          .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx.updateTable('channels').set({ subscriber_count: sql`subscriber_count + 1` }).where('id', '=', values.channelId).execute();
        await recordSubscriptionChange(trx, values.channelId, utcDay(values.now), 'subscribed');
        return true;
      });
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
