import { sql, type CompiledQuery, type ExpressionBuilder, type RawBuilder, type SqlBool, type Selectable } from 'kysely';
import type { ArticleImagesTable, ArticlesTable } from '../../db/schema.js';
import type { ArticleSort, ChannelTableSort } from '../../../contract/articles.js';
import { forgetArticleRollups, recordViewRollup } from '../analytics/analytics.repository.js';
import type { Database, Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { jsonHelpers } from '../../db/json-helpers.js';
import { queueArticlePublished } from '../email/outbox.repository.js';
import { assignSlug, isRetiredSegment, resolveSegment, retireArticleSlugs } from './article-slugs.js';
import { keysetAfter } from '../../db/keyset.js';
import { prepareQuery, runPrepared, SENTINEL } from '../../db/prepared.js';
import { takeAnonymousView } from './view-address-cap.js';
import { pairPhrase, unicode61Fold } from '../../db/word-pairs.js';

/** The SQL behind each feed sort key; each matches an expression index of the migration. */
export const ARTICLE_SORT_EXPRESSIONS: Record<ArticleSort, ReturnType<typeof sql<number>>> = {
  createdAt: sql<number>`articles.created_at`,
  viewCount: sql<number>`(articles.view_count + articles.view_boost)`,
  comments: sql<number>`articles.comment_count`,
  likes: sql<number>`(articles.like_count + articles.like_boost)`,
  dislikes: sql<number>`(articles.dislike_count + articles.dislike_boost)`,
};

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
 * statistics (perf/channel-table-plan.api.test.ts checks the plans). PostgreSQL keeps statistics
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

export type ArticleImageRow = Pick<Selectable<ArticleImagesTable>, 'id' | 'image_url' | 'caption' | 'position' | 'width' | 'height' | 'variants'>;

/** The article columns every feed card and page reads, with its channel's name and slug. */
export type ArticleRowBase = Pick<
  Selectable<ArticlesTable>,
  | 'id' | 'slug' | 'title' | 'user_id' | 'channel_id' | 'location_name' | 'location_lat' | 'location_lng' | 'published'
  | 'created_at' | 'last_edited' | 'view_count' | 'view_boost' | 'like_count' | 'like_boost' | 'dislike_count' | 'dislike_boost' | 'comment_count'
> & {
  channel_name: string;
  channel_slug: string;
  /** JSON (text in SQLite) list of category ids, in the author's order. */
  category_ids: unknown;
};

export interface ArticleSummaryRow extends ArticleRowBase {
  excerpt: string;
  /** JSON object (text in SQLite) of the first image, or null. */
  first_image: unknown;
  sort_value: number;
}

export interface ArticleDetailRow extends ArticleRowBase {
  content: string;
  /** The start of the plain text, as much as an excerpt shows. */
  excerpt: string;
  author_username: string;
  images: unknown;
  /** The reading user's reaction (1 like, 0 dislike), null when none or when read signed out. */
  reader_reaction: number | null;
}

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

/**
 * How a search term is matched (docs/decisions/019-word-search.md): by the words it names, the last
 * one as a word beginning, through the word index; or, when no article has those words, as text
 * anywhere, inside words too, through the trigram index.
 */
export type SearchPlan = { kind: 'words'; query: string; pairs: string[]; pairPhrase?: string } | { kind: 'text'; term: string };
type WordsPlan = Extract<SearchPlan, { kind: 'words' }>;

/**
 * The word pairs (PostgreSQL's `article_word_pairs`, migration 2026_11_26_1300) every article holding
 * these words as a phrase has: each word with the first three characters of the next. The last
 * word is a word beginning; shorter than three characters, its pair cannot be looked up and is left
 * out. SQLite keeps whole pairs, in order, and looks a phrase up as a phrase of them (db/word-pairs.ts).
 */
export function phrasePairs(words: string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const next = [...words[i + 1]!];
    if (i + 1 === words.length - 1 && next.length < 3) continue;
    pairs.push(`${words[i]} ${next.slice(0, 3).join('')}`);
  }
  return pairs;
}

/** A term's words as both word indexes cut text: runs of letters and digits, lower-cased. */
export const searchWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Characters of text sent for a card's excerpt: enough for three lines on any screen. */
const EXCERPT_CHARS = 320;

/** How many of the newest matches a first search page asks the SQLite search index for (see feed). */
export const SEARCH_WINDOW = 200;

/**
 * How many rows of a feed page's order PostgreSQL checks one by one before it asks the search
 * index for every match instead (see postgresSearchPage).
 */
export const POSTGRES_SEARCH_ROWS = 500;

/** How many words a single-word SQLite search is read as before it is left to FTS5's prefix query (sqliteWordBeginnings). */
export const WORD_BEGINNINGS = 8;

