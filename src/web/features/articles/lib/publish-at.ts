import { STAFF_LIMITS } from '@contract/staff-rules';

/**
 * The Schedule field is an `<input type="datetime-local">`: a wall-clock time with no zone. The
 * reader means their own zone (the page's `timeZone`, which is the browser's after hydration), and
 * the API wants an instant (`publishAt`, UTC ISO). These convert between the two with Intl alone,
 * so the server's render and the browser's agree for the same zone.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (UTC ISO) a datetime-local value means in `timeZone`, or null when it is not one.
 * A time skipped by a daylight-saving change lands just after the change, as clocks do.
 */
export function wallTimeToUtcIso(value: string, timeZone: string): string | null {
  const match = WALL.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guessed instant, then again at the corrected one (they differ only near a change).
  let instant = asUtc - zoneOffset(asUtc, timeZone);
  const second = zoneOffset(instant, timeZone);
  instant = asUtc - second;
  return new Date(instant).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The datetime-local value (to the minute) showing an instant in `timeZone`; '' for none. */
export function utcIsoToWallTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The field's `min` and `max`: from now to a year ahead, as the API accepts. */
export function scheduleBounds(now: number, timeZone: string): { min: string; max: string } {
  return {
    min: utcIsoToWallTime(new Date(now).toISOString(), timeZone),
    max: utcIsoToWallTime(new Date(now + STAFF_LIMITS.scheduleMaxDays * 86_400_000).toISOString(), timeZone),
  };
}
