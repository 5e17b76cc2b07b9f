import { AUTH_MESSAGES, type Credentials } from '../../../contract/auth.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

/**
 * What other features use of passwords, sign-in limits and device cookies (email's reset,
 * confirmation and approval links).
 */
export { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
export { hashPassword, verifyPassword } from './passwords.js';
export type { LoginThrottle } from './login-throttle.js';
export type { PasswordSignIn } from './password-sign-in.js';
export type { DeviceCookies } from './device-cookies.js';

export function createAuthService(users: UsersRepository, now: () => number = Date.now) {
  return {
    async register(credentials: Credentials): Promise<UserRow> {
      if (isCommonPassword(credentials.password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
      if (await users.findByUsername(credentials.username)) throw conflict(AUTH_MESSAGES.usernameTaken);
      const passwordHash = await hashPassword(credentials.password);
      const user = await users.insert({ username: credentials.username, passwordHash, now: now() });
      // A concurrent registration of the same name (in any case) loses here rather than at the check above.
      if (!user) throw conflict(AUTH_MESSAGES.usernameTaken);
      return user;
    },

    /** The same 401 and the same work whether the username is unknown or the password is wrong. */
    async login(username: string, password: string): Promise<UserRow> {
      const user = await users.findByUsername(username.trim());
      const ok = user?.password_hash ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
      if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
