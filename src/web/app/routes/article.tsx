import { memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { data, isRouteErrorResponse, redirect, useNavigate, useParams, useRouteError, type LoaderFunctionArgs } from 'react-router';
import type { Article } from '@contract/articles';
import type { Comment } from '@contract/comments';
import { correctionsJsonLd } from '@contract/correction-lines';
import { truncateAtBoundary } from '@contract/text';
import { articleIdFromSegment, paths } from '@contract/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { DocumentTitle } from '@/components/document-title';
import { ActivityPubLink, FeedLinks } from '@/components/feed-links';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useIsAdmin } from '@/features/auth/api/get-is-admin';
import { articleQueryOptions, useArticle, useRecordViewOnce } from '@/features/articles/api/articles';
import { commentThreadsQueryOptions } from '@/features/comments/api/comments';
import { postCommentAction } from '@/features/comments/api/post-comment-action';
import { ArticleBody, ArticleHeader } from '@/features/articles/components/article-view';
import { ModerationNote } from '@/features/articles/components/moderation-note';
import { storeEditCopy } from '@/features/articles/lib/edit-copy';
import { articleRights } from '@/features/workflow/lib/workflow';
import { useUserChannels } from '@/features/channels/api/channels';
import { useStaffChannels } from '@/features/staff/api/staff-queries';
import { ArticleGallery } from '@/features/media/components/article-gallery';
import { ArticleCorrections } from '@/features/revisions/components/article-corrections';
import { ReportButton } from '@/features/moderation/components/report-button';
import { UnhideButton } from '@/features/moderation/components/unhide-button';
import { hasPublicHistory } from '@/features/revisions/lib/public-history';
import { srcSetOf } from '@/features/media/lib/srcset';
import { SITE_NAME } from '@/lib/site';
import { queryClientOf } from '@/lib/router-context';
import type { PageHead } from '../router';
import { PageError } from './route-error';
import { lazyWithRetry } from '@/lib/chunk-retry';
import { FediverseReactions } from '@/features/reactions/components/fediverse-reactions';
import { ReactionButtons } from '@/features/reactions/components/reaction-buttons';
import { CommentsSection } from '@/features/comments/components/comments-section';

// The editor (TipTap, the location picker, the image uploader) loads only when the author presses
// Edit, so readers never download it.
const ArticleEditing = lazyWithRetry(() => import('./article-editing'));

/**
 * Reactions and comments memoized on their props: a re-render of the page with the same values (the
 * view count arriving, the admin check answering) does not re-render them. They are part of the
 * page's chunk, not chunks of their own: the page hydrates whole, so a signed-out reader's first
 * click, held until the app has started (boot.ts), meets buttons that are already live.
 */
const ReactionsSlot = memo(ReactionButtons);
const CommentsSlot = memo(CommentsSection);

/** Report beside another reader's comment (the comments feature decides whose and when). */
const reportComment = (comment: Comment) => <ReportButton targetType="comment" targetId={comment.id} signedIn reported={comment.reportedByViewer} />;
/** Unhide beside a hidden comment its moderators read in full. */
const unhideComment = (comment: Comment) => <UnhideButton commentId={comment.id} />;

/**
 * /articles/{slug}-{id} and /articles/{id} (docs/product.md#article): the article in view mode, or for its
 * author in edit mode on the same page. The loader has the article in the cache before the page
 * renders (a missing one is a 404, ArticleNotFound below).
 */
export default function ArticlePage() {
  const { slugAndId = '' } = useParams();
  const id = articleIdFromSegment(slugAndId);
  const { user } = useAuth();
  const { isAdmin } = useIsAdmin();
  const query = useArticle(id);
  const article = query.data;
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const isOwner = Boolean(user && article && article.userId === user.id);
  // The newsroom (docs/product.md#newsroom): the channel's owner and editors act on any of its articles,
  // a writer on their own until it is published.
  const ownChannels = useUserChannels(user?.id ?? null);
  const staffChannels = useStaffChannels(user !== null);
  const channelId = article?.channelId;
  const status = article?.status;
  const rights = useMemo(
    () =>
      channelId === undefined || status === undefined
        ? null
        : articleRights({ channelId, status, isAuthor: isOwner, own: ownChannels.data ?? [], staff: staffChannels.data ?? [], staffKnown: !staffChannels.isPending }),
    [channelId, status, isOwner, ownChannels.data, staffChannels.data, staffChannels.isPending],
  );
  const manages = Boolean(user && rights && (rights.edit || rights.publish || rights.delete));
  // An author who may publish edits in place; anyone else (the channel's owner or an editor on
  // another's article, a writer, whose Submit for review is there) in the editor page.
  const articleId = article?.id;
  const inPlace = isOwner && rights?.publish === true;
  const edit = useCallback(() => (inPlace ? setEditing(true) : articleId !== undefined && void navigate(paths.editArticle(articleId))), [inPlace, articleId, navigate]);

  useRecordViewOnce(id, query.isSuccess && article !== null);

  useEffect(() => {
    // The edit page falls back to this copy while it loads (docs/product.md#writing).
    if (article && isOwner) storeEditCopy(article);
  }, [article, isOwner]);

  if (!article) return <ArticleNotFound />;
  // The record is public once the article was published; before that only its staff may read it.
  const historyPath = article.updatedAt !== null || isOwner || isAdmin ? paths.articleHistory(article.id, article.slug) : null;
  // A moderator (an admin, the channel's owner) reading a removed article of another's: no reader
  // is there to react, report or comment, so those are left out.
  const removedForModerator = article.moderationNote !== null && !isOwner;

  return (
    // data-article-view: the article whose view the page's first script counts for a signed-out reader.
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-10" data-article-view={article.id}>
      <DocumentTitle title={pageTitle(article.title)} />
      <ArticleHeader
        article={article}
        signedIn={user !== null}
        isOwner={manages}
        rights={rights ?? undefined}
        editing={editing}
        onEdit={edit}
        historyPath={historyPath}
      />
      {/* The server sends the reason only to the author, the channel's owner and admins. */}
      {!editing && <ModerationNote note={article.moderationNote} forAuthor={isOwner} className="mt-6" />}
      {editing && inPlace ? (
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
          <ArticleCorrections
            corrections={article.corrections}
            historyPath={hasPublicHistory(article) ? historyPath : null}
            className="mt-10"
          />
          {!removedForModerator && (
            <>
              <div data-print="hide">
                <ReactionsSlot
                  articleId={article.id}
                  likes={article.likes}
                  dislikes={article.dislikes}
                  userReaction={article.userReaction}
                  signedIn={user !== null}
                  locked={article.viewerBan !== null}
                  className="mt-10"
                />
                <FediverseReactions likes={article.fediverse.likes} announces={article.fediverse.announces} className="mt-2" />
                {!isOwner && (
                  <div className="mt-4 flex justify-end">
                    <ReportButton targetType="article" targetId={article.id} signedIn={user !== null} label="Report article" />
                  </div>
                )}
              </div>
              <CommentsSlot
                articleId={article.id}
                articleAuthorId={article.userId}
                currentUserId={user?.id ?? null}
                isAdmin={isAdmin}
                commentCount={article.commentCount}
                commentsClosed={article.commentsClosed}
                ban={article.viewerBan}
                reportAction={reportComment}
                unhideAction={unhideComment}
                className="mt-10 border-t pt-8"
              />
            </>
          )}
        </>
      )}
    </article>
  );
}

