import { ADMIN_COUNT_MAX } from '@contract/admin';

/** What a number field may hold: digits, an optional sign, fraction and exponent. */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * What an admin's typed count means (spec 2 section 5): whole numbers with a minimum of 0; empty
 * or non-numeric input counts as 0; negative values are clamped to 0. A decimal keeps its whole
 * part, and anything above what the server accepts is capped, so a save never fails on the number.
 */
export function parseAdminCount(input: string | number | null | undefined): number {
  const text = String(input ?? '').trim();
  if (!NUMERIC.test(text)) return 0;
  const value = Number(text);
  if (Number.isNaN(value) || value <= 0) return 0;
  return Math.min(Math.trunc(value), ADMIN_COUNT_MAX);
}
