import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow, UsersRepository } from '../users/users.repository.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser where
 * an account signed in successfully gets a cookie naming that account, kept after logout, so its
 * later sign-ins are counted apart from everyone else's guesses (login-throttle.ts).
 *
 * The cookie is `nonce.signature`, the signature an HMAC-SHA256 of the user id and the nonce keyed
 * with the account's password hash: a secret only the server holds, different for every account,
 * shared by every instance through the database, and changed by a password change, which retires
 * the account's device cookies with its sessions. Nothing is stored per device.
 */
export const DEVICE_COOKIE = 'broadsheet_device';
const PATH = '/api/login';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function sign(user: Pick<UserRow, 'id' | 'password_hash'>, nonce: string): string {
  return createHmac('sha256', user.password_hash!).update(`${user.id}.${nonce}`).digest('base64url');
}

export function createDeviceCookies(users: Pick<UsersRepository, 'findByUsername'>, cookie: { secure: boolean }) {
  return {
    /** The device's nonce when the browser holds a valid device cookie for this account. */
    async verify(request: FastifyRequest, username: string): Promise<string | undefined> {
      const value = request.cookies[DEVICE_COOKIE];
      const match = value ? /^([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
      if (!match) return undefined;
      const user = await users.findByUsername(username.trim());
      if (!user?.password_hash) return undefined;
      const expected = Buffer.from(sign(user, match[1]!));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
    },

    /** Sets (or renews) the device cookie at a successful sign-in with a password. */
    issue(reply: FastifyReply, user: UserRow): void {
      if (!user.password_hash) return;
      const nonce = randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${nonce}.${sign(user, nonce)}`, {
        path: PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: cookie.secure,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
