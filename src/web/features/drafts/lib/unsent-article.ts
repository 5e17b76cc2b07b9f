import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { changedFieldNames, readArticleFields } from '@contract/article-fields';
import { fieldsOfForm, type ArticleFormValues } from '@/lib/article-form';

/**
 * An article being written or edited, kept in this browser until it is saved, so leaving the page
 * (a click elsewhere, a closed tab, a crash) never loses it. One copy per user and per article
 * (or per user for a new one), so another account on the same browser never sees it.
 */
export interface UnsentArticle {
  values: ArticleFormValues;
  /** When it was last typed, epoch ms. */
  savedAt: number;
}

export function unsentArticleKey(userId: number, articleId?: number): string {
  return `broadsheet-unsent-article:${userId}:${articleId === undefined ? 'new' : articleId}`;
}

export function readUnsentArticle(key: string): UnsentArticle | null {
  try {
    const raw = readStorage(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<UnsentArticle>;
    const values = parsed.values;
    if (!values || typeof values.title !== 'string' || typeof values.content !== 'string' || typeof parsed.savedAt !== 'number') return null;
    const fields = readArticleFields(values);
    const { categoryIds: _ids, ...kept } = fields;
    return {
      savedAt: parsed.savedAt,
      values: {
        ...kept,
        channelId: typeof values.channelId === 'number' ? values.channelId : null,
        categories: Array.isArray(values.categories) ? values.categories : [],
        draft: values.draft === true,
      },
    };
  } catch {
    return null;
  }
}

export function storeUnsentArticle(key: string, values: ArticleFormValues, now = Date.now()): void {
  writeStorage(key, JSON.stringify({ values, savedAt: now } satisfies UnsentArticle));
}

export function clearUnsentArticle(key: string): void {
  removeStorage(key);
}

/** Whether the writer's values differ from what the page started with (their work, not the form's). */
export function articleValuesDiffer(a: ArticleFormValues, b: ArticleFormValues): boolean {
  return changedFieldNames(fieldsOfForm(a), fieldsOfForm(b), 'work').length > 0;
}
