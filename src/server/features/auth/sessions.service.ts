import { suspendedMessage } from '../../../contract/moderation-rules.js';
import { HttpError } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { SessionsRepository, SessionUserRow } from './sessions.repository.js';
import { newSessionToken, sessionIdFromToken } from './session-tokens.js';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
/** However often it is used, a session ends this long after sign-in (docs/product.md#data). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 180 * DAY;
/** A session is pushed forward at most once a day, so reads don't write on every request. */
const EXTEND_WHEN_OLDER_THAN_MS = DAY;

export type { SessionUser } from '../../lib/session-user.js';

function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    sessionId: row.session_id,
    id: row.user_id,
    username: row.username,
    description: row.description,
    isAdmin: row.is_admin === 1,
    hasPassword: row.has_password === 1,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createSessionsService(sessions: SessionsRepository, now: () => number = Date.now) {
  return {
    /** Starts a session and returns the token for the cookie (never stored). */
    async start(userId: number): Promise<{ token: string; expiresAt: number }> {
      const at = now();
      // Every way in (password, the sign-in form, Google, an emailed link) starts here: a suspended
      // account gets no session until its suspension ends (by itself, when it has an end) or is lifted.
      const suspension = await sessions.suspension(userId);
      if (suspension?.suspended_at != null && (suspension.suspended_until === null || Number(suspension.suspended_until) > at)) {
        throw new HttpError(403, suspendedMessage(suspension.suspended_until === null ? null : new Date(Number(suspension.suspended_until)).toISOString()));
      }
      const token = newSessionToken();
      const expiresAt = at + SESSION_LIFETIME_MS;
      await sessions.insert({ id: sessionIdFromToken(token), userId, now: at, expiresAt });
      return { token, expiresAt };
    },

    /** The user behind a cookie token, sliding the expiry forward; null when unknown or expired. */
    async resolve(token: string): Promise<{ user: SessionUser; expiresAt: number; extended: boolean } | null> {
      if (token.length !== 43) return null;
      const row = await sessions.findWithUser(sessionIdFromToken(token));
      if (!row) return null;
      const at = now();
      if (row.expires_at <= at) {
        await sessions.delete(row.session_id);
        return null;
      }
      const fresh = at + SESSION_LIFETIME_MS;
      if (fresh - row.expires_at > EXTEND_WHEN_OLDER_THAN_MS) {
        await sessions.extend(row.session_id, fresh, SESSION_ABSOLUTE_LIFETIME_MS);
        return { user: toSessionUser(row), expiresAt: fresh, extended: true };
      }
      return { user: toSessionUser(row), expiresAt: row.expires_at, extended: false };
    },

    revoke: (sessionId: string) => sessions.delete(sessionId),
    revokeAllForUser: (userId: number, exceptSessionId?: string) => sessions.deleteAllForUser(userId, exceptSessionId),
    purgeExpired: () => sessions.deleteExpired(now()),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
