import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB, FederationActorsTable, FederationArticlesTable, FederationFollowersTable } from '../../db/schema.js';

export type ActorRow = Selectable<FederationActorsTable>;
export type FollowerRow = Selectable<FederationFollowersTable>;
export type FederatedArticleRow = Selectable<FederationArticlesTable>;

/** The characters Mastodon accepts in a remote account's name, starting and ending with a letter, digit or underscore. */
const HANDLE_PATTERN = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9_])?$/;

/** The handle a channel would take from its slug (before uniqueness): the slug when it fits, else `channel-{id}`. */
export function handleFromSlug(slug: string, channelId: number): string {
  const candidate = slug.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '').replace(/[.-]{2,}/g, '-');
  return HANDLE_PATTERN.test(candidate) ? candidate : `channel-${channelId}`;
}

const REACTION_COLUMNS = { like: 'fediverse_like_count', announce: 'fediverse_announce_count' } as const;

export function createFederationRepository(db: Kysely<DB>, _dialect: Dialect) {
  return {
    actorOf(channelId: number): Promise<ActorRow | undefined> {
      return db.selectFrom('federation_actors').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    },

    actorByHandle(handle: string): Promise<ActorRow | undefined> {
      return db.selectFrom('federation_actors').selectAll().where('handle_key', '=', handle.toLowerCase()).executeTakeFirst();
    },

    /**
     * The channel's actor, made the first time it federates: the handle from its slug, taken once
     * and kept (a rename does not change it); when another channel holds it (ignoring case), the
     * slug with the channel's id.
     */
    async ensureActor(channelId: number, slug: string, now: number): Promise<ActorRow> {
      const existing = await this.actorOf(channelId);
      if (existing) return existing;
      const first = handleFromSlug(slug, channelId);
      for (const handle of [first, `${first}-${channelId}`, `channel-${channelId}`]) {
        await db
          .insertInto('federation_actors')
          .values({ channel_id: channelId, handle, handle_key: handle.toLowerCase(), key_pairs: null, created_at: now })
          .onConflict((oc) => oc.doNothing())
          .execute();
        const row = await this.actorOf(channelId);
        if (row) return row;
      }
      throw new Error(`no handle could be given to channel ${channelId}`);
    },

    /** Stores the key pairs unless another request stored its own first; answers the ones kept. */
    async keepKeyPairs(channelId: number, json: string): Promise<string> {
      await db.updateTable('federation_actors').set({ key_pairs: json }).where('channel_id', '=', channelId).where('key_pairs', 'is', null).execute();
      const row = await db.selectFrom('federation_actors').select('key_pairs').where('channel_id', '=', channelId).executeTakeFirstOrThrow();
      return row.key_pairs ?? json;
    },

    async setFederated(channelId: number, federated: boolean): Promise<void> {
      await db.updateTable('federation_actors').set({ federated: federated ? 1 : 0 }).where('channel_id', '=', channelId).execute();
    },

    // Followers

    async addFollower(row: FollowerRow): Promise<void> {
      await db
        .insertInto('federation_followers')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['channel_id', 'actor_uri']).doUpdateSet({ inbox_url: row.inbox_url, shared_inbox_url: row.shared_inbox_url, follow_id: row.follow_id, handle: row.handle }),
        )
        .execute();
    },

    /** Removes a follow: by its Follow's id when given, else the actor's follow of the channel. */
    async removeFollower(channelId: number, actorUri: string): Promise<number> {
      const result = await db.deleteFrom('federation_followers').where('channel_id', '=', channelId).where('actor_uri', '=', actorUri).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Every follow of an actor (its account was deleted): answers the channels it followed. */
    async removeActorEverywhere(actorUri: string): Promise<number[]> {
      const rows = await db.deleteFrom('federation_followers').where('actor_uri', '=', actorUri).returning('channel_id').execute();
      return rows.map((r) => r.channel_id);
    },

    async removeDomain(domain: string): Promise<number[]> {
      const rows = await db.deleteFrom('federation_followers').where('domain', '=', domain).returning('channel_id').execute();
      return [...new Set(rows.map((r) => r.channel_id))];
    },

    async followerCount(channelId: number): Promise<number> {
      const row = await db.selectFrom('federation_followers').select((eb) => eb.fn.countAll<number>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of followers in the order they came (keyset on created_at, actor_uri). */
    followersPage(channelId: number, after: { createdAt: number; actorUri: string } | null, limit: number): Promise<FollowerRow[]> {
      let query = db.selectFrom('federation_followers').selectAll().where('channel_id', '=', channelId);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('actor_uri', '>', after.actorUri)])]),
        );
      }
      return query.orderBy('created_at').orderBy('actor_uri').limit(limit).execute();
    },

    // Articles announced

    federatedArticle(articleId: number): Promise<FederatedArticleRow | undefined> {
      return db.selectFrom('federation_articles').selectAll().where('article_id', '=', articleId).executeTakeFirst();
    },

    async saveFederatedArticle(row: FederatedArticleRow): Promise<void> {
      const { article_id: _id, ...changes } = row;
      await db.insertInto('federation_articles').values(row).onConflict((oc) => oc.column('article_id').doUpdateSet(changes)).execute();
    },

    /** Articles an import brought in: never announced, whatever happens to them later. */
    async markImported(articles: { articleId: number; channelId: number }[], now: number): Promise<void> {
      for (const a of articles) {
        await db
          .insertInto('federation_articles')
          .values({ article_id: a.articleId, channel_id: a.channelId, edited_at: now, published_at: now, deleted_at: null, imported: 1 })
          .onConflict((oc) => oc.column('article_id').doUpdateSet({ imported: 1 }))
          .execute();
      }
    },

    // Activities (the outbox)

    async recordActivity(row: { channelId: number; activityId: string; type: string; json: unknown; now: number }): Promise<void> {
      await db
        .insertInto('federation_activities')
        .values({ channel_id: row.channelId, activity_id: row.activityId, type: row.type, json: JSON.stringify(row.json), created_at: row.now })
        .onConflict((oc) => oc.column('activity_id').doNothing())
        .execute();
    },

    async activityCount(channelId: number): Promise<number> {
      const row = await db.selectFrom('federation_activities').select((eb) => eb.fn.countAll<number>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Newest first, before the activity `before` (its row id), `limit` at a time. */
    activitiesPage(channelId: number, before: number | null, limit: number) {
      return db
        .selectFrom('federation_activities')
        .select(['id', 'json'])
        .where('channel_id', '=', channelId)
        .$if(before !== null, (q) => q.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    // Likes and boosts from the fediverse

    /** Counts a like or boost once per remote account, in the article's kept count; answers whether it was new. */
    async addReaction(row: { articleId: number; actorUri: string; kind: 'like' | 'announce'; activityId: string | null; now: number }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('federation_reactions')
          .values({ article_id: row.articleId, actor_uri: row.actorUri, kind: row.kind, activity_id: row.activityId, created_at: row.now })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
        const column = REACTION_COLUMNS[row.kind];
        await trx.updateTable('articles').set({ [column]: sql`${sql.ref(column)} + 1` }).where('id', '=', row.articleId).execute();
        return true;
      });
    },

    async removeReaction(articleId: number, actorUri: string, kind: 'like' | 'announce'): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('federation_reactions').where('article_id', '=', articleId).where('actor_uri', '=', actorUri).where('kind', '=', kind).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        const column = REACTION_COLUMNS[kind];
        await trx.updateTable('articles').set({ [column]: sql`${sql.ref(column)} - 1` }).where('id', '=', articleId).where(column, '>', 0).execute();
        return true;
      });
    },

    /** The article's kept counts of likes and boosts from the fediverse. */
    async reactionCounts(articleId: number): Promise<{ likes: number; announces: number }> {
      const row = await db.selectFrom('articles').select(['fediverse_like_count', 'fediverse_announce_count']).where('id', '=', articleId).executeTakeFirst();
      return { likes: Number(row?.fediverse_like_count ?? 0), announces: Number(row?.fediverse_announce_count ?? 0) };
    },

    // Remote accounts (those that reply)

    /**
     * The user row that stands for a remote account, made the first time it replies and brought up
     * to date (name, profile) each time after. Named by its handle; when another remote account
     * already holds that name (an account that moved), by the handle with a number.
     */
    async remoteAccount(account: { actorUri: string; handle: string; name: string; url: string | null; now: number }): Promise<{ id: number; username: string }> {
      const existing = await db.selectFrom('users').select(['id', 'username']).where('remote_actor_uri', '=', account.actorUri).executeTakeFirst();
      if (existing) {
        await db.updateTable('users').set({ remote_name: account.name, remote_url: account.url }).where('id', '=', existing.id).execute();
        return existing;
      }
      for (let n = 1; n <= 20; n++) {
        const username = n === 1 ? account.handle : `${account.handle}~${n}`;
        const made = await db
          .insertInto('users')
          .values({
            username,
            username_key: username.toLowerCase(),
            password_hash: null,
            description: null,
            email: null,
            email_key: null,
            notify_replies: 0,
            created_at: account.now,
            updated_at: account.now,
            remote_actor_uri: account.actorUri,
            remote_name: account.name,
            remote_url: account.url,
          })
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'username'])
          .executeTakeFirst();
        if (made) return made;
        const raced = await db.selectFrom('users').select(['id', 'username']).where('remote_actor_uri', '=', account.actorUri).executeTakeFirst();
        if (raced) return raced;
      }
      throw new Error(`no name could be given to the remote account ${account.actorUri}`);
    },

    /** The remote account a handle (`@user@host`) names, among those the site has met. */
    remoteAccountByHandle(handle: string): Promise<{ id: number; username: string; remote_actor_uri: string | null } | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'remote_actor_uri'])
        .where('username_key', '=', handle.toLowerCase())
        .where('remote_actor_uri', 'is not', null)
        .executeTakeFirst();
    },

    remoteAccountByActor(actorUri: string): Promise<{ id: number; username: string } | undefined> {
      return db.selectFrom('users').select(['id', 'username']).where('remote_actor_uri', '=', actorUri).executeTakeFirst();
    },

    /** Whether the channel's moderators banned this remote account (and the ban lasts): its likes and boosts are not counted. */
    async isBannedIn(channelId: number, actorUri: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('channel_bans')
        .innerJoin('users', 'users.id', 'channel_bans.user_id')
        .select('channel_bans.user_id')
        .where('channel_bans.channel_id', '=', channelId)
        .where('users.remote_actor_uri', '=', actorUri)
        .where((eb) => eb.or([eb('channel_bans.until_at', 'is', null), eb('channel_bans.until_at', '>', now)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The comment a remote Note became, with the actor who wrote it. */
    commentOfNote(noteUri: string): Promise<{ id: number; article_id: number; parent_id: number | null; actor_uri: string | null } | undefined> {
      return db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select(['comments.id', 'comments.article_id', 'comments.parent_id', 'users.remote_actor_uri as actor_uri'])
        .where('comments.remote_note_uri', '=', noteUri)
        .where('comments.deleted', '=', 0)
        .executeTakeFirst();
    },

    // Instance blocks

    async isBlocked(domain: string): Promise<boolean> {
      const row = await db.selectFrom('federation_blocks').select('domain').where('domain', '=', domain.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    listBlocks() {
      return db.selectFrom('federation_blocks').select(['domain', 'created_at']).orderBy('domain').execute();
    },

    async addBlock(domain: string, by: number, now: number): Promise<void> {
      await db.insertInto('federation_blocks').values({ domain, created_by: by, created_at: now }).onConflict((oc) => oc.column('domain').doNothing()).execute();
    },

    async removeBlock(domain: string): Promise<boolean> {
      const result = await db.deleteFrom('federation_blocks').where('domain', '=', domain).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** What NodeInfo tells: the site's own accounts, published articles and comments (remote accounts and theirs aside). */
    async usage(): Promise<{ users: number; posts: number; comments: number }> {
      const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('remote_actor_uri', 'is', null).executeTakeFirstOrThrow();
      const posts = await db.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'published').executeTakeFirstOrThrow();
      // Every visible comment on a published article is counted in its comment_count; theirs are subtracted.
      const all = await db.selectFrom('articles').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('comment_count'), eb.lit(0)).as('n')).where('status', '=', 'published').executeTakeFirstOrThrow();
      const remote = await db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.remote_actor_uri', 'is not', null)
        .where('comments.deleted', '=', 0)
        .where('comments.status', '!=', 'pending')
        .executeTakeFirstOrThrow();
      return { users: Number(users.n), posts: Number(posts.n), comments: Math.max(0, Number(all.n) - Number(remote.n)) };
    },
  };
}
export type FederationRepository = ReturnType<typeof createFederationRepository>;

/** The channel whose slug is this, ignoring case (a WebFinger query for a channel that has not federated yet). */
export async function channelIdBySlug(db: Kysely<DB>, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('channels').select('id').where('slug', '=', slug.toLowerCase()).executeTakeFirst();
  return row?.id;
}
