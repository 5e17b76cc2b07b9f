import { take, type Limiter } from '../../lib/limiters.js';
import { emailKey } from './outbox.repository.js';

/**
 * How many confirmation (and approval) emails one address may receive in an hour, whoever asks:
 * CONFIRM_EMAILS_PER_ADDRESS. Per-account limits alone let three accounts send fifteen emails to one
 * outside address within seconds. Counted by a limiter (shared over Redis, in process while it is
 * away), keyed by the address as its key is stored (lower case).
 */
export function takeRecipientShare(limiter: Limiter, address: string): Promise<boolean> {
  return take(limiter, emailKey(address));
}
