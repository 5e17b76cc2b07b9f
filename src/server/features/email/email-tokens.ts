import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';

/**
 * confirm: the address in the link becomes the account's. reset: a new password. approve-change and
 * approve-remove: sent to the confirmed address of an account without a password, they approve a
 * new address (the token's) or the removal of the current one.
 */
export type TokenPurpose = 'confirm' | 'reset' | 'approve-change' | 'approve-remove';

export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Single-use links (address confirmation, password reset): 256 random bits in the link, only
 * their SHA-256 stored, an expiry, and a use that is recorded atomically, so two clicks (or two
 * instances) can never both succeed.
 */
export function createEmailTokens(db: Database) {
  return {
    async issue(input: { userId: number; purpose: TokenPurpose; email: string; ttlMs: number; now: number }): Promise<{ token: string; id: number }> {
      const token = randomBytes(32).toString('base64url');
      const { id } = await db
        .insertInto('email_tokens')
        .values({
          user_id: input.userId,
          purpose: input.purpose,
          token_hash: hashToken(token),
          email: input.email,
          expires_at: input.now + input.ttlMs,
          used_at: null,
          created_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token, id };
    },

    /** Uses a token of one of the purposes: answers its user, address and purpose, or undefined when unknown, used or expired. */
    async consume(token: string, purposes: TokenPurpose | TokenPurpose[], now: number): Promise<{ userId: number; email: string; purpose: TokenPurpose } | undefined> {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('purpose', 'in', [purposes].flat())
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'email', 'purpose'])
        .executeTakeFirst();
      return row ? { userId: row.user_id, email: row.email, purpose: row.purpose } : undefined;
    },

    /** What a live approval link of the account's would approve, if one is waiting. */
    async pendingApproval(userId: number, now: number): Promise<'change' | 'remove' | null> {
      const row = await db
        .selectFrom('email_tokens')
        .select('purpose')
        .where('user_id', '=', userId)
        .where('purpose', 'in', ['approve-change', 'approve-remove'])
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? (row.purpose === 'approve-remove' ? 'remove' : 'change') : null;
    },

    /** Whether a token would be accepted now (the reset page asks before showing its form); uses nothing. */
    async isUsable(token: string, purpose: TokenPurpose, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('email_tokens')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The address waiting for confirmation (the newest live link), if any. */
    async pendingEmail(userId: number, now: number): Promise<string | null> {
      const row = await db
        .selectFrom('email_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'confirm')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.email ?? null;
    },

    /** Every live link of that purpose stops working (after a reset, or a newer address). */
    async revokeAll(userId: number, purpose: TokenPurpose, now: number): Promise<void> {
      await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
export type EmailTokens = ReturnType<typeof createEmailTokens>;
