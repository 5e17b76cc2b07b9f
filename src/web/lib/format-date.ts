import { useCallback } from 'react';
import { formatArticleDate } from '@contract/article-dates';
import { usePagePreferences } from '@/lib/page-preferences';

export { formatArticleDate, showCommentCount, showLatestEdit } from '@contract/article-dates';

/**
 * Article dates in the page's time zone: the server and the hydrating browser must print the same
 * text, so both use the zone the page was rendered for (the reader's, once a cookie has told the
 * server; UTC on a first visit).
 */
export function useFormatArticleDate(): (value: string | null | undefined, options?: { withTime?: boolean }) => string {
  const { timeZone } = usePagePreferences();
  return useCallback((value, options = {}) => formatArticleDate(value, { ...options, timeZone }), [timeZone]);
}
