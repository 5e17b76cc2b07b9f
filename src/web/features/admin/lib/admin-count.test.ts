import { describe, expect, it } from 'vitest';
import { ADMIN_COUNT_MAX } from '@contract/admin';
import { parseAdminCount } from './admin-count';

describe('parseAdminCount', () => {
  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['+15', 15],
    ['0', 0],
    ['007', 7],
    ['12.9', 12],
    ['.5', 0],
    ['1e3', 1000],
  ])('reads %j as %i', (input, expected) => {
    expect(parseAdminCount(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '12abc', '1e', '0x10', 'NaN', 'Infinity', '--3', '1 000'])('counts the non-numeric %j as 0', (input) => {
    expect(parseAdminCount(input)).toBe(0);
  });

  it('counts missing input as 0', () => {
    expect(parseAdminCount(undefined)).toBe(0);
    expect(parseAdminCount(null)).toBe(0);
  });

  it.each(['-1', '-250', '-0', '-3.5'])('clamps the negative %j to 0', (input) => {
    expect(parseAdminCount(input)).toBe(0);
  });

  it('accepts numbers as well as text, and caps what the server would refuse', () => {
    expect(parseAdminCount(300)).toBe(300);
    expect(parseAdminCount(-4)).toBe(0);
    expect(parseAdminCount('99999999999999')).toBe(ADMIN_COUNT_MAX);
    expect(parseAdminCount('1e400')).toBe(ADMIN_COUNT_MAX);
  });
});