/** How long PostgreSQL's list of the most common words (mostCommonWords) is used before it is read again. */
export const COMMON_WORDS_MS = 10 * 60_000;

export function createArticlesRepository(
  db: Database,
  dialect: Dialect,
  options: { searchWindow?: number; postgresSearchRows?: number; wordBeginnings?: number } = {},
) {
  const json = jsonHelpers(dialect);
  const searchWindow = options.searchWindow ?? SEARCH_WINDOW;
  const postgresSearchRows = options.postgresSearchRows ?? POSTGRES_SEARCH_ROWS;
  const wordBeginnings = options.wordBeginnings ?? WORD_BEGINNINGS;

  function baseSelect() {
    return db
      .selectFrom('articles')
      .innerJoin('channels', 'channels.id', 'articles.channel_id')
      .select((eb) => [
        'articles.id',
        'articles.slug',
        'articles.title',
        'articles.user_id',
        'articles.channel_id',
        'channels.name as channel_name',
        'channels.slug as channel_slug',
        'articles.location_name',
        'articles.location_lat',
        'articles.location_lng',
        'articles.published',
        'articles.created_at',
        'articles.last_edited',
        'articles.view_count',
        'articles.view_boost',
        'articles.like_count',
        'articles.like_boost',
        'articles.dislike_count',
        'articles.dislike_boost',
        'articles.comment_count',
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

  const imageColumns = ['id', 'image_url', 'caption', 'position', 'width', 'height', 'variants'] as const;

  /** What a card adds to the base columns: a short excerpt and the first image (never the body). */
  function cardColumns(eb: ExpressionBuilder<DB & { articles: DB['articles'] }, 'articles'>) {
    return [
      sql<string>`substr(articles.plain_text, 1, ${sql.lit(EXCERPT_CHARS)})`.as('excerpt'),
      json
        .jsonObjectFrom(
          eb
            .selectFrom('article_images')
            .select(imageColumns)
            .whereRef('article_images.article_id', '=', 'articles.id')
            .orderBy('article_images.position')
            .limit(1),
        )
        .as('first_image'),
    ] as const;
  }

  /** The ids of a reader's channels: those they subscribe to, then their own. */
  function readerChannels(readerId: number) {
    return db
      .selectFrom('subscriptions')
      .select('subscriptions.channel_id')
      .where('subscriptions.user_id', '=', readerId)
      .unionAll(db.selectFrom('channels').select('channels.id as channel_id').where('channels.user_id', '=', readerId));
  }

  /** Restricts a query to what a search, category, place or channel filter asks for. */
  function applyFilters<Q extends ReturnType<typeof baseSelect>>(
    query: Q,
    filter: Omit<FeedFilter, 'sort' | 'direction' | 'limit' | 'after' | 'search'> & { matchingIds?: number[]; searchPlan?: SearchPlan },
  ): Q {
    let q = query.where('articles.published', '=', 1) as Q;
    if (filter.readerId !== undefined) {
      // The reader's channels as one set (subscriptions, then their own channels; an article is
      // always written in its author's own channel, so their articles are in it). As one IN list
      // the planner seeks articles_channel_idx once per channel; as an OR of three terms (two
      // subqueries and the author), SQLite at 1,000,000 articles scanned every channel instead:
      // 3.3 s a page (docs/performance.md, step 10).
      const readerId = filter.readerId;
      q = q.where('articles.channel_id', 'in', readerChannels(readerId)) as Q;
    }
    if (filter.categoryIds?.length) {
      const ids = filter.categoryIds;
      q = q.where('articles.id', 'in', (eb) =>
        eb.selectFrom('article_categories').select('article_id').where('category_id', 'in', ids),
      ) as Q;
    }
    if (filter.locations?.length) q = q.where('articles.location_name', 'in', filter.locations) as Q;
    if (filter.channelIds?.length) q = q.where('articles.channel_id', 'in', filter.channelIds) as Q;
    if (filter.matchingIds) {
      const ids = filter.matchingIds;
      q = q.where('articles.id', 'in', ids.length > 0 ? ids : [-1]) as Q;
    } else if (filter.searchPlan) {
      const plan = filter.searchPlan;
      const condition = planCondition(plan);
      // PostgreSQL: every match from the search index first, behind a fence (offset 0) the planner
      // cannot see through. Left to itself it walks the sort index and tests each article in turn
      // whenever it expects a phrase to match often (it estimates a phrase as its words anywhere),
      // which reads every article's text for a rare phrase: 26 s at 100,000 articles. A phrase's
      // word pairs narrow the matches to articles where its words stand together, before any
      // article's words are read (only here: tested row by row, they would cost more than they save).
      // Lower-cased again by the database, as to_tsquery does with each word of the phrase.
      const pairs =
        plan.kind === 'words' && plan.pairs.length > 0
          ? sql<SqlBool>` and articles.id in (select article_id from article_word_pairs where pairs @> lower(${`{${plan.pairs.map((p) => `"${p}"`).join(',')}}`})::text[])`
          : sql``;
      q = (dialect === 'postgres'
        ? q.where('articles.id', 'in', sql<number>`(select id from articles where ${condition}${pairs} offset 0)`)
        : q.where(condition)) as Q;
    }
    return q;
  }

  function planCondition(plan: SearchPlan): RawBuilder<SqlBool> {
    return plan.kind === 'words' ? wordCondition(plan) : searchCondition(plan.term);
  }

  /**
   * The word-index query of a term: its words as a phrase, the last one a word beginning. Only
   * letters and digits reach it (searchWords), so nothing in the term is read as query syntax.
   */
  function wordQuery(words: string[]): string {
    if (dialect === 'postgres') return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' <-> ');
    return `"${words.join(' ')}"*`;
  }

  function wordCondition(plan: WordsPlan): RawBuilder<SqlBool> {
    if (dialect === 'postgres') return sql<SqlBool>`articles.search_words @@ to_tsquery('simple', ${plan.query})`;
    return sql<SqlBool>`articles.id in (${sqliteWordMatches(plan)})`;
  }

  /**
   * SQLite: the ids of the articles holding a phrase, from its pairs when it has them
   * (db/word-pairs.ts), from the word index otherwise (a single word, or a word of another alphabet).
   * Not both: FTS5 tested the phrase one article at a time at 6 ms each when given the pairs' ids.
   */
  function sqliteWordMatches(plan: WordsPlan): RawBuilder<{ rowid: number }> {
    if (plan.pairPhrase) return sql`select rowid from article_word_pairs where article_word_pairs match ${plan.pairPhrase}`;
    return sql`select rowid from articles_words where articles_words match ${plan.query}`;
  }

  let commonWords: { at: number; words: string[] } | undefined;
  /**
   * PostgreSQL: the words its statistics list as the most common in `search_words` (ANALYZE keeps
   * up to a thousand), read at most every COMMON_WORDS_MS. They are the words whose probe costs the
   * most, since GIN answers a probe with a bitmap of every article holding the word (66 ms for
   * 'council' as a word beginning at 1,000,000 articles), and the list itself says they exist.
   * Until the table has been analyzed the list is empty and every word is probed.
   */
  async function mostCommonWords(): Promise<string[]> {
    const now = Date.now();
    if (commonWords && now - commonWords.at < COMMON_WORDS_MS) return commonWords.words;
    const result = await sql<{ words: string[] | null }>`
      select most_common_elems::text::text[] as words from pg_stats
      where schemaname = current_schema() and tablename = 'articles' and attname = 'search_words'`.execute(db);
    commonWords = { at: now, words: result.rows[0]?.words ?? [] };
    return commonWords.words;
  }

  /**
   * Whether some article has this word (or, as a beginning, a word starting with it): one index
   * probe, or on PostgreSQL none for a word its statistics list as common. The list is as old as
   * the last ANALYZE: if every article holding such a word went since, the word still counts as
   * present, and a search naming it answers from the word index (nothing) instead of the text.
   * SQLite's word beginnings are probed by sqliteWordBeginnings instead.
   */
  async function wordExists(word: string, beginning: boolean): Promise<boolean> {
    if (dialect === 'sqlite') return (await sql`select 1 from articles_words where articles_words match ${`"${word}"`} limit 1`.execute(db)).rows.length > 0;
    const common = await mostCommonWords();
    if (beginning ? common.some((w) => w.startsWith(word)) : common.includes(word)) return true;
    // In a CTE, planned for all its rows: with the limit beside it, PostgreSQL expects to meet a
    // match within a few rows, scans the table, and for a word no article has reads them all.
    const query = `'${word}'${beginning ? ':*' : ''}`;
    const found = await sql`with matches as materialized (select 1 from articles where search_words @@ to_tsquery('simple', ${query})) select 1 from matches limit 1`.execute(db);
    return found.rows.length > 0;
  }

  /**
   * SQLite: the words of the word index that begin with `word`, read from its term list one by one
   * (`articles_words_terms`), or undefined when there are more than `wordBeginnings`. FTS5's own
   * prefix query merges the lists of every such word before it answers (36–52 ms for 'council' at
   * 1,000,000 articles); the same words as alternatives are read newest first and stop at a page
   * (0.3 ms), and finding them costs a fraction of a millisecond each.
   */
  async function sqliteWordBeginnings(word: string): Promise<string[] | undefined> {
    const folded = unicode61Fold(word);
    const found: string[] = [];
    // Terms are letters and digits: none holds U+0001, so the next term from `${term}\u0001` on is
    // the first one after `term`.
    for (let from = folded; ; ) {
      const next = (await sql<{ term: string }>`select term from articles_words_terms where term >= ${from} limit 1`.execute(db)).rows[0]?.term;
      if (next === undefined || !next.startsWith(folded)) return found;
      if (found.length === wordBeginnings) return undefined;
      found.push(next);
      from = `${next}\u0001`;
    }
  }

  /**
   * Words when each of the term's words is a word of some article (the last one a word's
   * beginning), text otherwise. The test is per word, not the phrase: a phrase of real words that
   * no article has is answered from the word index (nothing), instead of a trigram scan proving
   * that no text anywhere contains it, which grows with the table.
   */
  async function searchPlan(term: string): Promise<SearchPlan> {
    const words = searchWords(term);
    if (words.length === 0) return { kind: 'text', term };
    for (const word of words.slice(0, -1)) {
      if (!(await wordExists(word, false))) return { kind: 'text', term };
    }
    const last = words[words.length - 1]!;
    if (dialect === 'postgres') return (await wordExists(last, true)) ? wordsPlan(words) : { kind: 'text', term };
    const beginnings = await sqliteWordBeginnings(last);
    if (beginnings?.length === 0) return { kind: 'text', term };
    return wordsPlan(words, beginnings);
  }

  /**
   * A term matched by its words (searchPlan decides whether it may be). On SQLite a single word
   * whose beginnings are known (sqliteWordBeginnings) is matched as those words.
   */
  function wordsPlan(words: string[], beginnings?: string[]): WordsPlan {
    if (dialect === 'postgres') return { kind: 'words', query: wordQuery(words), pairs: phrasePairs(words) };
    const query = words.length === 1 && beginnings ? beginnings.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ') : wordQuery(words);
    return { kind: 'words', query, pairs: [], pairPhrase: pairPhrase(words) };
  }

  /** The SQLite search term as an FTS5 phrase, when it is long enough for the trigram index. */
  function ftsPhrase(term: string): string | undefined {
    const lowered = term.toLowerCase();
    return dialect === 'sqlite' && [...lowered].length >= 3 ? `"${lowered.replace(/"/g, '""')}"` : undefined;
  }

  /**
   * The text fallback (a term no article has as words): case-insensitive substring search over
   * title and text, index-backed: FTS5 trigram in SQLite, pg_trgm in PostgreSQL. Trigram indexes
   * need three characters; shorter terms scan.
   */
  function searchCondition(term: string): RawBuilder<SqlBool> {
    const lowered = term.toLowerCase();
    if (dialect === 'postgres') {
      const pattern = `%${lowered.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql<SqlBool>`lower(articles.title || ' ' || articles.plain_text) like ${pattern}`;
    }
    if ([...lowered].length >= 3) {
      const phrase = `"${lowered.replace(/"/g, '""')}"`;
      return sql<SqlBool>`articles.id in (select rowid from articles_search where articles_search match ${phrase})`;
    }
    return sql<SqlBool>`(instr(lower(articles.title), ${lowered}) > 0 or instr(lower(articles.plain_text), ${lowered}) > 0)`;
  }

  /** A feed filter whose search is planned (searchPlan), or restricted to some ids instead (matchingIds). */
  type PageFilter = Omit<FeedFilter, 'search'> & { matchingIds?: number[]; searchPlan?: SearchPlan };

  /** A first page without filters: the rows come in the order of a feed index, a page and no more. */
  const isPlain = (filter: PageFilter) =>
    !filter.after && !filter.searchPlan && !filter.matchingIds && !filter.categoryIds?.length && !filter.locations?.length && !filter.channelIds?.length;

  /** One feed page in a single statement. */
  async function feedPage(filter: PageFilter): Promise<ArticleSummaryRow[]> {
    if (isPlain(filter)) return firstPage(filter);
    return (await feedPageQuery(filter).execute()) as unknown as ArticleSummaryRow[];
  }

  function feedPageQuery(filter: PageFilter) {
    const cards = (query: ReturnType<typeof baseSelect>) =>
      query.select((eb) => [ARTICLE_SORT_EXPRESSIONS[filter.sort].as('sort_value'), ...cardColumns(eb)]);
    if (dialect === 'sqlite' && !isPlain(filter)) {
      // The page's ids first, then the card of each. When the matches must be sorted (a search, a
      // filter, a cursor), SQLite builds every match's card before sorting them: 200 cards for a
      // newest-first search window, 2.8 ms of the 5.4 a common word cost at 10,000 articles.
      const page = inFeedOrder(applyFilters(baseSelect(), filter), filter).clearSelect().select('articles.id').limit(filter.limit);
      return inFeedOrder(cards(baseSelect().where('articles.id', 'in', page)), { sort: filter.sort, direction: filter.direction }).limit(filter.limit);
    }
    return inFeedOrder(cards(applyFilters(baseSelect(), filter)), filter).limit(filter.limit);
  }

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

  /**
   * A search page on PostgreSQL, in two steps. First the next `postgresSearchRows` articles of the
   * page's order are tested one by one, stopping at a page of matches: a common word fills its
   * page within a few dozen rows, and the sort index gives them in order. Only when those rows
   * hold less than a page does the search index list every match (applyFilters), which is then
   * few enough to sort. Either step alone is slow for the other kind of term: the index lists
   * hundreds of thousands of articles for a common word, and a rare phrase would be tested
   * against every article. SQLite needs neither: its full-text index gives matches in id order
   * (newestSearchPage) and knows the positions of words, so a phrase costs no article reads.
   *
   * The first step runs with the term's words before searchPlan's probes: a page of the phrase's
   * matches proves that each word is some article's word, which is all the probes would find, and
   * they cost most for a common word (the posting lists of every word beginning with the last one:
   * 32 ms for 'council' at 1,000,000 articles).
   */
  async function postgresSearchPage(filter: PageFilter, term: string): Promise<ArticleSummaryRow[]> {
    const words = searchWords(term);
    if (words.length > 0) {
      const page = await postgresNextRowsPage(filter, wordsPlan(words));
      if (page) return page;
    }
    const plan = await searchPlan(term);
    if (plan.kind === 'text') {
      const page = await postgresNextRowsPage(filter, plan);
      if (page) return page;
    }
    return (await feedPageQuery({ ...filter, searchPlan: plan }).execute()) as unknown as ArticleSummaryRow[];
  }

  /** A page of matches among the next `postgresSearchRows` rows of the page's order, if they hold one. */
  async function postgresNextRowsPage(filter: PageFilter, plan: SearchPlan): Promise<ArticleSummaryRow[] | undefined> {
    const rows = inFeedOrder(applyFilters(baseSelect(), filter), filter)
      .clearSelect()
      .select([
        'articles.id',
        ARTICLE_SORT_EXPRESSIONS[filter.sort].as('sort_value'),
        // A column, not a condition: the limit below keeps the database from testing rows past it.
        planCondition(plan).as('hit'),
      ])
      .limit(postgresSearchRows);
    const matches = await db
      .selectFrom(rows.as('w'))
      .select('w.id')
      .where('w.hit', '=', true)
      .orderBy('w.sort_value', filter.direction)
      .orderBy('w.id', filter.direction)
      .limit(filter.limit)
      .execute();
    return matches.length === filter.limit ? feedPage({ ...filter, matchingIds: matches.map((m) => m.id) }) : undefined;
  }

  /**
   * A search page on SQLite. A phrase with pairs is looked up by them before searchPlan's probes: a
   * match proves its words are words of some article, which is all the probes would find. Only
   * when it finds nothing on this page do the probes decide between its words (then the answer
   * stands) and text inside words.
   */
  async function sqliteSearchPage(filter: PageFilter, term: string): Promise<ArticleSummaryRow[]> {
    const words = searchWords(term);
    if (!pairPhrase(words)) return sqlitePlannedPage(filter, await searchPlan(term));
    const page = await sqlitePlannedPage(filter, wordsPlan(words));
    if (page.length > 0) return page;
    // Its words are words: the pairs have answered, nothing. Otherwise text inside words.
    const plan = await searchPlan(term);
    return plan.kind === 'words' ? page : sqlitePlannedPage(filter, plan);
  }

  async function sqlitePlannedPage(filter: PageFilter, plan: SearchPlan): Promise<ArticleSummaryRow[]> {
    const planned: PageFilter = { ...filter, searchPlan: plan };
    if (filter.sort === 'createdAt' && filter.direction === 'desc' && !filter.after) {
      const phrase = plan.kind === 'text' ? ftsPhrase(plan.term) : undefined;
      const matching = plan.kind === 'words' ? sqliteWordMatches(plan) : phrase && sql<{ rowid: number }>`select rowid from articles_search where articles_search match ${phrase}`;
      if (matching) {
        const page = await newestSearchPage(planned, matching);
        if (page) return page;
      }
    }
    return feedPage(planned);
  }

  /**
   * The first page of a newest-first search on SQLite, without collecting every match. The trigram
   * index gives matches newest id first and stops after `searchWindow`; a common word then costs
   * the same at any size instead of sorting hundreds of thousands of matches. Article ids follow
   * creation order in practice, but the feed sorts by created_at, so the page is only used when a
   * check proves no older id carries a newer date: no published article with an id below the
   * window and created_at at or after the page's last row. Otherwise (and when filters leave the
   * window short of a page) it answers undefined and the caller runs the full query.
   */
  async function newestSearchPage(filter: PageFilter, matching: RawBuilder<{ rowid: number }>): Promise<ArticleSummaryRow[] | undefined> {
    const matches = await sql<{ rowid: number }>`${matching} order by rowid desc limit ${searchWindow}`.execute(db);
    const ids = matches.rows.map((r) => r.rowid);
    const { searchPlan: _plan, ...rest } = filter;
    const page = await feedPage({ ...rest, matchingIds: ids });
    // Fewer matches than the window: that is every match, and the page is exact.
    if (ids.length < searchWindow) return page;
    if (page.length < filter.limit) return undefined;
    const oldestInWindow = ids[ids.length - 1]!;
    const last = page[page.length - 1]!;
    const outOfOrder = await db
      .selectFrom('articles')
      .select('id')
      .where('published', '=', 1)
      .where('created_at', '>=', last.created_at)
      .where('id', '<', oldestInWindow)
      .limit(1)
      .executeTakeFirst();
    return outOfOrder ? undefined : page;
  }

  // The hot single-row reads, built and compiled once (db/prepared.ts).
  /** An article's page: its body, author and images, and (signed in) the reader's reaction, in one statement. */
  const detailSelect = (readerId: number) =>
    baseSelect()
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
              .orderBy('article_images.position'),
          )
          .as('images'),
        eb
          .selectFrom('reactions')
          .select('reactions.is_like')
          .where('reactions.user_id', '=', readerId)
          .whereRef('reactions.article_id', '=', 'articles.id')
          .as('reader_reaction'),
      ])
      .where('articles.id', '=', SENTINEL.a);
  // Signed out, the reader is no user (ids start at 1), so the reaction is always null.
  const findByIdQuery = prepareQuery(db, detailSelect(0).compile() as CompiledQuery<ArticleDetailRow>, { id: SENTINEL.a });
  const findByIdForReaderQuery = prepareQuery(db, detailSelect(SENTINEL.b).compile() as CompiledQuery<ArticleDetailRow>, {
    id: SENTINEL.a,
    readerId: SENTINEL.b,
  });
  const ownershipQuery = prepareQuery(
    db,
    db.selectFrom('articles').select(['user_id', 'published', 'comment_count']).where('id', '=', SENTINEL.a).compile(),
    { id: SENTINEL.a },
  );
  const readerSubscribesQuery = prepareQuery(
    db,
    db.selectFrom('subscriptions').select('channel_id').where('user_id', '=', SENTINEL.a).limit(1).compile(),
    { readerId: SENTINEL.a },
  );
  /** First feed pages without filters (the front page, a reader's feed), by sort, direction and scope. */
  const firstPages = new Map<string, ReturnType<typeof prepareQuery<ArticleSummaryRow, 'readerId' | 'limit'>>>();
  function firstPage(filter: FeedFilter): Promise<ArticleSummaryRow[]> {
    const key = `${filter.sort} ${filter.direction} ${filter.readerId === undefined ? 'all' : 'reader'}`;
    let run = firstPages.get(key);
    if (!run) {
      const sentinels = filter.readerId === undefined ? { limit: SENTINEL.b } : { readerId: SENTINEL.a, limit: SENTINEL.b };
      const compiled = feedPageQuery({ sort: filter.sort, direction: filter.direction, readerId: filter.readerId === undefined ? undefined : SENTINEL.a, limit: SENTINEL.b }).compile();
      run = prepareQuery(db, compiled as CompiledQuery<ArticleSummaryRow>, sentinels as Record<'readerId' | 'limit', number>);
      firstPages.set(key, run);
    }
    return run({ readerId: filter.readerId, limit: filter.limit }).then((result) => result.rows);
  }

  return {
    /** One feed page, with categories and the first image, in a single statement. */
    async feed(filter: FeedFilter): Promise<ArticleSummaryRow[]> {
      const { search, ...rest } = filter;
      if (!search) return feedPage(rest);
      if (dialect === 'postgres') return postgresSearchPage(rest, search);
      return sqliteSearchPage(rest, search);
    },

    /**
     * Whether a reader subscribes to any channel: until they do, Your Feed shows every channel
     * (whatever they have written themselves); from then on, their subscriptions and own channels.
     */
    async readerHasSubscriptions(readerId: number): Promise<boolean> {
      return (await readerSubscribesQuery({ readerId })).rows.length > 0;
    },

    /** An article with its body; `readerId` (signed in) adds that reader's reaction to it. */
    async findById(id: number, readerId?: number): Promise<ArticleDetailRow | undefined> {
      return (readerId === undefined ? await findByIdQuery({ id }) : await findByIdForReaderQuery({ id, readerId })).rows[0];
    },

    /** Who owns an article and whether it is published (and its comment count, which comment pages show). */
    async ownership(id: number): Promise<{ user_id: number; published: number; comment_count: number } | undefined> {
      return (await ownershipQuery({ id })).rows[0];
    },

    /** Summaries of one channel's articles (published or drafts), newest first. */
    async ofChannel(channelId: number, published: boolean, limit: number): Promise<ArticleSummaryRow[]> {
      const rows = await baseSelect()
        .select((eb) => [
          sql<number>`articles.created_at`.as('sort_value'),
          ...cardColumns(eb),
        ])
        .where('articles.channel_id', '=', channelId)
        .where('articles.published', '=', published ? 1 : 0)
        .orderBy('articles.created_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .execute();
      return rows as unknown as ArticleSummaryRow[];
    },

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

    /** Inserts an article with its categories and a unique slug made from `slug`; a published one counts toward its channel. */
    async insert(values: {
      userId: number;
      channelId: number;
      title: string;
      slug: string;
      content: string;
      plainText: string;
      published: boolean;
      locationName: string | null;
      locationLat: number | null;
      locationLng: number | null;
      categoryIds: number[];
      now: number;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('articles')
          .values({
            user_id: values.userId,
            channel_id: values.channelId,
            title: values.title,
            slug: values.slug,
            content: values.content,
            plain_text: values.plainText,
            published: values.published ? 1 : 0,
            location_name: values.locationName,
            location_lat: values.locationLat,
            location_lng: values.locationLng,
            created_at: values.now,
            last_edited: values.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const slug = await assignSlug(trx, dialect, values.slug, id);
        if (slug !== values.slug) await trx.updateTable('articles').set({ slug }).where('id', '=', id).execute();
        if (values.categoryIds.length > 0) {
          await trx
            .insertInto('article_categories')
            .values(values.categoryIds.map((categoryId, position) => ({ article_id: id, category_id: categoryId, position })))
            .execute();
        }
        if (values.published) {
          await trx.updateTable('channels').set({ article_count: sql`article_count + 1` }).where('id', '=', values.channelId).execute();
          // Subscribers' emails are queued with the article itself (issue 17).
          await queueArticlePublished(trx, { articleId: id, channelId: values.channelId, now: values.now });
        }
        return id;
      });
    },

    async update(
      id: number,
      changes: {
        title?: string;
        slug?: string;
        content?: string;
        plainText?: string;
        locationName?: string | null;
        locationLat?: number | null;
        locationLng?: number | null;
        categoryIds?: number[];
        now: number;
      },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // A new title may bring a new slug (unique; the old one keeps resolving to this article).
        let slug: string | undefined;
        if (changes.slug !== undefined) {
          const current = await trx.selectFrom('articles').select('slug').where('id', '=', id).executeTakeFirst();
          slug = await assignSlug(trx, dialect, changes.slug, id, current?.slug);
        }
        await trx
          .updateTable('articles')
          .set({
            ...(changes.title !== undefined ? { title: changes.title } : {}),
            ...(slug !== undefined ? { slug } : {}),
            ...(changes.content !== undefined ? { content: changes.content, plain_text: changes.plainText } : {}),
            ...(changes.locationName !== undefined
              ? { location_name: changes.locationName, location_lat: changes.locationLat ?? null, location_lng: changes.locationLng ?? null }
              : {}),
            last_edited: changes.now,
          })
          .where('id', '=', id)
          .execute();
        if (changes.categoryIds) {
          await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
          if (changes.categoryIds.length > 0) {
            await trx
              .insertInto('article_categories')
              .values(changes.categoryIds.map((categoryId, position) => ({ article_id: id, category_id: categoryId, position })))
              .execute();
          }
        }
      });
    },

    /** Flips draft/published; the channel's published count moves in the same transaction. */
    async toggleStatus(id: number): Promise<boolean | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('articles')
          .set({ published: sql`1 - published` })
          .where('id', '=', id)
          .returning(['published', 'channel_id'])
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .updateTable('channels')
          .set({ article_count: row.published === 1 ? sql`article_count + 1` : sql`article_count - 1` })
          .where('id', '=', row.channel_id)
          .execute();
        // A draft becoming published queues its subscribers' emails in the same transaction (issue 17).
        if (row.published === 1) await queueArticlePublished(trx, { articleId: id, channelId: row.channel_id, now: Date.now() });
        return row.published === 1;
      });
    },

    /** Deletes an article (comments, reactions, images and views go with it); answers its image URLs. */
    async delete(id: number): Promise<{ imageUrls: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const images = await trx.selectFrom('article_images').select('image_url').where('article_id', '=', id).execute();
        await forgetArticleRollups(trx, id);
        await retireArticleSlugs(trx, id, Date.now());
        const row = await trx.deleteFrom('articles').where('id', '=', id).returning(['published', 'channel_id']).executeTakeFirst();
        if (!row) return undefined;
        if (row.published === 1) {
          await trx.updateTable('channels').set({ article_count: sql`article_count - 1` }).where('id', '=', row.channel_id).execute();
        }
        return { imageUrls: images.map((i) => i.image_url) };
      });
    },

    /** The article an URL segment names (DESIGN.md section 5), with its current slug. */
    resolveSegment: (segment: string) => resolveSegment(db, segment),

    /** Whether the segment named an article that was deleted (its page answers 410 Gone). */
    isRetiredSegment: (segment: string) => isRetiredSegment(db, segment),


    /**
     * Counts a view at most once per viewer per article per UTC day; the counter, the per-day tally
     * and the de-duplication row change in one transaction.
     */
    async recordView(articleId: number, viewerKey: string, day: number, referrer: string | null = null, anonymousAddressKey?: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Most views repeat a viewer's view of the day and stop here: compiled once (db/prepared.ts).
        const inserted = await runPrepared(trx, 'view of the day', [articleId, viewerKey, day], ([article_id, viewer_key, today]) =>
          trx
            .insertInto('article_views')
            .values({ article_id, viewer_key, day: today })
            .onConflict((oc) => oc.columns(['article_id', 'viewer_key', 'day']).doNothing()),
        );
        if (Number(inserted.numAffectedRows ?? 0) === 0) return false;
        // An address past its anonymous views of the day: nothing of this view is kept (view-address-cap.ts).
        if (anonymousAddressKey !== undefined && !(await takeAnonymousView(trx, articleId, anonymousAddressKey, day))) {
          await trx.deleteFrom('article_views').where('article_id', '=', articleId).where('viewer_key', '=', viewerKey).where('day', '=', day).execute();
          return false;
        }
        const article = (
          await runPrepared(trx, 'count a view', [articleId], ([id]) =>
            trx.updateTable('articles').set({ view_count: sql`view_count + 1` }).where('id', '=', id).returning('channel_id'),
          )
        ).rows[0] as { channel_id: number } | undefined;
        if (article) {
          // The per-day tallies of the article and its channel (analytics, issue 18).
          await recordViewRollup(trx, { articleId, channelId: article.channel_id, day, signedIn: viewerKey.startsWith('u:'), referrer });
        }
        return true;
      });
    },

    async displayedViews(articleId: number): Promise<number | undefined> {
      const row = (await runPrepared(db, 'displayed views', [articleId], ([id]) => db.selectFrom('articles').select(['view_count', 'view_boost']).where('id', '=', id)))
        .rows[0] as { view_count: number; view_boost: number } | undefined;
      return row ? row.view_count + row.view_boost : undefined;
    },

    /** Filter choices over the published articles a feed draws from. */
    async facets(readerId: number | undefined, max: number) {
      const scope = (q: any) =>
        readerId === undefined
          ? q
          : q.where('articles.channel_id', 'in', readerChannels(readerId));
      const [categories, locations, channels] = await Promise.all([
        scope(
          db
            .selectFrom('article_categories')
            .innerJoin('articles', 'articles.id', 'article_categories.article_id')
            .select((eb) => ['article_categories.category_id as id', eb.fn.countAll<number>().as('count')])
            .where('articles.published', '=', 1)
            .groupBy('article_categories.category_id'),
        )
          .orderBy('count', 'desc')
          .limit(max)
          .execute() as Promise<{ id: number; count: number }[]>,
        scope(
          db
            .selectFrom('articles')
            .select((eb) => ['articles.location_name as name', eb.fn.countAll<number>().as('count')])
            .where('articles.published', '=', 1)
            .where('articles.location_name', 'is not', null)
            .groupBy('articles.location_name'),
        )
          .orderBy('count', 'desc')
          .limit(max)
          .execute() as Promise<{ name: string; count: number }[]>,
        scope(
          db
            .selectFrom('articles')
            .innerJoin('channels', 'channels.id', 'articles.channel_id')
            .select((eb) => ['channels.id', 'channels.name', eb.fn.countAll<number>().as('count')])
            .where('articles.published', '=', 1)
            .groupBy(['channels.id', 'channels.name']),
        )
          .orderBy('count', 'desc')
          .limit(max)
          .execute() as Promise<{ id: number; name: string; count: number }[]>,
      ]);
      return { categories, locations, channels };
    },

    /** Latest published articles, for feeds (RSS) and the sitemap. */
    latestPublished(limit: number, channelId?: number) {
      let query = db
        .selectFrom('articles')
        .innerJoin('channels', 'channels.id', 'articles.channel_id')
        .select(['articles.id', 'articles.slug', 'articles.title', 'articles.created_at', 'articles.last_edited', 'channels.name as channel_name'])
        .select(sql<string>`substr(articles.plain_text, 1, 400)`.as('text'))
        .where('articles.published', '=', 1);
      if (channelId !== undefined) query = query.where('articles.channel_id', '=', channelId);
      return query.orderBy('articles.created_at', 'desc').orderBy('articles.id', 'desc').limit(limit).execute();
    },
  };
}
export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
