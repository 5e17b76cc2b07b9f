import { describe, expect, it } from 'vitest';
import { formatRecordDate, formatRecordTime } from './format-record-date';

describe('dates of the public record', () => {
  it('reads day, month and year as a newspaper prints them, in the reader’s zone', () => {
    expect(formatRecordDate('2026-11-29T10:00:00Z', 'UTC')).toBe('29 November 2026');
    expect(formatRecordDate('2026-11-29T23:30:00Z', 'Asia/Tokyo')).toBe('30 November 2026');
    expect(formatRecordTime('2026-11-29T16:05:00Z', 'UTC')).toBe('29 November 2026, 4:05 PM');
  });
});
