import { fromArticleText } from './article-text';

/** A comfortable reading pace for news prose, in words a minute. */
const WORDS_PER_MINUTE = 230;

/** Minutes to read an article body (at least 1), as the byline shows it. */
export function readingMinutes(html: string): number {
  return fromArticleText(html, 'reading-minutes', (text) => {
    const words = text.split(' ').filter(Boolean).length;
    return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  });
}
