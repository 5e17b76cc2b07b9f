/** Milliseconds in a day. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, as a day number since the epoch: views, rollups and salts are kept per UTC day. */
export const utcDay = (at: number) => Math.floor(at / DAY_MS);

/** A day number as its ISO date (YYYY-MM-DD). */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
