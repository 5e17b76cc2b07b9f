import type { Article } from '@contract/articles';

/**
 * Where the edit page keeps its copy of the article (docs/product.md#writing: an edit key in the
 * browser session). Here rather than with the form's logic: the article page stores the copy, and should not
 * load the form's validation to do it.
 */
export function editStorageKey(articleId: number): string {
  return `broadsheet-edit-article:${articleId}`;
}

/** The copy of an article kept in the browser session for the edit page (docs/product.md#writing). */
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
