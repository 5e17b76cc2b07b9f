import { correctionDate } from '@contract/correction-lines';
import { dateFormat } from '@contract/formats';

/**
 * When a revision was saved ('29 November 2026, 4:05 PM'): the corrections' date with the time, in
 * the zone the page was rendered for, so the server and the hydrating browser print the same text.
 */
export function formatRecordTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return `${correctionDate(value, timeZone)}, ${dateFormat({ hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date)}`;
}