/** A missing article reads 'Article not found', with the error toast (docs/product.md#article). */
function ArticleNotFound() {
  useEffect(() => {
    toast({ variant: 'destructive', title: 'Error', description: 'Article not found' });
  }, []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <DocumentTitle title={pageTitle('Article not found')} />
      <h1 className="font-serif text-3xl font-bold">Article not found</h1>
    </div>
  );
}

/** The loader's 404 (no such article, or a draft of someone else's); anything else is the layout's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ArticleNotFound />;
  return <PageError />;
}

/**
 * The article and its first page of comments. A missing article is a 404; an old or partial
 * address (a previous slug, a bare slug) is sent to the canonical one, while `/articles/{id}` stays
 * as it is (docs/product.md#addresses).
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const queryClient = queryClientOf(context);
  const segment = params.slugAndId ?? '';
  const id = articleIdFromSegment(segment);
  if (id !== null) {
    // The threads are read beside the article: on its canonical address the page needs both.
    const [article] = await Promise.all([
      queryClient.ensureQueryData(articleQueryOptions(id)),
      queryClient.prefetchInfiniteQuery(commentThreadsQueryOptions(id)),
    ]);
    if (article && (segment === String(id) || segment === `${article.slug}-${id}`)) return null;
  }
  // Any other segment (an old slug, a bare slug, a slug that is not this article's): the API's own
  // resolution, then the canonical address.
  const resolved = await queryClient.fetchQuery(articleQueryOptions(segment));
  if (!resolved) throw data(null, { status: 404 });
  throw redirect(paths.article(resolved.id, resolved.slug), 301);
}

/** The comment and reply forms post here (comments feature); they work before the app starts and without JavaScript. */
export const action = postCommentAction;

export const head: PageHead = ({ queryClient, params, publicUrl }) => {
  const id = articleIdFromSegment(params.slugAndId ?? '');
  const article = id === null ? undefined : queryClient.getQueryData<Article | null>(articleQueryOptions(id).queryKey);
  if (!article) return <meta name="robots" content="noindex" />;
  return <ArticleHeadTags article={article} publicUrl={publicUrl} />;
};

/** The gallery's main image width (features/media/components/article-gallery.tsx). */
const MAIN_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/**
 * What a shared link shows anywhere (docs/product.md#article): description (the subtitle, else the text, cut to 160 at a
 * sentence or word boundary), Open Graph and Twitter tags, canonical URL and JSON-LD; and the
 * preload of the main image, the same WebP copy the gallery picks.
 */
function ArticleHeadTags({ article, publicUrl }: { article: Article; publicUrl: string }) {
  const canonical = `${publicUrl}${paths.article(article.id, article.slug)}`;
  // The subtitle says what the article is, where its writer gave one; else its first words.
  const text = article.subtitle ?? (article.excerpt.length >= 160 ? article.excerpt : article.content.replace(/<[^>]+>/g, ' '));
  const description = truncateAtBoundary(text, 160);
  // The share image is the chosen cover, else the first gallery image (the gallery's main image too).
  const image = [...article.images].sort((a, b) => Number(b.cover) - Number(a.cover) || a.order - b.order)[0];
  const imageUrl = image ? new URL(image.imageUrl, publicUrl).toString() : undefined;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description,
    datePublished: article.createdAt,
    // The record's last public change, and each correction as a CorrectionComment (docs/product.md#public-record).
    ...correctionsJsonLd(article),
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
      <FeedLinks title={`${article.channel.name} · ${SITE_NAME}`} feeds={paths.channelFeeds(article.channel.id)} />
      <ActivityPubLink href={canonical} />
      {/* '<' is escaped so no text in the article can close the element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      {image && (
        <link rel="preload" as="image" href={image.imageUrl} imageSrcSet={srcSetOf(image)} imageSizes={srcSetOf(image) ? MAIN_IMAGE_SIZES : undefined} fetchPriority="high" />
      )}
    </>
  );
}
