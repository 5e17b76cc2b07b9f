import { describe, expect, it } from 'vitest';
import { formatArticleDate, showCommentCount, showLatestEdit } from './format-date';

describe('formatArticleDate', () => {
  const iso = '2026-03-03T16:05:00.000Z';

  it('reads short weekday, day, short month and two-digit year', () => {
    expect(formatArticleDate(iso, { timeZone: 'UTC' })).toBe('Tue, Mar 3, 26');
  });

  it("adds 'at' and the 12-hour time when asked", () => {
    expect(formatArticleDate(iso, { withTime: true, timeZone: 'UTC' })).toBe('Tue, Mar 3, 26 at 4:05 PM');
    expect(formatArticleDate('2026-03-03T00:30:00.000Z', { withTime: true, timeZone: 'UTC' })).toBe('Tue, Mar 3, 26 at 12:30 AM');
  });

  it('follows the time zone it is given', () => {
    expect(formatArticleDate('2026-03-03T23:30:00.000Z', { withTime: true, timeZone: 'Asia/Tokyo' })).toBe('Wed, Mar 4, 26 at 8:30 AM');
  });

  it("shows 'N/A' for a missing date and 'Invalid date' for an unreadable one", () => {
    expect(formatArticleDate(null)).toBe('N/A');
    expect(formatArticleDate(undefined)).toBe('N/A');
    expect(formatArticleDate('')).toBe('N/A');
    expect(formatArticleDate('not a date')).toBe('Invalid date');
    expect(formatArticleDate(Number.NaN)).toBe('Invalid date');
  });

  it('accepts epoch milliseconds and Date objects', () => {
    expect(formatArticleDate(Date.parse(iso), { timeZone: 'UTC' })).toBe('Tue, Mar 3, 26');
    expect(formatArticleDate(new Date(iso), { timeZone: 'UTC' })).toBe('Tue, Mar 3, 26');
  });
});

describe('showLatestEdit: more than 60 seconds after creation', () => {
  const created = '2026-03-03T16:05:00.000Z';
  const plus = (ms: number) => new Date(Date.parse(created) + ms).toISOString();

  it('hides an edit at creation, within a minute, or exactly at 60 s', () => {
    expect(showLatestEdit(created, created)).toBe(false);
    expect(showLatestEdit(created, plus(59_999))).toBe(false);
    expect(showLatestEdit(created, plus(60_000))).toBe(false);
  });

  it('shows an edit more than 60 s later', () => {
    expect(showLatestEdit(created, plus(60_001))).toBe(true);
    expect(showLatestEdit(created, plus(3 * 86_400_000))).toBe(true);
  });

  it('hides it when either date is missing or unreadable', () => {
    expect(showLatestEdit(null, plus(120_000))).toBe(false);
    expect(showLatestEdit(created, undefined)).toBe(false);
    expect(showLatestEdit('x', plus(120_000))).toBe(false);
  });
});

describe('showCommentCount: from 7 comments', () => {
  it('shows only from 7', () => {
    expect(showCommentCount(0)).toBe(false);
    expect(showCommentCount(6)).toBe(false);
    expect(showCommentCount(7)).toBe(true);
    expect(showCommentCount(120)).toBe(true);
    expect(showCommentCount(undefined)).toBe(false);
  });
});
