import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon, ClipboardListIcon, Loader2Icon, PlusIcon } from 'lucide-react';
import type { ChannelTableRow } from '@contract/articles';
import { paths } from '@contract/paths';
import type { ChannelRole } from '@contract/staff-rules';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { errorMessage } from '@/lib/api-client';
import { useChannelTable } from '../api/articles';
import { useFormatArticleDate } from '@/lib/format-date';
import { INITIAL_TABLE_SORT, nextTableSort, type TableSort, type TableSortField } from '../lib/table-sort';
import { StatusBadge } from '@/components/status-badge';

/**
 * The 'Articles' section of a channel page (docs/product.md#channels): 'New Article' and the Drafts tab
 * for the owner (and, in the newsroom, the channel's staff: docs/product.md#newsroom, with the review
 * queue's link); sortable tables whose titles open the article. The Drafts tab keeps its name and
 * lists drafts, articles in review and scheduled ones, each with its status and author.
 */
export function ChannelArticles({ channelId, isOwner, role = isOwner ? 'owner' : null }: { channelId: number; isOwner: boolean; role?: ChannelRole | null }) {
  const [tab, setTab] = useState<'published' | 'drafts'>('published');
  const staff = isOwner || role !== null;
  return (
    <section aria-labelledby="channel-articles-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="channel-articles-heading" className="font-serif text-2xl font-bold">
          Articles
        </h2>
        {staff && (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <Link to={paths.channelQueue(channelId)}>
                <ClipboardListIcon aria-hidden="true" />
                Review queue
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to={paths.newArticleInChannel(channelId)}>
                <PlusIcon aria-hidden="true" />
                New Article
              </Link>
            </Button>
          </div>
        )}
      </div>
      <Tabs value={staff ? tab : 'published'} onValueChange={(v) => setTab(v as 'published' | 'drafts')}>
        <TabsList>
          <TabsTrigger value="published">Published</TabsTrigger>
          {staff && <TabsTrigger value="drafts">Drafts</TabsTrigger>}
        </TabsList>
        <TabsContent value="published">
          <ArticlesTable channelId={channelId} drafts={false} emptyText="No articles published yet." />
        </TabsContent>
        {staff && (
          <TabsContent value="drafts">
            <ArticlesTable channelId={channelId} drafts emptyText="No draft articles found." />
          </TabsContent>
        )}
      </Tabs>
    </section>
  );
}

/** `wide`: from md up only; `roomy`: from sm up only (on a phone the cell's words go under the title). */
const COLUMNS: { field: TableSortField; label: string; wide?: boolean; roomy?: boolean; numeric?: boolean }[] = [
  { field: 'title', label: 'Title' },
  { field: 'createdAt', label: 'Date', roomy: true },
  { field: 'category', label: 'Category', roomy: true },
  { field: 'viewCount', label: 'Views', wide: true, numeric: true },
  { field: 'commentCount', label: 'Comments', wide: true, numeric: true },
  { field: 'likeCount', label: 'Likes', wide: true, numeric: true },
];

function ArticlesTable({ channelId, drafts, emptyText }: { channelId: number; drafts: boolean; emptyText: string }) {
  const [sort, setSort] = useState<TableSort>(INITIAL_TABLE_SORT);
  const query = useChannelTable(channelId, drafts ? 'drafts' : 'published', sort);

  if (query.isPending) return <Spinner label="Loading articles" className="py-6" />;
  if (query.isError && !query.data) return <p className="py-4 text-sm text-destructive">{errorMessage(query.error, 'Failed to load articles')}</p>;
  const rows = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.total ?? rows.length;
  if (total === 0) return <p className="py-6 text-muted-foreground">{emptyText}</p>;

  // While another order loads, the rows of the last one stay (dimmed) rather than a spinner.
  const sorting = query.isPlaceholderData;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-md border">
        <table className={cn('w-full text-sm transition-opacity', sorting && 'opacity-60')} aria-busy={sorting}>
          <caption className="sr-only">{drafts ? 'Draft articles' : 'Published articles'}</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              {COLUMNS.map((column) => (
                <SortableHeader key={column.field} {...column} sort={sort} onSort={(field) => setSort((s) => nextTableSort(s, field))} />
              )).flatMap((header, index) =>
                // The Drafts tab names each article's author (a newsroom has several) after its title.
                drafts && index === 1
                  ? [
                      <th key="author" scope="col" className="hidden px-3 py-2 font-medium text-muted-foreground sm:table-cell">
                        Author
                      </th>,
                      header,
                    ]
                  : [header],
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((article) => (
              <ArticleRow key={article.id} article={article} drafts={drafts} />
            ))}
          </tbody>
        </table>
      </div>
      {query.isFetchNextPageError && <p className="text-sm text-destructive">{errorMessage(query.error, 'Failed to load articles')}</p>}
      {query.hasNextPage && !sorting && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage}>
            {query.isFetchingNextPage && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

function SortableHeader({
  field,
  label,
  wide,
  roomy,
  numeric,
  sort,
  onSort,
}: {
  field: TableSortField;
  label: string;
  wide?: boolean;
  roomy?: boolean;
  numeric?: boolean;
  sort: TableSort;
  onSort: (field: TableSortField) => void;
}) {
  const active = sort.field === field;
  const Icon = !active ? ArrowUpDownIcon : sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 font-medium', wide && 'hidden md:table-cell', roomy && 'hidden sm:table-cell', numeric && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          active ? 'text-foreground' : 'text-muted-foreground',
        )}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

function ArticleRow({ article, drafts }: { article: ChannelTableRow; drafts: boolean }) {
  const formatArticleDate = useFormatArticleDate();
  return (
    <tr className="border-t">
      <td className={cn('px-3 py-2', drafts && 'min-w-48')}>
        <Link to={paths.article(article.id, article.slug)} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
          {/* A draft saved as it was typed may have no title yet; its link still needs a name. */}
          {article.title || 'Untitled draft'}
        </Link>
        {/* On a phone the date and category columns give way (a row of a table is then a small card): they go under the title. */}
        <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground sm:hidden">
          <span>{formatArticleDate(article.createdAt)}</span>
          {article.category && <span>{article.category}</span>}
        </span>
        {drafts ? (
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge status={article.status} />
            {/* On a phone the author column gives way: the author goes under the title. */}
            <span className="text-xs text-muted-foreground sm:hidden">by {article.author.username}</span>
            {article.status === 'scheduled' && article.publishAt && (
              <span className="text-xs text-muted-foreground">
                Goes out <time dateTime={article.publishAt}>{formatArticleDate(article.publishAt, { withTime: true })}</time>
              </span>
            )}
          </span>
        ) : (
          !article.published && <span className="ml-1 text-muted-foreground">(Draft)</span>
        )}
      </td>
      {drafts && <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">{article.author.username}</td>}
      <td className="hidden px-3 py-2 whitespace-nowrap text-muted-foreground sm:table-cell">{formatArticleDate(article.createdAt)}</td>
      <td className="hidden px-3 py-2 text-muted-foreground sm:table-cell">{article.category ?? '—'}</td>
      <td className="hidden px-3 py-2 text-right tabular-nums md:table-cell">{article.viewCount}</td>
      <td className="hidden px-3 py-2 text-right tabular-nums md:table-cell">{article.commentCount}</td>
      <td className="hidden px-3 py-2 text-right tabular-nums md:table-cell">{article.likes}</td>
    </tr>
  );
}
