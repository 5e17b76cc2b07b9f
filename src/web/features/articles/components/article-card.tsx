import { memo } from 'react';
import { Link } from 'react-router';
import { MapPinIcon, UserIcon } from 'lucide-react';
import type { ArticleImage, ArticleSummary } from '@contract/articles';
import { paths } from '@contract/paths';
import { Badge } from '@/components/ui/badge';
import { useImageVisibility } from '@/lib/image-visibility';
import { useFormatArticleDate } from '@/lib/format-date';
import { categoryLeafName } from '@/lib/categories';
import { ArticleStats } from './article-stats';
import { ChannelLink } from './channel-link';

/**
 * One article in a list (docs/product.md#card): title, date, place, 'By: channel' and
 * beside it the author's name, a link to their page (docs/product.md#authors), categories, a 3-line excerpt without markup, counts, and the first image on the right third
 * unless images are hidden. Memoized: a list re-rendered for another reason (the feed's filter
 * choices arriving, the next page) does not render its cards again.
 */
export const ArticleCard = memo(function ArticleCard({
  article,
  signedIn,
  headingLevel = 2,
}: {
  article: ArticleSummary;
  signedIn: boolean;
  headingLevel?: 2 | 3;
}) {
  const { showImages } = useImageVisibility();
  const formatArticleDate = useFormatArticleDate();
  const href = paths.article(article.id, article.slug);
  const Heading = `h${headingLevel}` as const;
  const image = showImages ? article.image : null;

  return (
    <article className="flex gap-4 border-b py-6 first:pt-0 sm:gap-6" data-testid="article-card">
      <div className="min-w-0 flex-1 space-y-2">
        <Heading className="font-serif text-xl leading-snug font-bold sm:text-2xl">
          <Link to={href} className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
            {article.title}
          </Link>
        </Heading>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <time dateTime={article.createdAt}>{formatArticleDate(article.createdAt)}</time>
          {article.location && (
            <span className="inline-flex items-center gap-1">
              <MapPinIcon className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Location: </span>
              {article.location}
            </span>
          )}
          <ChannelLink signedIn={signedIn} channelId={article.channel?.id ?? article.channelId} to={paths.channel(article.channel?.id ?? article.channelId)}>
            By: {article.channel?.name ?? 'Unknown channel'}
          </ChannelLink>
          {article.author && (
            <Link
              to={paths.author(article.author.username)}
              className="inline-flex items-center gap-1 rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              <UserIcon className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Author: </span>
              {article.author.username}
            </Link>
          )}
        </div>
        {article.categories.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Categories">
            {article.categories.map((category) => (
              <li key={category.id}>
                <Badge variant="secondary" title={category.name}>
                  {categoryLeafName(category.name)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {/* The subtitle, where the writer gave one, says what the article is better than its first lines. */}
        {(article.subtitle || article.excerpt) && <p className="line-clamp-3 text-muted-foreground">{article.subtitle || article.excerpt}</p>}
        <ArticleStats viewCount={article.viewCount} likes={article.likes} dislikes={article.dislikes} commentCount={article.commentCount} />
      </div>
      {image && (
        // The frame's size is its own (a third of the card, 3:2), so it can skip painting its image
        // while far from the screen (content-visibility) without moving anything: the first layout
        // then starts only the thumbnails near the screen, not every lazy one within Chrome's
        // 1,250 px margin (the home page's first paint waited for 8 of them, now 4).
        <Link to={href} tabIndex={-1} aria-hidden="true" className="aspect-[3/2] w-1/3 shrink-0 self-start [content-visibility:auto]">
          <CardImage image={image} />
        </Link>
      )}
    </article>
  );
});

function CardImage({ image }: { image: ArticleImage }) {
  const srcSet = image.variants.length ? image.variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;
  return (
    <img
      src={image.imageUrl}
      srcSet={srcSet}
      sizes="(min-width: 1024px) 240px, 33vw"
      width={image.width ?? 600}
      height={image.height ?? 400}
      loading="lazy"
      decoding="async"
      alt={image.alt ?? image.caption ?? ''}
      className="aspect-[3/2] h-auto w-full rounded-md bg-muted object-cover"
    />
  );
}
