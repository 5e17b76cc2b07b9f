import type { Article, ArticleImage } from '../../../contract/articles.js';
import { formatArticleDate, showCommentCount, showLatestEdit } from '../../../contract/article-dates.js';
import { proseClassName } from '../../../contract/prose.js';
import { badge, buttonClass, escapeHtml, icon, type IconName } from '../../http/first-paint.js';

/** features/media/components/article-gallery.tsx: the article column is max-w-3xl with 1rem padding. */
const MAIN_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
const THUMB_SIZES = '6rem';
/** Dates in the first paint are the server's (UTC); the client render shows the reader's time zone. */
const TIME_ZONE = 'UTC';

export function srcSetOf(image: ArticleImage): string | null {
  if (!image.variants.length) return null;
  return [...image.variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/** A <link rel="preload"> for the main image that picks the same file as its <img>. */
export function mainImagePreload(image: ArticleImage): string {
  const srcset = srcSetOf(image);
  const candidates = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${MAIN_SIZES}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.imageUrl)}"${candidates} fetchpriority="high">`;
}

/** features/media/components/responsive-image.tsx. */
function responsiveImage(image: ArticleImage, options: { sizes: string; priority: boolean; alt: string; className: string }): string {
  const srcset = srcSetOf(image);
  const attributes = [
    `src="${escapeHtml(image.imageUrl)}"`,
    ...(srcset ? [`srcset="${escapeHtml(srcset)}"`, `sizes="${options.sizes}"`] : []),
    ...(image.width ? [`width="${image.width}"`] : []),
    ...(image.height ? [`height="${image.height}"`] : []),
    `loading="${options.priority ? 'eager' : 'lazy'}"`,
    ...(options.priority ? ['fetchpriority="high"'] : []),
    'decoding="async"',
    `alt="${escapeHtml(options.alt)}"`,
    `class="h-auto max-w-full bg-muted ${options.className}"`,
  ];
  return `<img ${attributes.join(' ')}>`;
}

/** features/articles/components/article-stats.tsx. */
export function stats(article: Pick<Article, 'viewCount' | 'likes' | 'dislikes' | 'commentCount'>): string {
  const items: [IconName, number, string][] = [
    ['eye', article.viewCount, article.viewCount === 1 ? 'view' : 'views'],
    ['thumbs-up', article.likes, article.likes === 1 ? 'like' : 'likes'],
    ['thumbs-down', article.dislikes, article.dislikes === 1 ? 'dislike' : 'dislikes'],
    ...(showCommentCount(article.commentCount) ? [['message-square', article.commentCount, 'comments'] as [IconName, number, string]] : []),
  ];
  const list = items
    .map(
      ([name, value, label]) =>
        `<li class="inline-flex items-center gap-1 tabular-nums" data-stat="${label}">${icon(name, 'size-4')}${value.toLocaleString('en-US')}<span class="sr-only"> ${label}</span></li>`,
    )
    .join('');
  return `<ul class="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">${list}</ul>`;
}

