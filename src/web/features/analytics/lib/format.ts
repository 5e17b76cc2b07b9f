const long = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '2026-11-25' (a UTC day) as '25 Nov 2026', or '25 Nov' when short. */
export function formatDay(date: string, brief = false): string {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : (brief ? short : long).format(at);
}

export const formatNumber = (value: number) => number.format(value);

/** A change in percent as '+12.5%' / '−3%' / '0%'. */
export function formatChange(percent: number): string {
  if (percent === 0) return '0%';
  return `${percent > 0 ? '+' : '−'}${number.format(Math.abs(percent))}%`;
}

/** A part of a whole in whole percent ('0%' of nothing). */
export const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
