import { dateFormat } from '@contract/formats';

/**
 * The date of a correction or a revision as a newspaper prints it ('29 November 2026'), in the
 * zone the page was rendered for, so the server and the hydrating browser print the same text.
 */
export function formatRecordDate(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const parts = dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** The same date with its time ('29 November 2026, 4:05 PM'), for the list of revisions. */
export function formatRecordTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return `${formatRecordDate(value, timeZone)}, ${dateFormat({ hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date)}`;
}
