import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Article } from '@contract/articles';
import { truncateAtBoundary } from '@contract/text';
import { articleIdFromSegment, paths } from '@contract/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useIsAdmin } from '@/features/auth/api/get-is-admin';
import { articlesKeys, useArticle, useRecordViewOnce } from '@/features/articles/api/articles';
import { commentThreadsUrl } from '@/features/comments/api/comments';
import { ArticleBody, ArticleHeader } from '@/features/articles/components/article-view';
import { storeEditCopy } from '@/features/articles/lib/edit-copy';
import { ArticleGallery } from '@/features/media/components/article-gallery';
import { srcSetOf } from '@/features/media/lib/srcset';
import { SITE_NAME } from '@/lib/site';
import { apiQueryOf, type PageHead, type PageLoader } from '../page-data';

// The editor (TipTap, the location picker, the image uploader) loads only when the author presses
// Edit, so readers never download it.
const ArticleEditing = lazy(() => import('./article-editing'));

// Reactions and comments are their own chunks inside Suspense boundaries: the server renders them
// whole, and the browser hydrates the article text first and each of them when its code arrives
// (selective hydration), so reading never waits for them.
const ReactionButtons = lazy(() => import('@/features/reactions/components/reaction-buttons').then((m) => ({ default: m.ReactionButtons })));
const CommentsSection = lazy(() => import('@/features/comments/components/comments-section').then((m) => ({ default: m.CommentsSection })));

/**
 * /articles/{slug}-{id} and /articles/{id} (spec 1 section 2): the article in view mode, or for its
 * author in edit mode on the same page. A server-rendered visit reads the article from the page
 * itself, so the first render needs no request.
 */
export default function ArticlePage() {
  const { slugAndId = '' } = useParams();
  const id = articleIdFromSegment(slugAndId);
  const { user } = useAuth();
  const { isAdmin } = useIsAdmin();
  const query = useArticle(id);
  const article = query.data;
  const [editing, setEditing] = useState(false);
  const isOwner = Boolean(user && article && article.userId === user.id);
  const notFound = id === null || article === null || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));

  useRecordViewOnce(id, query.isSuccess);

  useEffect(() => {
    if (notFound) toast({ variant: 'destructive', title: 'Error', description: 'Article not found' });
  }, [notFound]);

  useEffect(() => {
    // The edit page falls back to this copy while it loads (spec 1 section 2).
    if (article && isOwner) storeEditCopy(article);
  }, [article, isOwner]);

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <DocumentTitle title={pageTitle('Article not found')} />
        <h1 className="font-serif text-3xl font-bold">Article not found</h1>
      </div>
    );
  }
  if (query.isPending) return <PageSpinner label="Loading article" />;
  if (!article) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <DocumentTitle title={pageTitle('Something went wrong')} />
        <h1 className="font-serif text-3xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">{query.error?.message}</p>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle(article.title)} />
      <ArticleHeader article={article} signedIn={user !== null} isOwner={isOwner} editing={editing} onEdit={() => setEditing(true)} />
      {editing && isOwner ? (
        <div className="mt-8">
          <h2 className="mb-4 font-serif text-2xl font-bold">Edit Article</h2>
          <Suspense fallback={<PageSpinner label="Loading editor" />}>
            <ArticleEditing article={article} onDone={() => setEditing(false)} />
          </Suspense>
        </div>
      ) : (
        <>
          <ArticleGallery images={article.images} title={article.title} className="mt-8" />
          <div className="mt-8 sm:mt-10">
            <ArticleBody html={article.content} />
          </div>
          <div data-print="hide">
            <Suspense fallback={<div className="mt-10 h-9" />}>
            <ReactionButtons
              articleId={article.id}
              likes={article.likes}
              dislikes={article.dislikes}
              userReaction={article.userReaction}
              signedIn={user !== null}
              className="mt-10"
            />
            </Suspense>
          </div>
          <Suspense fallback={<PageSpinner label="Loading comments" />}>
            <CommentsSection
              articleId={article.id}
              articleAuthorId={article.userId}
              currentUserId={user?.id ?? null}
              isAdmin={isAdmin}
              commentCount={article.commentCount}
              className="mt-10 border-t pt-8"
            />
          </Suspense>
        </>
      )}
    </article>
  );
}

