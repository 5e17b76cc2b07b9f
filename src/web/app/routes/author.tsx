import { data, redirect, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { Author } from '@contract/users';
import { paths } from '@contract/paths';
import { truncateAtBoundary } from '@contract/text';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle, SITE_NAME } from '@/lib/site';
import { queryClientOf } from '@/lib/router-context';
import { useAuth } from '@/features/auth/components/auth-provider';
import { authorQueryOptions, useAuthor } from '@/features/users/api/authors';
import { AuthorHeader } from '@/features/users/components/author-header';
import { authorArticlesQueryOptions } from '@/features/articles/api/author-articles';
import { AuthorArticles } from '@/features/articles/components/author-articles';
import { ReportButton } from '@/features/moderation/components/report-button';
import { NotFound } from '../layout/not-found';
import type { PageHead } from '../router';

/** The cursor of a page opened from 'Load more' without JavaScript, if it can be one. */
function startCursorOf(request: Request): string | null {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return cursor && cursor.length <= 500 ? cursor : null;
}

/**
 * /users/{username} (docs/product.md#authors): the author and their first page of articles. Nobody by
 * that name is the 404 page; a username of digits alone is nobody's (every username has a letter).
 * Another spelling of the name (its case) goes to the author's own.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const username = params.username ?? '';
  if (/^\d*$/.test(username)) throw data(null, { status: 404 });
  const queryClient = queryClientOf(context);
  const author = await queryClient.ensureQueryData(authorQueryOptions(username));
  if (!author) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (author.username !== username) throw redirect(`${paths.author(author.username)}${url.search}`, 301);
  try {
    await queryClient.ensureInfiniteQueryData(authorArticlesQueryOptions(username, startCursorOf(request)));
  } catch (error) {
    // A cursor that is not one of ours: the list from its start.
    if (url.searchParams.has('cursor')) throw redirect(paths.author(author.username));
    throw error;
  }
  return null;
}

export default function AuthorPage() {
  const { username = '' } = useParams();
  const [searchParams] = useSearchParams();
  const startCursor = searchParams.get('cursor');
  const { user } = useAuth();
  const author = useAuthor(username).data;
  if (!author) return <NotFound />;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle(author.username)} />
      <AuthorHeader author={author} />
      {user?.id !== author.id && (
        <div className="-mt-6 flex justify-end">
          <ReportButton targetType="user" targetId={author.id} signedIn={user !== null} label="Report profile" />
        </div>
      )}
      <AuthorArticles username={author.username} startCursor={startCursor && startCursor.length <= 500 ? startCursor : null} signedIn={user !== null} />
    </div>
  );
}

/** What a shared link to the author shows: their bio, or a line naming them. */
function descriptionOf(author: Author): string {
  return author.bio ? truncateAtBoundary(author.bio, 160) : `Articles by ${author.username} on ${SITE_NAME}.`;
}

export const head: PageHead = ({ queryClient, params, publicUrl }) => {
  const author = queryClient.getQueryData<Author | null>(authorQueryOptions(params.username ?? '').queryKey);
  if (!author) return <meta name="robots" content="noindex" />;
  const canonical = `${publicUrl}${paths.author(author.username)}`;
  const description = descriptionOf(author);
  const title = `${author.username} · ${SITE_NAME}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    dateCreated: author.createdAt,
    mainEntity: { '@type': 'Person', name: author.username, ...(author.bio ? { description: author.bio } : {}), url: canonical },
  };
  return (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="profile" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="profile:username" content={author.username} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {/* '<' is escaped so no text in the bio can close the element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
    </>
  );
};
