import type { FastifyRequest } from 'fastify';
import { FeedQuerySchema, type ArticleSummary, type FeedPage } from '../../../contract/articles.js';
import { formatArticleDate } from '../../../contract/article-dates.js';
import { paths } from '../../../contract/paths.js';
import { badge, buttonClass, escapeHtml, icon } from '../../http/first-paint.js';
import type { PageHeadBuilder } from '../../http/web-app.js';
import { srcSetOf, stats } from './article-first-paint.js';
import type { ArticlesService } from './articles.service.js';

/** features/articles/lib/categories.ts: a category path 'A > B' shows its last part. */
const leafName = (path: string) => path.split(' > ').pop()!.trim();

/** features/articles/components/article-card.tsx (images shown; the card images load lazily). */
function card(article: ArticleSummary): string {
  const href = escapeHtml(paths.article(article.id, article.slug));
  const image = article.image;
  const srcset = image ? srcSetOf(image) : null;
  const picture = image
    ? `<a tabindex="-1" aria-hidden="true" class="w-1/3 shrink-0 self-start" href="${href}"><img src="${escapeHtml(image.imageUrl)}"${srcset ? ` srcset="${escapeHtml(srcset)}"` : ''} sizes="(min-width: 1024px) 240px, 33vw" width="${image.width ?? 600}" height="${image.height ?? 400}" loading="lazy" decoding="async" alt="${escapeHtml(image.caption ?? '')}" class="aspect-[3/2] h-auto w-full rounded-md bg-muted object-cover"></a>`
    : '';
  const categories = article.categories.length
    ? `<ul class="flex flex-wrap gap-1.5" aria-label="Categories">${article.categories.map((c) => `<li>${badge(leafName(c.name))}</li>`).join('')}</ul>`
    : '';
  return (
    '<article class="flex gap-4 border-b py-6 first:pt-0 sm:gap-6" data-testid="article-card"><div class="min-w-0 flex-1 space-y-2">' +
    `<h3 class="font-serif text-xl leading-snug font-bold sm:text-2xl"><a class="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring" href="${href}">${escapeHtml(article.title)}</a></h3>` +
    '<div class="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">' +
    `<time datetime="${escapeHtml(article.createdAt)}">${escapeHtml(formatArticleDate(article.createdAt, { timeZone: 'UTC' }))}</time>` +
    (article.location
      ? `<span class="inline-flex items-center gap-1">${icon('map-pin', 'size-3.5')}<span class="sr-only">Location: </span>${escapeHtml(article.location)}</span>`
      : '') +
    `<button type="button" class="rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">By: ${escapeHtml(article.channel?.name ?? 'Unknown channel')}</button>` +
    '</div>' +
    categories +
    (article.excerpt ? `<p class="line-clamp-3 text-muted-foreground">${escapeHtml(article.excerpt)}</p>` : '') +
    stats(article) +
    '</div>' +
    picture +
    '</article>'
  );
}

/** app/routes/home.tsx with features/articles/components/article-feed.tsx, in the default sort. */
function homeFirstPaint(feed: FeedPage, signedIn: boolean): string {
  const outline = buttonClass('outline', 'sm');
  const heading = signedIn
    ? '<h1 class="font-serif text-4xl font-bold tracking-tight sm:text-5xl">Your Feed</h1><p class="mt-2 text-lg text-muted-foreground">Latest articles from your favorite channels</p>'
    : '<h1 class="font-serif text-4xl font-bold tracking-tight sm:text-5xl">Popular Articles</h1><p class="mt-2 text-lg text-muted-foreground">Want to interact or write your own articles? Sign up or log in!</p>';
  const write = signedIn ? `<a data-slot="button" class="${buttonClass('default', 'default')}" href="${paths.newArticle}">${icon('pen-line')}Write an Article</a>` : '';
  const controls =
    '<div class="flex flex-wrap items-center gap-2"><div class="flex items-center gap-1">' +
    `<button data-slot="button" type="button" class="${outline}" aria-haspopup="menu">${icon('arrow-up-down')}Sort: Published Date</button>` +
    `<button data-slot="button" type="button" class="${outline}" title="Switch to ascending order">${icon('arrow-down-wide-narrow')}<span class="sr-only">Order: </span><span class="sr-only sm:not-sr-only">Descending</span></button>` +
    `</div><button data-slot="button" type="button" class="${outline}" aria-haspopup="dialog">${icon('funnel')}Filter</button></div>`;
  const fallbackHint =
    signedIn && feed.source === 'all-fallback'
      ? '<p class="rounded-md border border-dashed bg-muted/40 px-4 py-3 text-sm text-muted-foreground" data-testid="feed-fallback-hint">The channels you follow have no articles yet, so here are the latest articles from every channel. Subscribe to channels to build your own feed.</p>'
      : '';
  const list = feed.items.length
    ? `<h2 class="sr-only">Articles</h2><div>${feed.items.map(card).join('')}</div>`
    : '<p class="py-12 text-center text-lg text-muted-foreground">No articles yet</p>';
  return (
    '<div class="mx-auto max-w-6xl px-4 py-8 sm:py-10">' +
    `<div class="flex flex-wrap items-end justify-between gap-4 border-b pb-6"><div>${heading}</div>${write}</div>` +
    '<div class="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">' +
    `<div class="space-y-4">${controls}${fallbackHint}${list}</div>` +
    // The Popular Channels column (large screens) comes with the client render, in its own column.
    '<aside class="hidden lg:block"></aside>' +
    '</div></div>'
  );
}

/**
 * The home page in its default view (`/` without a query: Published Date, newest first): the
 * first page of the reader's feed rides along as bootstrap data (the client's first render asks
 * nothing) and is painted by the server. The feed is the viewer's own (signed-in readers see their
 * channels), and pages are never cached (no-store), so nobody sees another reader's feed.
 */
export function homePage(articles: ArticlesService): PageHeadBuilder {
  return async (request: FastifyRequest) => {
    if (request.url !== '/') return null;
    const viewer = request.user ?? null;
    const feed = await articles.feed(FeedQuerySchema.parse({}), viewer);
    return { head: '', data: { feed }, main: homeFirstPaint(feed, viewer !== null) };
  };
}
