const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const countFormat = new Intl.NumberFormat();

/** A creation date as the admin tables show it ('Nov 21, 2026'), or '—' when unreadable. */
export function formatAdminDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : dateFormat.format(time);
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}
