import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { addressKey as networkOf } from '../../lib/network.js';

/**
 * Who a view belongs to (docs/product.md#views): the user id, or for anonymous readers a hash of IP
 * and user agent salted with a per-day secret that every instance shares through the database.
 * No raw IP is stored, and yesterday's hashes cannot be linked to today's.
 */
export function createViewKeys(db: Database) {
  let current: { day: number; salt: string } | undefined;

  async function saltFor(day: number): Promise<string> {
    if (current?.day === day) return current.salt;
    await db
      .insertInto('daily_salts')
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await db.selectFrom('daily_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    current = { day, salt: row.salt };
    // Old salts are useless once their day has passed; dropping them makes old hashes unlinkable.
    await db.deleteFrom('daily_salts').where('day', '<', day - 1).execute();
    return row.salt;
  }

  return {
    async viewerKey(viewer: { userId: number | null; ip: string; userAgent: string }, day: number): Promise<string> {
      if (viewer.userId !== null) return `u:${viewer.userId}`;
      const salt = await saltFor(day);
      return `a:${createHash('sha256').update(`${salt}|${viewer.ip}|${viewer.userAgent}`).digest('base64url')}`;
    },

    /** The client's address alone (an IPv6 address by its /64), hashed the same way, for the per-address cap. */
    async addressKey(ip: string, day: number): Promise<string> {
      const salt = await saltFor(day);
      return `n:${createHash('sha256').update(`${salt}|${networkOf(ip)}`).digest('base64url')}`;
    },
  };
}
export type ViewKeys = ReturnType<typeof createViewKeys>;
