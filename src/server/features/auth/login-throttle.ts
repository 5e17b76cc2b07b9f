import { addressKey } from '../../lib/network.js';
import { createLimiter, isSpent, take, type Limiter } from '../../lib/limiters.js';
import type { RedisLink } from '../../lib/redis-link.js';

/**
 * Failed sign-ins, counted so that guessing is slow and the owner is never locked out: the login
 * protection rate-limiter-flexible documents (failures per username and address, and per address
 * per day; checked before the password, counted after a failure, forgiven on success) with the
 * device cookies of OWASP's "Slow Down Online Guessing Attacks with Device Cookies".
 *
 * Four counts of failures, each a rate-limiter-flexible limiter (lib/limiters.ts):
 * - per account and client address, a minute: `max` failures, then that address waits for that account;
 * - per device cookie (a browser where this account signed in before), a minute: `max` failures,
 *   then that browser waits. A browser that presents a valid device cookie for the account counts
 *   here only, so guesses from anywhere else never lock its owner out;
 * - per account from untrusted clients (no device cookie), whatever the address, a minute: `max` ×
 *   ACCOUNT_WIDE_FACTOR failures, then every untrusted client waits for that account. This slows a
 *   botnet spreading guesses over many addresses; one address alone can never reach it;
 * - per client address (an IPv6 /64) from untrusted clients, whatever the account, a day: `max` ×
 *   DAILY_FACTOR failures, then that address waits for every account until the day is over. This
 *   slows one address trying a common password on account after account.
 * Accounts are keyed by lower-cased name whether or not they exist, so an answer reveals nothing.
 * A success clears that address's or that device's count for the account (not the account-wide or
 * the daily one: the owner signing in does not hand the attackers a fresh allowance).
 * Memory by default; Redis when REDIS_URL is set, so every instance shares the counts; while Redis
 * is unreachable each instance counts in its own memory (the limiters' insurance).
 */
export const ACCOUNT_WIDE_FACTOR = 5;
export const DAILY_FACTOR = 10;

export interface LoginAttempt {
  username: string;
  address: string;
  /** The nonce of a device cookie already verified for this account, if the browser sent one. */
  device?: string;
}

export interface LoginThrottle {
  isBlocked(attempt: LoginAttempt): Promise<boolean>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  clear(attempt: LoginAttempt): Promise<void>;
}

const accountOf = (username: string) => username.trim().toLowerCase();

export function createLoginThrottle(options: { max: number; redis?: RedisLink }): LoginThrottle {
  const { max, redis } = options;
  const minute = 60;
  const perAccountAndAddress = createLimiter({ name: 'login-fail-account-address', points: max, durationS: minute, redis });
  const perDevice = createLimiter({ name: 'login-fail-device', points: max, durationS: minute, redis });
  const perAccount = createLimiter({ name: 'login-fail-account', points: max * ACCOUNT_WIDE_FACTOR, durationS: minute, redis });
  const perAddressPerDay = createLimiter({ name: 'login-fail-address-day', points: max * DAILY_FACTOR, durationS: 24 * 60 * 60, redis });

  /** The counts an attempt is held by; the first is its own, the one a success clears. */
  function countsOf(attempt: LoginAttempt): [Limiter, string][] {
    const account = accountOf(attempt.username);
    if (attempt.device) return [[perDevice, `${account}:${attempt.device}`]];
    return [
      [perAccountAndAddress, `${account}:${attempt.address}`],
      [perAccount, account],
      [perAddressPerDay, addressKey(attempt.address)],
    ];
  }

  return {
    async isBlocked(attempt) {
      const spent = await Promise.all(countsOf(attempt).map(([limiter, key]) => isSpent(limiter, key)));
      return spent.includes(true);
    },
    async recordFailure(attempt) {
      // A count already full stays full: `take` answering false is no error here.
      await Promise.all(countsOf(attempt).map(([limiter, key]) => take(limiter, key)));
    },
    async clear(attempt) {
      const [[limiter, key]] = countsOf(attempt) as [[Limiter, string]];
      await limiter.delete(key);
    },
  };
}
