import { dateFormat } from '@contract/formats';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * How long ago a comment was written (docs/product.md#comments): 'just now' up to 1 second; then seconds
 * under 60, minutes under 60, hours under 24, days under 7, weeks under 4, months under 12, then
 * years. A month counts as 30 days and a year as 365. Dates slightly in the future (a fast clock)
 * read 'just now'; a missing or unreadable date reads 'Unknown date'.
 */
export function relativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  const elapsed = now - date.getTime();
  const seconds = Math.floor(elapsed / SECOND);
  if (seconds <= 1) return 'just now';
  if (seconds < 60) return ago(seconds, 'second');
  const minutes = Math.floor(elapsed / MINUTE);
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(elapsed / HOUR);
  if (hours < 24) return ago(hours, 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return ago(days, 'day');
  const weeks = Math.floor(days / 7);
  if (weeks < 4) return ago(weeks, 'week');
  const months = Math.max(1, Math.floor(days / 30));
  if (months < 12) return ago(months, 'month');
  return ago(Math.max(1, Math.floor(days / 365)), 'year');
}

/** The full date shown on hover (docs/product.md#comments), e.g. 'Tuesday, March 3, 2026 at 4:05 PM'; 'Unknown date' if missing. */
export function fullDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  return dateFormat({ dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
}
