import { describe, expect, it } from 'vitest';
import { ACCOUNT_WIDE_FACTOR, createLoginThrottle, DAILY_FACTOR } from './login-throttle.js';

/**
 * The counts behind the sign-in limits, without the route's own per-minute limit in front (which
 * holds one address to `max` sign-ins a minute however many accounts it tries): the daily count
 * per address is what stops that address over the following minutes.
 */
describe('the sign-in limits', () => {
  it('stops one address trying account after account once it has failed max x DAILY_FACTOR times that day', async () => {
    const throttle = createLoginThrottle({ max: 2 });
    const allowance = 2 * DAILY_FACTOR;
    for (let i = 0; i < allowance; i++) {
      const attempt = { username: `account-${i}`, address: '198.51.100.9' };
      expect(await throttle.isBlocked(attempt)).toBe(false);
      await throttle.recordFailure(attempt);
    }
    expect(await throttle.isBlocked({ username: 'yet-another', address: '198.51.100.9' })).toBe(true);
    // Another address is not held by it, and neither is a browser the account signed in on before.
    expect(await throttle.isBlocked({ username: 'yet-another', address: '198.51.100.10' })).toBe(false);
    expect(await throttle.isBlocked({ username: 'yet-another', address: '198.51.100.9', device: 'nonce' })).toBe(false);
  });

  it('counts an IPv6 /64 as one address for the day', async () => {
    const throttle = createLoginThrottle({ max: 1 });
    for (let i = 0; i < DAILY_FACTOR; i++) await throttle.recordFailure({ username: `account-${i}`, address: `2001:db8:1:2::${i + 1}` });
    expect(await throttle.isBlocked({ username: 'fresh', address: '2001:db8:1:2:ffff::1' })).toBe(true);
    expect(await throttle.isBlocked({ username: 'fresh', address: '2001:db8:1:3::1' })).toBe(false);
  });

  it('clears an address’s count for the account on success, but not the account-wide one', async () => {
    const throttle = createLoginThrottle({ max: 2 });
    const fromHome = { username: 'Owner', address: '203.0.113.1' };
    await throttle.recordFailure(fromHome);
    await throttle.recordFailure({ ...fromHome, username: ' owner ' });
    expect(await throttle.isBlocked(fromHome)).toBe(true);
    await throttle.clear(fromHome);
    expect(await throttle.isBlocked(fromHome)).toBe(false);

    for (let i = 0; i < 2 * ACCOUNT_WIDE_FACTOR; i++) await throttle.recordFailure({ username: 'owner', address: `203.0.113.${10 + i}` });
    expect(await throttle.isBlocked({ username: 'owner', address: '203.0.113.99' })).toBe(true);
    await throttle.clear({ username: 'owner', address: '203.0.113.99' });
    expect(await throttle.isBlocked({ username: 'owner', address: '203.0.113.99' })).toBe(true);
    expect(await throttle.isBlocked({ username: 'owner', address: '203.0.113.99', device: 'nonce' })).toBe(false);
  });
});
