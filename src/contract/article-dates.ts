import { dateFormat } from './formats.js';
import { LIMITS } from './limits.js';

/**
 * Article dates (docs/product.md#card): short weekday, day, short month, two-digit year,
 * optionally followed by 'at' and the time in 12-hour form, in the en-US short form (section 9),
 * e.g. 'Tue, Mar 3, 26' or 'Tue, Mar 3, 26 at 4:05 PM'. A missing date reads 'N/A', an unreadable
 * one 'Invalid date'.
 */
export function formatArticleDate(
  value: string | number | Date | null | undefined,
  options: { withTime?: boolean; timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const { withTime = false, timeZone } = options;
  const day = dateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: '2-digit', timeZone }).format(date);
  if (!withTime) return day;
  const time = dateFormat({ hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date);
  return `${day} at ${time}`;
}

/** 'Latest Edit' shows only when the last edit is more than 60 seconds after creation (docs/product.md#article and #limits). */
export function showLatestEdit(createdAt: string | null | undefined, lastEdited: string | null | undefined): boolean {
  if (!createdAt || !lastEdited) return false;
  const created = Date.parse(createdAt);
  const edited = Date.parse(lastEdited);
  if (Number.isNaN(created) || Number.isNaN(edited)) return false;
  return Math.abs(edited - created) > LIMITS.latestEditAfterSeconds * 1000;
}

/** The comment count appears only from 7 comments (docs/product.md#card and #limits). */
export function showCommentCount(count: number | null | undefined): boolean {
  return (count ?? 0) >= LIMITS.commentCountShownFrom;
}
