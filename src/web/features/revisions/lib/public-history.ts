import type { Article } from '@contract/articles';

/**
 * Whether the article's public record holds more than its first publication, so 'View history'
 * has something to show: a correction says so, and so does a public revision saved after the
 * article was created. (An article written as a draft and published later reads as edited too:
 * the article does not carry the time of its first publication.)
 */
export function hasPublicHistory(article: Pick<Article, 'corrections' | 'updatedAt' | 'createdAt'>): boolean {
  if (article.updatedAt === null) return false;
  // The first revision is saved with the article; a second apart is a later save.
  return article.corrections.length > 0 || Date.parse(article.updatedAt) - Date.parse(article.createdAt) >= 1000;
}
