import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { data, Link, redirect, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { Article } from '@contract/articles';
import { articleIdFromSegment, paths } from '@contract/paths';
import { DocumentTitle } from '@/components/document-title';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { queryClientOf } from '@/lib/router-context';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useIsAdmin } from '@/features/auth/api/get-is-admin';
import { articleQueryOptions, useArticle } from '@/features/articles/api/articles';
import { invalidateArticleLists } from '@/lib/article-cache';
import { revisionDiffQueryOptions, revisionQueryOptions, revisionsQueryOptions } from '@/features/revisions/api/revisions';
import { RevisionChanges } from '@/features/revisions/components/revision-changes';
import { RevisionList } from '@/features/revisions/components/revision-list';
import { RevisionVersion } from '@/features/revisions/components/revision-version';
import { selectionOf, type HistorySelection } from '@/features/revisions/lib/revision-links';
import { NotFound } from '../layout/not-found';
import type { PageHead } from '../router';

/**
 * /articles/{slug}-{id}/history (docs/product.md#public-record): the article's public record (and for its
 * staff, the private revisions too), newest first, beside what the chosen revision changed
 * (`?changes=N`, the newest by default) or that revision as saved (`?version=N`). Each view has its
 * own address, rendered on the server.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const queryClient = queryClientOf(context);
  const segment = params.slugAndId ?? '';
  const id = articleIdFromSegment(segment);
  if (id === null) throw data(null, { status: 404 });
  const article = await queryClient.ensureQueryData(articleQueryOptions(id));
  if (!article) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (segment !== String(id) && segment !== `${article.slug}-${id}`) throw redirect(`${paths.articleHistory(id, article.slug)}${url.search}`, 301);
  const record = await queryClient.ensureInfiniteQueryData(revisionsQueryOptions(id)).catch((error: unknown) => {
    // The browser asks the API: a record the viewer may not see is its 404 (or 403).
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw data(null, { status: 404 });
    throw error;
  });
  const newest = record.pages[0]?.items[0]?.number ?? null;
  if (newest === null) throw data(null, { status: 404 });
  const selection = selectionOf(url.searchParams, newest);
  if (selection?.kind === 'version') {
    if (!(await queryClient.ensureQueryData(revisionQueryOptions(id, selection.number)))) throw data(null, { status: 404 });
  } else if (selection) {
    await queryClient.ensureQueryData(revisionDiffQueryOptions(id, selection.number));
  }
  return null;
}

export default function ArticleHistoryPage() {
  const { slugAndId = '' } = useParams();
  const id = articleIdFromSegment(slugAndId) ?? 0;
  const article = useArticle(id).data;
  const record = useInfiniteQuery(revisionsQueryOptions(id));
  const [searchParams] = useSearchParams();
  const revisions = record.data?.pages.flatMap((page) => page.items) ?? [];
  const selection = selectionOf(searchParams, revisions[0]?.number ?? null);
  if (!article) return <NotFound />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle(`History: ${article.title}`)} />
      <Link
        to={paths.article(article.id, article.slug)}
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to the article
      </Link>
      <h1 className="mt-3 font-serif text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">History of “{article.title}”</h1>
      <p className="mt-2 max-w-prose text-muted-foreground">
        Every change to this article since it was published, newest first, with the corrections its editors made.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <RevisionList
          revisions={revisions}
          selected={selection}
          hasMore={record.hasNextPage}
          loadingMore={record.isFetchingNextPage}
          onLoadMore={() => void record.fetchNextPage()}
        />
        {/* On a phone the chosen revision comes first: a choice in the list opens at the top of the page. */}
        <div className="order-first min-w-0 lg:order-last">{selection && <SelectedRevision article={article} selection={selection} />}</div>
      </div>
    </div>
  );
}

/** The chosen view of one revision: what it changed, or the version itself. */
function SelectedRevision({ article, selection }: { article: Article; selection: HistorySelection }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { isAdmin } = useIsAdmin();
  const isVersion = selection.kind === 'version';
  const diff = useQuery({ ...revisionDiffQueryOptions(article.id, selection.number), enabled: !isVersion });
  const version = useQuery({ ...revisionQueryOptions(article.id, selection.number), enabled: isVersion });
  const query = isVersion ? version : diff;
  if (query.isPending) return <PageSpinner label="Loading revision" />;
  if (query.isError) return <p role="alert">This revision could not be loaded. Please try again.</p>;
  if (isVersion) {
    if (!version.data) return <p role="alert">There is no such revision in this article’s history.</p>;
    // The channel's owner (an article's author writes in their own channel) and admins; the server decides.
    const canRestore = user !== null && (user.id === article.userId || isAdmin);
    return (
      <RevisionVersion
        articleId={article.id}
        revision={version.data}
        canRestore={canRestore}
        canRedact={isAdmin}
        onRestored={(restored) => {
          // Feeds and channel tables show the title the restore may have changed.
          void invalidateArticleLists(queryClient);
          void navigate(paths.article(restored.id, restored.slug));
        }}
      />
    );
  }
  return <RevisionChanges number={selection.number} diff={diff.data ?? null} />;
}

/** The history is for readers, not for search engines: the article is the page to index. */
export const head: PageHead = ({ queryClient, params, publicUrl }) => {
  const id = articleIdFromSegment(params.slugAndId ?? '');
  const article = id === null ? undefined : queryClient.getQueryData<Article | null>(articleQueryOptions(id).queryKey);
  return (
    <>
      <meta name="robots" content="noindex" />
      {article && <link rel="canonical" href={`${publicUrl}${paths.articleHistory(article.id, article.slug)}`} />}
    </>
  );
};
