/**
 * The preference cookies the server renders the next page with (src/contract/pages.ts), written
 * without React: the page's first script writes the reader's time zone before the app starts.
 */

/** A year, so the server renders the next visit with the reader's choices. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** A preference's cookie as this browser holds it, or null. */
export function readPreferenceCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair === undefined ? null : decodeURIComponent(pair.slice(name.length + 1));
}

/** Drops a preference's cookie (logout forgets the selected channel). */
export function clearPreferenceCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Mirrors a preference into a cookie the server reads (no session data: the value is the preference itself). */
export function writePreferenceCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}
