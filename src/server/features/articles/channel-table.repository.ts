import { sql, type RawBuilder } from 'kysely';
import type { ChannelTableSort } from '../../../contract/articles.js';
import type { Database, Dialect } from '../../db/database.js';
import { keysetAfter } from '../../db/keyset.js';
import { ARTICLE_SORT_EXPRESSIONS } from './articles.repository.js';

/**
 * The SQL value a channel table is ordered by: the feed's expressions for the counters and the date
 * (boosts included, as the table shows them). Titles compare in lower case, as a reader expects of
 * an alphabetical column. Category ranks are whole numbers made by the server from its fixed
 * category tree (never input), so they are written into the statement as literals.
 *
 * On SQLite, views and likes carry a unary plus. Their bare expressions are the keys of the
 * site-wide feed indexes (articles_feed_views_idx, articles_feed_likes_idx), and SQLite without
 * statistics (a production database is never analysed) served the table's order by walking the
 * whole feed index and keeping its channel's rows: every published article on the site read to
 * fill the page of a channel of ten. The plus makes the order an expression no index holds, so
 * SQLite reads the channel's own rows (articles_channel_idx) and sorts them, with or without
 * statistics (channel-table-plan.api.test.ts checks the plans). PostgreSQL keeps statistics
 * of its own and chooses by the channel's share of the articles, so it keeps both ways open.
 */
function channelTableSortExpression(dialect: Dialect, sort: ChannelTableSort, firstCategory: RawBuilder<number | null>, categoryRanks: Map<number, number>): RawBuilder<number | string> {
  const ownRowsOnly = (expression: RawBuilder<number>) => (dialect === 'sqlite' ? sql<number>`+${expression}` : expression);
  switch (sort) {
    case 'title':
      return sql<string>`lower(articles.title)`;
    case 'createdAt':
      return ARTICLE_SORT_EXPRESSIONS.createdAt;
    case 'viewCount':
      return ownRowsOnly(ARTICLE_SORT_EXPRESSIONS.viewCount);
    case 'likeCount':
      return ownRowsOnly(ARTICLE_SORT_EXPRESSIONS.likes);
    case 'commentCount':
      return ARTICLE_SORT_EXPRESSIONS.comments;
    case 'category': {
      const branches = [...categoryRanks].map(([id, rank]) => `when ${Math.trunc(id)} then ${Math.trunc(rank)}`).join(' ');
      // Without categories every row ranks -1 (an expression: a bare number in ORDER BY names a column).
      return branches ? sql<number>`(case ${firstCategory} ${sql.raw(branches)} else -1 end)` : sql<number>`(articles.id * 0 - 1)`;
    }
  }
}

/** The table of a channel's articles on its page (docs/product.md#channels), sorted and paged by the server. */
export function createChannelTableRepository(db: Database, dialect: Dialect) {
  return {
    /**
     * A page of a channel's article table in the order a reader chose, from the cursor's row on.
     * The newest-first order seeks on articles_channel_idx; the other orders sort the channel's rows
     * (found through the same index), which stays cheap for any channel a person writes. Category
     * order is the alphabetical order of the first category's path: `categoryRanks` gives each
     * category id its place (articles without a category come first, rank -1).
     */
    async channelTable(
      channelId: number,
      published: boolean,
      page: { sort: ChannelTableSort; direction: 'asc' | 'desc'; after?: { value: number | string; id: number }; limit: number; categoryRanks: Map<number, number> },
    ) {
      const firstCategory = sql<number | null>`(select article_categories.category_id from article_categories where article_categories.article_id = articles.id order by article_categories.position limit 1)`;
      const sortExpr = channelTableSortExpression(dialect, page.sort, firstCategory, page.categoryRanks);
      let query = db
        .selectFrom('articles')
        .select([
          'articles.id',
          'articles.slug',
          'articles.title',
          'articles.published',
          'articles.status',
          'articles.publish_at',
          'articles.user_id',
          sql<string>`(select users.username from users where users.id = articles.user_id)`.as('author_username'),
          'articles.created_at',
          firstCategory.as('category_id'),
          ARTICLE_SORT_EXPRESSIONS.viewCount.as('views'),
          'articles.comment_count',
          ARTICLE_SORT_EXPRESSIONS.likes.as('likes'),
          sortExpr.as('sort_value'),
        ])
        .where('articles.channel_id', '=', channelId)
        .where('articles.published', '=', published ? 1 : 0);
      if (page.after) {
        const [from, past] = keysetAfter(sortExpr, 'articles.id', page.direction, page.after);
        query = query.where(from).where(past);
      }
      return query.orderBy(sortExpr, page.direction).orderBy('articles.id', page.direction).limit(page.limit).execute();
    },

    /** How many published articles (or drafts) a channel has: the count of its table. */
    async channelTableTotal(channelId: number, published: boolean): Promise<number> {
      const row = await db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('channel_id', '=', channelId)
        .where('published', '=', published ? 1 : 0)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

  };
}
export type ChannelTableRepository = ReturnType<typeof createChannelTableRepository>;
