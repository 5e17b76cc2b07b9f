import { memo, Suspense, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { MapPinIcon } from 'lucide-react';
import type { Article } from '@contract/articles';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { showLatestEdit, useFormatArticleDate } from '@/lib/format-date';
import { readingMinutes } from '../lib/reading-time';
import { articleShareText } from '../lib/share';
import { ArticleStats } from './article-stats';
import { ChannelLink } from './channel-link';
import { proseClassName } from './prose';
import { ShareButton } from './share-button';
import type { ArticleActionRights } from './owner-actions';
import { STAFF_MESSAGES } from '@contract/staff-rules';
import { lazyWithRetry } from '@/lib/chunk-retry';

// Only the author sees these (Edit, Publish or Unpublish, Delete with its confirmation dialog).
const OwnerActions = lazyWithRetry(() => import('./owner-actions').then((m) => ({ default: m.OwnerActions })));

/**
 * The owner's actions in their own Suspense boundary, memoized: the server renders them, and while
 * their chunk loads the boundary keeps the server's markup. A re-render of the header with the same
 * props (the view count arriving) must not reach the boundary: React would give up hydrating it and
 * render its empty fallback, and the article would jump.
 */
const OwnerActionsSlot = memo(function OwnerActionsSlot(props: ComponentProps<typeof OwnerActions>) {
  return (
    <Suspense fallback={null}>
      <OwnerActions {...props} />
    </Suspense>
  );
});
/**
 * The top of the article page (docs/product.md#article): title, Draft badge, Published and (when more
 * than 60 s later) Latest Edit dates, categories, location, the channel, counts, the Share menu
 * and the author's actions.
 */
export function ArticleHeader({
  article,
  signedIn,
  isOwner,
  editing,
  onEdit,
  historyPath = null,
  rights,
}: {
  article: Article;
  signedIn: boolean;
  /** Whether the viewer gets the article's actions (its author, or the channel's owner and editors). */
  isOwner: boolean;
  /** Which of them (lib/workflow.ts); all when not given. */
  rights?: ArticleActionRights;
  editing: boolean;
  onEdit: () => void;
  /** The article's history page, which the Latest Edit date links to when the viewer may read it. */
  historyPath?: string | null;
}) {
  const formatArticleDate = useFormatArticleDate();
  return (
    <header className="space-y-4 border-b pb-6">
      <div className="space-y-3">
        {!article.published && (
          <Badge variant="outline" className="border-highlight text-highlight uppercase">
            {/* The Draft badge; in review and scheduled say so (staff only ever see those). */}
            {STAFF_MESSAGES.statusLabels[article.status]}
          </Badge>
        )}
        <h1 tabIndex={-1} className="font-serif text-3xl leading-tight font-bold tracking-tight text-balance outline-none sm:text-5xl">
          {article.title}
        </h1>
        {article.subtitle && (
          <p data-testid="article-subtitle" className="font-serif text-lg leading-snug text-pretty text-muted-foreground sm:text-2xl">
            {article.subtitle}
          </p>
        )}
        <p data-testid="article-byline" className="text-base text-muted-foreground">
          By{' '}
          <Link
            to={paths.author(article.author.username)}
            className="rounded-sm font-semibold text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {article.author.username}
          </Link>{' '}
          in{' '}
          <ChannelLink
            signedIn={signedIn}
            channelId={article.channel?.id ?? article.channelId}
            to={`/channels/${article.channel?.slug || 'channel'}/${article.channel?.id ?? article.channelId}`}
            className="font-semibold"
          >
            {article.channel?.name ?? 'Unknown channel'}
          </ChannelLink>
          <span aria-hidden="true"> · </span>
          <span className="whitespace-nowrap">{readingMinutes(article.content)} min read</span>
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm text-muted-foreground sm:flex sm:flex-wrap">
        <div className="flex gap-1">
          <dt>Published:</dt>
          <dd>
            <time dateTime={article.createdAt}>{formatArticleDate(article.createdAt, { withTime: true })}</time>
          </dd>
        </div>
        {showLatestEdit(article.createdAt, article.lastEdited) && (
          <div className="flex gap-1">
            <dt>Latest Edit:</dt>
            <dd>
              {historyPath ? (
                <Link
                  to={historyPath}
                  className="rounded-sm underline underline-offset-4 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <time dateTime={article.lastEdited}>{formatArticleDate(article.lastEdited, { withTime: true })}</time>
                </Link>
              ) : (
                <time dateTime={article.lastEdited}>{formatArticleDate(article.lastEdited, { withTime: true })}</time>
              )}
            </dd>
          </div>
        )}
        {article.location && (
          <div className="flex items-center gap-1">
            <dt>
              <MapPinIcon className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{article.location}</dd>
          </div>
        )}
      </dl>
      {article.categories.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Categories">
          {article.categories.map((category) => (
            <li key={category.id}>
              <Badge variant="secondary">{category.name}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ArticleStats viewCount={article.viewCount} likes={article.likes} dislikes={article.dislikes} commentCount={article.commentCount} />
        <div className="flex flex-wrap items-center gap-2" data-print="hide">
          {isOwner && !editing && <OwnerActionsSlot articleId={article.id} published={article.published} onEdit={onEdit} rights={rights} />}
          <ShareButton path={paths.article(article.id, article.slug)} title={article.title} text={articleShareText(article.content)} />
        </div>
      </div>
    </header>
  );
}

/** The body: HTML the server sanitized on every write (docs/product.md#data). */
export function ArticleBody({ html }: { html: string }) {
  return <div className={proseClassName} data-testid="article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
