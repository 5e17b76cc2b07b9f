import { TZDate } from '@date-fns/tz';
import { STAFF_LIMITS } from '@contract/staff-rules';

/**
 * The Schedule field is an `<input type="datetime-local">`: a wall-clock time with no zone. The
 * reader means their own zone (the page's `timeZone`, which is the browser's after hydration), and
 * the API wants an instant (`publishAt`, UTC ISO). `TZDate` does the zone's arithmetic (offsets,
 * daylight-saving changes) from the zone data the runtime's Intl carries, so the server's render
 * and the browser's agree for the same zone.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (UTC ISO) a datetime-local value means in `timeZone`, or null when it is not one.
 * A time skipped by a daylight-saving change lands just after the change, as clocks do.
 */
export function wallTimeToUtcIso(value: string, timeZone: string): string | null {
  const match = WALL.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const instant = new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime();
  // A TZDate writes its ISO string in its own zone; the API's is UTC.
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The datetime-local value (to the minute) showing an instant in `timeZone`; '' for none. */
export function utcIsoToWallTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = new TZDate(instant, timeZone);
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}T${pad(wall.getHours())}:${pad(wall.getMinutes())}`;
}

/** The field's `min` and `max`: from now to a year ahead, as the API accepts. */
export function scheduleBounds(now: number, timeZone: string): { min: string; max: string } {
  return {
    min: utcIsoToWallTime(new Date(now).toISOString(), timeZone),
    max: utcIsoToWallTime(new Date(now + STAFF_LIMITS.scheduleMaxDays * 86_400_000).toISOString(), timeZone),
  };
}
