import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { articleIdFromSegment } from '@contract/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useIsAdmin } from '@/features/auth/api/get-is-admin';
import { ReactionButtons } from '@/features/reactions/components/reaction-buttons';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { useArticle, useRecordViewOnce } from '@/features/articles/api/articles';
import { ArticleBody, ArticleHeader } from '@/features/articles/components/article-view';
import { storeEditCopy } from '@/features/articles/lib/edit-copy';
import { ArticleGallery } from '@/features/media/components/article-gallery';

// The editor (TipTap, the location picker, the image uploader) loads only when the author presses
// Edit, so readers never download it.
const ArticleEditing = lazy(() => import('./article-editing'));

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
  const notFound = id === null || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));

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
        <title>{pageTitle('Article not found')}</title>
        <h1 className="font-serif text-3xl font-bold">Article not found</h1>
      </div>
    );
  }
  if (query.isPending) return <PageSpinner label="Loading article" />;
  if (!article) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <title>{pageTitle('Something went wrong')}</title>
        <h1 className="font-serif text-3xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">{query.error?.message}</p>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <title>{pageTitle(article.title)}</title>
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
            <ReactionButtons
              articleId={article.id}
              likes={article.likes}
              dislikes={article.dislikes}
              userReaction={article.userReaction}
              signedIn={user !== null}
              className="mt-10"
            />
          </div>
          <CommentsSection
            articleId={article.id}
            articleAuthorId={article.userId}
            currentUserId={user?.id ?? null}
            isAdmin={isAdmin}
            commentCount={article.commentCount}
            className="mt-10 border-t pt-8"
          />
        </>
      )}
    </article>
  );
}
