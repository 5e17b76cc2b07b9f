import { describe, expect, it } from 'vitest';
import { formatRecordTime } from './format-record-date';

describe('when a revision was saved', () => {
  it('reads day, month, year and time as the corrections do, in the reader’s zone', () => {
    expect(formatRecordTime('2026-11-29T16:05:00Z', 'UTC')).toBe('29 November 2026, 4:05 PM');
    expect(formatRecordTime('2026-11-29T23:30:00Z', 'Asia/Tokyo')).toBe('30 November 2026, 8:30 AM');
  });
});
