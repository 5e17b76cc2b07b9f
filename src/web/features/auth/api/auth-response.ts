import type { CurrentUser } from '@contract/auth';

/** The login and register answers: the user plus `success`; older shapes may carry `error` or `message` (docs/product.md#api). */
export type AuthResponse = Partial<CurrentUser> & { success?: boolean; error?: string; message?: string };

/** A login or register answer that said it did not succeed. */
export class AuthFailedError extends Error {
  override readonly name = 'AuthFailedError';
}

/** Success false with no message reads 'Authentication failed'; otherwise the server's text (docs/product.md#sign-in). */
export function userFromAuthResponse(response: AuthResponse | null | undefined): CurrentUser {
  if (!response || response.success === false || typeof response.id !== 'number') {
    throw new AuthFailedError(response?.error || response?.message || 'Authentication failed');
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { success, error, message, ...user } = response;
  return user as CurrentUser;
}
