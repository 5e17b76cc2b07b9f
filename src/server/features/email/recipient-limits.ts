import type { LoginThrottle } from '../auth/auth.service.js';
import { emailKey } from './outbox.repository.js';

/**
 * How many confirmation (and approval) emails one address may receive in an hour, whoever asks:
 * CONFIRM_EMAILS_PER_ADDRESS. Per-account limits alone let three accounts send fifteen emails to one
 * outside address within seconds. Counted with the sign-in throttle's counters (shared over Redis,
 * in process while it is away), keyed by the address as its key is stored (lower case).
 */
export async function takeRecipientShare(throttle: LoginThrottle, address: string): Promise<boolean> {
  const key = { username: `recipient:${emailKey(address)}`, address: 'email' };
  if (await throttle.isBlocked(key)) return false;
  await throttle.recordFailure(key);
  return true;
}
