import { dateFormat } from '@contract/formats';

/** A moment in the page's time zone, as the server printed it (so hydration agrees). */
export function moderationTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Date not available';
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}

/** A day (a ban's or a suspension's end) in the page's time zone. */
export function moderationDay(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Date not available';
  return dateFormat({ year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(date);
}

/** '3 reports, 1 held': the accessible name of a channel's badge. */
export function countsLabel(reports: number, held: number): string {
  const parts: string[] = [];
  if (reports > 0) parts.push(`${reports} ${reports === 1 ? 'report' : 'reports'}`);
  if (held > 0) parts.push(`${held} held`);
  return parts.join(', ');
}
