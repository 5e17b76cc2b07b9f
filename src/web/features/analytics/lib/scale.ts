/** The axis top: the smallest of 1, 2, 4, 6, 8 or 10 times a power of ten at or above a value (never below 2, so its half is whole). */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 4, 6, 8, 10].map((step) => step * power).find((top) => top >= value)!;
}