/** features/articles/components/article-view.tsx, ArticleHeader (view mode). */
function header(article: Article): string {
  const channelName = escapeHtml(article.channel?.name ?? 'Unknown channel');
  const channelClass = 'rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';
  // ChannelLink is a button for every reader (signed-out readers get a sign-in dialog).
  const channel = `<button type="button" class="${channelClass}">${channelName}</button>`;
  const date = (value: string) => `<time datetime="${escapeHtml(value)}">${escapeHtml(formatArticleDate(value, { withTime: true, timeZone: TIME_ZONE }))}</time>`;
  const meta = [
    `<div class="flex gap-1"><dt>Published:</dt><dd>${date(article.createdAt)}</dd></div>`,
    ...(showLatestEdit(article.createdAt, article.lastEdited) ? [`<div class="flex gap-1"><dt>Latest Edit:</dt><dd>${date(article.lastEdited)}</dd></div>`] : []),
    ...(article.location
      ? [`<div class="flex items-center gap-1"><dt>${icon('map-pin', 'size-3.5')}<span class="sr-only">Location</span></dt><dd>${escapeHtml(article.location)}</dd></div>`]
      : []),
    `<div class="flex gap-1"><dt>Channel:</dt><dd>${channel}</dd></div>`,
  ].join('');
  const categories = article.categories.length
    ? `<ul class="flex flex-wrap gap-1.5" aria-label="Categories">${article.categories.map((c) => `<li>${badge(c.name)}</li>`).join('')}</ul>`
    : '';
  const share = `<button data-slot="button" type="button" class="${buttonClass('outline', 'sm')}" aria-haspopup="menu">${icon('share')}Share</button>`;
  return (
    '<header class="space-y-4 border-b pb-6"><div class="space-y-3">' +
    (article.published ? '' : badge('Draft', 'outline', 'border-highlight text-highlight uppercase')) +
    `<h1 class="font-serif text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">${escapeHtml(article.title)}</h1></div>` +
    `<dl class="grid gap-x-6 gap-y-1 text-sm text-muted-foreground sm:flex sm:flex-wrap">${meta}</dl>` +
    categories +
    `<div class="flex flex-wrap items-center justify-between gap-3">${stats(article)}<div class="flex flex-wrap items-center gap-2">${share}</div></div>` +
    '</header>'
  );
}

/** features/media/components/article-gallery.tsx and gallery-thumbnail.tsx (images shown). */
function gallery(article: Article): string {
  const sorted = [...article.images].sort((a, b) => a.order - b.order);
  const count = sorted.length;
  if (count === 0) return '';
  const main = sorted[0]!;
  const altOf = (image: ArticleImage, i: number) => image.caption || `${article.title}, image ${i + 1} of ${count}`;
  const focusRing = 'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
  const thumbnails =
    count > 1
      ? `<ol class="flex flex-wrap gap-2" aria-label="More images">${sorted
          .slice(1)
          .map(
            (image, i) =>
              `<li><button type="button" aria-label="Open image ${i + 2} of ${count} in the viewer" class="relative block overflow-hidden rounded-md border-2 ${focusRing} border-transparent h-16 w-24">` +
              responsiveImage(image, { sizes: THUMB_SIZES, priority: false, alt: '', className: 'size-full object-cover' }) +
              `<span aria-hidden="true" class="absolute top-0.5 left-0.5 rounded bg-black/70 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">${i + 2}</span></button></li>`,
          )
          .join('')}</ol>`
      : '';
  return (
    // data-first-paint-images: hidden before paint for a reader who hid images (public/page-init.js, styles.css).
    '<section aria-labelledby="first-paint-gallery" class="space-y-3 mt-8" data-testid="article-gallery" data-first-paint-images="">' +
    '<div class="flex items-center justify-between gap-3">' +
    `<h2 id="first-paint-gallery" class="text-sm font-medium text-muted-foreground">${count === 1 ? '1 image' : `${count} images`}</h2>` +
    `<button data-slot="button" type="button" class="${buttonClass('ghost', 'sm')}" aria-expanded="true">${icon('eye-off')}Hide images</button></div>` +
    '<figure class="space-y-2">' +
    `<button type="button" aria-label="Open image 1 of ${count} in the viewer" class="block w-full cursor-zoom-in overflow-hidden rounded-lg ${focusRing}">` +
    responsiveImage(main, { sizes: MAIN_SIZES, priority: true, alt: altOf(main, 0), className: 'w-full' }) +
    '</button>' +
    (main.caption ? `<figcaption class="text-sm text-muted-foreground">${escapeHtml(main.caption)}</figcaption>` : '') +
    '</figure>' +
    thumbnails +
    '</section>'
  );
}

/**
 * The article page's first paint (app/routes/article.tsx in view mode): header, images and body.
 * The reactions and comments below it come with the client render. The body is the HTML the
 * server sanitized when it was written, inserted as React inserts it.
 */
export function articleFirstPaint(article: Article): string {
  return (
    '<article class="mx-auto max-w-3xl px-4 py-8 sm:py-10">' +
    header(article) +
    gallery(article) +
    `<div class="mt-8"><div class="${proseClassName}" data-testid="article-body">${article.content}</div></div>` +
    '</article>'
  );
}
