import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/**
 * The counts of published articles kept per channel (by category, by place, by author) and over the
 * whole site (by category, by place), moved in
 * the transaction of every change that can add an article to the published ones, take one away or
 * change what it counts toward. A writer reads the article's share before and after its change and
 * hands both to `move`: the difference is what moves, so an edit that changes nothing counted moves
 * nothing, and one path serves publishing, editing, unpublishing, removal and deletion alike.
 */

/** What one published article counts toward. */
export interface PublishedShare {
  channelId: number;
  userId: number;
  location: string | null;
  categoryIds: number[];
  lastEdited: number;
}

/**
 * The article's share of the counts, or null when it is not published (or does not exist). On
 * PostgreSQL the row stays locked to the end of the transaction, so a concurrent change waits and
 * then reads the share this one leaves (SQLite runs one writing transaction at a time).
 */
export async function publishedShare(trx: Transaction<DB>, dialect: Dialect, articleId: number): Promise<PublishedShare | null> {
  const row = await trx
    .selectFrom('articles')
    .select(['published', 'channel_id', 'user_id', 'location_name', 'last_edited'])
    .where('id', '=', articleId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row || row.published !== 1) return null;
  const categories = await trx.selectFrom('article_categories').select('category_id').where('article_id', '=', articleId).execute();
  return {
    channelId: row.channel_id,
    userId: row.user_id,
    location: row.location_name,
    categoryIds: categories.map((c) => c.category_id),
    lastEdited: Number(row.last_edited),
  };
}

function deltas<K>(before: PublishedShare | null, after: PublishedShare | null, keys: (share: PublishedShare) => K[], name: (key: K) => string) {
  const moves = new Map<string, { key: K; delta: number }>();
  const add = (share: PublishedShare | null, delta: number) => {
    for (const key of share ? keys(share) : []) {
      const entry = moves.get(name(key)) ?? { key, delta: 0 };
      entry.delta += delta;
      moves.set(name(key), entry);
    }
  };
  add(before, -1);
  add(after, +1);
  // Sorted, so two transactions moving the same rows take their locks in the same order (PostgreSQL).
  return [...moves.entries()]
    .filter(([, entry]) => entry.delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) => entry);
}

/** Moves the counts from an article's share before a change to its share after it. */
export async function movePublishedCounts(trx: Transaction<DB>, before: PublishedShare | null, after: PublishedShare | null, now: number): Promise<void> {
  if (!before && !after) return;
  for (const { key, delta } of deltas(before, after, (s) => s.categoryIds.map((id) => [s.channelId, id] as const), ([c, id]) => `${c}:${id}`)) {
    await trx
      .insertInto('published_category_counts')
      .values({ channel_id: key[0], category_id: key[1], article_count: delta })
      .onConflict((oc) => oc.columns(['channel_id', 'category_id']).doUpdateSet({ article_count: sql`published_category_counts.article_count + excluded.article_count` }))
      .execute();
  }
  for (const { key, delta } of deltas(before, after, (s) => (s.location === null ? [] : [[s.channelId, s.location] as const]), ([c, name]) => `${c}:${name}`)) {
    await trx
      .insertInto('published_location_counts')
      .values({ channel_id: key[0], location_name: key[1], article_count: delta })
      .onConflict((oc) => oc.columns(['channel_id', 'location_name']).doUpdateSet({ article_count: sql`published_location_counts.article_count + excluded.article_count` }))
      .execute();
  }
  for (const { key, delta } of deltas(before, after, (s) => s.categoryIds, String)) {
    await trx
      .insertInto('published_category_totals')
      .values({ category_id: key, article_count: delta })
      .onConflict((oc) => oc.column('category_id').doUpdateSet({ article_count: sql`published_category_totals.article_count + excluded.article_count` }))
      .execute();
  }
  for (const { key, delta } of deltas(before, after, (s) => (s.location === null ? [] : [s.location]), String)) {
    await trx
      .insertInto('published_location_totals')
      .values({ location_name: key, article_count: delta })
      .onConflict((oc) => oc.column('location_name').doUpdateSet({ article_count: sql`published_location_totals.article_count + excluded.article_count` }))
      .execute();
  }
  // Every change to a published article touches its author's row (an edit changes the pages' lastmod
  // even when no count moves): an article counted from now on brings its own last edit, one leaving
  // brings the time it left.
  const authors = new Map<string, { channelId: number; userId: number; delta: number; changedAt: number }>();
  const touch = (share: PublishedShare | null, delta: number, changedAt: number) => {
    if (!share) return;
    const name = `${share.channelId}:${share.userId}`;
    const entry = authors.get(name) ?? { channelId: share.channelId, userId: share.userId, delta: 0, changedAt: 0 };
    entry.delta += delta;
    entry.changedAt = Math.max(entry.changedAt, changedAt);
    authors.set(name, entry);
  };
  touch(before, -1, now);
  touch(after, +1, after?.lastEdited ?? now);
  for (const [, entry] of [...authors.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (entry.delta === 0) {
      // An edit of an article that stays counted: its row is there, only the time moves.
      await trx
        .updateTable('published_author_counts')
        .set({ changed_at: sql`case when ${entry.changedAt} > changed_at then ${entry.changedAt} else changed_at end` })
        .where('channel_id', '=', entry.channelId)
        .where('user_id', '=', entry.userId)
        .execute();
      continue;
    }
    await trx
      .insertInto('published_author_counts')
      .values({ channel_id: entry.channelId, user_id: entry.userId, article_count: entry.delta, changed_at: entry.changedAt })
      .onConflict((oc) =>
        oc.columns(['channel_id', 'user_id']).doUpdateSet({
          article_count: sql`published_author_counts.article_count + excluded.article_count`,
          changed_at: sql`case when excluded.changed_at > published_author_counts.changed_at then excluded.changed_at else published_author_counts.changed_at end`,
        }),
      )
      .execute();
  }
}

/** Runs `change` on one article with its counts moved to match, in the caller's transaction. */
export async function withPublishedCounts<T>(trx: Transaction<DB>, dialect: Dialect, articleId: number, now: number, change: () => Promise<T>): Promise<T> {
  const before = await publishedShare(trx, dialect, articleId);
  const result = await change();
  await movePublishedCounts(trx, before, await publishedShare(trx, dialect, articleId), now);
  return result;
}
