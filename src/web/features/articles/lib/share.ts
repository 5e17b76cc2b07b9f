import { truncateAtBoundary } from '@contract/text';
import { fromArticleText } from './article-text';

/** The page description: the content without tags cut to 160 characters at a sentence or word boundary (docs/product.md#article). */
export function articleDescription(contentHtml: string): string {
  return fromArticleText(contentHtml, 'description', (text) => truncateAtBoundary(text, 160));
}

/** Share text: the same cut at 100 characters (docs/product.md#article). */
export function articleShareText(contentHtml: string): string {
  return fromArticleText(contentHtml, 'share-text', (text) => truncateAtBoundary(text, 100));
}

/** The absolute URL of an article, for copying and sharing. */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}