/**
 * The article and its comments. An old or partial address (a previous slug, a bare slug) is sent
 * to the canonical one; `/articles/{id}` stays as it is (DESIGN.md section 5).
 */
export const loadPageData: PageLoader = async ({ source, queryClient, params }) => {
  const segment = params.slugAndId ?? '';
  const knownId = articleIdFromSegment(segment);
  // The threads are read beside the article when the address carries its id; a bare slug is
  // redirected below, so its page never needs them.
  const [article, threads] = await Promise.all([
    source.article(segment),
    knownId === null ? null : source.commentThreads(knownId, apiQueryOf(commentThreadsUrl(knownId))).catch(() => null),
  ]);
  if (!article) {
    if (knownId !== null) queryClient.setQueryData(articlesKeys.detail(knownId), null);
    return { status: 404 };
  }
  const canonical = paths.article(article.id, article.slug);
  if (segment !== String(article.id) && `/articles/${segment}` !== canonical) return { redirect: { location: canonical, status: 301 } };
  queryClient.setQueryData(articlesKeys.detail(article.id), article);
  if (threads && knownId === article.id) queryClient.setQueryData([commentThreadsUrl(article.id)], { pages: [threads], pageParams: [null] });
};

export const pageHead: PageHead = ({ queryClient, params, publicUrl }) => {
  const id = articleIdFromSegment(params.slugAndId ?? '');
  const article = id === null ? undefined : queryClient.getQueryData<Article | null>(articlesKeys.detail(id));
  if (!article) return <meta name="robots" content="noindex" />;
  return <ArticleHeadTags article={article} publicUrl={publicUrl} />;
};

/** The gallery's main image width (features/media/components/article-gallery.tsx). */
const MAIN_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/**
 * What a shared link shows anywhere (spec 1 section 2): description (the text cut to 160 at a
 * sentence or word boundary), Open Graph and Twitter tags, canonical URL and JSON-LD; and the
 * preload of the main image, the same WebP copy the gallery picks.
 */
function ArticleHeadTags({ article, publicUrl }: { article: Article; publicUrl: string }) {
  const canonical = `${publicUrl}${paths.article(article.id, article.slug)}`;
  const text = article.excerpt.length >= 160 ? article.excerpt : article.content.replace(/<[^>]+>/g, ' ');
  const description = truncateAtBoundary(text, 160);
  const image = [...article.images].sort((a, b) => a.order - b.order)[0];
  const imageUrl = image ? new URL(image.imageUrl, publicUrl).toString() : undefined;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description,
    datePublished: article.createdAt,
    dateModified: article.lastEdited,
    author: { '@type': 'Person', name: article.author.username },
    publisher: { '@type': 'Organization', name: SITE_NAME },
    mainEntityOfPage: canonical,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    ...(article.location ? { contentLocation: { '@type': 'Place', name: article.location } } : {}),
  };
  return (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="article" />
      <meta property="og:title" content={article.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="article:published_time" content={article.createdAt} />
      <meta property="article:modified_time" content={article.lastEdited} />
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={article.title} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
      {!article.published && <meta name="robots" content="noindex" />}
      <link rel="alternate" type="application/rss+xml" title={`${article.channel.name} · ${SITE_NAME}`} href={`/channels/${article.channel.id}/rss.xml`} />
      {/* '<' is escaped so no text in the article can close the element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      {image && (
        <link rel="preload" as="image" href={image.imageUrl} imageSrcSet={srcSetOf(image)} imageSizes={srcSetOf(image) ? MAIN_IMAGE_SIZES : undefined} fetchPriority="high" />
      )}
    </>
  );
}
