import { describe, expect, it } from 'vitest';
import { addressKey, checkProxyEntry, trustedPeer } from './network.js';

describe('the key a client address counts under', () => {
  it('counts an IPv4 address as itself, and an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const key = addressKey('2001:db8:abcd:12::1');
    expect(key).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:DB8:ABCD:12:1:2:3:4')).toBe(key);
    expect(addressKey('2001:db8:abcd:13::1')).not.toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('keeps what is not an address apart, and names a missing one', () => {
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('not-an-address')).toBe('not-an-address');
  });
});

describe('which peers are trusted proxies', () => {
  it('trusts nobody without TRUST_PROXY and every peer with a hop count', () => {
    expect(trustedPeer(false)('10.0.0.1')).toBe(false);
    expect(trustedPeer(2)('198.51.100.1')).toBe(true);
  });

  it('trusts the listed addresses, ranges and named ranges, IPv4-mapped peers included', () => {
    const trusted = trustedPeer(['10.0.0.0/8', '192.168.1.7', 'loopback', '2001:db8::/48']);
    expect(['10.200.3.4', '::ffff:10.1.1.1', '192.168.1.7', '127.0.0.1', '::1', '2001:db8:0:ffff::9'].map(trusted)).toEqual([true, true, true, true, true, true]);
    expect(['11.0.0.1', '192.168.1.8', '2001:db9::1', 'garbage'].map(trusted)).toEqual([false, false, false, false]);
  });
});

describe('a TRUST_PROXY entry', () => {
  it('is an address, a range that fits its family, or a named range', () => {
    expect(['10.0.0.0/8', '192.168.1.7', 'fd00::/32', '::ffff:10.0.0.0/104', 'uniquelocal'].map(checkProxyEntry)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(['10.0.0.0/33', 'banana', '10', '0xa000001', '10.0.0.0/x', '2001:db8::/129'].map(checkProxyEntry)).toEqual(Array(6).fill('invalid'));
  });

  it('is refused as too wide past /8 for IPv4 and /32 for IPv6', () => {
    expect(['0.0.0.0/0', '10.0.0.0/7', '::/0', '2000::/3', '::ffff:0.0.0.0/96'].map(checkProxyEntry)).toEqual(Array(5).fill('too-wide'));
  });
});
