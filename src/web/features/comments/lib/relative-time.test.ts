import { describe, expect, it } from 'vitest';
import { fullDate, relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-03T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime thresholds', () => {
  it.each([
    [0, 'just now'],
    [999, 'just now'],
    [1 * S, 'just now'],
    [1999, 'just now'],
    [2 * S, '2 seconds ago'],
    [59 * S, '59 seconds ago'],
    [60 * S, '1 minute ago'],
    [119 * S, '1 minute ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [60 * M, '1 hour ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [24 * H, '1 day ago'],
    [6 * D + 23 * H, '6 days ago'],
    [7 * D, '1 week ago'],
    [27 * D, '3 weeks ago'],
    [28 * D, '1 month ago'],
    [59 * D, '1 month ago'],
    [60 * D, '2 months ago'],
    [359 * D, '11 months ago'],
    [360 * D, '1 year ago'],
    [729 * D, '1 year ago'],
    [730 * D, '2 years ago'],
  ])('%d ms ago reads %j', (ms, expected) => {
    expect(relativeTime(before(ms), NOW)).toBe(expected);
  });

  it('reads a date a little in the future as just now', () => {
    expect(relativeTime(new Date(NOW + 5 * S), NOW)).toBe('just now');
  });

  it.each([null, undefined, '', 'not a date'])('reads %j as Unknown date', (value) => {
    expect(relativeTime(value, NOW)).toBe('Unknown date');
  });

  it('accepts epoch milliseconds and Date objects', () => {
    expect(relativeTime(NOW - 3 * H, NOW)).toBe('3 hours ago');
    expect(relativeTime(new Date(NOW - 3 * D), NOW)).toBe('3 days ago');
  });
});

describe('fullDate', () => {
  it('spells the date and time out in en-US', () => {
    expect(fullDate('2026-03-03T16:05:00.000Z', 'UTC')).toBe('Tuesday, March 3, 2026 at 4:05 PM');
  });

  it.each([null, undefined, '', 'garbage'])('reads %j as Unknown date', (value) => {
    expect(fullDate(value)).toBe('Unknown date');
  });
});
