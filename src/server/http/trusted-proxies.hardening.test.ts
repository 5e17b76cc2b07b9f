import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { useTestApp } from '../../test-support/test-app.js';

/** The client address behind proxies: only the proxies TRUST_PROXY names are believed. */
let n = 0;
const name = (prefix: string) => `${prefix}_${process.pid}_${++n}`;

describe('TRUST_PROXY as a hop count or a list of proxies', () => {
  it('reads a hop count or an address list, and refuses true and nonsense with a clear message', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would let clients choose their own address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33, banana' })).toThrow(/TRUST_PROXY: not a hop count or a list of addresses\/CIDR ranges: 10.0.0.0\/33, banana/);
  });

  describe('one proxy in front (TRUST_PROXY=1)', () => {
    const t = useTestApp('sqlite', { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '4' });
    const attempt = (forwardedFor: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: name('nobody'), password: 'x' } })
        .then((r) => r.statusCode);

    it('takes the right-most address: rotating the left-most one does not escape the sign-in limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await attempt(`198.51.100.${i}, 203.0.113.5`));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // Another client behind the same proxy is another client.
      expect(await attempt('203.0.113.6')).toBe(401);
    });
  });

  describe('a list of proxies (TRUST_PROXY=10.0.0.0/8)', () => {
    const t = useTestApp('sqlite', { TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT: '4' });
    const attempt = (forwardedFor: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: name('nobody'), password: 'x' } })
        .then((r) => r.statusCode);

    it('takes the right-most address that is not a trusted proxy', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await attempt(`spoofed-${i}, 198.51.100.7, 10.1.2.3`));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      expect(await attempt('198.51.100.8, 10.1.2.3')).toBe(401);
    });
  });
});
