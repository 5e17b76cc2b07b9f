import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.js';

/**
 * Unsubscribe links that work without signing in: `{userId}.{channelId | d | r}.{HMAC}`. The key is
 * made once, kept in the database (so every instance agrees) and never leaves the server. A link
 * keeps working (RFC 8058 asks for that); all it can do is stop emails.
 */
export type UnsubscribeTarget =
  | {
      userId: number;
      /** A channel's new-article emails, or null for the daily digest. */
      channelId: number | null;
      replies?: false;
    }
  /** The emails about replies to the user's comments. */
  | { userId: number; channelId: null; replies: true };

export function createUnsubscribeLinks(db: Database) {
  let key: Promise<Buffer> | undefined;
  const loadKey = async () => {
    await db
      .insertInto('app_secrets')
      .values({ name: 'unsubscribe-links', value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'unsubscribe-links').executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  };
  const secret = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const mac = (k: Buffer, body: string) => createHmac('sha256', k).update(body).digest().subarray(0, 16);

  return {
    async token(target: UnsubscribeTarget): Promise<string> {
      const body = `${target.userId}.${target.replies ? 'r' : (target.channelId ?? 'd')}`;
      return `${body}.${mac(await secret(), body).toString('base64url')}`;
    },

    async verify(token: string): Promise<UnsubscribeTarget | undefined> {
      const match = /^(\d{1,10})\.(\d{1,10}|d|r)\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return undefined;
      const [, user, channel, signature] = match;
      const expected = mac(await secret(), `${user}.${channel}`);
      const given = Buffer.from(signature!, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (channel === 'r') return { userId: Number(user), channelId: null, replies: true };
      return { userId: Number(user), channelId: channel === 'd' ? null : Number(channel) };
    },
  };
}
export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
