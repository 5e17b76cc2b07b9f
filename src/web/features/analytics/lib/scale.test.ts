import { describe, expect, it } from 'vitest';
import { formatChange, formatDay, share } from './format';
import { niceMax } from './scale';

describe('analytics chart scale and formats', () => {
  it('rounds the axis up to a nice, halvable number', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 99, 120, 4_999, 5_001].map(niceMax)).toEqual([2, 2, 2, 4, 8, 10, 20, 100, 200, 6_000, 6_000]);
  });
  it('formats days in UTC, changes with their sign, and shares', () => {
    expect(formatDay('2026-11-25')).toBe('25 Nov 2026');
    expect(formatDay('2026-01-01', true)).toBe('1 Jan');
    expect([formatChange(12.5), formatChange(-3), formatChange(0)]).toEqual(['+12.5%', '−3%', '0%']);
    expect([share(1, 3), share(0, 0)]).toEqual([33, 0]);
  });
});
