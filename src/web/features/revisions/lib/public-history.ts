import type { Article } from '@contract/articles';

/** Whether the article's public record holds more than its first publication, so 'View history' has something to show. */
export function hasPublicHistory(article: Pick<Article, 'publicRevisions'>): boolean {
  return article.publicRevisions > 1;
}
