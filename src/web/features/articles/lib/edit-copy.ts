import type { Article } from '@contract/articles';
import { editStorageKey } from './article-form';

/** The copy of an article kept in the browser session for the edit page (spec 1 section 2). */
export function readEditCopy(articleId: number): Article | null {
  try {
    const raw = sessionStorage.getItem(editStorageKey(articleId));
    const article = raw ? (JSON.parse(raw) as Article) : null;
    return article && article.id === articleId && typeof article.content === 'string' ? article : null;
  } catch {
    return null;
  }
}

export function storeEditCopy(article: Article): void {
  try {
    sessionStorage.setItem(editStorageKey(article.id), JSON.stringify(article));
  } catch {
    // Storage full or blocked: the edit page simply has no fallback copy.
  }
}
