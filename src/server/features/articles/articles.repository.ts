import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { ArticleSort } from '../../../contract/articles.js';
import type { Database, Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { ArticleFields } from '../../../contract/article-fields.js';
import { columnsOfAllFields, columnsOfFields } from './article-columns.repository.js';
import { jsonHelpers } from '../../db/json-helpers.js';
import { keysetAfter } from '../../db/keyset.js';
import { QUALIFIED_ARTICLE_COLUMNS, type ArticleDetailRow, type ArticleSummaryRow } from './article-rows.js';
import { assignSlug, isRetiredSegment, resolveSegment, retireArticleSlugs } from './article-slugs.js';
import { takeAnonymousView } from './view-address-cap.js';
import { publicRecordColumns } from '../revisions/revisions.repository.js';
import { writerState } from '../drafts/pending-edits.repository.js';
import { movePublishedCounts, publishedShare, withPublishedCounts } from './published-counts.repository.js';

export {
  ARTICLE_COLUMNS,
  QUALIFIED_ARTICLE_COLUMNS,
  detailRowToArticle,
  imageRowToImage,
  summaryRowToSummary,
  type ArticleDetailRow,
  type ArticleImageRow,
  type ArticleSummaryRow,
} from './article-rows.js';

/** A query runner: the database, or the transaction a service opened for a write and its side effects. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** The SQL behind each feed sort key; each matches an expression index of the migration. */
export const ARTICLE_SORT_EXPRESSIONS: Record<ArticleSort, RawBuilder<number>> = {
  createdAt: sql<number>`articles.created_at`,
  viewCount: sql<number>`(articles.view_count + articles.view_boost)`,
  comments: sql<number>`articles.comment_count`,
  likes: sql<number>`(articles.like_count + articles.like_boost)`,
  dislikes: sql<number>`(articles.dislike_count + articles.dislike_boost)`,
};

export interface FeedFilter {
  sort: ArticleSort;
  direction: 'asc' | 'desc';
  /** Restrict to a reader's subscribed channels, own channels and own articles. */
  readerId?: number;
  search?: string;
  categoryIds?: number[];
  locations?: string[];
  channelIds?: number[];
  after?: { value: number; id: number };
  limit: number;
}

/** A feed page narrowed by a search (features/search): to these ids, or by a condition on `articles`. */
export type NarrowedFeedFilter = Omit<FeedFilter, 'search'> & { ids?: number[]; where?: RawBuilder<SqlBool> };

/** What an article's insert writes: its fields whole, with the plain text of its text. */
export interface NewArticle {
  userId: number;
  channelId: number;
  slug: string;
  fields: ArticleFields;
  plainText: string;
  published: boolean;
  now: number;
  /** Unpublished statuses other than draft (scheduled); `published` decides otherwise. */
  status?: 'draft' | 'scheduled' | 'published';
  publishAt?: number | null;
}

/** What an edit writes: the fields it changes (the plain text with a new text), perhaps a new address. */
export interface ArticleChanges {
  fields: Partial<ArticleFields>;
  slug?: string;
  plainText?: string;
  now: number;
}

/** An article as the newsroom's rules see it. */
export interface ArticleWorkflowRow {
  id: number;
  user_id: number;
  channel_id: number;
  title: string;
  content: string;
  published: number;
  status: 'draft' | 'in_review' | 'scheduled' | 'published';
  publish_at: number | string | null;
  first_published_at: number | string | null;
  removed_by: 'admin' | 'owner' | null;
  review_note: string | null;
}

/** Characters of text sent for a card's excerpt: enough for three lines on any screen. */
const EXCERPT_CHARS = 320;

/** The ids of a reader's channels: those they subscribe to, then their own. */
export function readerChannels(db: Database, readerId: number) {
  return db
    .selectFrom('subscriptions')
    .select('subscriptions.channel_id')
    .where('subscriptions.user_id', '=', readerId)
    .unionAll(db.selectFrom('channels').select('channels.id as channel_id').where('channels.user_id', '=', readerId));
}

export function createArticlesRepository(db: Database, dialect: Dialect) {
  const json = jsonHelpers(dialect);

  function baseSelect() {
    return db
      .selectFrom('articles')
      .innerJoin('channels', 'channels.id', 'articles.channel_id')
      .select((eb) => [
        ...QUALIFIED_ARTICLE_COLUMNS,
        'channels.name as channel_name',
        'channels.slug as channel_slug',
        json
          .jsonArrayFrom(
            eb
              .selectFrom('article_categories')
              .select('article_categories.category_id as id')
              .whereRef('article_categories.article_id', '=', 'articles.id')
              .orderBy('article_categories.position'),
          )
          .as('category_ids'),
      ]);
  }

  const imageColumns = ['id', 'image_url', 'caption', 'position', 'width', 'height', 'variants', 'alt', 'cover'] as const;

  /** What a card adds to the base columns: a short excerpt, the author's name and the first image (never the body). */
  function cardColumns(eb: ExpressionBuilder<DB & { articles: DB['articles'] }, 'articles'>) {
    return [
      sql<string>`substr(articles.plain_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('excerpt'),
      // One primary-key lookup per card of the page, after the page's rows are chosen.
      eb.selectFrom('users').select('users.username').whereRef('users.id', '=', 'articles.user_id').as('author_username'),
      json
        .jsonObjectFrom(
          eb
            .selectFrom('article_images')
            .select(imageColumns)
            .whereRef('article_images.article_id', '=', 'articles.id')
            .where('article_images.in_text', '=', 0)
            // The chosen cover, else the first gallery image (docs/product.md#card).
            .orderBy('article_images.cover', 'desc')
            .orderBy('article_images.position')
            .limit(1),
        )
        .as('first_image'),
    ] as const;
  }

  /** Restricts a query to the published articles a reader, category, place, channel or search filter asks for. */
  function applyFilters<Q extends ReturnType<typeof baseSelect>>(query: Q, filter: NarrowedFeedFilter): Q {
    let q = query.where('articles.published', '=', 1) as Q;
    if (filter.readerId !== undefined) {
      // The reader's channels as one set (subscriptions, then their own channels; an article is
      // always written in its author's own channel, so their articles are in it). As one IN list
      // the planner seeks articles_channel_idx once per channel; as an OR of three terms (two
      // subqueries and the author), SQLite at a million articles scanned every channel instead.
      q = q.where('articles.channel_id', 'in', readerChannels(db, filter.readerId)) as Q;
    }
    if (filter.categoryIds?.length) {
      const ids = filter.categoryIds;
      q = q.where('articles.id', 'in', (eb) => eb.selectFrom('article_categories').select('article_id').where('category_id', 'in', ids)) as Q;
    }
    if (filter.locations?.length) q = q.where('articles.location_name', 'in', filter.locations) as Q;
    if (filter.channelIds?.length) q = q.where('articles.channel_id', 'in', filter.channelIds) as Q;
    if (filter.ids) q = q.where('articles.id', 'in', filter.ids.length > 0 ? filter.ids : [-1]) as Q;
    if (filter.where) q = q.where(filter.where) as Q;
    return q;
  }

  /** A first page without filters: the rows come in the order of a feed index, a page and no more. */
  const isPlain = (filter: NarrowedFeedFilter) =>
    !filter.after && !filter.ids && !filter.where && !filter.categoryIds?.length && !filter.locations?.length && !filter.channelIds?.length;

  /** A query's rows from the page's cursor on, in the feed's order. */
  function inFeedOrder<Q extends ReturnType<typeof baseSelect>>(query: Q, filter: Pick<FeedFilter, 'sort' | 'direction' | 'after'>): Q {
    const sortExpr = ARTICLE_SORT_EXPRESSIONS[filter.sort];
    let q = query;
    if (filter.after) {
      const [from, past] = keysetAfter(sortExpr, 'articles.id', filter.direction, filter.after);
      q = q.where(from).where(past) as Q;
    }
    return q.orderBy(sortExpr, filter.direction).orderBy('articles.id', filter.direction) as Q;
  }

  /** One feed page in a single statement. */
  async function feedPage(filter: NarrowedFeedFilter): Promise<ArticleSummaryRow[]> {
    const cards = (query: ReturnType<typeof baseSelect>) => query.select((eb) => [ARTICLE_SORT_EXPRESSIONS[filter.sort].as('sort_value'), ...cardColumns(eb)]);
    if (dialect === 'sqlite' && !isPlain(filter)) {
      // The page's ids first, then the card of each. When the matches must be sorted (a search, a
      // filter, a cursor), SQLite builds every match's card before sorting them: two hundred cards
      // for a newest-first search window, half the time of a common word's search.
      const page = inFeedOrder(applyFilters(baseSelect(), filter), filter).clearSelect().select('articles.id').limit(filter.limit);
      return (await inFeedOrder(cards(baseSelect().where('articles.id', 'in', page)), { sort: filter.sort, direction: filter.direction })
        .limit(filter.limit)
        .execute()) as unknown as ArticleSummaryRow[];
    }
    return (await inFeedOrder(cards(applyFilters(baseSelect(), filter)), filter).limit(filter.limit).execute()) as unknown as ArticleSummaryRow[];
  }

  /** An article's page: its body, author and images, and (signed in) the reader's reaction, in one statement. */
  function detailSelect(readerId: number) {
    return baseSelect()
      .innerJoin('users as author', 'author.id', 'articles.user_id')
      .select((eb) => [
        'articles.content',
        // Only what the answer's excerpt shows: the whole text is as long as the body.
        sql<string>`substr(articles.plain_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('excerpt'),
        'author.username as author_username',
        json
          .jsonArrayFrom(
            eb
              .selectFrom('article_images')
              .select(imageColumns)
              .whereRef('article_images.article_id', '=', 'articles.id')
              .where('article_images.in_text', '=', 0)
              .orderBy('article_images.position'),
          )
          .as('images'),
        // The public record's corrections, oldest first, and its last save (docs/product.md#public-record).
        ...publicRecordColumns(eb, json),
        eb
          .selectFrom('reactions')
          .select('reactions.is_like')
          .where('reactions.user_id', '=', readerId)
          .whereRef('reactions.article_id', '=', 'articles.id')
          .as('reader_reaction'),
        'articles.fediverse_like_count',
        'articles.fediverse_announce_count',
        'articles.moderation_note',
        'articles.removed_by',
        'articles.review_note',
        eb
          .selectFrom('channel_moderation')
          .select(sql<number>`case when channel_moderation.comment_policy = 'closed' then 1 else 0 end`.as('closed'))
          .whereRef('channel_moderation.channel_id', '=', 'articles.channel_id')
          .as('comments_closed'),
      ]);
  }

  async function replaceCategories(trx: Executor, id: number, categoryIds: number[]) {
    await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
    if (categoryIds.length === 0) return;
    await trx
      .insertInto('article_categories')
      .values(categoryIds.map((categoryId, position) => ({ article_id: id, category_id: categoryId, position })))
      .execute();
  }

  return {
    /** One feed page, with categories and the first image, in a single statement (a search is features/search's). */
    feed: (filter: NarrowedFeedFilter): Promise<ArticleSummaryRow[]> => feedPage(filter),

    /**
     * The ids of the first `limit` articles among the next `rows` of the page's order for which
     * `condition` holds: the condition is evaluated on those rows alone (a column, not a WHERE, so
     * the database stops at `rows`). A search on PostgreSQL tries this before its index.
     */
    async firstMatchesAmong(filter: NarrowedFeedFilter, condition: RawBuilder<SqlBool>, rows: number): Promise<number[]> {
      const candidates = inFeedOrder(applyFilters(baseSelect(), filter), filter)
        .clearSelect()
        .select(['articles.id', ARTICLE_SORT_EXPRESSIONS[filter.sort].as('sort_value'), condition.as('hit')])
        .limit(rows);
      const matches = await db
        .selectFrom(candidates.as('w'))
        .select('w.id')
        .where('w.hit', '=', true)
        .orderBy('w.sort_value', filter.direction)
        .orderBy('w.id', filter.direction)
        .limit(filter.limit)
        .execute();
      return matches.map((m) => m.id);
    },

    /** Whether a published article with an id below `id` was created at or after `createdAt` (ids out of date order). */
    async olderIdCreatedSince(id: number, createdAt: number): Promise<boolean> {
      const row = await db.selectFrom('articles').select('id').where('published', '=', 1).where('created_at', '>=', createdAt).where('id', '<', id).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether a reader subscribes to any channel: until they do, Your Feed shows every channel
     * (whatever they have written themselves); from then on, their subscriptions and own channels.
     */
    async readerHasSubscriptions(readerId: number): Promise<boolean> {
      return (await db.selectFrom('subscriptions').select('channel_id').where('user_id', '=', readerId).limit(1).executeTakeFirst()) !== undefined;
    },

    /** An article with its body; `readerId` (signed in) adds that reader's reaction to it. */
    findById(id: number, readerId?: number): Promise<ArticleDetailRow | undefined> {
      // Signed out, the reader is no user (ids start at 1), so the reaction is always null.
      return detailSelect(readerId ?? 0).where('articles.id', '=', id).executeTakeFirst() as Promise<ArticleDetailRow | undefined>;
    },

    /** Who owns an article and whether it is published (and its comment count, which comment pages show). */
    ownership(id: number): Promise<{ user_id: number; published: number; comment_count: number; channel_id: number; removed_by: 'admin' | 'owner' | null } | undefined> {
      return db.selectFrom('articles').select(['user_id', 'published', 'comment_count', 'channel_id', 'removed_by']).where('id', '=', id).executeTakeFirst();
    },

    /** How many drafts (not in review, scheduled or published) a person has, on articles_user_idx. */
    async openDraftCount(userId: number): Promise<number> {
      const row = await db.selectFrom('articles').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).where('status', '=', 'draft').executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** What the newsroom's rules ask of an article before a change: its author, channel and place in the workflow. */
    workflow(id: number): Promise<ArticleWorkflowRow | undefined> {
      return db
        .selectFrom('articles')
        .select(['id', 'user_id', 'channel_id', 'title', 'content', 'published', 'status', 'publish_at', 'first_published_at', 'removed_by', 'review_note'])
        .where('id', '=', id)
        .executeTakeFirst() as Promise<ArticleWorkflowRow | undefined>;
    },

    /** Summaries of one channel's articles (published or drafts), newest first. */
    async ofChannel(channelId: number, published: boolean, limit: number): Promise<ArticleSummaryRow[]> {
      const rows = await baseSelect()
        .select((eb) => [sql<number>`articles.created_at`.as('sort_value'), ...cardColumns(eb)])
        .where('articles.channel_id', '=', channelId)
        .where('articles.published', '=', published ? 1 : 0)
        .orderBy('articles.created_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .execute();
      return rows as unknown as ArticleSummaryRow[];
    },

    /**
     * A page of one author's published articles, newest first, after a keyset cursor: a seek on
     * articles_user_idx (user_id, created_at; ties by id) however many the author wrote.
     */
    async ofAuthor(userId: number, after: { value: number; id: number } | undefined, limit: number): Promise<ArticleSummaryRow[]> {
      let query = baseSelect()
        .select((eb) => [sql<number>`articles.created_at`.as('sort_value'), ...cardColumns(eb)])
        .where('articles.user_id', '=', userId)
        .where('articles.published', '=', 1);
      if (after) {
        const [from, past] = keysetAfter(sql`articles.created_at`, 'articles.id', 'desc', after);
        query = query.where(from).where(past);
      }
      const rows = await query.orderBy('articles.created_at', 'desc').orderBy('articles.id', 'desc').limit(limit).execute();
      return rows as unknown as ArticleSummaryRow[];
    },

    /** Inserts an article with its categories and a unique slug made from `slug`; a published one counts toward its channel. */
    async insert(trx: Transaction<DB>, values: NewArticle): Promise<number> {
      const { id } = await trx
        .insertInto('articles')
        .values({
          user_id: values.userId,
          channel_id: values.channelId,
          ...columnsOfAllFields(values.fields),
          slug: values.slug,
          content: values.fields.content,
          plain_text: values.plainText,
          published: values.published ? 1 : 0,
          status: values.status ?? (values.published ? 'published' : 'draft'),
          publish_at: values.publishAt ?? null,
          first_published_at: values.published ? values.now : null,
          created_at: values.now,
          last_edited: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const slug = await assignSlug(trx, dialect, values.slug, id);
      if (slug !== values.slug) await trx.updateTable('articles').set({ slug }).where('id', '=', id).execute();
      await replaceCategories(trx, id, values.fields.categoryIds);
      if (values.published) {
        await trx.updateTable('channels').set({ article_count: sql`article_count + 1` }).where('id', '=', values.channelId).execute();
        await movePublishedCounts(trx, null, await publishedShare(trx, dialect, id), values.now);
      }
      return id;
    },

    /**
     * Saves changes to an article, in the caller's transaction (with its revision) or in one of its
     * own; a published one's kept counts follow its new place and categories.
     */
    async update(id: number, changes: ArticleChanges, inTransaction?: Transaction<DB>): Promise<void> {
      const work = (trx: Transaction<DB>) => withPublishedCounts(trx, dialect, id, changes.now, () => save(trx));
      const save = async (trx: Transaction<DB>) => {
        // A new title may bring a new slug (unique; the old one keeps resolving to this article).
        let slug: string | undefined;
        if (changes.slug !== undefined) {
          const current = await trx.selectFrom('articles').select('slug').where('id', '=', id).executeTakeFirst();
          slug = await assignSlug(trx, dialect, changes.slug, id, current?.slug);
        }
        await trx
          .updateTable('articles')
          .set({
            ...columnsOfFields(changes.fields),
            ...(slug !== undefined ? { slug } : {}),
            ...(changes.fields.content !== undefined ? { content: changes.fields.content, plain_text: changes.plainText } : {}),
            last_edited: changes.now,
          })
          .where('id', '=', id)
          .execute();
        if (changes.fields.categoryIds) await replaceCategories(trx, id, changes.fields.categoryIds);
      };
      if (inTransaction) await work(inTransaction);
      else await db.transaction().execute(work);
    },

    /** Deletes an article (comments, reactions, images and views go with it); answers its image URLs. */
    async delete(trx: Transaction<DB>, id: number, now: number): Promise<{ imageUrls: string[] } | undefined> {
      const images = await trx.selectFrom('article_images').select('image_url').where('article_id', '=', id).execute();
      // Its addresses are never given to another article: kept before its slug rows go with it.
      await retireArticleSlugs(trx, id, now);
      const share = await publishedShare(trx, dialect, id);
      const row = await trx.deleteFrom('articles').where('id', '=', id).returning(['published', 'channel_id']).executeTakeFirst();
      if (!row) return undefined;
      if (row.published === 1) await trx.updateTable('channels').set({ article_count: sql`article_count - 1` }).where('id', '=', row.channel_id).execute();
      await movePublishedCounts(trx, share, null, now);
      return { imageUrls: images.map((i) => i.image_url) };
    },

    /** The article an URL segment names (docs/product.md#addresses), with its current slug. */
    resolveSegment: (segment: string) => resolveSegment(db, segment),

    /** Whether the segment named an article that was deleted (its page answers 410 Gone). */
    isRetiredSegment: (segment: string) => isRetiredSegment(db, segment),

    /**
     * Counts a view at most once per viewer per article per UTC day: the de-duplication row and the
     * counter, in the caller's transaction. Answers the article's channel when the view counted.
     */
    async countView(trx: Transaction<DB>, view: { articleId: number; viewerKey: string; day: number; anonymousAddressKey?: string }): Promise<number | undefined> {
      const inserted = await trx
        .insertInto('article_views')
        .values({ article_id: view.articleId, viewer_key: view.viewerKey, day: view.day })
        .onConflict((oc) => oc.columns(['article_id', 'viewer_key', 'day']).doNothing())
        .executeTakeFirst();
      // Most views repeat a viewer's view of the day and stop here.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      // An address past its anonymous views of the day: nothing of this view is kept (view-address-cap.ts).
      if (view.anonymousAddressKey !== undefined && !(await takeAnonymousView(trx, view.articleId, view.anonymousAddressKey, view.day))) {
        await trx.deleteFrom('article_views').where('article_id', '=', view.articleId).where('viewer_key', '=', view.viewerKey).where('day', '=', view.day).execute();
        return undefined;
      }
      const article = await trx.updateTable('articles').set({ view_count: sql`view_count + 1` }).where('id', '=', view.articleId).returning('channel_id').executeTakeFirst();
      return article?.channel_id;
    },

    async displayedViews(articleId: number): Promise<number | undefined> {
      const row = await db.selectFrom('articles').select(['view_count', 'view_boost']).where('id', '=', articleId).executeTakeFirst();
      return row ? row.view_count + row.view_boost : undefined;
    },

    /** Its writer's side of an article: the last save's time and any pending edit (never in a public answer). */
    writerState: (id: number) => writerState(db, id),

  };
}
export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
