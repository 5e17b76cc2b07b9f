import { apiRequest } from '@/lib/api-client';
import { viewReferrer } from './view-referrer';

/** The view call's answer (docs/product.md#views). */
export interface ViewAnswer {
  view_count: number;
  counted: boolean;
  shouldInvalidateFeeds: boolean;
}

/** Counts a view of the article (the server decides whether it counts). */
export function recordView(id: number): Promise<ViewAnswer> {
  return apiRequest<ViewAnswer>('POST', `/api/articles/${id}/view`, { referrer: viewReferrer() });
}

let recordedBeforeStart: { id: number; answer: Promise<ViewAnswer> } | null = null;

/**
 * A signed-out reader's article page counts its view from the page's first script, since the app
 * may never start there (it starts when the reader acts, boot.ts). The answer is kept for the app.
 */
export function recordViewBeforeStart(id: number): void {
  const answer = recordView(id);
  // Seen by the app when it starts; a view that could not be counted is not retried.
  answer.catch(() => undefined);
  recordedBeforeStart = { id, answer };
}

/** The view of this article the first script already asked for, once: the app then does not count it again. */
export function takeViewRecordedBeforeStart(id: number): Promise<ViewAnswer> | null {
  if (recordedBeforeStart?.id !== id) return null;
  const { answer } = recordedBeforeStart;
  recordedBeforeStart = null;
  return answer;
}
