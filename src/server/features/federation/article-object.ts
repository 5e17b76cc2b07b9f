import { Temporal } from '@js-temporal/polyfill';
import { Article, Collection, Document, Hashtag, Image, PUBLIC_COLLECTION, Tombstone } from '@fedify/vocab';
import type { Article as ArticleAnswer } from '../../../contract/articles.js';
import { CORRECTION_KIND_LABELS } from '../../../contract/corrections.js';
import { paths } from '../../../contract/paths.js';

/** What Mastodon shows under a converted article's title: its subtitle where it has one, else its excerpt (plain text). */
export function articleSummary(article: Pick<ArticleAnswer, 'excerpt' | 'subtitle'>): string {
  return article.subtitle ?? article.excerpt;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sanitized HTML with every site-relative link and image made absolute, as a remote reader needs. */
export function absoluteHtml(html: string, origin: string): string {
  return html.replace(/\b(href|src)="(\/(?!\/)[^"]*)"/g, (_m, attribute: string, path: string) => `${attribute}="${origin}${path}"`);
}

/** The byline, the text, then its corrections as the page shows them ("Correction, 29 November 2026: …"). */
export function articleContent(article: ArticleAnswer, origin: string): string {
  const byline = `<p>By <a href="${origin}${paths.author(article.author.username)}">${escapeHtml(article.author.username)}</a></p>`;
  const corrections = article.corrections.map((c) => {
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(c.createdAt));
    return `<p><strong>${CORRECTION_KIND_LABELS[c.kind]}, ${date}:</strong> ${escapeHtml(c.text)}</p>`;
  });
  return [byline, absoluteHtml(article.content, origin), ...corrections].join('\n');
}

export function hashtagName(category: string): string {
  const last = category.split(' > ').pop() ?? category;
  return '#' + last.replace(/[^\p{L}\p{N}_]+/gu, '');
}

export interface ArticleObjectInput {
  article: ArticleAnswer;
  id: URL;
  actor: URL;
  followers: URL;
  origin: string;
  /** When it was first announced (its `published`). */
  publishedAt: number;
}

const instant = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms);
const absolute = (url: string, origin: string) => new URL(url, origin);

/** A published article as an ActivityStreams Article (docs/decisions/045-the-social-web.md). */
export function articleObject({ article, id, actor, followers, origin, publishedAt }: ArticleObjectInput): Article {
  const cover = article.images.find((image) => image.cover) ?? article.images[0];
  const updated = article.updatedAt ? Date.parse(article.updatedAt) : null;
  return new Article({
    id,
    attribution: actor,
    name: article.title,
    summary: articleSummary(article),
    content: articleContent(article, origin),
    mediaType: 'text/html',
    url: new URL(paths.article(article.id, article.slug), origin),
    published: instant(publishedAt),
    updated: updated && updated > publishedAt ? instant(updated) : null,
    image: cover ? new Image({ url: absolute(cover.imageUrl, origin), name: cover.alt ?? null }) : null,
    attachments: cover
      ? [new Document({ url: absolute(cover.imageUrl, origin), mediaType: mediaTypeOf(cover.imageUrl), name: cover.alt ?? null, width: cover.width, height: cover.height })]
      : [],
    tags: article.categories.map((c) => new Hashtag({ name: hashtagName(c.name), href: new URL(`/?categories=${c.id}`, origin) })),
    to: PUBLIC_COLLECTION,
    cc: followers,
    replies: new Collection({ id: new URL(`${id.href}/replies`), totalItems: article.commentCount }),
  });
}

function mediaTypeOf(url: string): string | null {
  const extension = /\.(\w+)(?:\?|$)/.exec(url)?.[1]?.toLowerCase();
  return extension === 'png' ? 'image/png' : extension === 'webp' ? 'image/webp' : extension === 'avif' ? 'image/avif' : extension === 'gif' ? 'image/gif' : extension ? 'image/jpeg' : null;
}

/** What a withdrawn article's id answers (410) from then on. */
export function articleTombstone(id: URL, deletedAt: number): Tombstone {
  return new Tombstone({ id, deleted: instant(deletedAt) });
}
