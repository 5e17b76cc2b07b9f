import { dateFormat } from '@contract/formats';
import { MODERATION_MESSAGES, suspensionIn } from '@contract/moderation-rules';
import { ApiError } from '@/lib/api-client';
import { AuthFailedError } from '../api/auth-response';

/** An exception in login, register or Google sign-in (docs/product.md#sign-in). */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

/**
 * The description of a failed login or registration toast (docs/product.md#sign-in): the server's error
 * text (for wrong credentials it is 'Invalid username or password. …'), 'Authentication
 * failed' when the answer said success false without one, and 'An unexpected error occurred' for
 * anything that is not an answer from the server (a network failure, a bug).
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthFailedError || error instanceof ApiError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** The description of a failed logout toast: the error's own message. */
export function logoutErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/**
 * How a refused sign-in or registration is told: 'Login failed' or 'Registration failed' with the
 * server's words, except a suspension, which is no failure of the form: 'Account suspended', with
 * its end written for people in the reader's zone.
 */
export function refusalNotice(mode: 'login' | 'register', message: string, timeZone: string): { title: string; description: string } {
  const suspension = suspensionIn(message);
  if (!suspension) return { title: mode === 'login' ? 'Login failed' : 'Registration failed', description: message };
  if (suspension.until === null) return { title: 'Account suspended', description: `${MODERATION_MESSAGES.suspended} It lasts until an administrator lifts it.` };
  const end = dateFormat({ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(suspension.until));
  return { title: 'Account suspended', description: `${MODERATION_MESSAGES.suspended} It ends on ${end}.` };
}
